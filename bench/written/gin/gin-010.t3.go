package gin

import (
	"net/http"
	"strings"
)

// bestOffer returns the first of offers that the request's Accept header
// allows, honouring wildcards like "text/*" and "*/*". Without an Accept
// header the first offer wins; with no match it returns "".
func bestOffer(r *http.Request, offers []string) string {
	if len(offers) == 0 {
		panic("bestOffer: no offers")
	}
	header := r.Header.Get("Accept")
	var ranges []string
	for _, part := range strings.Split(header, ",") {
		if mt, _, _ := strings.Cut(part, ";"); strings.TrimSpace(mt) != "" {
			ranges = append(ranges, strings.TrimSpace(mt))
		}
	}
	if len(ranges) == 0 {
		return offers[0]
	}
	for _, want := range ranges {
		for _, offer := range offers {
			if want == offer || strings.HasPrefix(offer, strings.TrimSuffix(want, "*")) && strings.HasSuffix(want, "*") {
				return offer
			}
			if strings.HasSuffix(offer, "*") && strings.HasPrefix(want, strings.TrimSuffix(offer, "*")) {
				return offer
			}
		}
	}
	return ""
}
