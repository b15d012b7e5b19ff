from __future__ import annotations

import typing


def join_auth_params(params: typing.Mapping[str, typing.Union[str, bytes]]) -> str:
    """Render `k="v", k2=v2` for an Authorization header; token-valued params stay bare."""
    bare = ("algorithm", "qop", "nc")
    rendered: list[str] = []
    for name in params:
        value = params[name]
        text = value.decode() if isinstance(value, bytes) else value
        rendered.append(name + "=" + (text if name in bare else '"' + text + '"'))
    return ", ".join(rendered)
