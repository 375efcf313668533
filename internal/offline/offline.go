// Package offline is querent's deterministic planner: it turns common
// questions into a Plan with no LLM, on any schema, and refuses the rest.
//
// It is used alone when no LLM is configured and as the free first try
// before one. Its defining property is precision: it answers only when every
// meaningful word of the question links to the schema (a table, a column, a
// sampled value, a number it can place, or a question word it understands)
// and those links form one reading. Anything else is a Clarification (when
// the choices are known: two tables with a "name" column, a value held by
// two columns) or CannotAnswer with the reason, never a guess.
//
// A question goes through five stages:
//
//	tokenize  words, numbers and quoted phrases (tokenize.go, stem.go)
//	link      longest phrases first, against keywords, schema names and
//	          sampled values precomputed by New (link.go, lexicon.go, words.go)
//	parse     roles: what is counted, aggregated, ranked, grouped, filtered,
//	          shown (intent.go, literals.go, roles.go)
//	resolve   the question's table, then each mention's column, joining a
//	          parent along one foreign key, or a table the question names
//	          along the one shortest path of at most three foreign keys
//	          (never two equally short, unless the question names the
//	          tables of exactly one; never from one child of a parent to
//	          another, never two children deep), grouping through one
//	          link table ("students in each dorm": lives_in) (resolve.go,
//	          paths.go, linkjoins.go, filters.go, shape.go)
//	build     the Plan (build.go)
//
// Every stage may refuse (refuse.go); [Planner.PlanWithTrace] records what
// each linked and decided (trace.go).
//
// The shapes it builds, beyond a count, an aggregate or a list: several
// aggregates ("the average and maximum age"); a column listed with a count
// ("the majors and the number of students"); groups ranked or filtered by
// their count of related rows ("the city with the most customers",
// "authors with at least 2 books", "the most common status"); a column
// compared with its average (a subquery); != and NOT IN for a plain "not"
// before values, and on the question's own table past "by" ("channels not
// owned by CCTV"); "X without Y" as the X no row of Y refers to (a NOT IN
// subquery, NULLs excluded), also past a verb naming Y's key ("cities that
// have not hosted a competition"), through the link table a verb names
// ("instructors who did not teach any courses") or that is named after
// either end ("people not employed by any company"), and for a plural
// column held by a child ("students who do not have any allergies"); the
// same aggregate for columns listed after it ("the average height and
// weight"); a column listed before an aggregate as its grouping ("the
// publishers together with the number of publications"); a grouped
// parent's own columns and key shown beside its count, in the order named; rows filtered by a condition on a child or a
// table beyond it, each shown once ("customers with cancelled orders",
// "students in club Chess"); BETWEEN; alphabetical order; oldest and
// youngest; "both X and Y", and two conditions on one column that no row
// meets together, as an INTERSECT, "X but not Y" as an EXCEPT, each side
// planned as its own question showing the same columns (setops.go); text
// patterns as LIKE on the text column named with them ("names that contain
// the word 'court'", "whose name starts with 'A'", likes.go); count
// columns by their noun ("the average number of rooms" is room_count,
// unless a table is called rooms). Round five adds: schema words read as
// abbreviations of the question's ("latitude" is lat, "account balance"
// acc_bal; abbrev.go) and two-word names swapped or joined by "of"
// ("claimed amount", "amount of payment"); "or" between two conditions
// as OR; "both"/"shared by" before two conditions no one row meets, and
// before two values of one column, as an INTERSECT; groups ranked or
// filtered by an average or total ("the department with the highest
// average salary", "studios whose average gross is over 4500000"); "the
// largest number of votes" as the votes column; the highest rank as rank
// 1; "details" as a table's one details column; "faculty members" as the
// faculty; "N years old" as an age; a key such as aid as "the id". Rows
// asked about without naming a column are shown by their
// label columns (name, title, or the column named like the table), as a
// question about "the department with the lowest budget" means its name;
// "all the information about …" shows every column. Round six adds:
// period grouping ("average total per month in 2025", "number of orders by
// quarter", "monthly …") as a date bucket of the measured table's one date
// column, read only when the question cannot be planned otherwise
// (period.go); a parent ranked by the sum of an additive column of a
// child ("top 5 customers by total amount"); and "never ordered" through
// the lines of an order ("products never ordered": no order_items row).
// Round seven adds: an aggregate word that starts another table's column
// name ("total amount" is orders.total_amount) is split off when the table
// the question names has a column of the remaining words ("total amount of
// payments" sums payments.amount); "<noun> <measure>" as the one numeric
// column of the noun's table holding the measure word ("order total");
// money verbs ("which customers spent the most", "how much did each
// customer spend") and "total <table>" as the sum of the one money column
// of the table referring to the subject, or of the table named, refused
// when there are several (money.go); an additive column grouped bare as
// its sum ("quantity sold per category"); and a group two or more keys up
// through parents only (order_items → products → categories), shown by a
// text key where the key is a code. Round nine adds: quoted text right
// after a table named in the singular as the table's one open text label
// ("the album 'Balls to the Wall'"), and a whole number there as its one
// integer key ("room 112"); "X used by the most Y" (a participle before
// "by") ranked as "X with the most Y"; a number after "or" as another
// value of the column the number before it was given ("district 1 or 2",
// "aged either 35 or 36"). Round ten adds readings of a table named with
// no condition of its own (related.go): "X with Y", "X who have Y" and "X
// on call" as the X some row of Y refers to (through a link table named
// after one end), also after conditions on X's own columns ("customers in
// Brazil who have an invoice"); "X of the Y" as every X; a value of X's
// own foreign key to the Y named beside it ("instructors in the Physics
// department"); and "X <verb> the most Y" with no relative word ("which
// range contains the most mountains", "the industry shared by the most
// companies", ranking.go). Round eleven adds: "Which X …? Give me the
// C." as one question, the C of the X the first sentence picks, read only
// when the question fails as written (sentences.go); "no Y in Z" and "no Y Z" as no row of the link
// table Z ("shops with no devices in stock"); a negated condition on the
// question's own table as a set difference ("studios that never worked
// with director Walter Hill": all studios EXCEPT those of his films) and
// "X but never V" as "X but not V" (negation.go); a count beside
// aggregates of the counted rows' columns ("the number of dorms and total
// capacity per gender"), aggregates each before their own column ("the
// highest cost, lowest cost and average cost"), "oldest"/"youngest" in a
// list of aggregates, and a count said twice or said again as "the
// count" (aggs.go); a bound before the numeric column it bounds ("after
// the year 1989"), and "under" as a preposition before a condition
// (compare.go). Round twelve adds vocabulary (vocab.go, vocab_derive.go):
// measure nouns read into the column they follow ("snatch score", "RAM
// size"), attribute nouns ("gender type"), units in column names ("budget
// in millions"), word families by derivation ("founded" for founder,
// "director" for directed_by; an agent noun never names an act), general
// synonym groups consulted only when the literal word links to nothing,
// and plurals of stored values ("how many professors"); order words
// (order.go, times.go): sort requests however phrased, "longest" and
// "shortest" by a table's one length column, "most recently" and "the
// first X" by its one date, "at least twice" as a count condition; values
// placed without their column (fullname.go, quotedname.go, bounds.go): a
// person's full name over first- and last-name columns, a quoted column
// name, "or equal to", "in 600" after a numeric column; a column word
// beside a count as the group's own (beside.go); joins (linkjoins.go):
// the one chain through the tables the question names, grouping through
// one link table; a ranked or compared aggregate also asked for is shown
// (showagg.go), and a second clause that only asks for more of the same
// rows joins the first ("…, and what is the average GPA?", twoclause.go);
// a word naming two tables settled by the one holding the columns the
// question names (ambiguous.go); and, for precision: groups shown by
// their text code (codegroup.go), counts of each row once through a
// child, refusals when a count is a stored column (countdistinct.go),
// category lists shown once (category.go), an aggregate per listed value
// ("for male and female", eachvalue.go), a value's column named after it
// not shown (restate.go), and refusals when details or a person would be
// left out of the answer (asked.go). Also: a child's rows as the
// question's table when the columns shown live on it ("flight numbers
// with aircraft Airbus A340-300"), one parent shown through a link table
// (children.go); rankings by a count through a link table, grouped by the
// group's own key so ties break as grouping by the key does, with the
// ranked row's own columns shown (ranking.go, beside.go); relation idioms
// ("in charge of", "responsible for", idioms.go); and "tallest" / "taller
// than" by a table's one height column (height.go); lists from two
// tables as a UNION or INTERSECT (union.go) and "where is X located"
// (where.go); "how old … on average", a value named as a noun ("how many
// female Professors"), a table naming whose column is the sort key, and
// "by" before a compared column in aggregates (howaverage.go,
// valuecount.go, sortkey.go, bynamed.go); calendar dates in any common
// English form, a date with no column named, and "when" questions
// (dates.go); max/min spellings of column prefixes and country adjectives
// (demonym.go); names written without vowels (src, hrs; abbrev.go); and
// verbs the schema has no name for read as saying how the named tables
// relate ("campuses opened in 1958"), or as the one foreign key named
// after them ("won" for winning_car), and "reached N" as at least N
// (verbs.go).
//
// Columns named with no value after them are read where the words around
// them say what they are (countlist.go, nameonly.go): "How many X does
// each Y have? List the number and Y id." as one count per group; a
// column after "have" before a text pattern ("customers that have an
// email containing 'gmail'"); "in that type" as the type named before; and
// a past form named for a date column ("launched" for Launch_year) as the
// event of the date noun after it ("launched in year 2002") or of the
// table after it ("customers who opened an account" have one).
//
// Round thirteen reaches words a schema never uses, which is where unseen
// databases differ most: a general-English synonym lexicon of some four
// hundred groups (vocab_general.go), also for the words inside a name
// ("supervisor" for manager_name) and for both words of a two-word name
// at once ("begin days" for start_date, names_inner.go); English word
// forms — irregular verbs, Latin stems, agent and state suffixes,
// British and American spellings, closed compounds (morph.go); near
// misspellings of one schema name, keyword or value ("deparments",
// "Bejing"), Hungarian type marks and joined suffixes in column names
// (spelling.go, abbrev.go); words that add no condition, set aside and
// named in the plan's reason (fillers.go); a value named by some of its
// words when one complete value holds them (valuewords.go); yes/no
// columns tested against their stored yes or no value ("hotels that
// allow pets", flags.go); adjectives that name a measure ("the heaviest",
// "cheaper than", "from old to young", gradable.go); "department number"
// for department_id (keynumber.go). It also answers more shapes: values
// whose column the schema settles (declared numeric types, from/to ends,
// valueof.go); a parent's columns beside a count grouped by its key, "of
// each" as every row (aggshape.go); an aggregate beside a count
// condition or over the top-ranked row's related rows (aggmore.go);
// joins beyond one key where one reading exists — grandparents, a child
// condition where each row is listed once either way, a path through a
// table already joined, key copies (hops.go, hops2.go); a column asked
// of a table that lives on its one child (relatedcols.go); declared
// keys pairing text with numbers once the data confirms them; "X and
// their Y" along the one key (twotables.go); "by" after a verb before
// "both"/"either" or a row pinned by a value (refersto.go); a parent's
// columns before a count grouped by the parent's key (beside2.go); and
// "X without Y" when X is named by a column naming one row each, "not"
// before a named column's value (negation2.go).
//
// Round sixteen reads what the last rounds left refused, each reading
// tried only where the rest of the question leaves one: unknown verbs that
// only say how two linked things relate, set aside and named in the
// reason ("mountains ascended by climbers", relverbs.go), and a word for
// rows after a table's name, a whole-database noun ("in the store") or a
// plural head after a table read as its rows ("faculty offices",
// rownouns.go) — all composing when several words are unknown, with slips
// in fixed pairs ("hom many") repaired (unknownmany.go); comparisons with
// an aggregate of the rows a question restricts, with every/some rows, with
// one row named by its key, and times of day stored as text
// (compareagg.go); a table named beside a column by where it stands, and
// numbers placed in ranges, repeated counts and "both 1999 and 2000"
// (tablecols.go, loosenumbers.go); the question's head ranked by how often
// it occurs, "most used" (rankplace.go); counts through a named link
// table, "the one with the maximum X" as a row (rankrows.go); a verb
// that picks one of several keys between two tables ("trips that started
// from"), a negated value of related rows as no such row (keyverbs.go,
// negation3.go); ties settled by the tables around them, a final "each"
// pointing back, distinct and total counts of numeric columns
// (settle.go); count conditions after verbs, passive agents and pairing
// tables ("cities that have hosted more than one competition",
// havingrows.go); a value written straight after its column ("the status
// code done") and a column named for its superlative (colvalue.go);
// numbers stored as text, summed with a cast and ranked only where their
// text order is their numeric order, and "either … or … and …"
// (textnumbers.go, orconds.go); and which column a details word, a quoted
// value or a text pattern belongs to (whichcol.go).
//
// Round seventeen adds an aggregate over the rows of the most or least
// common value ("the total access count of documents of the most common
// type", appliesto.go); a bare negated word naming a child table as no
// such child row ("books that are not published", negation4.go); two
// numbers before their column ("3 or 4 stars"), a year after a value
// ("the Fall of 2009"), letter grades listed together (numbers2.go); and
// a name or id beside a count read as the groups' label, the grouped
// column or the parent's key (besideagg.go); and "the names" of a table
// with no name column as its one title column (colsof.go). A question
// refused as written is linked once for all the readings tried after it,
// each skipped when its trigger words are absent: planning costs about a
// tenth more per question than before these readings (BenchmarkPlan).
//
// Round eighteen reads a column word with no value after it for what the
// grammar makes it: a verb set aside ("mills built by American
// architects"), a column asked for in its own clause, or one of two
// columns of a row compared ("support rate lower than their oppose
// rate") (colword.go); a foreign key used as a noun for the rows it
// refers to ("parties whose hosts are older than 30", keynouns.go); units
// after numbers, bounds before their column, "N distinct X" (numbers3.go)
// and a number with a unit comparing the one column of its kind
// ("flights under 300 dollars", unitcols.go); time comparisons written
// many ways and "N or higher" (implicitcmp.go); quoted names stored
// nowhere after a singular table, while a slip of a stored name is
// refused naming it (placevalues.go); details, restated rankings and
// superlatives after their column beside aggregates (besideagg2.go); a
// table's columns beside a count of its children and "For each T, its X"
// (tablebeside.go); more phrasings of counts of related rows
// (countrel.go) and of negations (negation5.go); sorts by several keys,
// alphabetical order, "by different X" and "by it" (refers2.go), while a
// direction with one end only ("from the most recent") is refused;
// misspellings inside longer names, acronym asides and command words
// (spelling.go, asides.go); "when" and "where" answered by the one date
// or place column (whenwhere.go); what an aggregate applies to: a table's
// one measure, capacity verbs, "number of people injured"
// (appliesto2.go); "how many total X" as a sum and sorts by a table's
// count (aggsmany.go); "the number of records" as a child table's rows
// (records.go); "start and end dates" as two columns (colsaway.go); a
// count of one row's numeric column as its value (hascol.go); a class
// noun completing a grouped column's name ("for each job title",
// besideagg3.go); a table's own key counted as its rows (rankrel.go); a
// negated condition read through the one child table (negation6.go); and more
// everyday vocabulary, domain by domain (vocab_general.go). A key picked
// by a verb or a noun is a view of the one lexicon for that question
// (keyverbs.go lexicon.withKey), not a second lexicon kept per key.
//
// Round nineteen reads numbers written as words like digits ("which three
// cities", "twenty-five beds"), while a number right before a noun belongs
// to that noun, never to a column named before it ("the price ranges of 5
// star hotels"), and a numeral after a determiner counts ("the three
// ranks") (numerals.go). Irregular plurals are stemmed ("chairmen",
// "alumni"; stem.go). With WordNet, a question refused for words that link
// to nothing is read once more (wordnet.go, below); WordNet's usage counts
// also tell a verb, and an unknown verb that only relates two things the
// question names, joined by one path, is set aside and named in the reason
// ("companies that do not make DVD drives"; relverbs2.go, more shapes in
// relverbs3.go), and a verb's WordNet relatives choose between two keys
// joining the same tables ("routes that start at", keyverbs3.go). A table
// pairing rows of one table (friends) is read both ways (keynouns2.go),
// and a column asked of the rows a key points to is read through the key
// or refused, never shown from the referring table (keylabels.go).
//
// Round twenty reads the refusal reasons that were a larger share of the
// databases it was not developed on. A foreign key named as a noun decides
// the join: "the members who have chair votes" are the rows that key
// refers to (keyheld.go), "the away team of each game" the rows it points
// to (keynamed.go), never through another key, and two key nouns are
// refused. A group's label or key is shown beside any per-group aggregate,
// and after "its" a column of the ranked row ("the department with the
// most employees and its budget", beside3.go); "the oldest age of members"
// is MAX(age), "the maximum salary of their employees" one value per
// parent, "the numbers of different majors and cities" a distinct count
// per column (superlative.go, beside4.go). Verbs of arrival and departure
// pick a route's destination or source key, a place after such a verb is
// the parent's, and a word used mostly as a noun is a verb between a
// relative pronoun and a preposition (relverbs5.go). Numbers are modifiers
// of the noun after them ("five star hotels", "the rank 1 coach"), "at
// least one" before a value is that value, a closing "before" adds no
// condition (attach.go); "at least two distinct customers" counts through
// the one linking table (distinctcount.go); a plural column word whose
// column labels each row is read as those rows ("parties that have
// delegates", labelrows.go); count rankings read a link table's rows ("the
// employee certified to fly the most planes", "the city where the most
// customers live", rankthrough.go); "the type of vocals that X played the
// most" is the most frequent value among X's rows (appliesto3.go); "U
// visited but (or and) V did not visit" is a set difference (butnot.go); and, with
// WordNet, "people" or "someone" is the one table whose rows WordNet knows
// as persons (personnoun.go).
//
// Business context links like the schema's own names: table and column
// synonyms from the metadata, and measures ([Options.Measures]), whose
// aggregate and condition a question naming them uses ("revenue by
// country"). [Planner.FollowUp] reads a short follow-up ("and in 2024?",
// "only cancelled ones", "by country", "top 3", "and their emails?") as a
// change to the previous plan (followup.go).
//
// With a WordNet dictionary ([Options.WordNet]), a question refused for
// words that link to nothing is read once more with each such word linked
// through its WordNet synonyms, then its derived forms, when those name
// exactly one table or one column ("registries" as electoral_register,
// "membership" as member_of_club); only a plan is taken from that reading,
// and its reason names each such link (wordnet.go).
//
// Nothing is keyed to a particular database: the only vocabulary is general
// English (words.go, and WordNet when given), and everything else comes
// from the schema's own names and samples.
package offline

