package offline

import "strings"

// frame is a question read into roles: what to compute, over which
// columns, with which filters, grouping and ordering. It still refers to
// mentions (indexes into ms), not schema objects: which table and column a
// mention means is settled by resolve, once the question's table is known.
type frame struct {
	ms []mention

	// agg is the aggregate: count, sum, avg, max or min; empty for a list
	// or a ranking. measure is the mention it applies to (-1: count(*)).
	agg     string
	measure int
	// countShown: "How many credits does course X have, and what is its
	// description?" shows columns beside a count of a column, which the
	// resolver keeps only as that column's value in one row (hascol.go).
	countShown bool
	// moreAggs are further aggregates, shown after agg: of the same
	// measure ("the average and maximum salary", m = -1) or of their own
	// column mention ("the average distance and average price").
	moreAggs []aggItem
	// msr is the business measure aggregated (agg "measure"), -1: none.
	msr int
	// counted is the table mention a count(*) counts (-1: none).
	counted int
	// valueCount is the plural value noun a count(*) counts ("how many
	// Professors"), 0: none (valuecount.go).
	valueCount int

	// rows marks a ranking: the rows with the highest or lowest measure
	// (or adj), desc first when desc is set, limit of them.
	rows  bool
	desc  bool
	limit int64
	// countRank marks "which X has the most Y": groups of X ranked by
	// their count of Y, desc first when desc is set, limit of them.
	countRank bool
	// mode is "the most common X" under an aggregate (appliesto.go).
	mode *modeSpec
	// having keeps the groups of X whose count of Y compares with havingN
	// ("authors with more than 3 books"). countGroups marks either form:
	// groups of X by their count of Y, the count itself not shown.
	having      string
	havingN     int64
	countGroups bool
	// distinctRows marks the having count as one of distinct rows of the
	// counted table, reached through a child (distinctcount.go).
	distinctRows bool
	// havingRows marks the HAVING as the count of the groups' rows while
	// agg is another aggregate of those rows, shown (aggmore.go).
	havingRows bool
	// topFilter marks a ranking read as a condition: the rows whose
	// column equals its maximum or minimum, aggregated (aggmore.go).
	topFilter bool
	// adj is the ordering adjective of a ranking ("most expensive").
	adj *keyword
	// adjOf is the table mention adj qualifies when it was read from a
	// maximum word before a table ("the highest mountain") or precedes a
	// table after another ("the customer with the latest policy"), -1:
	// the question's own table (gradable.go).
	adjOf int
	// needKey marks "top N X" with nothing to rank by.
	needKey bool

	sorts    []sortSpec
	groups   []int // mentions of grouping columns or tables
	filters  []filterSpec
	project  []int // column mentions to show
	tables   []int // table mentions not used otherwise: the rows asked about
	distinct bool
	// usedSet marks a list of what one pinned row uses ("the types of the
	// policies used by the customer named …", refersto.go): each value
	// once, even when the rows are read as a subquery.
	usedSet bool
	startWh bool // the question opens with which/who
	// everything marks a question for all of a row ("all the information
	// about …", "the details of …"): every column is shown.
	everything bool
	// details marks that word being "details": a table with one details
	// column (product_details) means that column by it.
	details bool
	// both marks the value filter of "both X and Y" (-1: none): the rows
	// that qualify with each value, an INTERSECT of one reading per value.
	both int
	// bothSets marks a "both" read as two sets whose conditions no one row
	// meets ("both members under 30 and members over 40", "both players
	// of gender M and players of gender F").
	bothSets bool
	// unionOf holds the two table mentions of a list drawn from both,
	// combined by tablesOp, union or intersect (union.go); nil otherwise.
	unionOf  []int
	tablesOp string
	// aggRank marks groups ranked or filtered by an average or total of
	// the measure ("the department with the highest average salary",
	// "studios whose average gross is over 4500000"): the measure's table
	// holds the rows aggregated.
	aggRank bool
	// orAt is the "or" between two conditions (-1: none): rows meeting
	// either, planned as two readings whose conditions are joined by OR.
	orAt int
	// lacking is the table mention of "X without Y" (-1: none): the
	// question's rows are those no row of Y refers to. lackingVerb and
	// lackingFar are the verb and far table read with it (see lack).
	lacking, lackingVerb, lackingFar int
	// lackingBy marks a passive "not employed by any Y": the agent
	// phrase says how Y relates, through whichever table links them.
	lackingBy bool
	// lackingValues marks "X without Y" whose X is a column's values, not
	// rows: "hometowns not associated with any gymnast" (negation5.go).
	lackingValues bool
	// negSet marks an EXCEPT read from a negated condition (negation.go):
	// each side must read one table.
	negSet bool
	// showCount shows the aggregate of a ranking or condition on counts,
	// totals or averages ("… and the number of students", "… and what is
	// the average gpa?"); showAt is the mention that asked for it (-1:
	// none), placing it before or after the groups as named.
	showCount bool
	showAt    int
	// sortAgg sorts the groups by their count, desc first when desc is set.
	sortAgg bool
	// sortCounted is the table mention a sort by a count names ("in
	// descending order of the number of companies"), -1 when none.
	sortCounted int
	// labelled is a table mention listed beside columns ("the allergies
	// and their types", -1: none): its labels are shown with them, first
	// when labelsFirst.
	labelled    int
	labelsFirst bool
	// labelledOwned marks the labelled table as a parent of the rows a
	// list closes with ("the id and star rating of each hotel"): its
	// labels are shown as that parent's (tablecols.go).
	labelledOwned bool
	// paired holds a table mention listed as the parent of the rows
	// asked about ("the names of members and their parties"): its
	// labels are shown beside theirs. Empty when none.
	paired []int
	// alpha asks for the shown text column in alphabetical order.
	alpha bool
	// owner maps a column mention to the table mention it belongs to, "the
	// name of the albums" or "customer emails": the column must be that
	// table's.
	owner map[int]int
	// modifiers are table mentions that only say whose column follows
	// ("customer" in "customer emails"); they name no rows of their own.
	modifiers []int
}

