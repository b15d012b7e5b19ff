from __future__ import annotations

import re
import typing

# Every separator str.splitlines() knows; "\r\n" counts as one.
_SPLIT = re.compile("\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


class StreamingLines:
    def __init__(self) -> None:
        self.partial = ""

    def feed(self, chunk: str) -> typing.List[str]:
        data = self.partial + chunk
        # a lone trailing "\r" may be the first half of "\r\n": wait for more
        hold_cr = data.endswith("\r")
        if hold_cr:
            data = data[:-1]
        pieces = _SPLIT.split(data)
        self.partial = pieces.pop() + ("\r" if hold_cr else "")
        return pieces
