package gin

import (
	"reflect"
	"runtime"
)

// listRoutes walks one method's routing tree and reports every path that has
// handlers, with the name of the final handler in its chain.
func listRoutes(method string, root *node) []RouteInfo {
	var out []RouteInfo
	var visit func(n *node, prefix string)
	visit = func(n *node, prefix string) {
		full := prefix + n.path
		if count := len(n.handlers); count > 0 {
			last := n.handlers[count-1]
			out = append(out, RouteInfo{
				Method:      method,
				Path:        full,
				Handler:     runtime.FuncForPC(reflect.ValueOf(last).Pointer()).Name(),
				HandlerFunc: last,
			})
		}
		for _, child := range n.children {
			visit(child, full)
		}
	}
	visit(root, "")
	return out
}
