package gin

func flattenRoutes(method string, root *node) RoutesInfo {
	type frame struct {
		prefix string
		n      *node
	}
	var routes RoutesInfo
	stack := []frame{{"", root}}
	for len(stack) > 0 {
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		path := top.prefix + top.n.path
		if len(top.n.handlers) > 0 {
			h := top.n.handlers.Last()
			routes = append(routes, RouteInfo{Method: method, Path: path, Handler: nameOfFunction(h), HandlerFunc: h})
		}
		for i := len(top.n.children) - 1; i >= 0; i-- {
			stack = append(stack, frame{path, top.n.children[i]})
		}
	}
	return routes
}
