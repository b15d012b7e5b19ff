package gin

// canSendBody reports whether a response with this status may include a
// message body (RFC 9110: never for 1xx, 204 No Content and 304 Not Modified).
func canSendBody(code int) bool {
	if code/100 == 1 {
		return false
	}
	switch code {
	case 204, 304:
		return false
	default:
		return true
	}
}
