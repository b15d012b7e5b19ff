package gin

import "strings"

func locateWildcard(path string) (wildcard string, i int, valid bool) {
	escaped := false
	for start := 0; start < len(path); start++ {
		c := path[start]
		if escaped {
			if c != ':' {
				panic("invalid escape string in path '" + path + "'")
			}
			escaped = false
			continue
		}
		if c == '\\' {
			escaped = true
			continue
		}
		if c != ':' && c != '*' {
			continue
		}
		rest := path[start+1:]
		end := strings.IndexByte(rest, '/')
		if end < 0 {
			end = len(rest)
		}
		name := rest[:end]
		return path[start : start+1+end], start, !strings.ContainsAny(name, ":*")
	}
	return "", -1, false
}
