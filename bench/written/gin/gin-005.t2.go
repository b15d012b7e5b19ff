package binding

import (
	"fmt"
	"reflect"
)

func bindPlainText(data []byte, obj any) error {
	if obj == nil {
		return nil
	}
	v := reflect.ValueOf(obj)
	for ; v.Kind() == reflect.Ptr; v = v.Elem() {
		if v.IsNil() {
			return nil
		}
	}
	switch {
	case v.Kind() == reflect.String:
		v.SetString(string(data))
	case v.Type() == reflect.TypeOf([]byte(nil)):
		v.SetBytes(data)
	default:
		return fmt.Errorf("type (%T) unknown type", v)
	}
	return nil
}