type aggItem struct {
	agg string
	m   int
}

type sortSpec struct {
	m    int
	desc bool
	// grade is the measure a direction of age names ("from oldest to
	// youngest"), reversed on a date (gradable.go); 0: none.
	grade adjKind
	// by marks an order read from a bare "by" ("employees by salary"),
	// which could also mean a grouping.
	by bool
}

type filterKind uint8

const (
	fValue filterKind = iota // a column equals one of some sampled values
	fLit                     // a named column compared with a literal
	fYear                    // a year: a range on a date column, equality on a year column
	fRel                     // a period relative to the reference date
	fAvg                     // a named column compared with its average
	fDay                     // a calendar day (ISO literal) compared with the subject's one date column
	fCol                     // a named column compared with another column of its row (colword.go)
)

// filterSpec is one condition of the question.
type filterSpec struct {
	at   int // the mention of its value, number or date word
	kind filterKind
	col  int   // the column mention it names; -1 when only values (or a date) say
	vals []int // fValue: value mentions, any of which may match
	op   string
	lit  any // fLit: int64, float64 or string; fYear: the year
	hi   any // fLit or fYear with op "between": the upper end
	rel  relKind
	text string // the words, for messages
	// except marks the value after "but not" ("allergic to milk but not
	// cat"): the rows it selects are taken away from the others (EXCEPT).
	except bool
	// negBy marks a value negated past "by" ("channels not owned by
	// CCTV"): read as != only on the question's own table, since on a
	// related one ("movies not reviewed by Ann") it asks for a difference.
	negBy bool
	// lone marks a number compared with no column named ("people under
	// 40"): the subject's one numeric column (valueof.go).
	lone bool
	// ofValue marks a year that qualifies the value before it ("Fall
	// 2009", "the Spring of 2010"): the year column of that value's own
	// table (numbers2.go).
	ofValue bool
	// top, with kind fAvg, compares the column with its "max" or "min"
	// instead of its average (aggmore.go).
	top string
	// grade is the measure of "longer than", "heavier than", "cheaper
	// than" with no column named: the subject's one column of it (col is
	// -1; gradable.go). Zero with col -1 is an age ("over 20 years old").
	grade adjKind
	// unit is the unit of a number with a unit and no column named
	// ("flights under 300 dollars"): the one column of its kind (col is
	// -1; unitcols.go). Zero for any other filter.
	unit measureUnit
	// within, with kind fAvg, are the conditions on the rows the column
	// is compared with ("than the average salary of instructors in
	// Physics"); one compares with the one row they pick ("than the
	// employee with id 163") instead of an aggregate (compareagg.go).
	within []filterSpec
	one    bool
	// other, with kind fCol, is the mention of the column compared with.
	other int
}

