from __future__ import annotations

import typing

from ._urls import URL


def pattern_matches(
    scheme: str, host: str, port: int | None, host_regex: typing.Pattern[str] | None, url: URL
) -> bool:
    scheme_ok = not scheme or scheme == url.scheme
    host_ok = not host or host_regex is None or bool(host_regex.match(url.host))
    port_ok = port is None or port == url.port
    return scheme_ok and host_ok and port_ok
