from __future__ import annotations

import itertools


def header_values(
    raw: list[tuple[bytes, bytes, bytes]], key: str, encoding: str = "ascii", split_commas: bool = False
) -> list[str]:
    target = key.lower().encode(encoding)
    values = [value.decode(encoding) for _, name, value in raw if name.lower() == target]
    if split_commas:
        values = list(itertools.chain.from_iterable(
            (part.strip() for part in value.split(",")) for value in values
        ))
    return values
