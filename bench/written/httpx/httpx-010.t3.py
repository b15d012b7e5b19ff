from __future__ import annotations

import typing

from ._exceptions import InvalidURL


def port_for_url(value: typing.Union[str, int, None], scheme: str) -> typing.Optional[int]:
    """Return the explicit port, or None when absent or equal to the scheme's default."""
    if value is None:
        return None
    if isinstance(value, str):
        value = value.strip()
        if not value:
            return None
        if not value.isdigit():
            raise InvalidURL(f"Invalid port: {value!r}")
        value = int(value)

    if scheme in ("http", "ws") and value == 80:
        return None
    if scheme in ("https", "wss") and value == 443:
        return None
    if scheme == "ftp" and value == 21:
        return None
    return value
