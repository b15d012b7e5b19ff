package gin

// scanParam finds the first ":name" or "*name" segment in a route pattern.
// It returns the segment, its byte offset (-1 if none) and whether the name
// is free of further ':' or '*'. "\:" is a literal colon; any other escape panics.
func scanParam(route string) (string, int, bool) {
	i := 0
	for i < len(route) {
		switch route[i] {
		case '\\':
			if i+1 >= len(route) || route[i+1] != ':' {
				panic("invalid escape string in path '" + route + "'")
			}
			i += 2
			continue
		case ':', '*':
			j := i + 1
			ok := true
			for j < len(route) && route[j] != '/' {
				if route[j] == ':' || route[j] == '*' {
					ok = false
				}
				j++
			}
			return route[i:j], i, ok
		}
		i++
	}
	return "", -1, false
}
