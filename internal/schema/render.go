package schema

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The rendering tiers, named like the planner tiers (planner_complexity) so
// that one setting sizes both the Plan language and the schema text.
const (
	// TierMinimal is for small local models (7–8B): table names, columns
	// with types, primary keys, foreign-key arrows, and at most
	// [MinimalSamples] short values of low-cardinality text columns.
	TierMinimal = "minimal"
	// TierStandard adds descriptions and synonyms from business context.
	TierStandard = "standard"
	// TierFull adds up to [FullSamples] values of any sampled column, row
	// counts and view markers. It is [Schema.Render]'s format.
	TierFull = "full"
)

const (
	// MinimalSamples is the default number of sample values per column in
	// the minimal and standard tiers.
	MinimalSamples = 3
	// FullSamples is the default number of sample values per column in the
	// full tier.
	FullSamples = 8
	// shortSample is the longest value, in characters, the minimal and
	// standard tiers show: long values cost tokens and rarely ground a
	// literal in a question.
	shortSample = 24
)

// RenderOptions chooses how much of the schema a prompt gets.
type RenderOptions struct {
	// Tier is TierMinimal, TierStandard or TierFull. Empty, or a name that
	// is none of these, renders as TierFull, [Schema.Render]'s format
	// (planner_complexity is validated by plan.ParseTier before it gets here).
	Tier string
	// Samples caps the sample values shown per column; 0 takes the tier's
	// default (3 for minimal and standard, 8 for full), a negative number
	// shows none.
	Samples int
	// Descriptions shows descriptions and synonyms in the minimal tier too;
	// the standard and full tiers always show them.
	Descriptions bool
	// TokenBudget, when positive, is the most [Tokens] the text may cost.
	// Over it, samples are cut first (high-cardinality lists, then down to
	// 3, 1 and none per column), then synonyms and descriptions (columns',
	// then tables'). Columns are never dropped: a schema whose bare
	// structure exceeds the budget is rendered bare and over it. To fit a
	// large schema, link fewer tables ([Schema.Subset]).
	TokenBudget int
	// Brief names tables to show in one line each instead of in full:
	// name, then its columns with primary keys and foreign-key arrows, but
	// no types, samples or descriptions ([BriefHeader] introduces them,
	// after the tables shown in full). A prompt can then tell a model about
	// many more tables than it could afford to show whole: it sees that a
	// table exists and how it joins, which is enough to use a bridge table
	// or to ask for it. The budget never cuts a brief line. Names are
	// matched case-insensitively; names of no table are ignored.
	Brief []string
}

// BriefHeader is the line that introduces the tables [RenderOptions.Brief]
// shows in one line each.
const BriefHeader = "-- more tables, columns and keys only:\n"

// Render writes a compact text form of the schema for a model's prompt: one
// line per table, then one per column with its type, keys, a few sample
// values and its description. It is [Schema.RenderWith] at [TierFull] with
// no budget.
//
// Compactness matters: small local models have small context windows, and
// every token spent on schema is one not spent on reasoning.
//
//	orders (4000 rows) -- One row per customer order (aka purchases):
//	  id integer PK
//	  customer_id integer → customers.id
//	  status text ["cancelled", "delivered", "shipped"]
//	  total_amount real -- Order total in EUR incl. VAT (aka revenue)
func (s *Schema) Render() string {
	return s.RenderWith(RenderOptions{Tier: TierFull})
}

// RenderWith renders the schema at a tier, within a token budget; see
// [RenderOptions]. The output is deterministic: the same schema and options
// give the same text, so prompts (and their caches) are stable.
func (s *Schema) RenderWith(opt RenderOptions) string {
	lv := opt.level()
	if len(opt.Brief) > 0 {
		lv.brief = make(map[string]bool, len(opt.Brief))
		for _, n := range opt.Brief {
			lv.brief[strings.ToLower(n)] = true
		}
	}
	out := s.render(lv)
	if opt.TokenBudget <= 0 {
		return out
	}
	for _, cut := range budgetCuts {
		if Tokens(out) <= opt.TokenBudget {
			break
		}
		next, changed := cut(lv)
		if !changed {
			continue
		}
		lv = next
		out = s.render(lv)
	}
	return out
}

