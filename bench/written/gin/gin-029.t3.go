package gin

import (
	"fmt"
	"reflect"
)

// errorBody builds the JSON object for an error response: a struct Meta is
// returned as is, a map Meta is merged into the object, anything else goes
// under "meta". "error" holds the message unless Meta already set it.
func errorBody(e *Error) any {
	out := map[string]any{}
	switch meta := e.Meta.(type) {
	case nil:
	case map[string]any:
		for k, v := range meta {
			out[k] = v
		}
	case H:
		for k, v := range meta {
			out[k] = v
		}
	default:
		rv := reflect.ValueOf(meta)
		switch rv.Kind() {
		case reflect.Struct:
			return meta
		case reflect.Map:
			for _, k := range rv.MapKeys() {
				out[fmt.Sprint(k.Interface())] = rv.MapIndex(k).Interface()
			}
		default:
			out["meta"] = meta
		}
	}
	if _, set := out["error"]; !set {
		out["error"] = e.Error()
	}
	return H(out)
}
