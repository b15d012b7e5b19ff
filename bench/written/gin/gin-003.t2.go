package binding

import (
	"fmt"
	"reflect"
	"strings"
)

var collectionSeparators = map[string]string{
	"csv":   ",",
	"ssv":   " ",
	"tsv":   "\t",
	"pipes": "|",
}

func splitCollection(vs []string, field reflect.StructField) ([]string, error) {
	format := field.Tag.Get("collection_format")
	if format == "" || format == "multi" {
		return vs, nil
	}
	sep, ok := collectionSeparators[format]
	if !ok {
		return vs, fmt.Errorf("%s is not supported in the collection_format. (multi, csv, ssv, tsv, pipes)", format)
	}
	var out []string
	for _, v := range vs {
		out = append(out, strings.Split(v, sep)...)
	}
	return out, nil
}
