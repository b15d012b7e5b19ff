package gin

import (
	"fmt"
	"net"
	"net/netip"
)

// parseProxyList accepts single addresses ("10.0.0.1", "::1") and CIDR ranges
// ("192.168.0.0/16") and returns them all as networks; a bare address becomes
// a /32 or /128 network.
func parseProxyList(entries []string) ([]*net.IPNet, error) {
	if entries == nil {
		return nil, nil
	}
	var out []*net.IPNet
	for _, entry := range entries {
		prefix, err := netip.ParsePrefix(entry)
		if err != nil {
			addr, addrErr := netip.ParseAddr(entry)
			if addrErr != nil {
				return out, fmt.Errorf("trusted proxy %q: %w", entry, err)
			}
			addr = addr.Unmap()
			prefix = netip.PrefixFrom(addr, addr.BitLen())
		}
		prefix = prefix.Masked()
		out = append(out, &net.IPNet{
			IP:   net.IP(prefix.Addr().AsSlice()),
			Mask: net.CIDRMask(prefix.Bits(), prefix.Addr().BitLen()),
		})
	}
	return out, nil
}
