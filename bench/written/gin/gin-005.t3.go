package binding

import "fmt"

// assignText stores a text/plain body into a *string or *[]byte target.
func assignText(body []byte, target any) error {
	switch dst := target.(type) {
	case nil:
		return nil
	case *string:
		if dst != nil {
			*dst = string(body)
		}
		return nil
	case *[]byte:
		if dst != nil {
			*dst = body
		}
		return nil
	case **string:
		if dst != nil && *dst != nil {
			**dst = string(body)
		}
		return nil
	default:
		return fmt.Errorf("binding: text/plain cannot be decoded into %T", target)
	}
}
