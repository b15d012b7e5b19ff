import typing


def _cert_entry_lines(key: str, item: typing.Any) -> list[str]:
    if key in ("subject", "issuer"):
        return [f"*     {name}: {val!r}" for name, val in item]
    if isinstance(item, tuple) and len(item) == 2:
        return [f"*     {item[0]}: {item[1]!r}"]
    return [f"*     {item!r}"]


def cert_summary(cert: dict[str, typing.Any]) -> str:
    lines: list[str] = []
    for key, value in cert.items():
        if not isinstance(value, (list, tuple)):
            lines.append(f"*   {key}: {value!r}")
            continue
        lines.append(f"*   {key}:")
        for item in value:
            lines.extend(_cert_entry_lines(key, item))
    return "\n".join(lines)
