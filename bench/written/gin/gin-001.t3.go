package gin

import (
	"crypto/sha256"
	"crypto/subtle"
)

// matchBasicAuth finds the account whose expected Authorization header equals
// header. Comparing fixed-size digests keeps the check constant-time.
func matchBasicAuth(pairs []authPair, header string) (string, bool) {
	if len(header) == 0 {
		return "", false
	}
	got := sha256.Sum256([]byte(header))
	for _, p := range pairs {
		want := sha256.Sum256([]byte(p.value))
		if subtle.ConstantTimeCompare(got[:], want[:]) == 1 {
			return p.user, true
		}
	}
	return "", false
}
