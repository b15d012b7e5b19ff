import string

_UNRESERVED = string.ascii_letters + string.digits + "-._~"


def escape_unsafe(text: str, safe: str) -> str:
    keep = _UNRESERVED + safe
    if all(ch in keep for ch in text):
        return text
    out = []
    for ch in text:
        if ch in keep:
            out.append(ch)
        else:
            out.extend(f"%{b:02X}" for b in ch.encode("utf-8"))
    return "".join(out)
