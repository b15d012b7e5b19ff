package binding

import (
	"fmt"
	"reflect"
)

// expandCollectionValues applies a struct field's `collection_format` tag
// (OpenAPI style) to raw form values: "a,b" with csv becomes ["a", "b"].
func expandCollectionValues(raw []string, sf reflect.StructField) ([]string, error) {
	var delim rune
	switch f := sf.Tag.Get("collection_format"); f {
	case "", "multi":
		return raw, nil
	case "csv":
		delim = ','
	case "ssv":
		delim = ' '
	case "tsv":
		delim = '\t'
	case "pipes":
		delim = '|'
	default:
		return raw, fmt.Errorf("binding: collection_format %q is not one of multi, csv, ssv, tsv, pipes", f)
	}

	expanded := make([]string, 0, len(raw))
	for _, item := range raw {
		start := 0
		for i, r := range item {
			if r == delim {
				expanded = append(expanded, item[start:i])
				start = i + 1
			}
		}
		expanded = append(expanded, item[start:])
	}
	return expanded, nil
}
