// Package retrieve picks the tables a question needs from a schema too big to
// show a model whole. Real databases have hundreds or thousands of tables;
// a prompt holding them all overflows small models' context, and one that
// silently drops the needed table makes models invent columns. Retrieval
// runs in three stages:
//
//  1. Lexical (and optionally semantic) ranking: BM25 over one document per
//     table (split name, synonyms, description, column names, column
//     synonyms and descriptions, sample values), over table names alone,
//     and over one document per column (a table scored by how many of the
//     question's words its columns cover), fused by reciprocal rank (equal
//     scores sharing a rank) with the tables whose sample values the
//     question quotes and, when an [Embedder] is given, with embedding
//     similarity. When namespaces split the schema, the namespace whose
//     tables cover the question best lifts its tables. Foreign keys then
//     carry scores: a table gains part of its best neighbour's score, and
//     the neighbours of the leading tables enter the ranking.
//  2. An optional LLM relevance filter ([FilterWithLLM]) when a model is
//     given and the candidates exceed TopK.
//  3. Foreign-key expansion and fitting: the kept tables are shown in full
//     with the tables on shortest join paths between them (bridge and
//     junction tables); the next BriefK of the ranking are shown in one
//     line each (name, columns, keys: [schema.RenderOptions.Brief]), so the
//     model still sees that they exist and how they join. A token budget
//     shows a kept table that does not fit in full in one line, and stops
//     adding one-line tables when it is spent.
//
// An [Index] is built once per schema with [New] and answers many questions,
// concurrently.
package retrieve

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"sort"
	"strings"
	"sync"

	"querent/internal/llm"
	"querent/internal/schema"
)

// Defaults for zero Options fields.
const (
	// DefaultTopK is how many tables stage 1 keeps before expansion.
	DefaultTopK = 8
	// DefaultBriefK is the BriefK an agent or a command is meant to pass:
	// a one-line table costs about a third of its full rendering, and the
	// tables a question needs but the best few miss are most often ranked
	// just below them (on Spider's pooled schema, 8 tables in full hold
	// every table of 92.0% of the questions; with the next 24 in one line,
	// 98.4%). Options' zero value shows none, so that TopK alone still
	// means that many tables.
	DefaultBriefK = 24
	// maxJoinHops bounds the foreign-key paths searched for bridges: two
	// kept tables more than three joins apart are probably not meant
	// together.
	maxJoinHops = 3
	// maxHistory is how many previous questions still contribute terms.
	maxHistory = 3
)

// Stage 1 fusion parameters, tuned on Spider's training databases a–r
// pooled into one schema, checked on s–z (see TestSpiderPooledRecall).
const (
	// rrfK damps reciprocal rank fusion; a small value lets a table ranked
	// first by one list stand out.
	rrfK = 5.0
	// neighbourWeight is the share of its best-scored foreign-key
	// neighbour's fused score a table gains. Kept small: a large share
	// lets a strong table carry every table around it above tables with
	// evidence of their own.
	neighbourWeight = 0.2
	// listDepth is how far down each ranked list fusion looks: a table
	// ranked 300th adds 1/310 to its score, which changes no decision, and
	// cutting the lists keeps a question's cost from growing with the
	// schema.
	listDepth = 256
	// nameListWeight scales the ranking by table names alone.
	nameListWeight = 1.0
	// columnListWeight scales the ranking by column coverage: each
	// question word counts with the table's best column for it.
	columnListWeight = 1.0
	// historyWeight scales the ranking by earlier questions' words.
	historyWeight = 0.5
	// The unmatched foreign-key neighbours of the leadTables best tables
	// enter the ranking with unmatchedWeight of their neighbour's score.
	unmatchedWeight = 0.5
	leadTables      = 5
	// When namespaces split the schema into subject areas, a question is
	// most often about one of them: every candidate gains areaWeight times
	// its namespace's reciprocal rank (namespaces ranked by their tables'
	// coverage of the question's words), and areaBestWeight times the
	// best fused score in its namespace. With one namespace both add the
	// same to every table and change nothing.
	areaWeight     = 1.0
	areaBestWeight = 0.5
)

