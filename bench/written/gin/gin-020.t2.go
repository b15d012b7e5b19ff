package gin

import (
	"runtime"
	"strings"
)

func shortFuncName(pc uintptr) string {
	fn := runtime.FuncForPC(pc)
	if fn == nil {
		return dunno
	}
	name := fn.Name()
	name = name[strings.LastIndexByte(name, '/')+1:]
	if _, after, found := strings.Cut(name, "."); found {
		name = after
	}
	return strings.ReplaceAll(name, "·", ".")
}
