package gin

import (
	"net/http"
	"sync"
	"time"
)

type visitor struct {
	tokens float64
	last   time.Time
}

// RateLimit allows each client IP `perSecond` requests per second with bursts
// of up to `burst`, answering 429 when the budget is spent.
func RateLimit(perSecond float64, burst int) HandlerFunc {
	var mu sync.Mutex
	visitors := make(map[string]*visitor)
	return func(c *Context) {
		ip := c.ClientIP()
		now := time.Now()

		mu.Lock()
		v, ok := visitors[ip]
		if !ok {
			v = &visitor{tokens: float64(burst), last: now}
			visitors[ip] = v
		}
		v.tokens = min(float64(burst), v.tokens+now.Sub(v.last).Seconds()*perSecond)
		v.last = now
		allowed := v.tokens >= 1
		if allowed {
			v.tokens--
		}
		mu.Unlock()

		if !allowed {
			c.Header("Retry-After", "1")
			c.AbortWithStatus(http.StatusTooManyRequests)
			return
		}
		c.Next()
	}
}