// Options configure an Index. The zero value is usable.
type Options struct {
	// TopK is how many tables stage 1 keeps (before foreign-key expansion);
	// zero means DefaultTopK.
	TopK int
	// BriefK is how many tables ranked after the TopK best are shown in
	// one line each (with the bridges that join them to the rest); zero or
	// negative shows none. See DefaultBriefK.
	BriefK int
	// TokenBudget caps the rendered subset's estimated tokens ([Tokens]):
	// tables are added best first while they fit, a kept table that does
	// not fit in full is shown in one line, and one-line tables stop when
	// the budget is spent. Zero means no budget.
	TokenBudget int
	// Embedder, when set, adds embedding similarity to stage 1. Table
	// documents are embedded once per schema and cached in memory.
	Embedder Embedder
	// Model, when set, runs the stage 2 relevance filter when stage 1 has
	// more candidates than TopK.
	Model llm.Model
}

// Query holds what one question brings besides its text.
type Query struct {
	// History holds the conversation's previous questions, oldest first.
	// Their words count less than the current question's, and the tables
	// the latest one was about are kept ("and their emails?" after "top
	// customers by spending" keeps customers).
	History []string
	// PreviousTables are the tables the previous turn actually used, when
	// the caller knows them; they are kept instead of re-deriving them from
	// History.
	PreviousTables []string
	// TopK, BriefK and TokenBudget override the Index's Options when
	// non-zero (a negative BriefK turns one-line tables off).
	TopK        int
	BriefK      int
	TokenBudget int
}

// Stages a table can be selected by.
const (
	StageRetrieve = "retrieve" // stage 1 ranking
	StageLLM      = "llm"      // kept by the stage 2 filter
	StageHistory  = "history"  // kept from earlier in the conversation
	StageJoin     = "join"     // on a foreign-key path between kept tables
	StageWhole    = "whole"    // the schema is small enough to show whole
)

// Scored is one selected table.
type Scored struct {
	Name string `json:"name"`
	// Score is the stage 1 fused score (reciprocal rank fusion, higher is
	// better); zero for tables no stage 1 list ranked.
	Score   float64  `json:"score"`
	Reasons []string `json:"reasons"`
	// Stage is one of the Stage constants.
	Stage string `json:"stage"`
	// Brief marks a table shown in one line (name, columns, keys) rather
	// than in full.
	Brief bool `json:"brief,omitempty"`
}

// Result is what one question gets.
type Result struct {
	// Tables are the selected tables: those shown in full, best first,
	// then the bridges between them, then those shown in one line, in the
	// same order.
	Tables []Scored `json:"tables"`
	// Subset is the schema restricted to Tables, in the schema's order.
	Subset *schema.Schema `json:"-"`
	// Brief names the tables of Subset shown in one line each: pass it as
	// [schema.RenderOptions.Brief] when rendering Subset at another tier.
	Brief []string `json:"brief,omitempty"`
	// Rendered is the prompt text for Subset at the full tier, the one-line
	// tables last ([schema.Schema.RenderWith] with Brief).
	Rendered string `json:"-"`
	// Tokens estimates Rendered; FullTokens the whole schema rendered in
	// full. Lower tiers cost no more than Rendered.
	Tokens     int `json:"tokens"`
	FullTokens int `json:"full_tokens"`
	// Notes say what did not go as planned: an embedding or LLM failure
	// that was worked around, unknown tables named by the model, a budget
	// too small for even one table.
	Notes []string `json:"notes,omitempty"`
	// Usage counts the tokens of the stage 2 call, if any; LLMCalls is 1
	// when that call was made (successful or not), so callers can account
	// for it.
	Usage    llm.Usage `json:"usage"`
	LLMCalls int       `json:"llm_calls"`
}

// Names returns the selected table names in Result order.
func (r *Result) Names() []string {
	out := make([]string, len(r.Tables))
	for i, t := range r.Tables {
		out[i] = t.Name
	}
	return out
}

// Index is a schema prepared for retrieval. It is safe for concurrent use.
type Index struct {
	s   *schema.Schema
	opt Options

	byName    map[string]int32 // lower-cased table name → position
	tables    *bm25            // document i is table i
	names     *bm25            // document i is table i's Ident and synonyms
	cols      *bm25            // one document per column
	cover     *grouped         // tables by their columns' coverage of the question
	nsOf      []int32          // table → namespace number
	areas     int              // number of namespaces
	nsTables  *grouped         // namespaces by their tables' coverage of the question
	colTable  []int32          // column document → table
	colStart  []int32          // table → its first column document (and the end, last)
	colName   []string         // column document → column name
	nameTerms [][]string       // table → its name's terms, for reasons
	values    map[string][]valueRef
	maxWords  int // most words in any indexed sample value

	adj         [][]int32 // undirected foreign-key graph
	tableTokens []int     // estimated tokens of each table's rendering
	briefTokens []int     // and of its one-line form
	fullTokens  int

	emb embedState
}

