package gin

// statusBadge returns the ANSI color for a status code: green for success,
// yellow for client errors, red for server errors (and anything unknown),
// white for informational and redirect responses.
func statusBadge(code int) string {
	colors := map[int]string{1: white, 2: green, 3: white, 4: yellow}
	if c, ok := colors[code/100]; ok && code > 0 {
		return c
	}
	return red
}
