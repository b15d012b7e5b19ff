from __future__ import annotations

_ALWAYS_SAFE = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
)


def pct_encode(value: str, safe: str = "") -> str:
    """Percent-encode every byte of `value` outside the unreserved set and `safe`."""
    allowed = _ALWAYS_SAFE | set(safe)
    encoded = bytearray()
    for byte in value.encode("utf-8"):
        if byte < 128 and chr(byte) in allowed:
            encoded.append(byte)
        else:
            encoded += b"%%%02X" % byte
    return encoded.decode("ascii")
