from __future__ import annotations

import re

_QUOTES = " '\""


def _parse_params(params: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for param in params.split(";"):
        pieces = param.split("=")
        if len(pieces) != 2:
            break
        key, val = pieces
        out[key.strip(_QUOTES)] = val.strip(_QUOTES)
    return out


def links_from_header(value: str) -> list[dict[str, str]]:
    value = value.strip(_QUOTES)
    if not value:
        return []

    def one(entry: str) -> dict[str, str]:
        url, _, params = entry.partition(";")
        return {"url": url.strip("<> '\""), **_parse_params(params)}

    return [one(entry) for entry in re.split(", *<", value)]
