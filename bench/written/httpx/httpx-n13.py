from __future__ import annotations

import datetime
import email.utils


def parse_http_date(value: str) -> datetime.datetime | None:
    """Parse an IMF-fixdate / RFC 850 / asctime date as used by Date, Expires, Last-Modified."""
    try:
        parsed = email.utils.parsedate_to_datetime(value.strip())
    except (TypeError, ValueError, IndexError):
        return None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=datetime.timezone.utc)
    return parsed


def format_http_date(when: datetime.datetime) -> str:
    if when.tzinfo is None:
        when = when.replace(tzinfo=datetime.timezone.utc)
    return email.utils.format_datetime(when.astimezone(datetime.timezone.utc), usegmt=True)