import (
	"slices"
	"time"

	"querent/internal/plan"
	"querent/internal/schema"
)

// Options configure a Planner.
type Options struct {
	// Today is the reference date for relative dates ("this year", "last
	// month"); zero means the date when New runs. Tests and evaluations pin
	// it so answers do not drift.
	Today time.Time
	// Measures are the business measures of the metadata: a question that
	// names one ("total revenue by country") aggregates with its Expr and
	// keeps only the rows its Where allows.
	Measures []plan.Measure
	// WordNet, when set, links a word the schema does not name to one it
	// does through a lexical database of English (wordnet.go); nil
	// leaves such words unknown.
	WordNet Thesaurus
}

// Planner plans questions over one schema. It is immutable once built and
// safe for concurrent use.
type Planner struct {
	lx    *lexicon
	today time.Time
	// chooseKeys: a question may be planned again with one of several
	// keys between two tables chosen (keyverbs.go, keynouns.go). False
	// while planning it so, as no second key is chosen.
	chooseKeys bool
	// wordNet plans a question again, linking through WordNet the words
	// that link to nothing else, when it is refused for such words
	// (wordnet.go); nil without a thesaurus.
	wordNet *Planner
}

// maxTokens bounds the questions attempted: a long question has more
// readings than this planner can rule out, so it is refused as unsupported.
const maxTokens = 40

