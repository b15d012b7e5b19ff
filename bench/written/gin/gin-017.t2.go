package gin

import "time"

var latencyColors = []struct {
	below time.Duration
	color string
}{
	{100 * time.Millisecond, white},
	{200 * time.Millisecond, green},
	{300 * time.Millisecond, cyan},
	{500 * time.Millisecond, blue},
	{time.Second, yellow},
	{2 * time.Second, magenta},
}

func (p *LogFormatterParams) LatencyColour() string {
	for _, step := range latencyColors {
		if p.Latency < step.below {
			return step.color
		}
	}
	return red
}
