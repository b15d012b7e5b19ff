package gin

import (
	"strconv"
	"strings"
)

func versionMinor(v string) (uint64, error) {
	_, rest, _ := strings.Cut(v, ".")
	minor, _, _ := strings.Cut(rest, ".")
	if strings.Count(v, ".") == 1 {
		minor = rest
	}
	return strconv.ParseUint(minor, 10, 64)
}
