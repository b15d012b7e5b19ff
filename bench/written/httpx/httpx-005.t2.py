from __future__ import annotations


def to_header_bytes(value: str | bytes, encoding: str | None = None) -> bytes:
    if isinstance(value, str):
        return value.encode(encoding or "ascii")
    if isinstance(value, bytes):
        return value
    raise TypeError(f"Header value must be str or bytes, not {type(value)}")
