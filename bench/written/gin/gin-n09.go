package binding

import (
	"errors"
	"io"
	"net/http"
)

// ErrBodyTooLarge is returned when a request body exceeds the allowed size.
var ErrBodyTooLarge = errors.New("binding: request body too large")

// readLimited reads at most limit bytes of the request body and fails if
// there is more.
func readLimited(req *http.Request, limit int64) ([]byte, error) {
	if req.Body == nil {
		return nil, nil
	}
	if req.ContentLength > limit {
		return nil, ErrBodyTooLarge
	}
	data, err := io.ReadAll(io.LimitReader(req.Body, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, ErrBodyTooLarge
	}
	return data, nil
}
