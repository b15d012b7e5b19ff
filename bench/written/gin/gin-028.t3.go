package gin

import (
	"runtime"
	"strconv"
	"strings"
)

// goMinor extracts the minor release from a Go version string: "go1.24.2"
// and "go1.24" both give 24. Defaults to runtime.Version().
func goMinor(version ...string) (uint64, error) {
	v := runtime.Version()
	if len(version) > 0 {
		v = version[0]
	}
	fields := strings.Split(v, ".")
	if len(fields) < 2 {
		return strconv.ParseUint("", 10, 64)
	}
	return strconv.ParseUint(fields[1], 10, 64)
}