// level is what one rendering shows; the budget lowers it step by step.
type level struct {
	samples     int  // per column; 0 shows none
	lowCardOnly bool // samples only for columns whose samples are complete
	shortOnly   bool // skip sample values longer than shortSample
	colDescs    bool // column descriptions
	colSyns     bool // column synonyms
	tableDescs  bool // table descriptions and synonyms
	rowCounts   bool // "(N rows)" and "view"
	// brief holds the lower-cased names of the tables shown in one line.
	brief map[string]bool
}

func (o RenderOptions) level() level {
	var lv level
	switch o.Tier {
	case TierMinimal, TierStandard:
		lv = level{samples: MinimalSamples, lowCardOnly: true, shortOnly: true}
		descs := o.Tier == TierStandard || o.Descriptions
		lv.colDescs, lv.colSyns, lv.tableDescs = descs, descs, descs
	default:
		lv = level{samples: FullSamples, colDescs: true, colSyns: true, tableDescs: true, rowCounts: true}
	}
	switch {
	case o.Samples < 0:
		lv.samples = 0
	case o.Samples > 0:
		lv.samples = o.Samples
	}
	return lv
}

// budgetCuts lower a level one step each, in the order RenderOptions
// documents; each reports whether it changed anything.
var budgetCuts = []func(level) (level, bool){
	func(l level) (level, bool) { ch := !l.lowCardOnly && l.samples > 0; l.lowCardOnly = true; return l, ch },
	func(l level) (level, bool) { return capSamples(l, MinimalSamples) },
	func(l level) (level, bool) { return capSamples(l, 1) },
	func(l level) (level, bool) { return capSamples(l, 0) },
	func(l level) (level, bool) { ch := l.colSyns; l.colSyns = false; return l, ch },
	func(l level) (level, bool) { ch := l.colDescs; l.colDescs = false; return l, ch },
	func(l level) (level, bool) { ch := l.tableDescs; l.tableDescs = false; return l, ch },
}

func capSamples(l level, n int) (level, bool) {
	if l.samples <= n {
		return l, false
	}
	l.samples = n
	return l, true
}

func (s *Schema) render(lv level) string {
	var b strings.Builder
	briefs := 0
	for i := range s.Tables {
		if lv.brief[strings.ToLower(s.Tables[i].Name)] {
			briefs++
			continue
		}
		s.Tables[i].render(&b, lv)
	}
	if briefs == 0 {
		return b.String()
	}
	b.WriteString(BriefHeader)
	for i := range s.Tables {
		if lv.brief[strings.ToLower(s.Tables[i].Name)] {
			s.Tables[i].RenderBrief(&b)
		}
	}
	return b.String()
}

// RenderBrief writes the table's one-line form, as [RenderOptions.Brief]
// shows it:
//
//	order_items(order_id → orders.id, product_id → products.id, quantity)
//
// A primary key column is marked PK unless it is also a foreign key (the
// arrow says more). The line ends with a newline.
func (t *Table) RenderBrief(b *strings.Builder) {
	refs := t.refs()
	pk := t.pkSet()
	b.WriteString(t.Name)
	b.WriteByte('(')
	for i := range t.Columns {
		c := &t.Columns[i]
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(c.Name)
		if r, ok := refs[strings.ToLower(c.Name)]; ok {
			b.WriteString(" → " + r)
		} else if pk[strings.ToLower(c.Name)] {
			b.WriteString(" PK")
		}
	}
	b.WriteString(")\n")
}

