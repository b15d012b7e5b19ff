import ipaddress


def host_is_ipv4(hostname: str) -> bool:
    address, _, _ = hostname.partition("/")
    try:
        return bool(ipaddress.IPv4Address(address))
    except Exception:
        return False
