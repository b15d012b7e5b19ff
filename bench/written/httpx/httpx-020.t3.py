import hashlib
import secrets
import time


def new_cnonce(count: int, server_nonce: bytes) -> bytes:
    """16 hex chars of client nonce for Digest auth, unique per request."""
    h = hashlib.sha1()
    h.update(b"%d" % count)
    h.update(server_nonce)
    h.update(time.ctime().encode())
    h.update(secrets.token_bytes(8))
    return h.hexdigest().encode()[:16]
