package gin

import "strings"

// dedupeSlashes turns runs of sep into a single sep: "/a//b///c" -> "/a/b/c".
func dedupeSlashes(p string, sep byte) string {
	var b strings.Builder
	b.Grow(len(p))
	prevSep := false
	changed := false
	for i := range len(p) {
		c := p[i]
		if c == sep && prevSep {
			changed = true
			continue
		}
		prevSep = c == sep
		b.WriteByte(c)
	}
	if !changed {
		return p
	}
	return b.String()
}