// parser walks the mentions of one question.
type parser struct {
	lx   *lexicon
	f    *frame
	ms   []mention
	used []bool   // mentions given a role
	dir  *keyword // an explicit ascending/descending
	// aggMeasure is the measure of the first aggregate read.
	aggMeasure int
	// eachBack marks a final "each" that refers back to a listed column.
	eachBack bool
	// countAt is the count keyword's mention, when there is one; aggAt
	// the first aggregate keyword's.
	countAt, aggAt int
	// countSorted marks a sort by a count that sortByCount accepted.
	countSorted bool
	// aggSorted marks groups sorted by an average or total
	// (orderphrases.go): an explicit direction orders them.
	aggSorted bool
	// negSet is the negation of one condition read as a set difference
	// (negation.go), -1: none.
	negSet int
	// second is where a second question joined to the first starts
	// ("… and what are their average ages?"), -1: none (twoclause.go).
	second int
}

// parse reads the mentions into a frame, or refuses.
func parse(lx *lexicon, ms []mention) (*frame, *refusal) {
	settleLikes(ms)
	eventVerbs(ms)
	equatives(ms) // compareagg.go
	ms, second := joinClauses(ms)
	whenAsksDate(lx, ms)
	relativeWhen(lx, ms) // whenwhere.go: "the dates when …"
	// whenwhere.go: "When did … visit …?", "Where is …?"; two columns
	// that could answer are named in a clarification.
	if r := whenAsksOneDate(lx, ms); r != nil {
		return nil, r
	}
	if r := whereAsksPlace(lx, ms); r != nil {
		return nil, r
	}
	lx.negatedChildWords(ms) // negation4.go
	lx.capacityVerbs(ms)     // "rooms that can seat 50 to 100 students" (appliesto2.go)
	if r := lx.ambiguousValueWords(ms); r != nil {
		return nil, r
	}
	if r := screen(ms); r != nil {
		return nil, r
	}
	p := &parser{
		lx:     lx,
		f:      &frame{ms: ms, measure: -1, adjOf: -1, counted: -1, lacking: -1, lackingVerb: -1, lackingFar: -1, labelled: -1, msr: -1, both: -1, orAt: -1, sortCounted: -1, showAt: -1},
		ms:     ms,
		used:   make([]bool, len(ms)),
		negSet: -1,
		second: second,
	}
	for _, m := range ms {
		if m.lead && m.kind == mStop && (lower(m.text) == "which" || lower(m.text) == "who") {
			p.f.startWh = true
		}
	}
	p.rereadEverything() // whichcol.go
	p.owners()
	// numberModifiers ("five star hotels", attach.go) runs before values,
	// which would read the word after the number as a value of its own.
	for _, step := range []func() *refusal{p.measureMention, p.duals, p.negations, p.likes, p.clockTimes, p.numberModifiers, p.values, p.literals, p.compareAggs, p.negatedSet, p.keywords, p.leftovers, p.check} {
		if r := step(); r != nil {
			return nil, r
		}
	}
	if second >= 0 {
		if r := p.secondClause(second); r != nil {
			return nil, r
		}
	}
	return p.f, nil
}

