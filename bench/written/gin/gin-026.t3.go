package render

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
)

// EscapedJSON renders Data as JSON that only contains ASCII: every other
// rune is written as a \uXXXX escape.
type EscapedJSON struct {
	Data any
}

func (e EscapedJSON) Render(w http.ResponseWriter) error {
	e.WriteContentType(w)
	encoded, err := json.Marshal(e.Data)
	if err != nil {
		return err
	}
	var sb strings.Builder
	for _, r := range string(encoded) {
		if r < 128 {
			sb.WriteRune(r)
			continue
		}
		hex := strconv.FormatInt(int64(r), 16)
		sb.WriteString(`\u` + strings.Repeat("0", max(0, 4-len(hex))) + hex)
	}
	_, err = w.Write([]byte(sb.String()))
	return err
}

func (e EscapedJSON) WriteContentType(w http.ResponseWriter) {
	if w.Header().Get("Content-Type") == "" {
		w.Header().Set("Content-Type", "application/json")
	}
}
