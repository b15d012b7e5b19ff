from __future__ import annotations

_PREFIX = b"boundary="


def boundary_of(content_type: bytes | None) -> bytes | None:
    if not content_type or not content_type.startswith(b"multipart/form-data"):
        return None
    if b";" not in content_type:
        return None
    sections = (s.strip() for s in content_type.split(b";"))
    return next(
        (s[len(_PREFIX):].strip(b'"') for s in sections if s.lower().startswith(_PREFIX)),
        None,
    )
