from __future__ import annotations

from ._exceptions import InvalidURL

_SCHEME_PORTS = {"ftp": 21, "http": 80, "https": 443, "ws": 80, "wss": 443}


def canonical_port(port: str | int | None, scheme: str) -> int | None:
    if port in (None, ""):
        return None
    try:
        number = int(port)
    except ValueError:
        raise InvalidURL(f"Invalid port: {port!r}")
    return None if _SCHEME_PORTS.get(scheme) == number else number
