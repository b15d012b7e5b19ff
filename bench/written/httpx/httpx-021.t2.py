from ._utils import to_str

_UNQUOTED = frozenset({"algorithm", "qop", "nc"})


def digest_header_value(header_fields: dict[str, bytes]) -> str:
    return ", ".join(
        f"{field}={to_str(value)}" if field in _UNQUOTED else f'{field}="{to_str(value)}"'
        for field, value in header_fields.items()
    )
