package gin

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
)

type CORSOptions struct {
	AllowOrigins []string
	AllowMethods []string
	AllowHeaders []string
	MaxAge       int
}

func CORS(opts CORSOptions) HandlerFunc {
	methods := strings.Join(opts.AllowMethods, ", ")
	headers := strings.Join(opts.AllowHeaders, ", ")
	return func(c *Context) {
		origin := c.GetHeader("Origin")
		if origin == "" {
			c.Next()
			return
		}
		if !slices.Contains(opts.AllowOrigins, "*") && !slices.Contains(opts.AllowOrigins, origin) {
			c.AbortWithStatus(http.StatusForbidden)
			return
		}
		c.Header("Access-Control-Allow-Origin", origin)
		c.Header("Vary", "Origin")
		if c.Request.Method != http.MethodOptions {
			c.Next()
			return
		}
		c.Header("Access-Control-Allow-Methods", methods)
		c.Header("Access-Control-Allow-Headers", headers)
		if opts.MaxAge > 0 {
			c.Header("Access-Control-Max-Age", strconv.Itoa(opts.MaxAge))
		}
		c.AbortWithStatus(http.StatusNoContent)
	}
}
