package gin

import (
	"net"
	"strings"
)

func (engine *Engine) realClientIP(header string) (string, bool) {
	if header == "" {
		return "", false
	}
	hops := strings.Split(header, ",")
	for i := len(hops) - 1; i >= 0; i-- {
		candidate := strings.TrimSpace(hops[i])
		ip := net.ParseIP(candidate)
		switch {
		case ip == nil:
			return "", false
		case i == 0, !engine.isTrustedProxy(ip):
			return candidate, true
		}
	}
	return "", false
}
