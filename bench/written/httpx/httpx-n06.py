from __future__ import annotations


def _opaque(tag: str) -> str:
    tag = tag.strip()
    return tag[2:] if tag.startswith("W/") else tag


def etag_matches(if_none_match: str, etag: str | None) -> bool:
    """Weak comparison of an If-None-Match header against a response ETag (RFC 9110 13.1.2)."""
    if etag is None:
        return False
    if if_none_match.strip() == "*":
        return True
    wanted = _opaque(etag)
    return any(_opaque(candidate) == wanted for candidate in if_none_match.split(","))
