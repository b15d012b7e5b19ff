package gin

import (
	"net/http"
	"strings"
)

// RequireJSON rejects requests with a body whose Content-Type is not JSON.
func RequireJSON() HandlerFunc {
	return func(c *Context) {
		if c.Request.ContentLength == 0 || c.Request.Method == http.MethodGet {
			c.Next()
			return
		}
		ct := strings.ToLower(strings.TrimSpace(c.GetHeader("Content-Type")))
		if ct == "application/json" || strings.HasPrefix(ct, "application/json;") || strings.HasSuffix(strings.SplitN(ct, ";", 2)[0], "+json") {
			c.Next()
			return
		}
		c.AbortWithStatusJSON(http.StatusUnsupportedMediaType, H{"error": "expected a JSON request body"})
	}
}
