from __future__ import annotations

import typing
from urllib.parse import quote_plus

from ._content import ByteStream


def _text(v: typing.Any) -> str:
    if v is True:
        return "true"
    if v is False:
        return "false"
    return "" if v is None else str(v)


def form_encode(fields: typing.Mapping[str, typing.Any]) -> typing.Tuple[typing.Dict[str, str], ByteStream]:
    """Encode fields as application/x-www-form-urlencoded; list values repeat the key."""
    chunks = []
    for name, val in fields.items():
        values = val if isinstance(val, (list, tuple)) else (val,)
        chunks.extend(f"{quote_plus(str(name))}={quote_plus(_text(v))}" for v in values)
    payload = "&".join(chunks).encode()
    headers = {"Content-Length": str(len(payload)), "Content-Type": "application/x-www-form-urlencoded"}
    return headers, ByteStream(payload)
