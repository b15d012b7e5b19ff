from __future__ import annotations

import re
import typing
from urllib.parse import quote

_VAR = re.compile(r"\{(\w+)\}")


def expand_path_template(template: str, values: typing.Mapping[str, typing.Any]) -> str:
    """Fill `{name}` placeholders in a URL path template, escaping each value."""

    def substitute(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in values:
            raise KeyError(f"missing value for {{{name}}} in {template!r}")
        return quote(str(values[name]), safe="")

    return _VAR.sub(substitute, template)
