package gin

func acceptMatches(accepted, offer string) bool {
	n := min(len(accepted), len(offer))
	for i := 0; i < n; i++ {
		if accepted[i] == '*' || offer[i] == '*' {
			return true
		}
		if accepted[i] != offer[i] {
			return false
		}
	}
	return n == len(accepted)
}

func (c *Context) ChooseFormat(offered ...string) string {
	if len(offered) == 0 {
		panic("you must provide at least one offer")
	}
	if c.Accepted == nil {
		c.Accepted = parseAccept(c.requestHeader("Accept"))
	}
	if len(c.Accepted) == 0 {
		return offered[0]
	}
	for _, accepted := range c.Accepted {
		for _, offer := range offered {
			if acceptMatches(accepted, offer) {
				return offer
			}
		}
	}
	return ""
}
