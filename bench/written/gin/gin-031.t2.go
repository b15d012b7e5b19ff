package gin

func (c *Context) HandlerChainNames() (names []string) {
	for i := range c.handlers {
		if h := c.handlers[i]; h != nil {
			names = append(names, nameOfFunction(h))
		}
	}
	if names == nil {
		names = []string{}
	}
	return names
}
