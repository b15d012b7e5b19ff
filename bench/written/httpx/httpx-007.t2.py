from __future__ import annotations

import typing

from ._utils import to_bytes_or_str, to_str

SENSITIVE_HEADERS = {"authorization", "proxy-authorization"}


def mask_sensitive_headers(
    items: typing.Iterable[tuple[typing.AnyStr, typing.AnyStr]],
) -> list[tuple[typing.AnyStr, typing.AnyStr]]:
    return [
        (k, to_bytes_or_str("[secure]", match_type_of=v) if to_str(k.lower()) in SENSITIVE_HEADERS else v)
        for k, v in items
    ]