// New precomputes the planner's index of the schema: the phrases that name
// each table and column, the sampled values of each column and the foreign
// keys between tables. The schema must not change afterwards.
func New(s *schema.Schema, opt Options) *Planner {
	today := opt.Today
	if today.IsZero() {
		today = time.Now()
	}
	p := &Planner{lx: newLexicon(s, opt.Measures), today: today, chooseKeys: true}
	if opt.WordNet != nil {
		p.wordNet = p.withThesaurus(opt.WordNet) // wordnet.go
	}
	return p
}

// Plan returns a Plan, a Clarification or CannotAnswer for the question;
// never nil.
func (p *Planner) Plan(question string) *plan.Reply {
	pl, rf := p.planWithWordNet(question, nil)
	if rf != nil {
		return rf.reply()
	}
	return &plan.Reply{Plan: pl}
}

// PlanWithTrace is [Planner.Plan] with a record of how the question was read.
func (p *Planner) PlanWithTrace(question string) (*plan.Reply, Trace) {
	tr := Trace{Question: question}
	pl, rf := p.planWithWordNet(question, &tr)
	if rf != nil {
		tr.Refusal, tr.Reason = rf.kind, rf.reason
		tr.Outcome = "cannot_answer"
		if rf.clarify != nil {
			tr.Outcome = "clarification"
		}
		return rf.reply(), tr
	}
	tr.Outcome, tr.Reason = "plan", pl.Reason
	return &plan.Reply{Plan: pl}, tr
}

