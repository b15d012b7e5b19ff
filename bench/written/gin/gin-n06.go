package gin

import "strconv"

type Page struct {
	Number int
	Size   int
}

func (p Page) Offset() int { return (p.Number - 1) * p.Size }

// Pagination reads ?page= and ?per_page= with sane defaults and an upper bound.
func (c *Context) Pagination(defaultSize, maxSize int) Page {
	page, err := strconv.Atoi(c.Query("page"))
	if err != nil || page < 1 {
		page = 1
	}
	size, err := strconv.Atoi(c.Query("per_page"))
	switch {
	case err != nil || size < 1:
		size = defaultSize
	case size > maxSize:
		size = maxSize
	}
	return Page{Number: page, Size: size}
}
