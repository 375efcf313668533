package offline

import (
	"slices"
	"strings"
)

// Round eleven: paraphrases. A question written by someone who never saw
// the schema names its things in other everyday words: "tours" for
// trips, "articles" for papers, "the category" for a type, "teachers" for
// the faculty, "birthplace" for birth_place, "cellphones" for mobile phones. The
// groups below are general English, consulted (like every synonym) only
// when the literal word links to nothing, and a word that so reaches two
// schema names is ambiguous, not a guess.

// wordGroup is one entry of [paraphrases] or [generalWords]: words that
// name the same thing.
// A two-way group is a set of synonyms, any of which the schema or the
// question may use. A one-way group reads its first word as the schema's
// and the others as what a question may call it: a more general word
// ("performer" for an actor) or a word that means the schema's thing only
// in that direction ("teachers" are the faculty, but "faculty" asked of a
// schema of instructors may mean a department).
type wordGroup struct {
	words  []string
	oneWay bool
}

// paraphrases extend [equivalents] with the words paraphrases use. Each
// entry must be one any domain could use: no name of a particular
// database belongs here.
var paraphrases = []wordGroup{
	// Synonyms either way.
	{words: []string{"trip", "tour", "journey"}},
	{words: []string{"paper", "article"}},
	{words: []string{"route", "path"}},
	{words: []string{"competition", "contest"}},
	{words: []string{"result", "outcome"}},
	{words: []string{"decor", "decoration"}},
	{words: []string{"official", "formal"}},
	{words: []string{"picture", "photo", "photograph", "image"}},
	{words: []string{"furniture", "furnishing"}},
	{words: []string{"railway", "railroad"}},
	{words: []string{"start", "begin"}},
	{words: []string{"device", "equipment"}},
	{words: []string{"head", "leader", "chief"}},
	{words: []string{"reporter", "journalist"}},
	{words: []string{"distance", "length"}},
	{words: []string{"position", "location"}},
	{words: []string{"title", "name"}},
	{words: []string{"song", "track"}},
	// An acronym and its expansion, either way round.
	{words: []string{"gdp", "gross domestic product"}},

	// A schema's word, then what a question may call it.
	{words: []string{"type", "category"}, oneWay: true},
	{words: []string{"class", "type", "category"}, oneWay: true},
	{words: []string{"station", "terminal"}, oneWay: true},
	// Not "professor", "lecturer" or "instructor": those are ranks of
	// the faculty more often than another name for it.
	{words: []string{"faculty", "teacher"}, oneWay: true},
	{words: []string{"campus", "university", "college"}, oneWay: true},
	{words: []string{"institution", "university", "college", "school"}, oneWay: true},
	{words: []string{"major", "discipline"}, oneWay: true},
	{words: []string{"actor", "performer"}, oneWay: true},
	{words: []string{"climber", "mountaineer"}, oneWay: true},
	{words: []string{"nationality", "nation"}, oneWay: true},
	{words: []string{"manager", "head", "boss"}, oneWay: true},
	{words: []string{"player", "athlete"}, oneWay: true},
	{words: []string{"appointment", "reservation", "booking"}, oneWay: true},
	{words: []string{"song", "music"}, oneWay: true},
	{words: []string{"total", "gross"}, oneWay: true},
	// Attendance is how many attended: "the number of attendees".
	{words: []string{"attendance", "attendee", "number of attendees"}, oneWay: true},
	// Stature is a person's height.
	{words: []string{"height", "stature"}, oneWay: true},
	// A population is how many people live somewhere: "the number of
	// people in each county".
	{words: []string{"population", "number of people", "number of inhabitants", "number of residents"}, oneWay: true},
	// Phone columns are read as "telephone" (words.go's abbreviations). A
	// cellphone is a mobile one, not any: "cellphone number" beside a
	// phone_number and a mobile_phone_number is the second.
	{words: []string{"mobile telephone", "cellphone", "cell phone", "smartphone"}, oneWay: true},
}

// partialRef is a name reached by a phrase through a synonym of part of
// the name: "head name" reaches vice_manager_name through the tail
// "manager name", as it reaches manager_name whole.
type partialRef struct {
	phrase     string
	table, col int
}

