package gin

func (a errorMsgs) Filter(typ ErrorType) (result errorMsgs) {
	switch {
	case len(a) == 0:
		return nil
	case typ == ErrorTypeAny:
		return a
	}
	for i := range a {
		if a[i].IsType(typ) {
			result = append(result, a[i])
		}
	}
	return result
}
