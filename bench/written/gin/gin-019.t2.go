package gin

import (
	"bufio"
	"os"
	"strings"
)

func lineAt(file string, n int) (line string, err error) {
	if n < 0 {
		return "", nil
	}
	f, err := os.Open(file)
	if err != nil {
		return "", err
	}
	defer f.Close()

	scanner := bufio.NewScanner(f)
	for i := 0; scanner.Scan(); i++ {
		if i == n {
			return strings.TrimSpace(scanner.Text()), nil
		}
	}
	return "", nil
}
