from __future__ import annotations

from typing import Optional, Union


def encode_header_value(raw: Union[str, bytes], charset: Optional[str] = None) -> bytes:
    """Header values go on the wire as bytes; text defaults to ASCII."""
    match raw:
        case bytes():
            return raw
        case str():
            return bytes(raw, charset if charset else "ascii")
        case _:
            raise TypeError(
                "header values have to be text or bytes, "
                f"a {type(raw).__name__} was given"
            )
