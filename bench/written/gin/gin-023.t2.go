package gin

import "strings"

func splitAcceptHeader(acceptHeader string) []string {
	var out []string
	for part := range strings.SplitSeq(acceptHeader, ",") {
		mediaType, _, _ := strings.Cut(part, ";")
		if mediaType = strings.TrimSpace(mediaType); mediaType != "" {
			out = append(out, mediaType)
		}
	}
	return out
}