// questionTokens tokenizes a question as every reading of it starts:
// asides that only repeat it ("(OMIM)" after its words, "(s)he") set
// aside (asides.go), slips of typing a function word ("teh") read as the
// word meant (spelling.go), then idioms and shared head words rewritten. words are the tokens before the rewrites,
// which the repair of slipped pairs reads.
func (lx *lexicon) questionTokens(question string) (words, toks []token) {
	words = fixFunctionTypos(tokenize(lx.dropAsides(question)))
	return words, lx.shareHeads(lx.idioms(words))
}

// plan runs the stages, recording what it links and resolves in tr when tr
// is not nil.
func (p *Planner) plan(question string, tr *Trace) (*plan.Plan, *refusal) {
	return p.planLinked(p.linked(question), tr)
}

// linkedQuestion is a question tokenized and linked, as every reading of
// it starts. No stage writes to its tokens (idioms and the rest build new
// slices), nor to raw (the stages after linking work on copies).
type linkedQuestion struct {
	question string
	// words are the tokens before idioms and shared heads are rewritten,
	// which the repair of slipped pairs reads.
	words, toks []token
	raw         []mention
}

// linked tokenizes and links a question.
func (p *Planner) linked(question string) linkedQuestion {
	words, toks := p.lx.questionTokens(question)
	return linkedQuestion{question: question, words: words, toks: toks, raw: p.lx.link(toks)}
}