// New indexes s. It reads s only while building: later changes to s are not
// seen, and the Index keeps s for rendering subsets, so s must not be
// modified while the Index is used.
func New(s *schema.Schema, opt Options) *Index {
	if opt.TopK <= 0 {
		opt.TopK = DefaultTopK
	}
	x := &Index{
		s:           s,
		opt:         opt,
		byName:      make(map[string]int32, len(s.Tables)),
		nameTerms:   make([][]string, len(s.Tables)),
		values:      map[string][]valueRef{},
		adj:         make([][]int32, len(s.Tables)),
		tableTokens: make([]int, len(s.Tables)),
		briefTokens: make([]int, len(s.Tables)),
		colStart:    make([]int32, len(s.Tables)+1),
	}
	for i := range s.Tables {
		x.byName[strings.ToLower(s.Tables[i].Name)] = int32(i)
	}
	tb, cb, nb := newBM25Builder(), newBM25Builder(), newBM25Builder()
	for i := range s.Tables {
		t := &s.Tables[i]
		x.colStart[i] = int32(len(x.colTable))
		fkCols := foreignKeyColumns(t)
		tb.add(x.tableDoc(int32(i), t))
		nb.add(identDoc(t))
		for j := range t.Columns {
			cb.add(columnDoc(t, &t.Columns[j], fkCols[strings.ToLower(t.Columns[j].Name)]))
			x.colTable = append(x.colTable, int32(i))
			x.colName = append(x.colName, t.Columns[j].Name)
			x.indexValues(int32(i), &t.Columns[j])
		}
		x.tableTokens[i] = Tokens((&schema.Schema{Tables: s.Tables[i : i+1]}).Render())
		x.fullTokens += x.tableTokens[i]
		var b strings.Builder
		t.RenderBrief(&b)
		x.briefTokens[i] = Tokens(b.String())
	}
	x.colStart[len(s.Tables)] = int32(len(x.colTable))
	x.tables, x.cols, x.names = tb.build(), cb.build(), nb.build()
	x.cover = newGrouped(x.cols, x.colTable, len(s.Tables))
	x.nsOf = make([]int32, len(s.Tables))
	nsID := map[string]int32{}
	for i := range s.Tables {
		ns := s.Tables[i].Namespace
		id, ok := nsID[ns]
		if !ok {
			id = int32(len(nsID))
			nsID[ns] = id
		}
		x.nsOf[i] = id
	}
	x.areas = len(nsID)
	x.nsTables = newGrouped(x.tables, x.nsOf, len(nsID))
	x.buildGraph()
	return x
}

// Schema returns the indexed schema.
func (x *Index) Schema() *schema.Schema { return x.s }

// FullTokens is the estimated token count of the whole schema's rendering.
func (x *Index) FullTokens() int { return x.fullTokens }

// Field weights of the table document: a table's own name says most about
// it, its columns less each, sample values least.
const (
	wName        = 3
	wSynonym     = 3
	wDescription = 1
	wColumn      = 1
	wColumnText  = 0.5
	wSample      = 0.5
)

func (x *Index) tableDoc(i int32, t *schema.Table) map[string]float32 {
	doc := map[string]float32{}
	add := func(text string, w float32) {
		for _, term := range identTerms(text) {
			doc[term] += w
		}
	}
	name := t.Name
	if t.Ident != "" && !strings.EqualFold(t.Ident, t.Name) {
		name += " " + t.Ident
	}
	x.nameTerms[i] = identTerms(name)
	for _, term := range x.nameTerms[i] {
		doc[term] += wName
	}
	for _, syn := range t.Synonyms {
		add(syn, wSynonym)
		x.nameTerms[i] = append(x.nameTerms[i], identTerms(syn)...)
	}
	add(t.Description, wDescription)
	fkCols := foreignKeyColumns(t)
	for _, c := range t.Columns {
		// A foreign key column names the table it refers to: orders has
		// customer_id, but a question about customers is not about orders.
		if !fkCols[strings.ToLower(c.Name)] {
			add(c.Name, wColumn)
		}
		for _, syn := range c.Synonyms {
			add(syn, wColumn)
		}
		add(c.Description, wColumnText)
		for _, v := range termSamples(&c) {
			add(v, wSample)
		}
	}
	return doc
}