// markPartial records that the phrase reaches ref through a synonym of
// part of its name.
func (lx *lexicon) markPartial(st []string, ref nameRef) {
	if lx.partial == nil {
		lx.partial = map[partialRef]bool{}
	}
	lx.partial[partialRef{strings.Join(st, " "), ref.table, ref.col}] = true
}

// narrowSynonyms drops the names a phrase reaches only through a synonym
// where its own words name something better. A column reached through a
// synonym gives way to one the words name literally in a table next to
// its own (one foreign key between them): "positions in the club" are
// the members' positions, not the club's location, because the question
// can reach them as easily. Farther away the synonym may stand ("the
// students of each gender" are grouped by their sex, not by their
// dormitory's gender). Among names reached only through synonyms, one
// the synonym names whole outranks one it names by a part: manager_name
// outranks vice_manager_name for "head name" as it does for "manager
// name", where one is exact and the other only a tail. A phrase of
// several words found only through a synonym gives way to its last word
// where that names a table itself ("student locations" stays the
// student_addresses it finds).
func (lx *lexicon) narrowSynonyms(key string, names []nameRef) []nameRef {
	if len(names) == 0 {
		return names
	}
	if bestClass(names) < classSynonym {
		if len(names) < 2 {
			return names
		}
		near := func(r nameRef) bool {
			return r.class == classSynonym && r.col >= 0 && slices.ContainsFunc(names, func(l nameRef) bool {
				return l.class < classSynonym && l.col >= 0 && lx.adjacent(l.table, r.table)
			})
		}
		if !slices.ContainsFunc(names, near) {
			return names
		}
		return slices.DeleteFunc(slices.Clone(names), near)
	}
	if sp := strings.LastIndexByte(key, ' '); sp >= 0 && lx.namesTable(key[sp+1:]) {
		// "the number of attendees" where attendees are a table: the
		// count of its rows, not an attendance a synonym finds.
		return nil
	}
	if len(names) < 2 {
		return names
	}
	isPartial := func(r nameRef) bool { return lx.partial[partialRef{key, r.table, r.col}] }
	if !slices.ContainsFunc(names, isPartial) || !slices.ContainsFunc(names, func(r nameRef) bool { return !isPartial(r) }) {
		return names
	}
	return slices.DeleteFunc(slices.Clone(names), isPartial)
}

// adjacent reports whether two different tables are joined by a foreign
// key, either way.
func (lx *lexicon) adjacent(a, b int) bool {
	return a != b && (len(lx.tables[a].parents[b]) > 0 || len(lx.tables[b].parents[a]) > 0)
}

// minCompoundPart is the fewest letters each half of a split compound
// keeps, so that no half is a stray syllable ("a" + "ward").
const minCompoundPart = 4

// splitCompound links a word that links to nothing to the name the schema
// writes as two words: "birthplace" for birth_place, "bodybuilders" for
// body_builder, the reverse of [lexicon.joined]. Every way of cutting the
// word in two is tried; the cut must name a table or column whole (up to
// plural), and a word two cuts name differently is left unlinked.
func (lx *lexicon) splitCompound(toks []token, i int) (mention, bool) {
	t := toks[i]
	w := t.text
	if t.kind != tokWord || len(w) < 2*minCompoundPart || !isLetters(w) {
		return mention{}, false
	}
	var found []nameRef
	for k := minCompoundPart; k+minCompoundPart <= len(w); k++ {
		a, b := w[:k], w[k:]
		if hardStops[a] || hardStops[b] || isKeyword(a) || isKeyword(b) {
			continue
		}
		refs := strongest(lx.names[stem(a)+" "+stem(b)], classExact)
		if len(refs) == 0 {
			continue
		}
		if found != nil {
			return mention{}, false
		}
		found = refs
	}
	if found == nil {
		return mention{}, false
	}
	return tableFirst(found), true
}

// namesTable reports whether a word (a stem) names a table in its own
// words.
func (lx *lexicon) namesTable(st string) bool {
	return slices.ContainsFunc(lx.names[st], func(r nameRef) bool { return r.col < 0 && r.class == classExact })
}
