from __future__ import annotations

import re

_BYTES_RANGE = re.compile(r"^bytes=(\d*)-(\d*)$")


def resolve_byte_range(header: str, length: int) -> tuple[int, int] | None:
    """Turn a single `Range: bytes=...` spec into inclusive (start, end) offsets.

    Returns None for multi-range or unsatisfiable requests.
    """
    m = _BYTES_RANGE.match(header.strip())
    if m is None:
        return None
    first, last = m.groups()
    if first == "" and last == "":
        return None
    if first == "":
        suffix = int(last)
        if suffix == 0:
            return None
        return max(0, length - suffix), length - 1
    start = int(first)
    end = int(last) if last else length - 1
    if start >= length or end < start:
        return None
    return start, min(end, length - 1)
