package gin

import "regexp"

var bracketKey = regexp.MustCompile(`^([^\[]+)\[([^\]]+)\]`)

// nestedFormValues turns form keys like "user[name]" and "user[email]" into
// {"name": ..., "email": ...} for the given prefix ("user").
func nestedFormValues(form map[string][]string, name string) (map[string]string, bool) {
	out := map[string]string{}
	ok := false
	for field, values := range form {
		m := bracketKey.FindStringSubmatch(field)
		if m == nil || m[1] != name {
			continue
		}
		out[m[2]] = values[0]
		ok = true
	}
	return out, ok
}
