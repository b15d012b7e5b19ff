package gin

import (
	"context"
	"net/http"
	"time"
)

// Timeout gives every request a deadline; handlers that honour
// c.Request.Context() stop early and the client gets 503.
func Timeout(d time.Duration) HandlerFunc {
	return func(c *Context) {
		ctx, cancel := context.WithTimeout(c.Request.Context(), d)
		defer cancel()
		c.Request = c.Request.WithContext(ctx)

		c.Next()

		if ctx.Err() == context.DeadlineExceeded && !c.Writer.Written() {
			c.AbortWithStatusJSON(http.StatusServiceUnavailable, H{"error": "request timed out"})
		}
	}
}
