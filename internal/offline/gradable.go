package offline

import (
	"slices"
	"strings"
)

// Gradable adjectives: words that name a measure without naming its
// column. "The heaviest player" ranks by the player's one weight column,
// "cars faster than 200" compares its one speed column, "the highest
// mountain" ranks mountains by their height and "the youngest
// organization" by the date it was formed, latest first. Each adjective
// grades one measure, in one direction, and the column is taken only when
// exactly one column of the ranked table is named for that measure; two
// such columns, or none, refuse as before. When the question's table has
// none, a table one foreign key away that the question names may hold it
// ("the country that has the highest roller coaster").

// The measures graded by the adjectives of this file.
const (
	adjWeight    adjKind = adjHeight + 1 + iota // heavy, light
	adjSpeed                                    // fast, slow
	adjWealth                                   // rich, poor
	adjHeat                                     // hot, cold
	adjDistance                                 // far
	adjTraffic                                  // busy
	adjElevation                                // high, low, before a table
	adjSize                                     // large, big, small, before a table
	adjPay                                      // highest paid, earns the most
)

// measure describes what an adjective grades: the words of the columns
// that hold it, tried tier by tier (a later tier only when no column
// matches an earlier one), and its name for messages.
type measure struct {
	tiers [][]string
	what  string
}

// measures are the measures of gradable adjectives. Each word is general
// English for a column holding the measure; a weaker word ("income" for
// wealth) sits in a later tier, read only when nothing stronger is there.
var measures = map[adjKind]measure{
	adjWeight:    {tiers: [][]string{{"weight", "mass"}}, what: "weight"},
	adjSpeed:     {tiers: [][]string{{"speed", "velocity"}}, what: "speed"},
	adjWealth:    {tiers: [][]string{{"wealth", "worth", "fortune"}, {"income", "money", "salary"}}, what: "wealth"},
	adjHeat:      {tiers: [][]string{{"temperature", "temp"}}, what: "temperature"},
	adjDistance:  {tiers: [][]string{{"distance"}}, what: "distance"},
	adjPay:       {tiers: [][]string{{"salary", "wage", "wages", "pay", "earnings"}}, what: "salary"},
	adjTraffic:   {tiers: [][]string{{"passengers", "passenger", "visitors", "visitor", "traffic"}}, what: "passenger or visitor count"},
	adjElevation: {tiers: [][]string{{"height", "altitude", "elevation"}}, what: "height"},
	// "The largest city" may be the one of the greatest area or of the
	// greatest population: a table with both is refused.
	adjSize: {tiers: [][]string{{"size", "area", "capacity", "population"}}, what: "size"},
}

