from __future__ import annotations

import re
import typing

from ._exceptions import ProtocolError
from ._models import Request

_PARAM = re.compile(r'(\w+)=(?:"([^"]*)"|([^\s,]*))')


class DigestChallenge(typing.NamedTuple):
    realm: bytes
    nonce: bytes
    algorithm: str
    opaque: typing.Optional[bytes]
    qop: typing.Optional[bytes]


def read_www_authenticate(header: str, request: Request) -> DigestChallenge:
    """Parse `Digest realm="..", nonce="..", qop="auth", opaque=".."`."""
    kind, _, rest = header.partition(" ")
    if kind.lower() != "digest":
        raise ProtocolError("Malformed Digest WWW-Authenticate header", request=request)
    params = {m.group(1): m.group(2) if m.group(2) is not None else m.group(3) for m in _PARAM.finditer(rest)}
    try:
        realm, nonce = params["realm"], params["nonce"]
    except KeyError:
        raise ProtocolError("Malformed Digest WWW-Authenticate header", request=request)
    opaque = params.get("opaque")
    qop = params.get("qop")
    return DigestChallenge(
        realm=realm.encode(),
        nonce=nonce.encode(),
        algorithm=params.get("algorithm", "MD5"),
        opaque=opaque.encode() if opaque is not None else None,
        qop=qop.encode() if qop is not None else None,
    )