// refs maps each lower-cased foreign key column to "table.column", marked
// when the key was inferred rather than declared: the reader (a person or a
// model) should know a join rests on a guess, and how strong it is.
func (t *Table) refs() map[string]string {
	refs := map[string]string{}
	for _, fk := range t.ForeignKeys {
		for i, c := range fk.Columns {
			if i < len(fk.RefColumns) {
				ref := fk.RefTable + "." + fk.RefColumns[i]
				if fk.Inferred {
					ref += fmt.Sprintf(" (inferred, %.0f%%)", 100*fk.Confidence)
				}
				if _, declared := refs[strings.ToLower(c)]; !declared || !fk.Inferred {
					refs[strings.ToLower(c)] = ref
				}
			}
		}
	}
	return refs
}

func (t *Table) pkSet() map[string]bool {
	pk := map[string]bool{}
	for _, c := range t.PrimaryKey {
		pk[strings.ToLower(c)] = true
	}
	return pk
}

// Subset returns a schema holding only the named tables (in the receiver's
// order), sharing their definitions.
func (s *Schema) Subset(names []string) *Schema {
	keep := make(map[string]bool, len(names))
	for _, n := range names {
		keep[strings.ToLower(n)] = true
	}
	out := &Schema{Engine: s.Engine}
	for _, t := range s.Tables {
		if keep[strings.ToLower(t.Name)] {
			out.Tables = append(out.Tables, t)
		}
	}
	return out
}

func (t *Table) render(b *strings.Builder, lv level) {
	b.WriteString(t.Name)
	if lv.rowCounts {
		var notes []string
		if t.View {
			notes = append(notes, "view")
		}
		if t.RowCount >= 0 {
			notes = append(notes, fmt.Sprintf("%d rows", t.RowCount))
		}
		if len(notes) > 0 {
			fmt.Fprintf(b, " (%s)", strings.Join(notes, ", "))
		}
	}
	if lv.tableDescs {
		writeNote(b, t.Description, t.Synonyms)
	}
	b.WriteString(":\n")
	refs := t.refs()
	pk := t.pkSet()
	for i := range t.Columns {
		c := &t.Columns[i]
		fmt.Fprintf(b, "  %s %s", c.Name, c.Kind)
		if pk[strings.ToLower(c.Name)] {
			b.WriteString(" PK")
		}
		if r, ok := refs[strings.ToLower(c.Name)]; ok {
			b.WriteString(" → " + r)
		}
		writeSamples(b, c, lv)
		var desc string
		var syns []string
		if lv.colDescs {
			desc = c.Description
		}
		if lv.colSyns {
			syns = c.Synonyms
		}
		writeNote(b, desc, syns)
		b.WriteByte('\n')
	}
}

// writeSamples writes up to lv.samples values as a quoted list, ending in
// "…" when values exist that are not shown, so a model never takes a partial
// list for the whole domain.
func writeSamples(b *strings.Builder, c *Column, lv level) {
	if lv.samples <= 0 || len(c.Samples) == 0 || (lv.lowCardOnly && !(c.SamplesComplete && c.Kind == KindText)) {
		return
	}
	shown := make([]string, 0, min(len(c.Samples), lv.samples))
	for _, v := range c.Samples {
		if len(shown) == lv.samples {
			break
		}
		if lv.shortOnly && utf8.RuneCountInString(v) > shortSample {
			continue
		}
		shown = append(shown, fmt.Sprintf("%q", v))
	}
	if len(shown) == 0 {
		return
	}
	more := ""
	if len(c.Samples) > len(shown) || !c.SamplesComplete {
		more = ", …"
	}
	fmt.Fprintf(b, " [%s%s]", strings.Join(shown, ", "), more)
}

// writeNote writes " -- description (aka a, b)". Descriptions are flattened
// to one line: a line break would read as the next column.
func writeNote(b *strings.Builder, desc string, syns []string) {
	desc = strings.Join(strings.Fields(desc), " ")
	if desc == "" && len(syns) == 0 {
		return
	}
	b.WriteString(" -- ")
	b.WriteString(desc)
	if len(syns) > 0 {
		if desc != "" {
			b.WriteByte(' ')
		}
		fmt.Fprintf(b, "(aka %s)", strings.Join(syns, ", "))
	}
}

