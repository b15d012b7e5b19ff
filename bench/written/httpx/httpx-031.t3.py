from __future__ import annotations

import hashlib
import os
import typing

_HASHES: typing.Dict[str, typing.Callable[..., typing.Any]] = {
    "MD5": hashlib.md5,
    "SHA": hashlib.sha1,
    "SHA-256": hashlib.sha256,
    "SHA-512": hashlib.sha512,
}


def digest_authorization(
    username: str,
    password: str,
    method: str,
    uri: str,
    realm: str,
    nonce: str,
    algorithm: str = "MD5",
    qop: typing.Optional[str] = None,
    opaque: typing.Optional[str] = None,
    nonce_count: int = 1,
) -> str:
    """Compute an RFC 7616 `Authorization: Digest ...` value for one request."""
    base = algorithm.upper()
    sess = base.endswith("-SESS")
    h = _HASHES[base[: -len("-SESS")] if sess else base]

    def hexdigest(text: str) -> str:
        return h(text.encode()).hexdigest()

    cnonce = hashlib.sha1(os.urandom(16)).hexdigest()[:16]
    nc = f"{nonce_count:08x}"
    ha1 = hexdigest(f"{username}:{realm}:{password}")
    if sess:
        ha1 = hexdigest(f"{ha1}:{nonce}:{cnonce}")
    ha2 = hexdigest(f"{method}:{uri}")
    if qop:
        response = hexdigest(f"{ha1}:{nonce}:{nc}:{cnonce}:auth:{ha2}")
    else:
        response = hexdigest(f"{ha1}:{nonce}:{ha2}")

    parts = [
        f'username="{username}"',
        f'realm="{realm}"',
        f'nonce="{nonce}"',
        f'uri="{uri}"',
        f'response="{response}"',
        f"algorithm={algorithm}",
    ]
    if opaque:
        parts.append(f'opaque="{opaque}"')
    if qop:
        parts += ["qop=auth", f"nc={nc}", f'cnonce="{cnonce}"']
    return "Digest " + ", ".join(parts)
