from __future__ import annotations

import typing

Scalar = typing.Union[str, int, float, bool, None]


def as_query_text(v: Scalar) -> str:
    # bool must be checked before int: True is an int too
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return ""
    return v if isinstance(v, str) else f"{v}"
