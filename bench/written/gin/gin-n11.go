package gin

import (
	"net/http"
	"runtime"
	"time"
)

// HealthHandler reports uptime and a few runtime figures for liveness probes.
func HealthHandler(started time.Time, version string) HandlerFunc {
	return func(c *Context) {
		var mem runtime.MemStats
		runtime.ReadMemStats(&mem)
		c.JSON(http.StatusOK, H{
			"status":     "ok",
			"version":    version,
			"uptime":     time.Since(started).Round(time.Second).String(),
			"goroutines": runtime.NumGoroutine(),
			"heap_bytes": mem.HeapAlloc,
		})
	}
}
