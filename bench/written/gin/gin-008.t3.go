package gin

import (
	"net/http"
	"strings"
)

// externalScheme works out whether the client talked http or https to us,
// looking through the usual reverse-proxy headers.
func externalScheme(r *http.Request) string {
	switch {
	case r.TLS != nil:
		return "https"
	case r.Header.Get("X-Forwarded-Proto") != "":
		return strings.ToLower(r.Header.Get("X-Forwarded-Proto"))
	case r.Header.Get("X-Forwarded-Protocol") != "":
		return strings.ToLower(r.Header.Get("X-Forwarded-Protocol"))
	case strings.EqualFold(r.Header.Get("X-Forwarded-Ssl"), "on"):
		return "https"
	case r.Header.Get("X-Url-Scheme") != "":
		return r.Header.Get("X-Url-Scheme")
	case r.URL.Scheme != "":
		return r.URL.Scheme
	}
	return "http"
}
