package gin

import "strings"

func formDataMap(m map[string][]string, key string) (map[string]string, bool) {
	prefix := key + "["
	d := make(map[string]string)
	for k, v := range m {
		rest, ok := strings.CutPrefix(k, prefix)
		if !ok || len(rest) < 2 {
			continue
		}
		j := strings.IndexByte(rest, ']')
		if j <= 0 {
			continue
		}
		d[rest[:j]] = v[0]
	}
	return d, len(d) > 0
}
