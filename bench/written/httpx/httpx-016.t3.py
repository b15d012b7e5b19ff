from __future__ import annotations

from urllib.parse import urlsplit

from ._urls import URL

WELL_KNOWN_PORTS = {"http": 80, "https": 443}


def origins_match(a: URL, b: URL) -> bool:
    """Compare scheme, host and effective port of two URLs."""
    left, right = urlsplit(str(a)), urlsplit(str(b))
    if left.scheme != right.scheme or left.hostname != right.hostname:
        return False
    return (left.port or WELL_KNOWN_PORTS.get(left.scheme)) == (
        right.port or WELL_KNOWN_PORTS.get(right.scheme)
    )
