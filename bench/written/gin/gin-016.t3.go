package gin

import "regexp"

var unsafePathChars = regexp.MustCompile(`[^A-Za-z0-9/\-]+`)

// cleanRedirectPath keeps only ASCII letters, digits, '/' and '-' so the path
// can be echoed in a redirect without escaping.
func cleanRedirectPath(p string) string {
	return unsafePathChars.ReplaceAllString(p, "")
}
