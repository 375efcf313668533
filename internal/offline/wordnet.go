package offline

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"querent/internal/plan"
	"querent/internal/wordnet"
)

// Thesaurus relates a word of English to others: WordNet's synonyms,
// derived forms and one step up or down its hierarchy, each tagged with
// the sense it came from ([wordnet.DB] is one). The planner asks it only
// about a word that links to nothing else in a question refused for such
// words, and links the word only when what it reaches in the schema is
// one table or one column name. An error is read as "nothing related"
// where it is met; a thesaurus that can say it failed (failingThesaurus)
// has its failure named in the reasons of the refusals it could not help.
type Thesaurus interface {
	Related(word string, rels ...wordnet.Relation) ([]wordnet.Relative, error)
}

// failingThesaurus is the optional capability of a Thesaurus to report
// that it could not be read ([wordnet.DB.Err]: an exception list that
// failed on first use), so that every WordNet link silently gone is told
// apart from a word WordNet does not know.
type failingThesaurus interface {
	Err() error
}

// noteThesaurusError adds to a refusal that the thesaurus could not be
// read, naming what failed: without it the words WordNet would have
// linked are refused as if it knew nothing of them.
func (p *Planner) noteThesaurusError(rf *refusal) *refusal {
	ft, ok := p.wordNet.lx.wn.(failingThesaurus)
	if !ok || rf.clarify != nil {
		return rf
	}
	err := ft.Err()
	if err == nil {
		return rf
	}
	noted := *rf
	noted.reason = strings.TrimSuffix(rf.reason, ".") + fmt.Sprintf(". (WordNet could not be read: %v.)", err)
	return &noted
}

// wnTier orders the ways WordNet relates a word, strongest first: a link
// is made at the first tier that reaches the schema at all, and only when
// that tier reaches one thing.
//
// One hypernym or hyponym step is not a tier: measured on Spider's
// questions it linked mostly what the question did not mean ("month" to a
// date, "people" to population, "effect" to a product, "film" to a
// feature, "orbit" to a route). Gated as the hop tier is (a column of a
// table the question names) it answered nothing more; reaching one table
// only, it answered one question ("secretary" → head), and a table one
// step up holds more than the question asks for: "how many secretaries"
// is not the count of every head.
type wnTier uint8

const (
	tierSynonym wnTier = iota // the same synset: "films" → movie
	tierDerived               // a derived form, attribute or pertainym: "allergic" → allergy
	// tierHop: a synonym or derived form of the first two tiers that names
	// the schema only through one of the lexicon's own synonym groups
	// ("terminal" → terminus, a synonym of destination). Two loose steps
	// reach far ("weather" → conditions → status, "musician" → music →
	// song), so such a link is kept only in the question's context
	// (gateWordNet).
	tierHop
	nTiers
)

func (t wnTier) String() string {
	switch t {
	case tierSynonym:
		return "WordNet synonym"
	case tierDerived:
		return "WordNet related form"
	case tierPerson:
		return "WordNet: a kind of person"
	}
	return "WordNet relative, lexicon synonym"
}

// tierOf places a related lemma in its tier; ok is false for the
// relations not used. Only the senses of nouns and adjectives are
// followed: a verb of the question relates rows ("lent", "traveled",
// "injured"), and its synonym or derived noun (loan, trip, injury) is not
// a table or column the question asks for.
func tierOf(r wordnet.Relative) (wnTier, bool) {
	if r.POS != wordnet.Noun && r.POS != wordnet.Adj {
		return 0, false
	}
	switch r.Rel {
	case wordnet.Synonym:
		return tierSynonym, true
	case wordnet.Derived:
		return tierDerived, true
	}
	return 0, false
}

// wnSenses is how many of a word's senses, in each part of speech, are
// followed, by the relation's own tier (the hop tier follows the first
// two's): WordNet orders senses by frequency, and a rare sense of an
// everyday word ("table" as a tableland) reaches names the question never
// meant.
var wnSenses = [nTiers]int{tierSynonym: 3, tierDerived: 2}

// wnLink is how a word was linked through WordNet, for the trace and the
// plan's reason.
type wnLink struct {
	lemma string // the related word that names the schema's table or column
	tier  wnTier
}

