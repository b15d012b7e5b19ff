package gin

import "os"

func addrFromArgs(addr []string) string {
	if len(addr) > 1 {
		panic("too many parameters")
	}
	if len(addr) == 1 {
		return addr[0]
	}
	port := os.Getenv("PORT")
	if port == "" {
		debugPrint("Environment variable PORT is undefined. Using port :8080 by default")
		port = "8080"
	} else {
		debugPrint("Environment variable PORT=\"%s\"", port)
	}
	return ":" + port
}
