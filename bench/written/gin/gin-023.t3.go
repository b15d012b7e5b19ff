package gin

import (
	"mime"
	"strings"
)

// mediaRanges lists the media types of an Accept header in order, dropping
// q-values and other parameters: "text/html;q=0.9, */*" -> [text/html */*].
func mediaRanges(header string) []string {
	fields := strings.FieldsFunc(header, func(r rune) bool { return r == ',' })
	ranges := make([]string, 0, len(fields))
	for _, f := range fields {
		mt, _, err := mime.ParseMediaType(f)
		if err != nil {
			mt = strings.TrimSpace(strings.SplitN(f, ";", 2)[0])
		}
		if mt != "" {
			ranges = append(ranges, mt)
		}
	}
	return ranges
}