// maxTermSamples bounds the values of a column whose words join its
// table's and its own terms: as many as a prompt shows of a column
// (schema.FullSamples). Values hint at a topic ("Berlin" is a city); a
// complete list of hundreds of names would lengthen the document until
// its own name weighs little. Every value still counts as a phrase a
// question may quote (values.go).
const maxTermSamples = schema.FullSamples

func termSamples(c *schema.Column) []string {
	return c.Samples[:min(len(c.Samples), maxTermSamples)]
}

// identDoc is the table's own name (without its namespace) and synonyms:
// "customers" in the question is the customers table of some namespace
// rather than customer_orders, which is about orders.
func identDoc(t *schema.Table) map[string]float32 {
	doc := map[string]float32{}
	ident := t.Ident
	if ident == "" {
		ident = t.Name
	}
	for _, term := range identTerms(ident) {
		doc[term]++
	}
	for _, syn := range t.Synonyms {
		for _, term := range identTerms(syn) {
			doc[term]++
		}
	}
	return doc
}

// foreignKeyColumns returns the lower-cased names of t's foreign key
// columns.
func foreignKeyColumns(t *schema.Table) map[string]bool {
	fkCols := map[string]bool{}
	for _, k := range t.ForeignKeys {
		for _, c := range k.Columns {
			fkCols[strings.ToLower(c)] = true
		}
	}
	return fkCols
}

// columnDoc is one column: its name counts most, and the table's name a
// little, so "customer city" ranks customers.city over suppliers.city. A
// foreign key column's name is left out: customer_id names another table,
// and would rank every table referring to customers as a match for
// "customers" (foreign-key propagation brings such tables instead).
func columnDoc(t *schema.Table, c *schema.Column, foreignKey bool) map[string]float32 {
	doc := map[string]float32{}
	add := func(text string, w float32) {
		for _, term := range identTerms(text) {
			doc[term] += w
		}
	}
	if !foreignKey {
		add(c.Name, 2)
	}
	for _, syn := range c.Synonyms {
		add(syn, 2)
	}
	add(c.Description, 1)
	add(t.Name, 0.5)
	for _, v := range termSamples(c) {
		add(v, wSample)
	}
	return doc
}

func (x *Index) buildGraph() {
	seen := map[[2]int32]bool{}
	for _, e := range x.s.Edges() {
		a, okA := x.byName[strings.ToLower(e.From)]
		b, okB := x.byName[strings.ToLower(e.To)]
		if !okA || !okB || a == b || seen[[2]int32{a, b}] {
			continue
		}
		seen[[2]int32{a, b}], seen[[2]int32{b, a}] = true, true
		x.adj[a] = append(x.adj[a], b)
		x.adj[b] = append(x.adj[b], a)
	}
}

// ErrEmptyQuestion is returned for a question with no words.
var ErrEmptyQuestion = errors.New("retrieve: the question is empty; ask about the data, e.g. \"top 5 customers by revenue\"")

// candidate is a table during ranking.
type candidate struct {
	table   int32
	score   float64
	reasons []string
	stage   string
	brief   bool // shown in one line
}

