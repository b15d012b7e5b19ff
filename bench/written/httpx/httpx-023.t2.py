from __future__ import annotations

from ._status_codes import codes


def response_head_text(
    http_version: bytes,
    status: int,
    reason_phrase: bytes | None,
    headers: list[tuple[bytes, bytes]],
) -> str:
    if reason_phrase is None:
        reason = codes.get_reason_phrase(status)
    else:
        reason = reason_phrase.decode("ascii")
    lines = [f"{http_version.decode('ascii')} {status} {reason}"]
    for name, value in headers:
        lines.append(f"{name.decode('ascii')}: {value.decode('ascii')}")
    return "\n".join(lines)
