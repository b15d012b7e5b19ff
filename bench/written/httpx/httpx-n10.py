from __future__ import annotations

import shlex

from ._models import Request


def to_curl(request: Request) -> str:
    """A shell command that replays `request` with curl (body included when already read)."""
    parts = ["curl", "-X", request.method]
    for name, value in request.headers.items():
        if name.lower() in ("content-length", "host"):
            continue
        parts += ["-H", f"{name}: {value}"]
    try:
        body = request.content
    except Exception:
        body = b""
    if body:
        parts += ["--data-binary", body.decode("utf-8", errors="replace")]
    parts.append(str(request.url))
    return " ".join(shlex.quote(part) for part in parts)
