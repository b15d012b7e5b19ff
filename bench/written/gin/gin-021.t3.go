package gin

import (
	"net/http"
	"net/http/httputil"
)

// requestForLog dumps the request head for a panic log with the Authorization
// header masked, so credentials never reach the log.
func requestForLog(req *http.Request) string {
	clone := req.Clone(req.Context())
	if clone.Header.Get("Authorization") != "" {
		clone.Header.Set("Authorization", "*")
	}
	out, err := httputil.DumpRequest(clone, false)
	if err != nil {
		return ""
	}
	return string(out)
}
