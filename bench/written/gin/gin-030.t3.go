package gin

import (
	"net/http"
	"strings"
)

// isWebSocketHandshake reports whether r asks to upgrade the connection to
// WebSocket ("Connection: keep-alive, Upgrade" and "Upgrade: websocket").
func isWebSocketHandshake(r *http.Request) bool {
	if !strings.EqualFold(r.Header.Get("Upgrade"), "websocket") {
		return false
	}
	for _, token := range strings.Split(r.Header.Get("Connection"), ",") {
		if strings.Contains(strings.ToLower(token), "upgrade") {
			return true
		}
	}
	return false
}
