package binding

import (
	"reflect"
	"time"
)

func setDurationValue(val string, value reflect.Value) (err error) {
	var d time.Duration
	if val != "" {
		if d, err = time.ParseDuration(val); err != nil {
			return err
		}
	}
	value.Set(reflect.ValueOf(d))
	return nil
}
