package gin

import (
	"net/http"
	"strconv"
	"time"
)

// TooManyRequests aborts with 429 and a Retry-After header in whole seconds.
func (c *Context) TooManyRequests(wait time.Duration) {
	secs := int(wait.Round(time.Second) / time.Second)
	if secs < 1 {
		secs = 1
	}
	c.Header("Retry-After", strconv.Itoa(secs))
	c.AbortWithStatusJSON(http.StatusTooManyRequests, H{
		"error":       "rate limit exceeded",
		"retry_after": secs,
	})
}
