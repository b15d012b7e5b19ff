from __future__ import annotations

import urllib.request

from ._utils import is_ipv4_hostname, is_ipv6_hostname


def _no_proxy_key(hostname: str) -> str:
    if "://" in hostname:
        return hostname
    if is_ipv4_hostname(hostname) or hostname.lower() == "localhost":
        return f"all://{hostname}"
    if is_ipv6_hostname(hostname):
        return f"all://[{hostname}]"
    return f"all://*{hostname}"


def read_env_proxies() -> dict[str, str | None]:
    env = urllib.request.getproxies()
    mounts: dict[str, str | None] = {
        f"{scheme}://": env[scheme] if "://" in env[scheme] else f"http://{env[scheme]}"
        for scheme in ("http", "https", "all")
        if env.get(scheme)
    }

    hosts = [h.strip() for h in env.get("no", "").split(",")]
    if "*" in hosts:
        return {}
    mounts.update({_no_proxy_key(h): None for h in hosts if h})
    return mounts
