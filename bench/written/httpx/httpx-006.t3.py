from __future__ import annotations

import re

_LINK_RE = re.compile(r"<([^>]*)>\s*((?:;[^,<]*)*)")


def read_links(header: str) -> list[dict[str, str]]:
    """Parse a `Link:` header, e.g. '<https://x/p2>; rel="next", <https://x/p9>; rel="last"'.

    Each entry becomes {"url": ..., <param>: <value>, ...}.
    """
    result = []
    for match in _LINK_RE.finditer(header):
        entry = {"url": match.group(1).strip()}
        for chunk in match.group(2).split(";"):
            if "=" not in chunk:
                continue
            name, _, val = chunk.partition("=")
            entry[name.strip()] = val.strip().strip("'\"")
        result.append(entry)
    return result
