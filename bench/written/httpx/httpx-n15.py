from __future__ import annotations

import typing

JSON = typing.Union[dict, list, str, int, float, bool, None]


def flatten_json(data: JSON, prefix: str = "", sep: str = ".") -> dict[str, typing.Any]:
    """{"a": {"b": [1, 2]}} -> {"a.b.0": 1, "a.b.1": 2}"""
    flat: dict[str, typing.Any] = {}
    stack: list[tuple[str, JSON]] = [(prefix, data)]
    while stack:
        key, value = stack.pop()
        if isinstance(value, dict) and value:
            stack.extend((f"{key}{sep}{k}" if key else str(k), v) for k, v in value.items())
        elif isinstance(value, list) and value:
            stack.extend((f"{key}{sep}{i}" if key else str(i), v) for i, v in enumerate(value))
        else:
            flat[key] = value
    return dict(sorted(flat.items()))
