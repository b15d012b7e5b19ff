from __future__ import annotations

import fnmatch

from ._urls import URL


class ProxyRoute:
    """A mount key such as "all://*.example.com:8080" matched against request URLs."""

    def __init__(self, scheme: str = "", host: str = "", port: int | None = None) -> None:
        self.scheme = scheme
        self.host = host
        self.port = port

    def covers(self, url: URL) -> bool:
        if self.scheme not in ("", url.scheme):
            return False
        if self.port not in (None, url.port):
            return False
        if not self.host:
            return True
        if self.host.startswith("*."):
            return fnmatch.fnmatchcase(url.host, self.host)
        if self.host.startswith("*"):
            bare = self.host[1:]
            return url.host == bare or url.host.endswith("." + bare)
        return url.host == self.host
