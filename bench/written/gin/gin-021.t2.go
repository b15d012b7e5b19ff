package gin

import (
	"net/http"
	"net/http/httputil"
	"strings"
)

func maskedRequestDump(r *http.Request) string {
	raw, _ := httputil.DumpRequest(r, false)
	var b strings.Builder
	for i, line := range strings.Split(string(raw), "\r\n") {
		if i > 0 {
			b.WriteString("\r\n")
		}
		if strings.HasPrefix(line, "Authorization:") {
			line = "Authorization: *"
		}
		b.WriteString(line)
	}
	return b.String()
}