// Retrieve selects the tables question needs. It fails only for an empty
// question or a cancelled ctx: embedding and LLM failures are worked around
// and reported in Result.Notes.
func (x *Index) Retrieve(ctx context.Context, question string, q Query) (*Result, error) {
	if len(splitWords(question)) == 0 {
		return nil, ErrEmptyQuestion
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("retrieve: %w", err)
	}
	topK, briefK, budget := x.opt.TopK, x.opt.BriefK, x.opt.TokenBudget
	if q.TopK > 0 {
		topK = q.TopK
	}
	if q.BriefK != 0 {
		briefK = q.BriefK
	}
	if q.TokenBudget > 0 {
		budget = q.TokenBudget
	}
	res := &Result{FullTokens: x.fullTokens}

	ranked := x.rank(ctx, question, q.History, res)
	if len(x.s.Tables) <= topK {
		ranked = x.wholeSchema(ranked)
	}

	kept := ranked[:min(topK, len(ranked))]
	more := ranked[len(kept):]
	if x.opt.Model != nil && len(ranked) > topK {
		pool := ranked[:min(2*topK, len(ranked))]
		filtered, usage, notes, err := x.filter(ctx, question, pool)
		res.Usage = usage
		res.LLMCalls++
		res.Notes = append(res.Notes, notes...)
		if err != nil {
			if ctx.Err() != nil {
				return nil, fmt.Errorf("retrieve: %w", ctx.Err())
			}
			res.Notes = append(res.Notes, "the relevance filter failed, so the lexical ranking is used: "+err.Error())
		} else {
			// The tables the filter judged irrelevant are not shown, not
			// even in one line.
			kept, more = filtered, ranked[len(pool):]
		}
	}
	more = more[:max(0, min(briefK, len(more)))]
	kept = append([]candidate(nil), kept...)
	kept = x.addHistory(ctx, kept, q)

	final, notes := x.fit(kept, more, budget)
	x.explain(question, final)
	if len(final) == 0 {
		res.Notes = append(res.Notes, "no table matches the question's words; name what you want in the database's terms (a table, a column or a value)")
	}
	res.Notes = append(res.Notes, notes...)
	x.finish(res, final)
	return res, nil
}

// termWeights returns the question's terms with their weights.
func termWeights(question string, w float64) map[string]float64 {
	terms := map[string]float64{}
	for _, t := range questionTerms(question, w) {
		terms[t.term] = max(terms[t.term], t.weight)
	}
	return terms
}

// historyTerms merges the terms of the latest maxHistory previous
// questions, each step back counting half as much.
func historyTerms(history []string) map[string]float64 {
	terms := map[string]float64{}
	w := 1.0
	for i := len(history) - 1; i >= 0 && i >= len(history)-maxHistory; i-- {
		for t, tw := range termWeights(history[i], w) {
			terms[t] = max(terms[t], tw)
		}
		w /= 2
	}
	return terms
}

// rank is stage 1: it fuses the table, column, value and embedding rankings
// by reciprocal rank and returns every table any of them ranked, best
// first.
func (x *Index) rank(ctx context.Context, question string, history []string, res *Result) []candidate {
	terms := termWeights(question, 1)
	fused := map[int32]*candidate{}
	get := func(t int32) *candidate {
		c := fused[t]
		if c == nil {
			c = &candidate{table: t, stage: StageRetrieve}
			fused[t] = c
		}
		return c
	}

	for r, h := range tiedRanks(x.tables.search(terms, listDepth)) {
		get(h.doc).score += 1 / (rrfK + float64(r+1))
	}

	// Names alone: the question's subject ("students") should be a table
	// named so, not any table with first_name and last_name columns.
	for r, h := range tiedRanks(x.names.search(terms, listDepth)) {
		get(h.doc).score += nameListWeight / (rrfK + float64(r+1))
	}

	// Columns: tables ranked by how many of the question's words their
	// columns match, each word counting with its best column (a generic
	// column word such as name or date is in many columns and counts
	// little). A table matching three words in three columns beats one
	// whose single best column matches one word well.
	for r, h := range tiedRanks(x.cover.search(terms, listDepth)) {
		get(h.doc).score += columnListWeight / (rrfK + float64(r+1))
	}

	// The conversation's earlier questions rank tables too, with less
	// weight than the question itself: "and their emails?" needs them.
	if h := historyTerms(history); len(h) > 0 {
		for r, hh := range tiedRanks(x.tables.search(h, listDepth)) {
			get(hh.doc).score += historyWeight / (rrfK + float64(r+1))
		}
	}

	for r, v := range x.matchValues(question) {
		c := get(v.table)
		c.score += 1 / (rrfK + float64(r+1))
		c.reasons = append(c.reasons, v.reason)
	}

	if x.opt.Embedder != nil {
		sims, err := x.embedRank(ctx, question)
		if err != nil {
			res.Notes = append(res.Notes, "embeddings unavailable, ranking is lexical only: "+err.Error())
		}
		for r, t := range sims {
			c := get(t)
			c.score += 1 / (rrfK + float64(r+1))
			if r < 3 {
				c.reasons = append(c.reasons, "close in meaning to the question (embeddings)")
			}
		}
	}

	if x.areas > 1 {
		x.areaRank(terms, fused)
	}
	return x.propagate(fused, get)
}

