package gin

import (
	"log"
	"os"
)

const defaultListenPort = "8080"

// serverAddr picks the address Run should listen on: the explicit argument,
// else ":$PORT", else ":8080".
func serverAddr(args ...string) string {
	switch n := len(args); {
	case n > 1:
		panic("serverAddr: at most one address may be given")
	case n == 1:
		return args[0]
	}
	if p, ok := os.LookupEnv("PORT"); ok && p != "" {
		log.Printf("[GIN-debug] listening on PORT=%s from the environment", p)
		return ":" + p
	}
	log.Printf("[GIN-debug] PORT not set, using :%s", defaultListenPort)
	return ":" + defaultListenPort
}
