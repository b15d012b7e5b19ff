from __future__ import annotations


class Rechunker:
    def __init__(self, chunk_size: int | None = None) -> None:
        self._pending = b""
        self._chunk_size = chunk_size

    def decode(self, content: bytes) -> list[bytes]:
        size = self._chunk_size
        if size is None:
            return [content] if content else []
        data = self._pending + content
        if len(data) < size:
            self._pending = data
            return []
        cut = len(data) - len(data) % size
        self._pending = data[cut:]
        return [data[i : i + size] for i in range(0, cut, size)]
