package binding

import (
	"bytes"
	"strconv"
)

// indexedErrors formats a slice of per-element validation errors as
// "[index]: message" lines, skipping elements that passed.
func indexedErrors(errs []error) string {
	var buf bytes.Buffer
	first := true
	for idx := 0; idx < len(errs); idx++ {
		if errs[idx] == nil {
			continue
		}
		if !first {
			buf.WriteByte('\n')
		}
		first = false
		buf.WriteString("[" + strconv.Itoa(idx) + "]: " + errs[idx].Error())
	}
	return buf.String()
}