// propagate lets foreign keys carry scores, and returns the candidates best
// first. A table that joins other tables the question matches is more
// likely meant than a namesake standing alone: "stations" next to "trips"
// is the station table trips refer to, not one of another subject area.
// And the neighbours of the strongest tables join the ranking even when
// they match no word: a question about students and courses is answered
// through enrollments, which it never names; they rank by their
// neighbour's score alone, below most tables with evidence of their own.
func (x *Index) propagate(fused map[int32]*candidate, get func(int32) *candidate) []candidate {
	base := make(map[int32]float64, len(fused))
	lead := make([]int32, 0, len(fused))
	for t, c := range fused {
		base[t] = c.score
		lead = append(lead, t)
	}
	sort.Slice(lead, func(i, j int) bool {
		if base[lead[i]] != base[lead[j]] {
			return base[lead[i]] > base[lead[j]]
		}
		return lead[i] < lead[j]
	})
	for _, t := range lead[:min(len(lead), leadTables)] {
		for _, n := range x.adj[t] {
			if _, ok := base[n]; !ok {
				c := get(n)
				if s := unmatchedWeight * base[t]; s > c.score {
					c.score = s
					c.reasons = []string{"linked by a foreign key to " + x.s.Tables[t].Name}
				}
			}
		}
	}
	out := make([]candidate, 0, len(fused))
	for t, c := range fused {
		if _, matched := base[t]; matched {
			var best float64
			for _, n := range x.adj[t] {
				best = max(best, base[n])
			}
			c.score += neighbourWeight * best
		}
		out = append(out, *c)
	}
	x.areaBest(out, base)
	sort.Slice(out, func(i, j int) bool {
		if out[i].score != out[j].score {
			return out[i].score > out[j].score
		}
		return out[i].table < out[j].table
	})
	return out
}

// tiedRanks yields each hit with its rank, equal scores sharing the best
// of their ranks: two namespaces' identical customers tables are equally
// good matches, and fusion should not favour the one indexed first.
func tiedRanks(hits []hit) iter.Seq2[int, hit] {
	return func(yield func(int, hit) bool) {
		r := 0
		for i, h := range hits {
			if i > 0 && h.score != hits[i-1].score {
				r = i
			}
			if !yield(r, h) {
				return
			}
		}
	}
}

// areaRank adds to each candidate areaWeight times the reciprocal rank of
// its namespace, ranked by how many of the question's words its tables
// cover: "customers who bought products" is about the namespace holding
// both, not the one whose customers table matches best alone.
func (x *Index) areaRank(terms map[string]float64, fused map[int32]*candidate) {
	nsScore := map[int32]float64{}
	for r, h := range tiedRanks(x.nsTables.search(terms, listDepth)) {
		nsScore[h.doc] = areaWeight / (rrfK + float64(r+1))
	}
	for t, c := range fused {
		c.score += nsScore[x.nsOf[t]]
	}
}

// areaBest lifts each candidate by areaBestWeight times the best fused
// score in its namespace (its own included): the tables that share a
// subject area with the strongest evidence belong with it.
func (x *Index) areaBest(out []candidate, base map[int32]float64) {
	if x.areas <= 1 {
		return
	}
	best := map[int32]float64{}
	for t, b := range base {
		best[x.nsOf[t]] = max(best[x.nsOf[t]], b)
	}
	for i := range out {
		out[i].score += areaBestWeight * best[x.nsOf[out[i].table]]
	}
}

// explain adds the name and column matches to the reasons of the selected
// candidates (computed only for them: the rest are never shown).
func (x *Index) explain(question string, sel []candidate) {
	terms := termWeights(question, 1)
	for i := range sel {
		c := &sel[i]
		if c.stage == StageJoin || c.stage == StageHistory || c.stage == StageWhole {
			continue
		}
		if m := matched(x.nameTerms[c.table], terms); len(m) > 0 {
			c.reasons = append([]string{"name matches " + strings.Join(m, ", ")}, c.reasons...)
		}
		if r := x.columnsReason(c.table, terms); r != "" {
			c.reasons = append(c.reasons, r)
		}
	}
}

// columnsReason is the reason of t's column matching the most words of
// the question by name (or else by values), or "".
func (x *Index) columnsReason(t int32, terms map[string]float64) string {
	var best, byValue string
	most := 0
	for d := x.colStart[t]; d < x.colStart[t+1]; d++ {
		r, n, own := x.columnReason(t, d, terms)
		switch {
		case own && n > most:
			best, most = r, n
		case !own && n > 0 && byValue == "":
			byValue = r
		}
	}
	if best != "" {
		return best
	}
	return byValue
}

