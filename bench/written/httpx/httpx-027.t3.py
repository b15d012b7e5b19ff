from __future__ import annotations

import typing


def lookup_all(
    headers: typing.Iterable[typing.Tuple[bytes, bytes]],
    name: str,
    *,
    split_commas: bool = False,
) -> typing.List[str]:
    """All values of header `name` (case-insensitive), optionally splitting "a, b" lists."""
    wanted = name.casefold()
    found: typing.List[str] = []
    for key, value in headers:
        if key.decode("latin-1").casefold() != wanted:
            continue
        text = value.decode("latin-1")
        if split_commas:
            found += [piece.strip() for piece in text.split(",")]
        else:
            found.append(text)
    return found
