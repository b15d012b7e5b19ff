package gin

import (
	"fmt"
	"strings"
)

func (a errorMsgs) Describe() string {
	lines := make([]string, 0, len(a)*2)
	for i, msg := range a {
		lines = append(lines, fmt.Sprintf("Error #%02d: %s\n", i+1, msg.Err))
		if msg.Meta != nil {
			lines = append(lines, fmt.Sprintf("     Meta: %v\n", msg.Meta))
		}
	}
	return strings.Join(lines, "")
}
