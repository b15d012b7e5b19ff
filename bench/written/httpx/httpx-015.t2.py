from __future__ import annotations

from ._urls import URL


def redirect_is_tls_upgrade(url: URL, location: URL) -> bool:
    if url.host != location.host:
        return False
    if (url.scheme, location.scheme) != ("http", "https"):
        return False
    from_port = 80 if url.port is None else url.port
    to_port = 443 if location.port is None else location.port
    return (from_port, to_port) == (80, 443)
