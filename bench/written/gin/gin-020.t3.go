package gin

import (
	"path"
	"runtime"
	"strings"
)

// callerName resolves a program counter to "Type.method" without the import
// path or package name, e.g. "github.com/x/y.(*T).Do" -> "(*T).Do".
func callerName(pc uintptr) string {
	f := runtime.FuncForPC(pc)
	if f == nil {
		return "???"
	}
	base := path.Base(f.Name())
	if dot := strings.Index(base, "."); dot != -1 {
		base = base[dot+1:]
	}
	return strings.Replace(base, "\u00b7", ".", -1)
}