// genericLemmas are WordNet's words too general to say which table or
// column a question means: the top of its noun hierarchy, and the words
// every schema uses for some column ("name", "number", "type"), which a
// hypernym or synonym reaches from a great many unrelated words.
var genericLemmas = setOf(
	"entity", "physical_entity", "abstraction", "abstract_entity", "object", "physical_object",
	"whole", "thing", "unit", "group", "grouping", "act", "deed", "human_action", "human_activity",
	"action", "activity", "event", "state", "attribute", "property", "relation", "part", "portion",
	"piece", "item", "matter", "substance", "location", "place", "time", "being", "organism",
	"person", "individual", "someone", "somebody", "mortal", "soul", "people", "artifact",
	"artefact", "instrumentality", "communication", "content", "cognition", "psychological_feature",
	"kind", "type", "sort", "form", "way", "manner", "number", "figure", "name", "value", "measure",
	"quantity", "amount", "information", "data", "record", "set", "list", "point", "level", "status",
	"condition", "class", "category", "code", "id", "detail", "details", "description", "other",
	"message", "concept", "idea", "system", "structure", "body", "area", "region",
)

// operationWords carry an operation of the question (a comparison, a
// negation, an order, a count), not a table or column: their base forms
// are never linked through WordNet, whatever they relate to.
var operationWords = setOf(
	"exceed", "surpass", "outnumber", "top", "precede", "follow", "lack", "miss", "missing",
	"absent", "sort", "rank", "order", "arrange", "descend", "descending", "ascend", "ascending",
	"exclude", "include", "contain", "differ", "different", "equal", "match", "share", "compare",
	"combine", "count", "total", "sum", "average", "mean", "maximum", "minimum", "greatest",
	"least", "exceeding", "above", "below", "over", "under", "between", "among", "same", "each",
	"every", "all", "any", "none", "neither", "either", "both", "only", "also", "whose", "which",
	"more", "most", "less", "fewer", "fewest", "many", "much", "high", "low", "big", "small",
	"large", "little", "long", "short", "old", "young", "new", "early", "late", "recent",
	"distinct", "unique", "separate", "overall", "whole", "entire", "full", "list", "show",
	"give", "tell", "find", "return", "display", "name", "number", "amount", "quantity",
)

// withThesaurus returns a planner over a copy of p's lexicon that links
// through the thesaurus the words nothing else links.
func (p *Planner) withThesaurus(th Thesaurus) *Planner {
	lx := *p.lx
	lx.wn = th
	return &Planner{lx: &lx, today: p.today, chooseKeys: p.chooseKeys}
}

// planWithWordNet plans a question as [Planner.plan] does and, when that
// refuses it for words that link to nothing, plans it again with those
// words linked through WordNet. Only a plan is taken from the second
// reading: a question the schema's own words plan, or refuse for another
// reason, is never read differently because WordNet knows a word, and a
// second refusal leaves the first one's reason and trace.
func (p *Planner) planWithWordNet(question string, tr *Trace) (*plan.Plan, *refusal) {
	pl, rf := p.plan(question, tr)
	if rf == nil || p.wordNet == nil {
		return pl, rf
	}
	pl, rf = p.planAgainWithWordNet(question, tr, pl, rf)
	if rf != nil {
		rf = p.noteThesaurusError(rf)
	}
	return pl, rf
}

// planAgainWithWordNet is planWithWordNet's second reading of a question
// the first, pl and rf, refused.
func (p *Planner) planAgainWithWordNet(question string, tr *Trace, pl *plan.Plan, rf *refusal) (*plan.Plan, *refusal) {
	// Only a refusal for unlinked words, or for two keys between two
	// tables, may be lifted by the thesaurus: the others are not worth
	// linking the question again.
	if rf.kind != RefusedUnlinked && !(rf.kind == RefusedUnresolved && p.wordNet.chooseKeys && p.wordNet.lx.severalKeys()) {
		return pl, rf
	}
	// The question is linked with the thesaurus once, to decide whether
	// it is worth planning again and then to plan it: unlinked words
	// WordNet may link, or two keys a verb's WordNet relatives may choose
	// between (keyverbs3.go).
	lq := p.wordNet.linked(question)
	if !(rf.kind == RefusedUnlinked && p.wordNet.linksUnknown(lq) || rf.kind == RefusedUnresolved && p.wordNet.picksKeyByRelative(lq)) {
		return pl, rf
	}
	var wtr *Trace
	if tr != nil {
		wtr = &Trace{Question: tr.Question}
	}
	g, wrf := p.wordNet.planLinked(lq, wtr)
	if wrf != nil {
		return pl, rf
	}
	if tr != nil {
		*tr = *wtr
	}
	return g, nil
}

