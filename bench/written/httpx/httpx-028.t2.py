import ipaddress

import idna

from ._exceptions import InvalidURL
from ._urlparse import IPv4_STYLE_HOSTNAME, IPv6_STYLE_HOSTNAME, SUB_DELIMS, quote

_WHATWG_SAFE = '"`{}%|\\'


def _checked_ip(candidate: str, parse, label: str, host: str) -> str:
    try:
        parse(candidate)
    except ipaddress.AddressValueError:
        raise InvalidURL(f"Invalid {label} address: {host!r}")
    return candidate


def host_to_ascii(host: str) -> str:
    if not host:
        return ""
    if IPv4_STYLE_HOSTNAME.match(host):
        return _checked_ip(host, ipaddress.IPv4Address, "IPv4", host)
    if IPv6_STYLE_HOSTNAME.match(host):
        return _checked_ip(host[1:-1], ipaddress.IPv6Address, "IPv6", host)
    if host.isascii():
        return quote(host.lower(), safe=SUB_DELIMS + _WHATWG_SAFE)
    try:
        return idna.encode(host.lower()).decode("ascii")
    except idna.IDNAError:
        raise InvalidURL(f"Invalid IDNA hostname: {host!r}")