// gradeKeywords are the superlatives and comparatives of the measures
// above, and of price. A phrase words.go or order.go already holds keeps
// its meaning there ("most popular" counts rows).
var gradeKeywords = map[string]keyword{
	"heaviest": {kind: kwAdj, adj: adjWeight, desc: true}, "lightest": {kind: kwAdj, adj: adjWeight},
	"fastest": {kind: kwAdj, adj: adjSpeed, desc: true}, "quickest": {kind: kwAdj, adj: adjSpeed, desc: true},
	"slowest": {kind: kwAdj, adj: adjSpeed},
	"richest": {kind: kwAdj, adj: adjWealth, desc: true}, "wealthiest": {kind: kwAdj, adj: adjWealth, desc: true},
	"poorest": {kind: kwAdj, adj: adjWealth},
	"hottest": {kind: kwAdj, adj: adjHeat, desc: true}, "warmest": {kind: kwAdj, adj: adjHeat, desc: true},
	"coldest":  {kind: kwAdj, adj: adjHeat},
	"farthest": {kind: kwAdj, adj: adjDistance, desc: true}, "furthest": {kind: kwAdj, adj: adjDistance, desc: true},
	"busiest": {kind: kwAdj, adj: adjTraffic, desc: true},
	// Verbs of a measure ranked: "the staff who get paid the least",
	// "the highest paid instructor". "Cost the most" is left out: it may
	// also sum what was spent on a thing.
	"paid the most": {kind: kwAdj, adj: adjPay, desc: true}, "paid the least": {kind: kwAdj, adj: adjPay},
	"earns the most": {kind: kwAdj, adj: adjPay, desc: true}, "earn the most": {kind: kwAdj, adj: adjPay, desc: true},
	"earns the least": {kind: kwAdj, adj: adjPay}, "earn the least": {kind: kwAdj, adj: adjPay},
	"highest paid": {kind: kwAdj, adj: adjPay, desc: true}, "best paid": {kind: kwAdj, adj: adjPay, desc: true},
	"lowest paid": {kind: kwAdj, adj: adjPay}, "highest earning": {kind: kwAdj, adj: adjPay, desc: true},
	"lowest earning":  {kind: kwAdj, adj: adjPay},
	"weighs the most": {kind: kwAdj, adj: adjWeight, desc: true}, "weigh the most": {kind: kwAdj, adj: adjWeight, desc: true},
	"weighs the least": {kind: kwAdj, adj: adjWeight}, "weigh the least": {kind: kwAdj, adj: adjWeight},
	"eldest":      {kind: kwAdj, adj: adjAge, desc: true},
	"most senior": {kind: kwAdj, adj: adjAge, desc: true}, "most junior": {kind: kwAdj, adj: adjAge},
	"least expensive": {kind: kwAdj, adj: adjPrice}, "most pricey": {kind: kwAdj, adj: adjPrice, desc: true},

	// Comparatives with a number: the one column of the measure.
	"heavier than": {kind: kwCmp, op: ">", adj: adjWeight}, "lighter than": {kind: kwCmp, op: "<", adj: adjWeight},
	"faster than": {kind: kwCmp, op: ">", adj: adjSpeed}, "slower than": {kind: kwCmp, op: "<", adj: adjSpeed},
	"hotter than": {kind: kwCmp, op: ">", adj: adjHeat}, "warmer than": {kind: kwCmp, op: ">", adj: adjHeat},
	"colder than":         {kind: kwCmp, op: "<", adj: adjHeat},
	"farther than":        {kind: kwCmp, op: ">", adj: adjDistance},
	"more expensive than": {kind: kwCmp, op: ">", adj: adjPrice}, "pricier than": {kind: kwCmp, op: ">", adj: adjPrice},
	"costlier than": {kind: kwCmp, op: ">", adj: adjPrice}, "cheaper than": {kind: kwCmp, op: "<", adj: adjPrice},
	"less expensive than": {kind: kwCmp, op: "<", adj: adjPrice},
	"richer than":         {kind: kwCmp, op: ">", adj: adjWealth}, "poorer than": {kind: kwCmp, op: "<", adj: adjWealth},

	// Directions of a sort spelled with superlatives ("sorted by cost
	// from the highest to the lowest", "cheapest first").
	"from highest to lowest":   {kind: kwDesc, desc: true},
	"from lowest to highest":   {kind: kwAsc},
	"from largest to smallest": {kind: kwDesc, desc: true},
	"from smallest to largest": {kind: kwAsc},
	"from biggest to smallest": {kind: kwDesc, desc: true}, "from smallest to biggest": {kind: kwAsc},
	"from priciest to cheapest": {kind: kwDesc, desc: true}, "from cheapest to priciest": {kind: kwAsc},
	"most expensive first": {kind: kwDesc, desc: true}, "cheapest first": {kind: kwAsc},
	"from newest to oldest": {kind: kwAsc, adj: adjAge}, "from oldest to newest": {kind: kwDesc, desc: true, adj: adjAge},
	"newest first": {kind: kwDesc, desc: true}, "latest first": {kind: kwDesc, desc: true},
	"most recent first": {kind: kwDesc, desc: true}, "earliest first": {kind: kwAsc},
	// Of age the direction depends on the column: the oldest first is the
	// greatest age but the earliest birth date (reversedGrade).
	"from old to young": {kind: kwDesc, desc: true, adj: adjAge}, "from young to old": {kind: kwAsc, adj: adjAge},
	"from oldest to youngest": {kind: kwDesc, desc: true, adj: adjAge}, "from youngest to oldest": {kind: kwAsc, adj: adjAge},
	"oldest first": {kind: kwDesc, desc: true, adj: adjAge}, "youngest first": {kind: kwAsc, adj: adjAge},
}

