from __future__ import annotations

import ipaddress
import os


def _is_ip(host: str, version: int) -> bool:
    try:
        return ipaddress.ip_address(host.split("/")[0]).version == version
    except ValueError:
        return False


def proxies_from_environment() -> dict[str, str | None]:
    """Map URL patterns to proxy URLs (or None for hosts that bypass the proxy)."""
    config: dict[str, str | None] = {}
    for scheme in ("http", "https", "all"):
        url = os.environ.get(f"{scheme}_proxy") or os.environ.get(f"{scheme.upper()}_PROXY")
        if not url:
            continue
        if not url.startswith(("http://", "https://", "socks5://")) and "://" not in url:
            url = "http://" + url
        config[scheme + "://"] = url

    raw = os.environ.get("no_proxy") or os.environ.get("NO_PROXY") or ""
    for entry in map(str.strip, raw.split(",")):
        if not entry:
            continue
        if entry == "*":
            return {}
        if "://" in entry:
            pattern = entry
        elif _is_ip(entry, 4) or entry.lower() == "localhost":
            pattern = "all://" + entry
        elif _is_ip(entry, 6):
            pattern = "all://[" + entry + "]"
        else:
            pattern = "all://*" + entry
        config[pattern] = None
    return config
