from __future__ import annotations

import typing
from urllib.parse import urlencode

from ._content import ByteStream
from ._utils import primitive_value_to_str


def urlencoded_body(data: typing.Mapping[str, typing.Any]) -> tuple[dict[str, str], ByteStream]:
    pairs = [
        (key, primitive_value_to_str(item))
        for key, value in data.items()
        for item in (value if isinstance(value, (list, tuple)) else [value])
    ]
    body = urlencode(pairs, doseq=True).encode("utf-8")
    return {
        "Content-Length": str(len(body)),
        "Content-Type": "application/x-www-form-urlencoded",
    }, ByteStream(body)