// screen refuses questions that ask to write, hold words linked to nothing,
// or use a shape this planner does not attempt, before any reading starts.
func screen(ms []mention) *refusal {
	for _, m := range ms {
		if m.kind == mKeyword && m.kw.kind == kwWrite && (!m.kw.imperative || m.lead) {
			return refuseWrite(m.text)
		}
	}
	var unknown []string
	for i := 0; i < len(ms); i++ {
		if ms[i].kind != mUnknown {
			continue
		}
		phrase := ms[i].text
		for i+1 < len(ms) && ms[i+1].kind == mUnknown {
			i++
			phrase += " " + ms[i].text
		}
		unknown = append(unknown, phrase)
	}
	if len(unknown) > 0 {
		return refuseUnlinked(unknown)
	}
	for i, m := range ms {
		if m.kind == mStop && m.lead && lower(m.text) == "where" {
			return refuseUnsupported("\"where\" questions")
		}
		if m.kind == mKeyword && m.kw.kind == kwAnd && i+1 < len(ms) && ms[i+1].kind == mStop && whWords[lower(ms[i+1].text)] {
			return refuseUnsupported("two questions in one (%q %q)", m.text, ms[i+1].text)
		}
		if m.kind != mKeyword {
			continue
		}
		switch m.kw.kind {
		case kwNot:
			if _, ok := lacks(ms, i); !negatesValue(ms, i) && !ok && !negatedCond(ms, i) {
				return refuseUnsupported("negation (%q)", m.text)
			}
		case kwBoth:
			if w := lower(m.text); w == "both" || w == "shared by" {
				break // read with what follows, or refused by leftovers
			}
			if lower(m.text) != "either" || !valueFollows(ms, i) && !orFollows(ms, i) {
				return refuseUnsupported("questions that combine sets (%q)", m.text)
			}
		case kwThan:
			return refuseUnsupported("this comparison (%q)", m.text)
		case kwWh:
			return refuseUnsupported("%q questions", m.text)
		}
	}
	return nil
}

// negatesValue reports whether the negation at i is a plain "not" before
// a value, number or quoted text ("status is not 'Village'"): a condition
// with != that the parser reads with the value. Other negations ("no",
// "never", "without") need a set difference.
func negatesValue(ms []mention, i int) bool {
	if w := lower(ms[i].text); w != "not" && w != "!=" && w != "<>" {
		return false
	}
	return valueFollows(ms, i)
}

// valueFollows reports whether the next content mention after i is a
// value, number or quoted text, or a column name and then one ("not the
// status 'Village'").
func orFollows(ms []mention, i int) bool {
	for j := i + 1; j < len(ms); j++ {
		if ms[j].kind == mKeyword && ms[j].kw.kind == kwOr {
			return true
		}
	}
	return false
}

func valueFollows(ms []mention, i int) bool {
	for j := i + 1; j < len(ms); j++ {
		if ms[j].kind == mName && len(ms[j].cols) > 0 && len(ms[j].tables) == 0 && j == nextContent(ms, i) {
			continue
		}
		if ms[j].kind == mKeyword && ms[j].kw.kind == kwBy && j == nextContent(ms, i) {
			continue // "not owned by CCTV"
		}
		switch ms[j].kind {
		case mStop:
			continue
		case mValue, mNumber, mQuoted:
			return true
		}
		return false
	}
	return false
}

// lack is a reading of "X without Y" (see lacks), as mention indexes.
type lack struct {
	// y names the rows of Y: a table, or a column of a table that refers
	// to X ("students who do not have any allergies").
	y int
	// verb is a column of Y named between the negation and Y ("cities
	// that have not hosted a competition"), -1: none. It says which key
	// of Y refers to X when there are several.
	verb int
	// far is a table after Y when Y is itself named by a verb, as a link
	// table is ("instructors who did not teach any courses": teaches),
	// -1: none. Y must refer to it.
	far int
	// by is the "by" of a passive "not employed by any Y" (-1: none).
	by int
}

