package gin

func (p *LogFormatterParams) StatusColour() string {
	switch code := p.StatusCode; {
	case code >= 500:
		return red
	case code >= 400:
		return yellow
	case code >= 300:
		return white
	case code >= 200:
		return green
	case code >= 100:
		return white
	}
	return red
}
