package gin

import (
	"encoding/base64"
	"errors"
	"sort"
)

// credentialTable precomputes the "Basic …" header for every account, sorted
// by user so that the order is stable.
func credentialTable(accounts Accounts) ([]authPair, error) {
	if len(accounts) == 0 {
		return nil, errors.New("basic auth needs at least one account")
	}
	users := make([]string, 0, len(accounts))
	for u := range accounts {
		if u == "" {
			return nil, errors.New("basic auth user name is empty")
		}
		users = append(users, u)
	}
	sort.Strings(users)

	table := make([]authPair, len(users))
	for i, u := range users {
		token := base64.StdEncoding.EncodeToString([]byte(u + ":" + accounts[u]))
		table[i] = authPair{user: u, value: "Basic " + token}
	}
	return table, nil
}
