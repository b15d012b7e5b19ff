from __future__ import annotations

import typing

_LITERALS = {True: "true", False: "false", None: ""}


def encode_param_value(value: typing.Union[str, int, float, bool, None]) -> str:
    """String form of a query/form value; booleans use JSON spelling."""
    if value is None or isinstance(value, bool):
        return _LITERALS[value]
    return str(value)