// init adds gradeKeywords to keywords; a phrase already there keeps its
// meaning.
func init() {
	for k, v := range gradeKeywords {
		if _, dup := keywords[k]; !dup {
			keywords[k] = v
		}
	}
}

// extremeGrades maps the superlatives the parser reads as a maximum or a
// minimum of a named column to the measure they grade when a table, not
// a column, follows them: "the highest mountain" is the tallest one, "the
// largest classroom" the one of the greatest size.
var extremeGrades = map[string]adjKind{
	"highest": adjElevation, "lowest": adjElevation,
	"largest": adjSize, "biggest": adjSize, "smallest": adjSize,
}

// priceFallback are the words of a price column read only when no column
// says price or cost: what is charged, in the schema's own word.
// "rate" and "amount" are left out: an interest rate or a paid amount is
// no price.
var priceFallback = setOf("fee", "fees", "charge", "charges", "fare", "fares")

// agedWords name the date or year a thing began: the oldest thing has the
// earliest of them, as the oldest person has the earliest birth date.
var agedWords = setOf("birth", "born", "founded", "established", "formed", "opened", "opening", "built",
	"created", "creation", "foundation", "founding", "inception", "launched", "launch")

// isAgeCol reports whether a column holds an age in years: numeric and
// named "age". Every other column "oldest" ranks by is a date or year of
// beginning, ranked in reverse.
func isAgeCol(c *colInfo) bool {
	return c.numeric && !c.year && slices.Contains(c.words, "age")
}

