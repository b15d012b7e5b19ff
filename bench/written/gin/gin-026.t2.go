package render

import (
	"bytes"
	"fmt"
	"net/http"
	"unicode/utf8"

	"github.com/gin-gonic/gin/codec/json"
)

func renderASCIIJSON(w http.ResponseWriter, data any) error {
	writeContentType(w, []string{"application/json"})
	raw, err := json.API.Marshal(data)
	if err != nil {
		return err
	}
	var out bytes.Buffer
	for len(raw) > 0 {
		r, size := utf8.DecodeRune(raw)
		if r < utf8.RuneSelf {
			out.WriteByte(raw[0])
		} else {
			fmt.Fprintf(&out, "\\u%04x", r)
		}
		raw = raw[size:]
	}
	_, err = w.Write(out.Bytes())
	return err
}
