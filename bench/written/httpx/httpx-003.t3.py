from __future__ import annotations

import io
import os
from typing import IO, Any, Optional


def body_size(body: IO[Any]) -> Optional[int]:
    fileno = getattr(body, "fileno", None)
    if fileno is not None:
        try:
            return os.fstat(fileno()).st_size
        except (OSError, io.UnsupportedOperation):
            pass

    if not (hasattr(body, "tell") and hasattr(body, "seek")):
        return None
    try:
        here = body.tell()
        end = body.seek(0, io.SEEK_END)
        body.seek(here, io.SEEK_SET)
    except OSError:
        return None
    return end