// columnReason says which words of the question column document doc
// matches, how many, and whether by the column's own name, synonyms or
// description (rather than by its sample values); n is 0 when it matches
// none.
func (x *Index) columnReason(t, doc int32, terms map[string]float64) (reason string, n int, own bool) {
	tb := &x.s.Tables[t]
	c, ok := tb.Column(x.colName[doc])
	if !ok {
		return "", 0, false
	}
	words := identTerms(c.Name)
	for _, syn := range c.Synonyms {
		words = append(words, identTerms(syn)...)
	}
	words = append(words, identTerms(c.Description)...)
	if m := matched(words, terms); len(m) > 0 {
		return fmt.Sprintf("column %s.%s matches %s", tb.Name, c.Name, strings.Join(m, ", ")), len(m), true
	}
	var vals []string
	for _, v := range c.Samples {
		vals = append(vals, identTerms(v)...)
	}
	if m := matched(vals, terms); len(m) > 0 {
		return fmt.Sprintf("values of %s.%s match %s", tb.Name, c.Name, strings.Join(m, ", ")), len(m), false
	}
	return "", 0, false
}

// matched lists the distinct terms of doc present in the query.
func matched(doc []string, terms map[string]float64) []string {
	var out []string
	seen := map[string]bool{}
	for _, t := range doc {
		if terms[t] > 0 && !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// wholeSchema appends the tables no list ranked, for schemas small enough
// to show whole: filtering a handful of tables gains nothing and risks
// dropping the one needed.
func (x *Index) wholeSchema(ranked []candidate) []candidate {
	in := map[int32]bool{}
	for _, c := range ranked {
		in[c.table] = true
	}
	for i := range x.s.Tables {
		if !in[int32(i)] {
			ranked = append(ranked, candidate{table: int32(i), stage: StageWhole, reasons: []string{"small schema: shown whole"}})
		}
	}
	return ranked
}

// addHistory keeps the tables of the conversation's previous turn: those
// the caller names, or else the best-ranked tables of the latest previous
// question.
func (x *Index) addHistory(ctx context.Context, kept []candidate, q Query) []candidate {
	in := map[int32]bool{}
	for _, c := range kept {
		in[c.table] = true
	}
	add := func(t int32, reason string) {
		if !in[t] {
			in[t] = true
			kept = append(kept, candidate{table: t, stage: StageHistory, reasons: []string{reason}})
		}
	}
	if len(q.PreviousTables) > 0 {
		for _, name := range q.PreviousTables {
			if t, ok := x.byName[strings.ToLower(name)]; ok {
				add(t, "used by the previous question")
			}
		}
		return kept
	}
	if len(q.History) == 0 {
		return kept
	}
	last := q.History[len(q.History)-1]
	if len(splitWords(last)) == 0 {
		return kept
	}
	prev := x.rank(ctx, last, nil, &Result{})
	n := max(1, min(3, x.opt.TopK/2))
	for _, c := range prev[:min(n, len(prev))] {
		add(c.table, fmt.Sprintf("kept from the earlier question %q", last))
	}
	return kept
}

// finish fills res from the selected candidates.
func (x *Index) finish(res *Result, final []candidate) {
	names := make([]string, len(final))
	sub := &schema.Schema{Engine: x.s.Engine}
	pos := make([]int, len(final))
	for i, c := range final {
		names[i] = x.s.Tables[c.table].Name
		pos[i] = int(c.table)
		res.Tables = append(res.Tables, Scored{Name: names[i], Score: c.score, Reasons: c.reasons, Stage: c.stage, Brief: c.brief})
		if c.brief {
			res.Brief = append(res.Brief, names[i])
		}
	}
	sort.Ints(pos)
	for _, p := range pos {
		sub.Tables = append(sub.Tables, x.s.Tables[p])
	}
	res.Subset = sub
	res.Rendered = sub.RenderWith(schema.RenderOptions{Tier: schema.TierFull, Brief: res.Brief})
	res.Tokens = Tokens(res.Rendered)
}

// embedState caches the table documents' embeddings of one Index.
type embedState struct {
	mu   sync.Mutex
	vecs [][]float32
}
