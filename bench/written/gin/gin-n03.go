package gin

import (
	"crypto/sha1"
	"encoding/hex"
	"net/http"
	"strings"
)

// DataWithETag sends data with a strong ETag and answers 304 when the client
// already holds the same representation.
func (c *Context) DataWithETag(code int, contentType string, data []byte) {
	sum := sha1.Sum(data)
	etag := `"` + hex.EncodeToString(sum[:]) + `"`
	c.Header("ETag", etag)

	for _, candidate := range strings.Split(c.GetHeader("If-None-Match"), ",") {
		candidate = strings.TrimPrefix(strings.TrimSpace(candidate), "W/")
		if candidate == etag || candidate == "*" {
			c.Status(http.StatusNotModified)
			return
		}
	}
	c.Data(code, contentType, data)
}
