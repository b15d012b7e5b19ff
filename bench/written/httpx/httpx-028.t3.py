from __future__ import annotations

import ipaddress
import re

import idna

from ._exceptions import InvalidURL
from ._urlparse import percent_encoded

_DOTTED = re.compile(r"\d+(\.\d+){3}")
# sub-delims plus the characters the WHATWG URL spec leaves alone in hosts
_HOST_SAFE = "!$&'()*+,;=" + '"`{}%|\\'


def canonical_host(raw: str) -> str:
    """Validate and encode the host part of a URL for the wire.

    IPv4 stays as is, "[v6]" loses its brackets, ASCII names are lowercased
    and percent-encoded, anything else goes through IDNA.
    """
    if raw == "":
        return raw
    if _DOTTED.fullmatch(raw):
        try:
            ipaddress.IPv4Address(raw)
        except ValueError:
            raise InvalidURL(f"Invalid IPv4 address: {raw!r}")
        return raw
    if raw.startswith("[") and raw.endswith("]"):
        inner = raw[1:-1]
        try:
            ipaddress.IPv6Address(inner)
        except ValueError:
            raise InvalidURL(f"Invalid IPv6 address: {raw!r}")
        return inner
    lowered = raw.lower()
    if all(ord(ch) < 128 for ch in lowered):
        return percent_encoded(lowered, safe=_HOST_SAFE)
    try:
        return idna.encode(lowered).decode("ascii")
    except idna.IDNAError:
        raise InvalidURL(f"Invalid IDNA hostname: {raw!r}")