// lacks reads "X without Y", "X that have no Y", "X that do not have any
// Y", "X that have not hosted a Y" or "X who did not teach any Z" at the
// negation i, Y ending the question or followed only by conditions on its
// rows. It is read as the X no row of Y refers to; ok is false for any
// other negation.
func lacks(ms []mention, i int) (l lack, ok bool) {
	switch lower(ms[i].text) {
	case "not", "no", "without", "never":
	default:
		return lack{}, false
	}
	l = lack{y: -1, verb: -1, far: -1, by: -1}
	pendingCol := false
	for j := i + 1; j < len(ms); j++ {
		m := ms[j]
		n := nextContent(ms, j)
		nextTable := n >= 0 && ms[n].kind == mName && len(ms[n].tables) > 0
		switch {
		case m.kind == mStop:
		case l.y < 0 && m.kind == mKeyword && m.kw.kind == kwBy:
			// "not employed by any company": an agent, possibly at the
			// other end of a link table.
			l.by = j
		case l.y < 0 && l.verb < 0 && m.kind == mName && len(m.tables) == 0 && nextTable && colsOfTables(m.cols, ms[n].tables):
			// "have not hosted a competition": hosted names a column of
			// the competitions, the key by which they refer to X.
			l.verb = j
		case l.y < 0 && l.verb < 0 && m.kind == mName && len(m.tables) > 0 && nextTable && !m.plural:
			// "did not teach any courses": teach names the link table,
			// courses the table at its other end.
			l.y, l.far = j, n
			j = n
		case l.y < 0 && m.kind == mName && len(m.tables) > 0:
			l.y = j
		case l.y < 0 && l.verb < 0 && m.kind == mName && len(m.cols) > 0 && m.plural:
			// "do not have any allergies": a column named in the plural,
			// held by a table that refers to X (resolve checks which).
			l.y = j
		case l.y >= 0 && l.far < 0 && l.verb < 0 && l.by < 0 && linkAfter(ms, l.y, j):
			// "no devices in stock", "no company office": the table
			// after Y holds the pairs (linkAfter).
			l.y, l.far = j, l.y
		case l.y >= 0 && subFilterWord(m):
			// "without a race in class 'GT'": conditions on Y's rows. A
			// column right after Y is part of its name ("without any
			// department number"), unless a value follows it.
			pendingCol = m.kind == mName && j == l.y+1 || pendingCol && m.kind == mKeyword
		default:
			return lack{}, false
		}
	}
	return l, l.y >= 0 && !pendingCol
}

// subFilterWord reports whether a mention may be part of a condition on
// the rows of Y in "X without Y …".
func subFilterWord(m mention) bool {
	switch m.kind {
	case mValue, mQuoted, mNumber:
		return true
	case mName:
		return len(m.tables) == 0
	case mKeyword:
		return m.kw.kind == kwCmp || m.kw.kind == kwDateCmp || m.kw.kind == kwAnd
	}
	return false
}

// nextContent returns the first mention after i that is not a stop word,
// or -1.
func nextContent(ms []mention, i int) int {
	for j := i + 1; j < len(ms); j++ {
		if ms[j].kind != mStop {
			return j
		}
	}
	return -1
}

// next returns the content mention after mention i, or -1.
func (p *parser) next(i int) int {
	for j := i + 1; j < len(p.ms); j++ {
		if p.ms[j].kind != mStop {
			return j
		}
	}
	return -1
}

// prev returns the content mention before mention i, or -1.
func (p *parser) prev(i int) int {
	for j := i - 1; j >= 0; j-- {
		if p.ms[j].kind != mStop {
			return j
		}
	}
	return -1
}

// is, isCol, isTable and isValue classify mention i; any index outside the
// question is none of them.
func (p *parser) is(i int, kinds ...kwKind) bool {
	if !p.in(i) || p.ms[i].kind != mKeyword {
		return false
	}
	for _, k := range kinds {
		if p.ms[i].kw.kind == k {
			return true
		}
	}
	return false
}

func (p *parser) isCol(i int) bool {
	return p.in(i) && p.ms[i].kind == mName && len(p.ms[i].cols) > 0
}

func (p *parser) isTable(i int) bool {
	return p.in(i) && p.ms[i].kind == mName && len(p.ms[i].tables) > 0
}

func (p *parser) isValue(i int) bool {
	return p.in(i) && (p.ms[i].kind == mValue || (p.ms[i].kind == mQuoted && len(p.ms[i].vals) > 0))
}

func (p *parser) in(i int) bool { return i >= 0 && i < len(p.ms) }

// tableBefore reports whether a table is named before mention i.
func (p *parser) tableBefore(i int) bool {
	for j := 0; j < i; j++ {
		if p.isTable(j) {
			return true
		}
	}
	return false
}

func lower(s string) string { return strings.ToLower(s) }

func firstWord(s string) string {
	for i, r := range s {
		if r == ' ' {
			return s[:i]
		}
	}
	return s
}