// gradedCols returns the columns of t that hold the measure adjective
// kind k grades, tier by tier, or nil when k is not one of this file's.
func gradedCols(k adjKind, t *tableInfo) []*colInfo {
	m, ok := measures[k]
	if !ok {
		return nil
	}
	for _, tier := range m.tiers {
		words := setOf(tier...)
		var out []*colInfo
		for _, c := range t.cols {
			if c != nil && c.numeric && !c.id && anyWord(c.words, words) {
				out = append(out, c)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// moreAgeCols are the columns "oldest" ranks by when t has no age and no
// birth date: a date or year of beginning ("date_formed",
// "founded_year", "year_opened").
func moreAgeCols(t *tableInfo) []*colInfo {
	var out []*colInfo
	for _, c := range t.cols {
		if c != nil && (c.date || c.year) && anyWord(c.words, agedWords) {
			out = append(out, c)
		}
	}
	return out
}

// morePriceCols are the columns "cheapest" ranks by when t has no price
// and no cost column.
func morePriceCols(t *tableInfo) []*colInfo {
	var out []*colInfo
	for _, c := range t.cols {
		if c != nil && c.numeric && !c.id && anyWord(c.words, priceFallback) {
			out = append(out, c)
		}
	}
	return out
}

// gradeWhat names the measure of kind k for messages, "" when k is not
// one of this file's.
func gradeWhat(k adjKind) string {
	return measures[k].what
}

// adjCols returns the columns of t adjective kind k ranks or compares by,
// strongest reading first: for age, a numeric age, else a birth date,
// else a date or year of beginning; for price, a price or cost, else a
// fee or charge.
func adjCols(k adjKind, t *tableInfo, compare bool) []*colInfo {
	var cands []*colInfo
	switch k {
	case adjRecency:
		for _, c := range t.cols {
			if c != nil && c.date {
				cands = append(cands, c)
			}
		}
		if len(cands) == 0 {
			// No date: a year column ("published_year") orders by
			// recency too.
			for _, c := range t.cols {
				if c != nil && c.year {
					cands = append(cands, c)
				}
			}
		}
	case adjAge:
		for _, c := range t.cols {
			if c != nil && isAgeCol(c) {
				cands = append(cands, c)
			}
		}
		if len(cands) > 0 || compare {
			return cands // "older than 30" compares an age, never a date
		}
		for _, c := range t.cols {
			if c != nil && c.date && slices.Contains(c.words, "birth") {
				cands = append(cands, c)
			}
		}
		if len(cands) == 0 {
			cands = moreAgeCols(t)
		}
	case adjPrice:
		for _, c := range t.cols {
			if c != nil && c.numeric && anyWord(c.words, priceWords) {
				cands = append(cands, c)
			}
		}
		if len(cands) == 0 {
			cands = morePriceCols(t)
		}
	case adjLength:
		for _, c := range t.cols {
			if c != nil && isLengthCol(c) {
				cands = append(cands, c)
			}
		}
		if len(cands) == 0 && !compare {
			cands = heightCols(t)
		}
	case adjHeight:
		for _, c := range t.cols {
			if c != nil && isHeightCol(c) {
				cands = append(cands, c)
			}
		}
	default:
		cands = gradedCols(k, t)
	}
	return cands
}

// nearGraded returns the columns of kind k in the tables one foreign key
// away from the subject that the question names, when the subject holds
// none: "parties with hosts older than 50" compares the host's age.
// More than one such table holding the measure gives every column, for
// the caller to refuse.
func (r *resolver) nearGraded(k adjKind, compare bool) []*colInfo {
	var out []*colInfo
	for _, t := range r.lx.tables {
		if t == r.subject || !oneKeyAway(r.subject, t) || !r.namesTable(t) {
			continue
		}
		out = append(out, adjCols(k, t, compare)...)
	}
	return out
}

// qualifiesNext reports whether the ordering adjective i qualifies the
// table mention n right after it rather than the rows asked about ("the
// country that has the highest roller coaster"): a mention naming only
// tables comes before, none of which holds the measure, and n's table
// does.
func (p *parser) qualifiesNext(i, n int) bool {
	k := p.ms[i].kw.adj
	if !p.isTable(n) || p.used[n] || len(p.ms[n].cols) > 0 || !p.holdsGrade(n, k) {
		return false
	}
	for j := i - 1; j >= 0 && (p.ms[j].kind == mStop || p.ms[j].kind == mNumber); j-- {
		if lower(p.ms[j].text) == "of" {
			return false // "the details of the 3 cheapest hotels": the hotels are asked about
		}
	}
	before := false
	for j := 0; j < i; j++ {
		if !p.isTable(j) || p.used[j] {
			continue
		}
		if len(p.ms[j].cols) > 0 || p.holdsGrade(j, k) {
			return false
		}
		before = true
	}
	return before
}

// holdsGrade reports whether a table table mention j names holds a
// column of the measure of adjective kind k.
func (p *parser) holdsGrade(j int, k adjKind) bool {
	for _, ref := range strongest(p.ms[j].tables, classSynonym) {
		if len(adjCols(k, p.lx.tables[ref.table], false)) > 0 {
			return true
		}
	}
	return false
}

// oneKeyAway reports whether a foreign key joins tables a and b directly.
func oneKeyAway(a, b *tableInfo) bool {
	return len(a.parents[b.idx]) > 0 || len(b.parents[a.idx]) > 0
}

// reversedGrade reports whether ranking by column c reverses the
// adjective's direction: the oldest has the earliest birth or founding
// date, the smallest year.
func reversedGrade(k adjKind, c *colInfo) bool {
	return k == adjAge && !isAgeCol(c)
}

// extremeGrade reads a maximum or minimum word i followed by the
// singular table mention y it qualifies ("the highest mountain", "the
// largest classroom") as the adjective of the measure it grades, and
// reports whether it did. The ranking it makes is the one a kwAdj word
// makes, of y's rows by y's one column of that measure.
func (p *parser) extremeGrade(i, y int) bool {
	k, ok := extremeGrades[lower(p.ms[i].text)]
	if !ok || y != i+1 || !p.isTable(y) || p.used[y] || p.ms[y].plural || p.f.rows || p.f.countRank || p.f.agg != "" {
		return false
	}
	p.ms[i].kw = keyword{kind: kwAdj, adj: k, desc: p.ms[i].kw.kind == kwMax}
	p.f.adjOf = y
	p.rankAdjective(i)
	return true
}

// cmpGrades are the comparisons that, with no column named before them,
// compare the measure they grade: "mountains higher than 5600" compare
// heights, "rooms larger than 30" sizes. Written after a column ("price
// higher than 300") they compare that column, as any comparison does.
var cmpGrades = map[string]adjKind{
	"higher than": adjElevation, "lower than": adjElevation,
	"larger than": adjSize, "bigger than": adjSize, "smaller than": adjSize,
}

// cmpGrade returns the measure comparison mention k compares when no
// column is named: its own (a comparative of this file or order.go), or
// that of a general comparative, read so only when a table the question
// names holds a column of the measure, and not after "and" or "or" that
// follow a comparison of a named column ("population bigger than 1500
// or smaller than 500" compares the population twice). Zero: none.
func (p *parser) cmpGrade(k int) adjKind {
	if a := p.ms[k].kw.adj; a != 0 {
		return a
	}
	g, ok := cmpGrades[lower(p.ms[k].text)]
	if !ok {
		return 0
	}
	if c := p.prev(k); p.is(c, kwAnd, kwOr, kwComma) {
		fs := p.f.filters
		if len(fs) == 0 || fs[len(fs)-1].col >= 0 {
			return 0
		}
	}
	for j := range p.ms {
		if !p.isTable(j) {
			continue
		}
		for _, ref := range strongest(p.ms[j].tables, classSynonym) {
			if len(adjCols(g, p.lx.tables[ref.table], true)) > 0 {
				return g
			}
		}
	}
	return 0
}

// positiveSuperlatives map the plain form of a gradable adjective to the
// superlative the parser reads, for "the top 3 expensive rooms", where
// the ranking word already says "most".
var positiveSuperlatives = map[string][]string{
	"expensive": {"most", "expensive"}, "costly": {"most", "costly"}, "cheap": {"cheapest"},
	"old": {"oldest"}, "young": {"youngest"}, "recent": {"most", "recent"}, "new": {"newest"},
	"long": {"longest"}, "short": {"shortest"}, "tall": {"tallest"}, "heavy": {"heaviest"},
	"fast": {"fastest"}, "slow": {"slowest"}, "rich": {"richest"}, "wealthy": {"wealthiest"},
	"busy": {"busiest"},
}

// fromToWords are the superlatives a direction "from X to Y" is spelled
// with; fromToShort gives the one-word form of those in two words.
var (
	fromToWords = setOf("highest", "lowest", "largest", "smallest", "biggest", "oldest", "youngest",
		"newest", "cheapest", "priciest", "most", "least")
	fromToShort = map[string]string{"most recent": "newest", "most recently": "newest", "latest": "newest",
		"most expensive": "priciest", "least expensive": "cheapest"}
)

// fromToStart reports whether toks hold at j a direction spelled "from
// X to Y" with a gradable X: "sorted from the youngest to the oldest"
// keeps the direction alone, as "sorted from most to least" does.
func fromToStart(toks []token, j int) bool {
	if !hasWords(toks, j, "from") {
		return false
	}
	k := j + 1
	if hasWords(toks, k, "the") {
		k++
	}
	return k < len(toks) && (fromToWords[toks[k].text] || fromToPlain[toks[k].text])
}

// fromToPlain are the plain adjectives of directions ("from old to
// young", "from low to high").
var fromToPlain = setOf("old", "young", "low", "high", "small", "large", "cheap", "expensive")

// fromToDirections rewrites "from the highest to the lowest" as "from
// highest to lowest" and "from oldest to most recent" as "from oldest to
// newest": the short keyword phrases of a direction.
func fromToDirections(toks []token) []token {
	for i := 0; i+3 < len(toks); i++ {
		if toks[i].text != "from" {
			continue
		}
		j := i + 1
		if toks[j].text == "the" {
			j++
		}
		if j >= len(toks) || !fromToWords[toks[j].text] {
			continue
		}
		out := append(make([]token, 0, len(toks)), toks[:i+1]...)
		rest, ok := fromToEnd(toks[j:])
		if !ok {
			continue
		}
		return append(out, rest...)
	}
	return toks
}

// fromToEnd rewrites "X to the Y …" (toks from X on) as "X to Y …", each
// of X and Y in its one-word form, and reports whether toks began so.
func fromToEnd(toks []token) ([]token, bool) {
	var out []token
	k, words := 0, 0
	for words < 2 && k < len(toks) {
		if words == 1 {
			if toks[k].text != "to" {
				return nil, false
			}
			out = append(out, toks[k])
			k++
			if k < len(toks) && toks[k].text == "the" {
				k++
			}
		}
		if k+1 < len(toks) {
			if w, ok := fromToShort[toks[k].text+" "+toks[k+1].text]; ok {
				out = append(out, wordToken(w))
				k, words = k+2, words+1
				continue
			}
		}
		if k >= len(toks) || !fromToWords[toks[k].text] && fromToShort[toks[k].text] == "" {
			return nil, false
		}
		if w := fromToShort[toks[k].text]; w != "" {
			out = append(out, wordToken(w))
		} else {
			out = append(out, toks[k])
		}
		k, words = k+1, words+1
	}
	if words < 2 {
		return nil, false
	}
	return append(out, toks[k:]...), true
}

// topPositives rewrites a plain gradable adjective right after "top N"
// as its superlative: "the top 3 expensive rooms" ranks as "the top 3
// most expensive rooms". Anywhere else a plain adjective ("rooms that
// are expensive") ranks nothing and is left alone.
func topPositives(toks []token) []token {
	for i := 0; i+2 < len(toks); i++ {
		sup, ok := positiveSuperlatives[toks[i+2].text]
		if toks[i].text != "top" || toks[i+1].kind != tokNumber || !ok {
			continue
		}
		out := make([]token, 0, len(toks)+1)
		out = append(out, toks[:i+2]...)
		for _, w := range sup {
			out = append(out, wordToken(w))
		}
		return append(out, toks[i+3:]...)
	}
	return toks
}

// gradedClauseAfter reports whether table mention t is followed by a
// relative clause comparing a measure of it ("volumes by artists who are
// at most 25 years old", "songs by singers older than 40"): "by" before
// it names who made the rows, not a grouping.
func (p *parser) gradedClauseAfter(t int) bool {
	j := t + 1
	if j >= len(p.ms) || p.ms[j].kind != mStop || !whoWords[lower(p.ms[j].text)] {
		return false
	}
	for k := j + 1; k < len(p.ms) && k <= j+4; k++ {
		m := p.ms[k]
		if m.kind == mKeyword && m.kw.kind == kwCmp && (m.kw.age || m.kw.adj != 0 || p.yearsOld(k+1)) {
			return true
		}
	}
	return false
}

// whoWords open a relative clause.
var whoWords = setOf("that", "who", "which", "whose")

// fromOneEnd returns a direction given by one end only ("the titles of
// movies from the most recent", "from the highest"), ending its clause:
// a sort whose other end the question leaves unsaid. Read as a
// superlative it would keep one row where the asker wants them all in
// order, so it is refused. ok is false when "from" starts no such phrase,
// when "to" names the other end (fromToDirections), or when a noun
// follows ("movies from the most recent year" keeps that year's rows).
func fromOneEnd(toks []token) (string, bool) {
	for i, t := range toks {
		if t.kind != tokWord || t.text != "from" {
			continue
		}
		j := i + 1
		if hasWords(toks, j, "the") {
			j++
		}
		k := j
		switch {
		case k+1 < len(toks) && fromToShort[toks[k].text+" "+toks[k+1].text] != "":
			k += 2
		case k+1 < len(toks) && (toks[k].text == "most" || toks[k].text == "least"):
			k += 2
		case k < len(toks) && toks[k].text != "most" && toks[k].text != "least" && (fromToWords[toks[k].text] || fromToShort[toks[k].text] != ""):
			k++
		default:
			continue
		}
		if k == len(toks) || toks[k].text == "," || toks[k].text == "and" {
			words := make([]string, 0, k-i)
			for _, w := range toks[i:k] {
				words = append(words, w.raw)
			}
			return strings.Join(words, " "), true
		}
	}
	return "", false
}
