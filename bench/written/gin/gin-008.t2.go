package gin

var forwardedSchemeHeaders = []string{"X-Forwarded-Proto", "X-Forwarded-Protocol"}

func (c *Context) OriginalScheme() string {
	if c.Request.TLS != nil {
		return "https"
	}
	for _, h := range forwardedSchemeHeaders {
		if v := c.requestHeader(h); v != "" {
			return v
		}
	}
	if c.requestHeader("X-Forwarded-Ssl") == "on" {
		return "https"
	}
	if v := c.requestHeader("X-Url-Scheme"); v != "" {
		return v
	}
	if c.Request.URL.Scheme != "" {
		return c.Request.URL.Scheme
	}
	return "http"
}
