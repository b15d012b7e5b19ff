from __future__ import annotations

import typing


class BlockSplitter:
    """Re-slice a byte stream into blocks of exactly `block` bytes (the rest waits)."""

    def __init__(self, block: typing.Optional[int] = None) -> None:
        self.block = block
        self.carry = bytearray()

    def push(self, piece: bytes) -> typing.List[bytes]:
        if not self.block:
            return [piece] if piece else []
        self.carry += piece
        blocks = []
        while len(self.carry) >= self.block:
            blocks.append(bytes(self.carry[: self.block]))
            del self.carry[: self.block]
        return blocks
