def is_dotted_quad(host: str) -> bool:
    """True for an IPv4 address, optionally with a /prefix (e.g. 10.0.0.0/8)."""
    addr = host.split("/", 1)[0]
    octets = addr.split(".")
    if len(octets) != 4:
        return False
    for octet in octets:
        if not octet.isdigit() or int(octet) > 255:
            return False
        if len(octet) > 1 and octet[0] == "0":
            return False
    return True
