package gin

import (
	"crypto/rand"
	"encoding/hex"
)

const requestIDHeader = "X-Request-ID"

// RequestID reuses an incoming X-Request-ID or generates one, stores it under
// the "request_id" key and echoes it on the response.
func RequestID() HandlerFunc {
	return func(c *Context) {
		id := c.GetHeader(requestIDHeader)
		if id == "" || len(id) > 128 {
			var raw [16]byte
			if _, err := rand.Read(raw[:]); err == nil {
				id = hex.EncodeToString(raw[:])
			}
		}
		c.Set("request_id", id)
		c.Header(requestIDHeader, id)
		c.Next()
	}
}
