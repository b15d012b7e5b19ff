package binding

import (
	"fmt"
	"strings"
)

func (err SliceValidationError) Joined() string {
	parts := make([]string, 0, len(err))
	for i, e := range err {
		if e == nil {
			continue
		}
		parts = append(parts, fmt.Sprintf("[%d]: %s", i, e.Error()))
	}
	return strings.Join(parts, "\n")
}
