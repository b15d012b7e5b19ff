package gin

import "strings"

func isSafePathRune(r rune) bool {
	switch {
	case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9':
		return true
	case r == '/', r == '-':
		return true
	}
	return false
}

func stripUnsafePathChars(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if isSafePathRune(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}
