package gin

import (
	"sort"
	"strings"
)

// routeTable renders the registered routes as an aligned text table, sorted
// by path and method, for a /debug/routes page.
func routeTable(routes RoutesInfo) string {
	sorted := append(RoutesInfo(nil), routes...)
	sort.Slice(sorted, func(i, j int) bool {
		if sorted[i].Path != sorted[j].Path {
			return sorted[i].Path < sorted[j].Path
		}
		return sorted[i].Method < sorted[j].Method
	})
	width := 0
	for _, r := range sorted {
		width = max(width, len(r.Path))
	}
	var b strings.Builder
	for _, r := range sorted {
		b.WriteString(r.Method)
		b.WriteString(strings.Repeat(" ", 8-min(len(r.Method), 7)))
		b.WriteString(r.Path)
		b.WriteString(strings.Repeat(" ", width-len(r.Path)+2))
		b.WriteString(r.Handler)
		b.WriteByte('\n')
	}
	return b.String()
}
