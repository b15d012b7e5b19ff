package gin

import (
	"reflect"
	"runtime"
)

// describeChain returns the fully qualified function names of a handler
// chain in order, skipping nil entries.
func describeChain(chain HandlersChain) []string {
	out := make([]string, 0, len(chain))
	for _, fn := range chain {
		if fn == nil {
			continue
		}
		pc := reflect.ValueOf(fn).Pointer()
		out = append(out, runtime.FuncForPC(pc).Name())
	}
	return out
}
