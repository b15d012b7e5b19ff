from __future__ import annotations

from ._exceptions import InvalidURL, RemoteProtocolError
from ._models import Request, Response
from ._urls import URL


def follow_location(request: Request, response: Response) -> URL:
    """Absolute URL a 3xx response points at, relative to the request's URL."""
    raw = response.headers["Location"]
    try:
        target = URL(raw)
    except InvalidURL as err:
        raise RemoteProtocolError(f"Invalid URL in location header: {err}.", request=request) from None

    base = request.url
    changes = {}
    if target.scheme and not target.host:  # e.g. "https:///path"
        changes["host"] = base.host
    if changes:
        target = target.copy_with(**changes)
    if not target.is_absolute_url:
        target = base.join(target)
    if not target.fragment and base.fragment:
        target = target.copy_with(fragment=base.fragment)
    return target