// planLinked is [Planner.plan] of a question already linked by p.
func (p *Planner) planLinked(lq linkedQuestion, tr *Trace) (*plan.Plan, *refusal) {
	question, words, toks, raw := lq.question, lq.words, lq.toks, lq.raw
	if len(toks) == 0 {
		return nil, refuseUnresolved("The question is empty.")
	}
	// The question is linked once: the readings tried after a refusal
	// below start from the same mentions. The stages after linking write
	// to the mentions they are given (setting words aside, parsing), so
	// each works on its own copy: raw stays as linked for the period and
	// key-verb readings, and ms as prepared for the row-noun reading,
	// which reads only unknown words and so needs ms only when some are.
	ms := p.lx.prepared(toks, slices.Clone(raw))
	unknown := countUnknown(ms) > 0
	given := ms
	if unknown {
		given = slices.Clone(ms)
	}
	pl, rf := p.planMentions(toks, given, tr)
	if rf == nil {
		// A column asked of a key noun's rows, shown of the wrong
		// table (keylabels.go): refused, for the readings below.
		rf = p.lx.checkKeyLabel(raw, pl)
	}
	if rf == nil || len(toks) > maxTokens || rf.kind == RefusedWrite {
		return pl, rf
	}
	// A slip in "how many" or "or more" (unknownmany.go): the repaired
	// question is planned as if it had been asked.
	if fixed, ok := p.lx.repairPairs(question, words); ok {
		if g, frf := p.plan(fixed, tr); frf == nil {
			return g, nil
		}
	}
	// Two sentences, rows picked and then what to show of them, as one
	// question (sentences.go), likewise only when read apart they fail.
	if joined, ok := p.sentences(question); ok {
		if g, jrf := p.planTokens(p.lx.shareHeads(p.lx.idioms(joined)), tr); jrf == nil {
			return g, nil
		}
	}
	// "How many X does each Y have? List … and the number.", likewise
	// (countlist.go).
	if joined, ok := countList(question, p.lx.linkVerbWord); ok {
		if g, jrf := p.planTokens(p.lx.shareHeads(p.lx.idioms(joined)), tr); jrf == nil && countsPerGroup(g) {
			return g, nil
		}
	}
	// A period phrase the schema does not claim ("per month") is read
	// only when the question cannot be planned with it.
	if per, ok := findPeriod(toks, raw); ok {
		if g, prf, ok := p.planByPeriod(toks, per, tr); ok {
			return g, prf
		}
	}
	// Money spoken of as a verb or as "total <table>" (money.go), likewise.
	if g, mrf, ok := p.planByMoney(toks, tr); ok {
		return g, mrf
	}
	// A key column named as a noun for the rows it refers to
	// (keynouns.go), likewise; before the row-noun reading, which
	// would read the word as rows of a table with no key to say which.
	if g, krf, ok := p.planByKeyNoun(toks, raw, tr); ok && krf == nil {
		return g, nil
	}
	// A key noun after "each" or "of the" for the rows its key refers
	// to ("the name of the home team of each game"), likewise
	// (keynamed.go).
	if g, ok := p.planByNamedKey(toks, raw, tr); ok {
		return g, nil
	}
	// A key noun for what the question's rows hold ("the members who
	// have chair votes"), likewise (keyheld.go).
	if g, ok := p.planByHeldKey(toks, raw, tr); ok {
		return g, nil
	}
	// One of two keys to one table named as a noun ("the friends of
	// Bob"), likewise (keynouns2.go).
	if g, ok := p.planByLinkNoun(toks, raw); ok {
		return g, nil
	}
	// A plural predicate naming a value stored in the singular
	// ("whose advisors are professors"), likewise (keynouns2.go).
	if g, ok := p.planByPluralValue(toks, raw, tr); ok {
		return g, nil
	}
	// A plural column word the question was refused over, naming the
	// rows its column labels ("parties that have delegates on …"),
	// likewise (labelrows.go).
	if g, ok := p.planByLabelRows(toks, raw, rf, tr); ok {
		return g, nil
	}
	if unknown {
		if g, nrf, ok := p.planByRowNoun(toks, ms, tr); ok {
			return g, nrf
		}
	}
	// "The number of records" of the one table that refers to the
	// table named (records.go), likewise.
	if g, ok := p.planByRecords(toks, raw, tr); ok {
		return g, nil
	}
	// A verb that picks one of several keys between two tables
	// (keyverbs.go), likewise.
	if p.chooseKeys {
		// A column asked of a key noun must be read of the rows that
		// key refers to, here too: "the name of the winner of the
		// match lost by Ann" joined the player through the loser key
		// and showed the winner's id (keylabels.go, round 34).
		if g, krf, ok := p.planByKeyVerb(toks, raw, tr); ok && krf == nil && p.lx.checkKeyLabel(raw, g) == nil {
			return g, nil
		}
	}
	if tr != nil {
		// The trace is the question's own, not that of its rest.
		*tr = Trace{Question: tr.Question}
		p.planTokens(toks, tr)
	}
	return nil, rf
}

