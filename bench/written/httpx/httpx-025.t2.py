from __future__ import annotations

_LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


class LineBuffer:
    """Feed text chunks in, get complete lines out (str.splitlines semantics)."""

    def __init__(self) -> None:
        self._pending: list[str] = []
        self._held_cr = False

    def push(self, text: str) -> list[str]:
        if self._held_cr:
            text, self._held_cr = "\r" + text, False
        if text.endswith("\r"):
            text, self._held_cr = text[:-1], True
        if not text:
            return []

        complete = text[-1] in _LINE_BREAKS
        lines = text.splitlines()
        if self._pending:
            lines[0] = "".join(self._pending) + lines[0]
            self._pending = []
        if not complete:
            self._pending.append(lines.pop())
        return lines
