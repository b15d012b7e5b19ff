from urllib.request import parse_http_list

from ._auth import _DigestAuthChallenge
from ._exceptions import ProtocolError
from ._models import Request
from ._utils import unquote


def parse_digest_challenge(request: Request, auth_header: str) -> _DigestAuthChallenge:
    scheme, _, fields = auth_header.partition(" ")
    assert scheme.lower() == "digest"

    values = dict(
        (key, unquote(value))
        for key, value in (field.strip().split("=", 1) for field in parse_http_list(fields))
    )
    if "realm" not in values or "nonce" not in values:
        raise ProtocolError("Malformed Digest WWW-Authenticate header", request=request)

    def optional(name: str) -> bytes | None:
        return values[name].encode() if name in values else None

    return _DigestAuthChallenge(
        realm=values["realm"].encode(),
        nonce=values["nonce"].encode(),
        algorithm=values.get("algorithm", "MD5"),
        opaque=optional("opaque"),
        qop=optional("qop"),
    )
