from __future__ import annotations

from ._urls import URL

_DEFAULTS = {"http": 80, "https": 443}


def upgrades_to_https(current: URL, target: URL) -> bool:
    """A redirect from http://host[:80] to https://host[:443] keeps credentials safe."""
    same_host = current.host == target.host
    plain_http = current.scheme == "http" and (current.port or _DEFAULTS["http"]) == 80
    secure = target.scheme == "https" and (target.port or _DEFAULTS["https"]) == 443
    return same_host and plain_http and secure
