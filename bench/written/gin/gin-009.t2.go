package gin

import "net/http"

func responseMayHaveBody(status int) bool {
	if status >= http.StatusContinue && status < http.StatusOK {
		return false
	}
	return status != http.StatusNoContent && status != http.StatusNotModified
}
