package gin

import "crypto/subtle"

func (a authPairs) userForCredential(authValue string) (user string, ok bool) {
	if authValue == "" {
		return "", false
	}
	given := []byte(authValue)
	for i := range a {
		if subtle.ConstantTimeCompare([]byte(a[i].value), given) != 1 {
			continue
		}
		user, ok = a[i].user, true
		break
	}
	return user, ok
}
