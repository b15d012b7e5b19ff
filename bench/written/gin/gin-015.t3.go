package gin

import (
	"net"
	"strings"
)

// firstUntrustedHop scans an X-Forwarded-For value from the right (the hop
// closest to us) and returns the first address not in a trusted proxy
// network, or the leftmost one if all are trusted.
func firstUntrustedHop(xff string, trusted func(net.IP) bool) (string, bool) {
	rest := xff
	for rest != "" {
		var hop string
		if idx := strings.LastIndexByte(rest, ','); idx >= 0 {
			hop, rest = rest[idx+1:], rest[:idx]
		} else {
			hop, rest = rest, ""
		}
		hop = strings.TrimSpace(hop)
		ip := net.ParseIP(hop)
		if ip == nil {
			return "", false
		}
		if rest == "" || !trusted(ip) {
			return hop, true
		}
	}
	return "", false
}
