package gin

import "reflect"

func (msg *Error) AsJSON() any {
	data := H{}
	if msg.Meta != nil {
		value := reflect.ValueOf(msg.Meta)
		if value.Kind() == reflect.Struct {
			return msg.Meta
		}
		if value.Kind() != reflect.Map {
			data["meta"] = msg.Meta
		} else {
			iter := value.MapRange()
			for iter.Next() {
				data[iter.Key().String()] = iter.Value().Interface()
			}
		}
	}
	if _, exists := data["error"]; !exists {
		data["error"] = msg.Error()
	}
	return data
}
