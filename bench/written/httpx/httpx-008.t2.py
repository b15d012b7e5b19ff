from __future__ import annotations

import mimetypes


def guess_mimetype(filename: str | None) -> str | None:
    if not filename:
        return None
    mimetype, _encoding = mimetypes.guess_type(filename)
    if mimetype is None:
        return "application/octet-stream"
    return mimetype
