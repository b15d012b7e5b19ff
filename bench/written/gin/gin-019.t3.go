package gin

import (
	"bytes"
	"os"
)

// codeLine loads file and returns its zero-based line idx without surrounding
// whitespace; a line past the end yields "".
func codeLine(path string, idx int) (string, error) {
	if idx < 0 {
		return "", nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	lines := bytes.Split(data, []byte("\n"))
	if idx >= len(lines) {
		return "", nil
	}
	return string(bytes.TrimSpace(lines[idx])), nil
}
