from __future__ import annotations

import os
import typing


def _length_from_fd(stream: typing.Any) -> int:
    return os.fstat(stream.fileno()).st_size


def _length_by_seeking(stream: typing.Any) -> int:
    offset = stream.tell()
    try:
        return stream.seek(0, os.SEEK_END)
    finally:
        stream.seek(offset)


def filelike_length(stream: typing.Any) -> int | None:
    """Length of a file-like object in bytes, without consuming it."""
    for probe in (_length_from_fd, _length_by_seeking):
        try:
            return probe(stream)
        except (AttributeError, OSError):
            continue
    return None
