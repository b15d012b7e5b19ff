from __future__ import annotations

import mimetypes
import os


def upload_media_type(path: str | None) -> str | None:
    """Media type for an uploaded file name, or None when there is no name."""
    if path is None or path == "":
        return None
    _, ext = os.path.splitext(path)
    return mimetypes.types_map.get(ext.lower(), "application/octet-stream")
