package offline

// howMeasure finds the column an average with nothing after it applies to
// when the question asks "how ADJ" of a numeric column: "How old is each
// gender, on average?", "On average, how old are the members …". The
// adjective names the measure ("old" is the age column), and "how" right
// before it makes it the thing asked, so the average can only be of it.
// Only an average reads so: "how old … in total" is no English question.
// Every column the adjective may mean must be numeric and not a key, so
// an adjective that also names a text column stays unresolved. It returns
// the mention's index, or -1.
func (p *parser) howMeasure(agg string) int {
	if agg != "avg" {
		return -1
	}
	found := -1
	for j := 1; j < len(p.ms); j++ {
		h := p.ms[j-1]
		if h.kind != mStop || lower(h.text) != "how" || !p.isCol(j) || p.used[j] {
			continue
		}
		if !p.allNumeric(j) || found >= 0 {
			return -1
		}
		found = j
	}
	return found
}

// allNumeric reports whether every column mention j may mean can be
// averaged.
func (p *parser) allNumeric(j int) bool {
	for _, r := range p.ms[j].cols {
		if c := p.lx.col(r.table, r.col); !c.numeric || c.id {
			return false
		}
	}
	return true
}