// planTokens runs the stages from linking on.
func (p *Planner) planTokens(toks []token, tr *Trace) (*plan.Plan, *refusal) {
	return p.planMentions(toks, p.lx.prepared(toks, p.lx.link(toks)), tr)
}

// prepared returns the linked mentions ms with full names split, quoted
// names read as columns and unknown words set aside: the mentions parsing
// starts from. ms may be written to.
func (lx *lexicon) prepared(toks []token, ms []mention) []mention {
	return lx.setAside(toks, lx.quotedColumns(lx.splitFullNames(ms)))
}

// planMentions runs the stages from parsing on, over linked mentions.
func (p *Planner) planMentions(toks []token, ms []mention, tr *Trace) (*plan.Plan, *refusal) {
	if tr != nil {
		tr.Links = p.lx.links(ms)
	}
	if len(toks) > maxTokens {
		return nil, refuseUnsupported("questions longer than %d words", maxTokens)
	}
	if words, ok := fromOneEnd(toks); ok {
		return nil, refuseUnresolved("I could not tell whether %q asks to sort the rows or to keep only the first one: name the other end too (for example: from the highest to the lowest).", words)
	}
	f, rf := parse(p.lx, ms)
	if rf != nil {
		return nil, rf
	}
	if s := splitSets(f); s != nil {
		pl, rf := p.combine(s, tr)
		return noteWordNet(noteIgnored(pl, ms), ms), rf
	}
	q, rf := resolve(p.lx, f, p.today)
	if q != nil && tr != nil {
		tr.Table = q.from.name
	}
	if rf != nil {
		return nil, rf
	}
	if rf := textOrderConflict(q); rf != nil {
		return nil, rf
	}
	// A key shown beside the columns of the rows it names (keynouns.go).
	dropNamedKeys(p.lx, q)
	return noteWordNet(noteIgnored(build(q), ms), ms), nil
}