// linksUnknown reports whether WordNet links a word of the question
// (linked by p, the thesaurus planner) that the schema's own words leave
// unknown: without one, a second reading could only repeat the first,
// and is not worth planning.
func (p *Planner) linksUnknown(lq linkedQuestion) bool {
	toks, ms := lq.toks, lq.raw
	for _, m := range ms {
		if m.wordnet != nil {
			return true
		}
	}
	// A verb relverbs2.go sets aside, or one whose WordNet relatives
	// pick one of two keys (keyverbs3.go).
	return p.lx.hasLinkVerb(toks, ms) || p.chooseKeys && p.lx.keyVerbRelative(toks, ms)
}

// wordNetWord links an unknown word through the thesaurus: the related
// lemmas of its most frequent senses, tier by tier, are looked up among
// the schema's names as a question word would be. It links only when the
// first tier that reaches anything reaches exactly one table or one
// column name (a family of same-named columns), and the link is of the
// synonym class, weaker than the schema's own words and the lexicon's.
func (lx *lexicon) wordNetWord(toks []token, i int) (mention, bool) {
	t := toks[i]
	if lx.wn == nil || t.kind != tokWord || !wordNetCandidate(toks, i) {
		return mention{}, false
	}
	rs, err := lx.wn.Related(t.text, wordnet.Synonym, wordnet.Derived)
	if err != nil || len(rs) == 0 {
		return mention{}, false
	}
	verbForm := false
	inflected := [4]bool{} // by part of speech: the word has a shorter base form
	for _, r := range rs {
		if operationWords[r.Base] || isKeyword(r.Base) {
			return mention{}, false
		}
		// "injured", "studying": an inflected verb relates rows; its
		// derived noun is not a column to show.
		verbForm = verbForm || r.POS == wordnet.Verb && r.Base != t.text
		inflected[r.POS] = inflected[r.POS] || r.Base != t.text
	}
	if inflected[wordnet.Noun] || inflected[wordnet.Adj] {
		// A plural WordNet lists as a lemma of its own has senses of its
		// own ("years" as old age, "arms" as weapons); a question's plural
		// means its singular's.
		rs = slices.DeleteFunc(slices.Clone(rs), func(r wordnet.Relative) bool { return r.Base == t.text && inflected[r.POS] })
	}
	for tier := range nTiers {
		if tier == tierDerived && verbForm {
			break
		}
		m, lemma, reached := lx.wordNetTier(rs, tier)
		if !reached {
			continue
		}
		if lemma == "" {
			return mention{}, false // this tier reaches two things: no reading is certain
		}
		m.wordnet = &wnLink{lemma: strings.ReplaceAll(lemma, "_", " "), tier: tier}
		return m, true
	}
	return mention{}, false
}

// wordNetCandidate reports whether the word at i may be linked through
// the thesaurus: a plain lower-case word of three letters or more that is
// no function word, keyword, numeral or position, and not a name (a word
// capitalised after the first, or in capitals), which must match a value
// or stay unknown. An operation word is let through: WordNet lists it
// under its own base form, which wordNetWord refuses.
func wordNetCandidate(toks []token, i int) bool {
	t := toks[i]
	// Only a word single() left unknown comes here, so soft stops,
	// relation verbs and numerals are already read; a hard stop may not be
	// (link.go keeps one unknown after a name it cannot follow).
	if len(t.text) < 3 || hardStops[t.text] || positionWords[t.text] || isKeyword(t.text) ||
		monthNumbers[t.text] > 0 || !isLetters(t.text) {
		return false
	}
	return !capitalised(t) || i == 0 && !isAcronym(t.raw)
}

