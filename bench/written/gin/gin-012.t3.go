package gin

import (
	"bytes"
	"fmt"
	"strconv"
)

// dumpErrors lists the errors collected on a context, one numbered entry per
// error plus an indented meta line when metadata was attached.
func dumpErrors(errs []*Error) string {
	if len(errs) == 0 {
		return ""
	}
	var out bytes.Buffer
	for n, e := range errs {
		num := strconv.Itoa(n + 1)
		if len(num) < 2 {
			num = "0" + num
		}
		out.WriteString("Error #" + num + ": " + e.Err.Error() + "\n")
		if e.Meta == nil {
			continue
		}
		out.WriteString("     Meta: " + fmt.Sprint(e.Meta) + "\n")
	}
	return out.String()
}
