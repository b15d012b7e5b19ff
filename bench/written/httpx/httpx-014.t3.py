from __future__ import annotations

import string

_HEX = set(string.hexdigits)
_UNRESERVED = set(string.ascii_letters + string.digits + "-._~")


def safe_quote(text: str, safe: str = "") -> str:
    """Percent-encode `text`, leaving already-encoded %XX sequences untouched."""
    allowed = _UNRESERVED | set(safe)
    out: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        escape = text[i + 1 : i + 3]
        if ch == "%" and len(escape) == 2 and set(escape) <= _HEX:
            out.append(text[i : i + 3])
            i += 3
            continue
        if ch in allowed:
            out.append(ch)
        else:
            out.append("".join(f"%{b:02X}" for b in ch.encode("utf-8")))
        i += 1
    return "".join(out)