// Tokens estimates how many tokens text costs with OpenAI's cl100k_base
// encoding, without shipping its 100,000-entry vocabulary. It is
// deterministic and tuned on schema renderings: on the demo schema at every
// tier, with and without business context, it is within 0.1–3.4% of the
// real count, mostly above it (so a budget errs on the safe side). Prose and
// other tokenizers (Llama, Qwen, Claude) differ by more: keep a margin.
//
// The method follows how cl100k splits text:
//   - a word (a run of letters) is one token up to 8 letters and one more per
//     further 4; a leading space or underscore joins the word ("_id");
//   - each letter outside ASCII costs one more (São → S, ão);
//   - digits go in groups of up to three (2024 → 202, 4);
//   - ASCII punctuation pairs up (`["`, `",`), so a run of n costs ⌈n/2⌉;
//     other symbols (→, …) cost one each;
//   - a newline costs one, as does a run of two or more spaces (indentation);
//     a single space is free, absorbed by the next token.
func Tokens(text string) int {
	n := 0
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == '\n' || r == '\r':
			n++
			i += size
		case r == ' ' || r == '\t':
			j := i
			for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
				j++
			}
			if j-i >= 2 {
				n++
			}
			i = j
		case isWordRune(r):
			j, wide := wordEnd(text, i)
			n += wordTokens(text[i:j]) + wide
			i = j
		case r >= '0' && r <= '9':
			j := i
			for j < len(text) && text[j] >= '0' && text[j] <= '9' {
				j++
			}
			n += (j - i + 2) / 3
			i = j
		case r < utf8.RuneSelf:
			j := i
			for j < len(text) && isASCIIPunct(text[j]) {
				j++
			}
			if j == i {
				n++ // a control character
				i++
				continue
			}
			if j-i == 1 && j < len(text) && isWordStart(text[j:]) {
				// One punctuation character joins the word after it
				// ("_id", ".com"), as cl100k's pre-tokenizer groups them.
				k, wide := wordEnd(text, j)
				n += wordTokens(text[j:k]) + wide
				i = k
				continue
			}
			n += (j - i + 1) / 2
			// Line breaks right after punctuation join it ("]\n", ":\n").
			for j < len(text) && (text[j] == '\n' || text[j] == '\r') {
				j++
			}
			i = j
		default:
			n++ // a symbol outside ASCII
			i += size
		}
	}
	return n
}

// wordEnd returns the end of the run of letters starting at i and how many
// of them are outside ASCII.
func wordEnd(text string, i int) (end, wide int) {
	for i < len(text) {
		r, size := utf8.DecodeRuneInString(text[i:])
		if !isWordRune(r) {
			break
		}
		if r >= utf8.RuneSelf {
			wide++
		}
		i += size
	}
	return i, wide
}

// wordTokens is the cost of one word. Lower-case words in schema text are
// mostly common English and SQL terms that cl100k holds whole up to about 9
// letters; capitalised ones are mostly names from sample values, which it
// splits sooner.
func wordTokens(word string) int {
	letters := utf8.RuneCountInString(word)
	r, _ := utf8.DecodeRuneInString(word)
	limit, per := wordLetters, wordChunk
	if unicode.IsUpper(r) {
		limit, per = nameLetters, nameChunk
	}
	if letters <= limit {
		return 1
	}
	return 1 + (letters-limit+per-1)/per
}

const (
	wordLetters, wordChunk = 8, 4 // lower-case words: one token up to 8 letters, +1 per 4 more
	nameLetters, nameChunk = 4, 3 // capitalised words: one token up to 4 letters, +1 per 3 more
)

func isWordRune(r rune) bool { return unicode.IsLetter(r) }

func isWordStart(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return isWordRune(r)
}

func isASCIIPunct(c byte) bool {
	return c > ' ' && c < utf8.RuneSelf && !(c >= '0' && c <= '9') && !(c >= 'a' && c <= 'z') && !(c >= 'A' && c <= 'Z')
}
