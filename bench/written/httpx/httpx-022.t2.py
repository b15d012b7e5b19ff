from __future__ import annotations

import re

from ._exceptions import ProtocolError
from ._models import Request


def select_qop(qop: bytes | None, request: Request) -> bytes | None:
    if qop is None:
        return None
    options = re.split(b", ?", qop)
    if b"auth" in options:
        return b"auth"
    if options == [b"auth-int"]:
        raise NotImplementedError("Digest auth-int support is not yet implemented")
    raise ProtocolError(f'Unexpected qop value "{qop!r}" in digest auth', request=request)
