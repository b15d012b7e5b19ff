package gin

import "strings"

func (c *Context) WantsWebsocket() bool {
	connection := strings.ToLower(c.requestHeader("Connection"))
	upgrade := c.requestHeader("Upgrade")
	return strings.Contains(connection, "upgrade") && strings.EqualFold(upgrade, "websocket")
}
