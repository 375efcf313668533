package schema_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/schema"
)

func valueSchema() *schema.Schema {
	text := func(name string, complete bool, samples ...string) schema.Column {
		return schema.Column{Name: name, Kind: schema.KindText, Samples: samples, SamplesComplete: complete}
	}
	return &schema.Schema{Tables: []schema.Table{
		{Name: "customers", Columns: []schema.Column{
			text("city", true, "Paris", "New York", "New York City", "São Paulo", "Saint-Étienne", "Zürich"),
			text("country", true, "France", "United States", "Brazil"),
			text("email", false, "ann@example.com"),
		}},
		{Name: "orders", Columns: []schema.Column{
			text("status", true, "shipped", "cancelled", "on hold"),
		}},
		{Name: "offices", Columns: []schema.Column{
			text("city", false, "Paris"),
		}},
	}}
}

type hit struct {
	Where string
	Exact bool
}

func hitsOf(hs []schema.ValueHit) []hit {
	var out []hit
	for _, h := range hs {
		out = append(out, hit{h.Table + "." + h.Column + "=" + h.Value, h.Exact})
	}
	return out
}

func TestValueIndexLookup(t *testing.T) {
	ix := schema.NewValueIndex(valueSchema())
	tests := []struct {
		text string
		want []hit
	}{
		{"Paris", []hit{{"customers.city=Paris", true}, {"offices.city=Paris", true}}}, // complete samples first
		{"paris", []hit{{"customers.city=Paris", true}, {"offices.city=Paris", true}}},
		{"sao paulo", []hit{{"customers.city=São Paulo", true}}},         // accents
		{"SAINT ETIENNE", []hit{{"customers.city=Saint-Étienne", true}}}, // case and punctuation
		{"zurich", []hit{{"customers.city=Zürich", true}}},               // umlaut
		{"Brasil", []hit{{"customers.country=Brazil", false}}},           // one substitution
		{"shiped", []hit{{"orders.status=shipped", false}}},              // one deletion
		{"cancleled", []hit{{"orders.status=cancelled", false}}},         // a swap
		{"new yrok", []hit{{"customers.city=New York", false}}},          // several words, a swap
		{"Pari", nil},   // too short for a typo
		{"Brazl1", nil}, // two edits
		{"", nil},
		{"  --  ", nil},
	}
	for _, tt := range tests {
		got := hitsOf(ix.Lookup(tt.text))
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Lookup(%q) (-want +got):\n%s", tt.text, diff)
		}
	}
}

func TestValueIndexScores(t *testing.T) {
	ix := schema.NewValueIndex(valueSchema())
	score := func(text string) float64 {
		hs := ix.Lookup(text)
		if len(hs) == 0 {
			t.Fatalf("Lookup(%q) found nothing", text)
		}
		return hs[0].Score
	}
	same, cased, accent, typo := score("Paris"), score("paris"), score("Zurich"), score("Pariss")
	if !(same > cased && cased > accent && accent > typo) {
		t.Errorf("scores: same %.2f, case %.2f, accent %.2f, typo %.2f; want strictly decreasing", same, cased, accent, typo)
	}
	hs := ix.Lookup("Paris")
	if !hs[0].Complete || hs[1].Complete || hs[0].Score <= hs[1].Score {
		t.Errorf("complete samples should rank first: %+v", hs)
	}
}

func TestValueIndexLookupTokens(t *testing.T) {
	ix := schema.NewValueIndex(valueSchema())
	toks := strings.Fields("orders on hold from New York City customers in France or Sao Paulo")
	got := ix.LookupTokens(toks)
	type span struct {
		Text  string
		First string
	}
	var spans []span
	for _, m := range got {
		spans = append(spans, span{strings.Join(toks[m.Start:m.End], " "), m.Hits[0].Value})
	}
	want := []span{
		{"on hold", "on hold"},
		{"New York City", "New York City"}, // the longest value, not "New York"
		{"France", "France"},
		{"Sao Paulo", "São Paulo"},
	}
	if diff := cmp.Diff(want, spans); diff != "" {
		t.Errorf("LookupTokens (-want +got):\n%s", diff)
	}
	if got := ix.LookupTokens(nil); len(got) != 0 {
		t.Errorf("no tokens: %v", got)
	}
}

func TestNormalizeValue(t *testing.T) {
	tests := map[string]string{
		"Saint-Étienne": "saint etienne",
		"  New   York ": "new york",
		"O'Brien":       "o brien",
		"ÅNGSTRÖM":      "angstrom",
		"Straße":        "straße",
		"ﬁne":           "fine", // compatibility ligature
		"...":           "",
	}
	for in, want := range tests {
		if got := schema.NormalizeValue(in); got != want {
			t.Errorf("NormalizeValue(%q) = %q, want %q", in, got, want)
		}
	}
}

// bigValueIndex holds 50 columns of 200 values each.
func bigValueIndex() *schema.ValueIndex {
	s := &schema.Schema{}
	words := []string{"north", "south", "river", "lake", "hill", "stone", "green", "oak", "maple", "harbor"}
	for ti := 0; ti < 10; ti++ {
		t := schema.Table{Name: fmt.Sprintf("t%d", ti)}
		for ci := 0; ci < 5; ci++ {
			c := schema.Column{Name: fmt.Sprintf("c%d", ci), Kind: schema.KindText, SamplesComplete: true}
			for v := 0; v < 200; v++ {
				c.Samples = append(c.Samples, fmt.Sprintf("%s %s %d", words[v%10], words[(v/10+ci)%10], ti*1000+v))
			}
			t.Columns = append(t.Columns, c)
		}
		s.Tables = append(s.Tables, t)
	}
	return schema.NewValueIndex(s)
}

func BenchmarkValueIndexLookup(b *testing.B) {
	ix := bigValueIndex()
	b.ReportAllocs()
	for b.Loop() {
		ix.Lookup("River Lake 3005")
		ix.Lookup("rivr lake 3005") // a typo: the deletion path
	}
}

func BenchmarkValueIndexLookupTokens(b *testing.B) {
	ix := bigValueIndex()
	toks := strings.Fields("show every order shipped to river lake 3005 or stone oak 42 in the last month by customers from green hill")
	b.ReportAllocs()
	for b.Loop() {
		ix.LookupTokens(toks)
	}
}

func BenchmarkNewValueIndex(b *testing.B) {
	for b.Loop() {
		bigValueIndex()
	}
}
