from __future__ import annotations

from typing import Iterable, Iterator, Tuple, Union

HeaderPair = Tuple[Union[str, bytes], Union[str, bytes]]

_HIDDEN = ("authorization", "proxy-authorization")


def hide_credentials(headers: Iterable[HeaderPair]) -> Iterator[HeaderPair]:
    """Yield header pairs with credential values masked, keeping str/bytes types."""
    for name, value in headers:
        lowered = name.lower()
        if isinstance(lowered, bytes):
            lowered = lowered.decode("latin-1")
        if lowered in _HIDDEN:
            value = b"[secure]" if isinstance(value, bytes) else "[secure]"
        yield name, value
