package gin

import (
	"net"
	"strings"
)

func toCIDR(proxy string) (string, error) {
	if strings.Contains(proxy, "/") {
		return proxy, nil
	}
	ip := parseIP(proxy)
	if ip == nil {
		return "", &net.ParseError{Type: "IP address", Text: proxy}
	}
	if len(ip) == net.IPv4len {
		return proxy + "/32", nil
	}
	return proxy + "/128", nil
}

func (engine *Engine) trustedNetworks() ([]*net.IPNet, error) {
	if engine.trustedProxies == nil {
		return nil, nil
	}
	nets := make([]*net.IPNet, 0, len(engine.trustedProxies))
	for _, proxy := range engine.trustedProxies {
		cidr, err := toCIDR(proxy)
		if err != nil {
			return nets, err
		}
		_, ipNet, err := net.ParseCIDR(cidr)
		if err != nil {
			return nets, err
		}
		nets = append(nets, ipNet)
	}
	return nets, nil
}
