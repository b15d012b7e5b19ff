package gin

import "strings"

func squeezeChar(s string, char byte) string {
	if !strings.Contains(s, string([]byte{char, char})) {
		return s
	}
	buf := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == char && i > 0 && s[i-1] == char {
			continue
		}
		buf = append(buf, s[i])
	}
	return string(buf)
}
