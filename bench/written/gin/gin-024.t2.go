package gin

import (
	"path"
	"strings"
)

func joinURLPaths(absolutePath, relativePath string) string {
	if relativePath == "" {
		return absolutePath
	}
	joined := path.Join(absolutePath, relativePath)
	wantSlash := strings.HasSuffix(relativePath, "/")
	if wantSlash && !strings.HasSuffix(joined, "/") {
		joined += "/"
	}
	return joined
}
