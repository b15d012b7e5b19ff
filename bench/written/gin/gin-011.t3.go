package gin

import "slices"

// errorsOfType returns the errors whose type flags include typ; ErrorTypeAny
// keeps all of them.
func errorsOfType(list []*Error, typ ErrorType) []*Error {
	if len(list) == 0 {
		return nil
	}
	if typ == ErrorTypeAny {
		return list
	}
	return slices.DeleteFunc(slices.Clone(list), func(e *Error) bool {
		return e.Type&typ == 0
	})
}
