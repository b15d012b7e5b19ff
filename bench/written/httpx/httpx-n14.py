from __future__ import annotations

import hashlib
import hmac
import time


def sign_request(secret: bytes, method: str, path: str, body: bytes, timestamp: int | None = None) -> dict[str, str]:
    """Headers for an HMAC-SHA256 signed webhook-style request."""
    ts = str(timestamp if timestamp is not None else int(time.time()))
    payload = b"\n".join([ts.encode(), method.upper().encode(), path.encode(), hashlib.sha256(body).hexdigest().encode()])
    signature = hmac.new(secret, payload, hashlib.sha256).hexdigest()
    return {"X-Timestamp": ts, "X-Signature": f"sha256={signature}"}


def verify_signature(secret: bytes, headers: dict[str, str], method: str, path: str, body: bytes, tolerance: int = 300) -> bool:
    ts = headers.get("X-Timestamp", "")
    if not ts.isdigit() or abs(time.time() - int(ts)) > tolerance:
        return False
    expected = sign_request(secret, method, path, body, int(ts))["X-Signature"]
    return hmac.compare_digest(expected, headers.get("X-Signature", ""))
