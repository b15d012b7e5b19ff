package gin

import (
	"errors"
	"strconv"
	"strings"
)

var errBadRange = errors.New("invalid Range header")

// parseByteRange handles a single "bytes=start-end" range against a resource
// of the given size and returns inclusive offsets.
func parseByteRange(header string, size int64) (start, end int64, err error) {
	spec, ok := strings.CutPrefix(header, "bytes=")
	if !ok || strings.Contains(spec, ",") {
		return 0, 0, errBadRange
	}
	from, to, ok := strings.Cut(spec, "-")
	if !ok {
		return 0, 0, errBadRange
	}
	if from == "" {
		n, err := strconv.ParseInt(to, 10, 64)
		if err != nil || n <= 0 {
			return 0, 0, errBadRange
		}
		return max(0, size-n), size - 1, nil
	}
	if start, err = strconv.ParseInt(from, 10, 64); err != nil || start >= size {
		return 0, 0, errBadRange
	}
	end = size - 1
	if to != "" {
		if end, err = strconv.ParseInt(to, 10, 64); err != nil || end < start {
			return 0, 0, errBadRange
		}
		end = min(end, size-1)
	}
	return start, end, nil
}
