import hashlib
import os
import time


def client_nonce(nonce_count: int, nonce: bytes) -> bytes:
    seed = b"".join([str(nonce_count).encode(), nonce, time.ctime().encode(), os.urandom(8)])
    return hashlib.sha1(seed).hexdigest()[:16].encode()
