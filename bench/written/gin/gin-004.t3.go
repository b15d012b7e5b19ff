package binding

import (
	"fmt"
	"reflect"
	"strings"
	"time"
)

// bindDuration fills a time.Duration field from a form value such as "1m30s".
// An empty value means zero.
func bindDuration(raw string, target reflect.Value) error {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		target.SetInt(0)
		return nil
	}
	dur, err := time.ParseDuration(raw)
	if err != nil {
		return fmt.Errorf("invalid duration %q: %w", raw, err)
	}
	target.SetInt(int64(dur))
	return nil
}
