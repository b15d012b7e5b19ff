from __future__ import annotations

import re

_BOUNDARY = re.compile(rb';\s*boundary=("?)([^";]+)\1', re.IGNORECASE)


def form_data_boundary(header: bytes | None) -> bytes | None:
    """The boundary parameter of a multipart/form-data Content-Type, if any."""
    if header is None or not header.startswith(b"multipart/form-data"):
        return None
    found = _BOUNDARY.search(header)
    return found.group(2) if found else None
