from __future__ import annotations

import typing

from ._exceptions import ProtocolError
from ._models import Request


def negotiate_qop(offered: typing.Optional[bytes], request: Request) -> typing.Optional[bytes]:
    """Pick the quality of protection we support from the server's qop list."""
    if offered is None:
        return None  # RFC 2069 style, no qop
    values = {v.strip() for v in offered.split(b",") if v.strip()}
    if b"auth" in values:
        return b"auth"
    if values == {b"auth-int"}:
        raise NotImplementedError("Digest auth-int support is not yet implemented")
    raise ProtocolError(f"Unsupported qop {offered!r} in digest challenge", request=request)
