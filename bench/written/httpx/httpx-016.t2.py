from __future__ import annotations

from ._urls import URL


def same_origin(url: URL, other: URL) -> bool:
    def origin(u: URL) -> tuple[str, str, int | None]:
        port = u.port if u.port is not None else {"http": 80, "https": 443}.get(u.scheme)
        return (u.scheme, u.host, port)

    return origin(url) == origin(other)
