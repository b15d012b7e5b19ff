package gin

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"strings"
)

// VerifyWebhook checks an X-Hub-Signature-256 style HMAC of the raw body
// and restores the body for later binding.
func VerifyWebhook(secret []byte) HandlerFunc {
	return func(c *Context) {
		body, err := io.ReadAll(c.Request.Body)
		if err != nil {
			c.AbortWithStatus(http.StatusBadRequest)
			return
		}
		c.Request.Body = io.NopCloser(bytes.NewReader(body))

		mac := hmac.New(sha256.New, secret)
		mac.Write(body)
		want := "sha256=" + hex.EncodeToString(mac.Sum(nil))
		got := strings.TrimSpace(c.GetHeader("X-Hub-Signature-256"))
		if !hmac.Equal([]byte(want), []byte(got)) {
			c.AbortWithStatus(http.StatusUnauthorized)
			return
		}
		c.Next()
	}
}
