package offline

// "Where is the club named 'Tennis Club' located?" asks for the club's
// location: a question that begins "where is" and ends "located" (or
// "situated") is rewritten as "what is the location of the club named
// 'Tennis Club'", which the parser reads like any other column asked for.
// If the table has no column that "location" names, the question is
// refused as before. Other "where" questions ("where is the history
// department?") ask for the one place column of the rows named, and are
// refused when there is none or several (whenwhere.go).
func whereLocated(toks []token) []token {
	n := len(toks)
	if n < 4 || toks[0].kind != tokWord || toks[0].text != "where" || toks[n-1].kind != tokWord {
		return toks
	}
	switch toks[1].text {
	case "is", "are", "was", "were":
	default:
		return toks
	}
	switch toks[n-1].text {
	case "located", "situated":
	default:
		return toks
	}
	out := make([]token, 0, n+3)
	out = append(out, wordToken("what"), toks[1], wordToken("the"), wordToken("location"), wordToken("of"))
	return append(out, toks[2:n-1]...)
}
