from __future__ import annotations


def parse_cache_control(header: str) -> dict[str, str | bool]:
    """`max-age=60, no-cache, private="set-cookie"` -> {"max-age": "60", "no-cache": True, ...}"""
    directives: dict[str, str | bool] = {}
    for item in header.split(","):
        item = item.strip()
        if not item:
            continue
        name, sep, arg = item.partition("=")
        name = name.strip().lower()
        directives[name] = arg.strip().strip('"') if sep else True
    return directives


def max_age(header: str) -> int | None:
    value = parse_cache_control(header).get("max-age")
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return None