// wordNetTier gathers the schema names one tier of related lemmas reach.
// reached is false when none does; lemma is empty when they reach more
// than one table or column name, else one lemma that reaches it.
func (lx *lexicon) wordNetTier(rs []wordnet.Relative, tier wnTier) (m mention, lemma string, reached bool) {
	m.kind = mName
	tables := map[int]bool{}
	families := map[string]bool{}
	floor := classPrefix
	if tier == tierHop {
		floor = classSynonym
	}
	for _, r := range rs {
		rt, ok := tierOf(r)
		if !ok || r.Sense >= wnSenses[rt] || genericLemmas[r.Lemma] || r.Lemma == r.Base {
			continue
		}
		if tier == tierHop {
			if agentNoun(r) {
				continue
			}
		} else if rt != tier {
			continue
		}
		words := strings.FieldsFunc(r.Lemma, func(c rune) bool { return c == '_' || c == '-' || c == ' ' })
		if len(words) == 0 || len(words) == 1 && (hardStops[words[0]] || isKeyword(words[0])) || slices.ContainsFunc(words, func(w string) bool { return !isLetters(w) }) {
			continue
		}
		refs := strongest(lx.names[strings.Join(stems(words), " ")], floor)
		if tier == tierHop {
			refs = lx.hopRefs(refs)
		}
		if len(refs) == 0 {
			continue
		}
		reached = true
		if lemma == "" {
			lemma = r.Lemma
		}
		for _, ref := range refs {
			ref.class = classSynonym
			if ref.col < 0 {
				tables[ref.table] = true
				if !slices.Contains(m.tables, ref) {
					m.tables = append(m.tables, ref)
				}
				continue
			}
			families[strings.ToLower(lx.col(ref.table, ref.col).name)] = true
			if !slices.Contains(m.cols, ref) {
				m.cols = append(m.cols, ref)
			}
		}
	}
	if !reached || len(tables)+len(families) != 1 {
		return mention{}, "", reached
	}
	return m, lemma, true
}

// hopRefs keeps of the names a lemma reaches those the hop tier may link:
// columns only, for a table is the question's subject and two loose steps
// do not name it ("musicians" → music → songs), and no key or closed set
// of codes or statuses, which the lexicon's loose synonyms ("state",
// "condition", "standing") reach from too many words. Every name left is
// reached through a synonym group of the lexicon: the hop tier runs only
// when the first two, which read the same lemmas with any stronger match,
// reached nothing.
func (lx *lexicon) hopRefs(refs []nameRef) []nameRef {
	return slices.DeleteFunc(slices.Clone(refs), func(r nameRef) bool {
		if r.col < 0 {
			return true
		}
		c := lx.col(r.table, r.col)
		return c.id || isTextual(c.kind) && c.complete && c.repeats
	})
}

// agentNoun reports whether a derived form is a noun's root with an
// agent's suffix taken off ("musician" → music, "librarian" → library):
// the person is not the thing they work with.
func agentNoun(r wordnet.Relative) bool {
	if r.Rel != wordnet.Derived || r.POS != wordnet.Noun || !strings.HasPrefix(r.Base, r.Lemma) {
		return false
	}
	switch r.Base[len(r.Lemma):] {
	case "an", "ian", "ist", "er", "r", "ier", "or", "ant", "ent", "eer", "ess":
		return true
	}
	return false
}

// gateWordNet sets aside, as unknown words, the hop tier's links out of
// context: such a link must name a column of a table another word of the
// question names ("the terminal of each flight": flights name the table
// of destination). "What is the weather" names no table, and "top
// customers by revenue" not the one whose column revenue reached.
func gateWordNet(ms []mention) []mention {
	for i := range ms {
		if w := ms[i].wordnet; w != nil && w.tier == tierHop && !columnOfNamedTable(ms, i) {
			m := ms[i]
			ms[i] = mention{kind: mUnknown, from: m.from, to: m.to, text: m.text, plural: m.plural, lead: m.lead}
		}
	}
	return ms
}

// columnOfNamedTable reports whether a column ms[i] may mean belongs to a
// table another name mention, not read through WordNet, may mean.
func columnOfNamedTable(ms []mention, i int) bool {
	for j, o := range ms {
		if j == i || o.wordnet != nil || o.kind != mName {
			continue
		}
		for _, t := range o.tables {
			if slices.ContainsFunc(ms[i].cols, func(c nameRef) bool { return c.table == t.table }) {
				return true
			}
		}
	}
	return false
}

// noteWordNet names, in the plan's reason, each word read through WordNet
// and what it was read as, so a user can tell a guess of vocabulary from
// a word of the schema: "'films' read as movie (WordNet synonym)".
func noteWordNet(pl *plan.Plan, ms []mention) *plan.Plan {
	if pl == nil {
		return pl
	}
	var notes []string
	for _, m := range ms {
		if m.wordnet != nil && m.kind == mName {
			notes = append(notes, fmt.Sprintf("%s read as %s (%s)", strconv.Quote(m.text), m.wordnet.lemma, m.wordnet.tier))
		}
	}
	if len(notes) > 0 {
		pl.Reason = strings.TrimSuffix(pl.Reason, ".") + "; " + strings.Join(notes, ", ")
	}
	return pl
}
