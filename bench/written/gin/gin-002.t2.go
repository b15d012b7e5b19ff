package gin

func accountsToPairs(accounts Accounts) authPairs {
	if len(accounts) == 0 {
		panic("Empty list of authorized credentials")
	}
	pairs := authPairs{}
	for user, password := range accounts {
		if user == "" {
			panic("User can not be empty")
		}
		pairs = append(pairs, authPair{user: user, value: authorizationHeader(user, password)})
	}
	return pairs
}
