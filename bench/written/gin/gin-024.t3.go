package gin

import "path"

// groupPath combines a router group's base path with a route path, keeping a
// trailing slash when the route asked for one.
func groupPath(base, rel string) string {
	if len(rel) == 0 {
		return base
	}
	trailing := rel[len(rel)-1] == '/'
	out := path.Clean(base + "/" + rel)
	if trailing && out != "/" {
		out += "/"
	}
	return out
}
