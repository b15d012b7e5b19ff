package render

import (
	"encoding/csv"
	"net/http"
)

// CSV renders rows as text/csv with an optional header row.
type CSV struct {
	Header []string
	Rows   [][]string
}

var csvContentType = []string{"text/csv; charset=utf-8"}

func (r CSV) Render(w http.ResponseWriter) error {
	r.WriteContentType(w)
	cw := csv.NewWriter(w)
	if len(r.Header) > 0 {
		if err := cw.Write(r.Header); err != nil {
			return err
		}
	}
	if err := cw.WriteAll(r.Rows); err != nil {
		return err
	}
	return cw.Error()
}

func (r CSV) WriteContentType(w http.ResponseWriter) {
	writeContentType(w, csvContentType)
}
