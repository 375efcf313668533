package offline

import (
	"testing"

	"querent/internal/schema"
	"querent/internal/wordnet"
)

// taggedOnly is a thesaurus that relates no word but knows how often a
// few are used as a noun, a verb and an adjective (wordnet.DB.Tagged).
type taggedOnly struct{ UsageCounts }

func (taggedOnly) Related(string, ...wordnet.Relation) ([]wordnet.Relative, error) { return nil, nil }

// gateSchema: companies make products; a match names its winning pilot
// by a key; the "train" family holds a table (trainer) and a column
// (pilot.trainer), which leaves "train" unlinked (derivedWord).
func gateSchema() *schema.Schema {
	col := func(name, typ string, samples ...string) schema.Column {
		return schema.Column{Name: name, Type: typ, Kind: schema.KindOf(typ), Nullable: true, Samples: samples, Distinct: -1}
	}
	tbl := func(name string, cols []schema.Column, fks ...schema.ForeignKey) schema.Table {
		return schema.Table{Name: name, Ident: name, Columns: cols, PrimaryKey: []string{"id"}, ForeignKeys: fks, RowCount: -1}
	}
	fk := func(c, t string) schema.ForeignKey {
		return schema.ForeignKey{Columns: []string{c}, RefTable: t, RefColumns: []string{"id"}}
	}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		tbl("company", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Acme", "Sony")}),
		tbl("product", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "DVD drive", "Mouse"), col("price", "REAL"), col("company_id", "INTEGER")},
			fk("company_id", "company")),
		tbl("pilot", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann", "Bo"), col("trainer", "TEXT", "Kim", "Lee")}),
		tbl("trainer", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Kim", "Lee")}),
		tbl("match", []schema.Column{col("id", "INTEGER"), col("country", "TEXT", "Australia", "Peru"), col("winning_pilot", "INTEGER")},
			fk("winning_pilot", "pilot")),
	}}
}

// gateUsage: the words tested, each used mostly as a verb.
var gateUsage = taggedOnly{UsageCounts{
	"make": {1, 29, 0}, "makes": {1, 29, 0}, "lead": {6, 13, 0}, "win": {1, 3, 0}, "train": {2, 4, 0}, "reach": {2, 9, 0}, "crafted": {0, 3, 0},
}}

// setAsideWord plans nothing: it links q as the WordNet reading does and
// reports whether the one-word mention w was set aside.
func setAsideWord(t *testing.T, lx *lexicon, q, w string) bool {
	t.Helper()
	toks := tokenize(q)
	ms := lx.prepared(toks, lx.link(toks))
	for _, m := range ms {
		if mentionWord(toks, m) == w {
			return m.ignored
		}
	}
	t.Fatalf("%q: no mention %q", q, w)
	return false
}

// TestLinkVerbGates: each pair differs in what one gate of relverbs2.go
// or relverbs3.go reads, so that gate alone decides whether the verb is
// set aside; with the gate removed, the kept question would set it aside
// too. (At the level of a plan several kept questions would be refused
// anyway, by the parser: TestLinkVerbsKept.)
func TestLinkVerbGates(t *testing.T) {
	lx := New(gateSchema(), Options{WordNet: gateUsage}).wordNet.lx
	for _, c := range []struct{ gate, set, setWord, kept, keptWord string }{
		// The walk to the subject passes do-support's "not" only.
		{"negation", "companies that do not make DVD drive", "make", "companies that never make DVD drive", "make"},
		// A number or question word after the verb needs a name after it.
		{"countedName", "companies that make more than 2 products", "make", "companies that make more than the average", "make"},
		{"countedName", "companies that make the most products", "make", "companies that make the most in Paris", "make"},
		// A capability counts only before a name.
		{"capability", "companies that can make products", "make", "companies that can make 100 products", "make"},
		// … or before a superlative and a column of the subject's table.
		{"capability measure", "products that can reach the highest price", "reach", "companies that can reach the most products", "reach"},
		{"capability measure", "products that can reach the highest price", "reach", "companies that can reach the highest price", "reach"},
		// The verb's form agrees with the auxiliary before it.
		{"agreement after do", "companies that do not make DVD drive", "make", "companies that do not makes DVD drive", "makes"},
		{"agreement after have", "companies that have crafted products", "crafted", "companies that have lead products", "lead"},
		// A family the schema knows only from a key's name is the key's;
		// one a column names is the column's.
		{"key family", "pilots who did not win the matches", "win", "pilots who did not train the matches", "train"},
		// A yes/no question, and "the numbers of", hang on more than the
		// verb: nothing is set aside in them.
		{"yes/no lead", "companies that make DVD drive", "make", "do companies make DVD drive", "make"},
		{"numbers of", "the names of companies that make DVD drive", "make", "the numbers of companies that make DVD drive", "make"},
	} {
		t.Run(c.gate, func(t *testing.T) {
			if !setAsideWord(t, lx, c.set, c.setWord) {
				t.Errorf("%q: %q not set aside", c.set, c.setWord)
			}
			if setAsideWord(t, lx, c.kept, c.keptWord) {
				t.Errorf("%q: %q set aside", c.kept, c.keptWord)
			}
		})
	}
}
