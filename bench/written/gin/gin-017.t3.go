package gin

import "time"

// colorForDuration maps a request duration to an ANSI background, from white
// for fast requests to red for anything of two seconds or more.
func colorForDuration(d time.Duration) string {
	ms := d.Milliseconds()
	if ms >= 2000 {
		return red
	}
	if ms >= 1000 {
		return magenta
	}
	if ms >= 500 {
		return yellow
	}
	if ms >= 300 {
		return blue
	}
	if ms >= 200 {
		return cyan
	}
	if ms >= 100 {
		return green
	}
	return white
}
