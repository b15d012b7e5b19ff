from __future__ import annotations

from ._auth import DigestAuth, _DigestAuthChallenge
from ._models import Request


class CountingDigestAuth(DigestAuth):
    def build_authorization(self, request: Request, challenge: _DigestAuthChallenge) -> str:
        hash_func = self._ALGORITHM_TO_HASH_FUNCTION[challenge.algorithm.upper()]

        def digest(*parts: bytes) -> bytes:
            return hash_func(b":".join(parts)).hexdigest().encode()

        path = request.url.raw_path
        nc_value = b"%08x" % self._nonce_count
        cnonce = self._get_client_nonce(self._nonce_count, challenge.nonce)
        self._nonce_count += 1

        ha1 = digest(self._username, challenge.realm, self._password)
        if challenge.algorithm.lower().endswith("-sess"):
            ha1 = digest(ha1, challenge.nonce, cnonce)
        ha2 = digest(request.method.encode(), path)

        qop = self._resolve_qop(challenge.qop, request=request)
        response = (
            digest(ha1, challenge.nonce, ha2)
            if qop is None
            else digest(ha1, challenge.nonce, nc_value, cnonce, qop, ha2)
        )

        fields = {
            "username": self._username,
            "realm": challenge.realm,
            "nonce": challenge.nonce,
            "uri": path,
            "response": response,
            "algorithm": challenge.algorithm.encode(),
            **({"opaque": challenge.opaque} if challenge.opaque else {}),
            **({"qop": b"auth", "nc": nc_value, "cnonce": cnonce} if qop else {}),
        }
        return "Digest " + self._get_header_value(fields)
