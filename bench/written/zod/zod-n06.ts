function ipv4ToInt(ip: string): number | undefined {
  const parts = ip.split(".");
  if (parts.length !== 4) return undefined;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return undefined;
    const octet = Number(part);
    if (octet > 255) return undefined;
    value = value * 256 + octet;
  }
  return value;
}

/** Whether `ip` falls inside `cidr` ("10.0.0.0/8"); false for malformed input. */
export function ipv4InRange(ip: string, cidr: string): boolean {
  const [network, bitsText] = cidr.split("/");
  const bits = Number(bitsText);
  const address = ipv4ToInt(ip);
  const base = network === undefined ? undefined : ipv4ToInt(network);
  if (address === undefined || base === undefined || !Number.isInteger(bits) || bits < 0 || bits > 32) return false;
  const size = 2 ** (32 - bits);
  return Math.floor(address / size) === Math.floor(base / size);
}
