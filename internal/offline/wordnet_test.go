package offline_test

import (
	"slices"
	"strings"
	"testing"

	"querent/internal/offline"
	"querent/internal/schema"
	"querent/internal/wordnet"
)

// fakeThesaurus answers Related from a table, as internal/wordnet would
// from its files: tests of linking stay hermetic.
type fakeThesaurus map[string][]wordnet.Relative

func (f fakeThesaurus) Related(word string, rels ...wordnet.Relation) ([]wordnet.Relative, error) {
	var out []wordnet.Relative
	for _, r := range f[word] {
		if slices.Contains(rels, r.Rel) {
			out = append(out, r)
		}
	}
	return out, nil
}

func syn(base, lemma string, sense int) wordnet.Relative {
	return wordnet.Relative{Lemma: lemma, Rel: wordnet.Synonym, POS: wordnet.Noun, Sense: sense, Base: base}
}

func rel(base, lemma string, r wordnet.Relation, pos wordnet.POS) wordnet.Relative {
	return wordnet.Relative{Lemma: lemma, Rel: r, POS: pos, Base: base}
}

var thesaurus = fakeThesaurus{
	"photoplays": {syn("photoplay", "movie", 0), syn("photoplay", "picture", 0), syn("photoplay", "film", 1)},
	"pictures":   {syn("picture", "movie", 1), syn("picture", "image", 0)},
	"flicks":     {syn("flick", "movie", 4)},                                 // a rare sense
	"allergic":   {rel("allergic", "allergy", wordnet.Derived, wordnet.Adj)}, // an adjective's noun
	"injured": {verb("injure", "wound", wordnet.Synonym, 0), verb("injure", "injury", wordnet.Derived, 0), verb("injure", "hurt", wordnet.Synonym, 1),
		verb("injure", "injury", wordnet.Derived, 1)}, // a verb's noun
	"emolument": {syn("emolument", "salary", 0), syn("emolument", "wage", 0)}, // one column
	"gains":     {syn("gain", "salary", 0), syn("gain", "movie_length", 0)},   // two columns
}

func wordNetSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("movie", []schema.Column{col("id", "INTEGER"), col("title", "TEXT", "Alien", "Heat"), col("year", "INTEGER"), col("movie_length", "INTEGER")}),
		table("theater", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Rex", "Odeon")}),
		table("actor", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann", "Bo"), col("salary", "REAL"), col("allergy", "TEXT", "milk", "eggs"), col("injury", "TEXT", "knee", "wrist")}),
	}}
}

// TestWordNetLinks: a word the schema lacks links through the thesaurus
// when its first tier that reaches the schema reaches one table or column
// name, and the plan's reason and the trace say so.
func TestWordNetLinks(t *testing.T) {
	p := offline.New(wordNetSchema(), offline.Options{Today: today, WordNet: thesaurus})
	for _, c := range []struct{ question, col, reason, match string }{
		{"how many photoplays are there", "", `"photoplays" read as movie (WordNet synonym)`, "WordNet synonym"},
		{"titles of all photoplays", "movie.title", `"photoplays" read as movie (WordNet synonym)`, "WordNet synonym"},
		{"show the pictures from 1999", "movie.title", `"pictures" read as movie`, "WordNet synonym"},
		{"the allergic status of each actor", "actor.allergy", `read as allergy (WordNet related form)`, "WordNet related form"},
		{"the average emolument of actors", "actor.salary", `"emolument" read as salary`, "WordNet synonym"},
	} {
		t.Run(c.question, func(t *testing.T) {
			r, tr := p.PlanWithTrace(c.question)
			if r.Plan == nil {
				t.Fatalf("no plan: %s\n%s", describeReply(r), tr)
			}
			checkPlan(t, wordNetSchema(), r.Plan)
			if c.col != "" && !strings.Contains(strings.Join(columnRefs(r.Plan), " "), c.col) {
				t.Errorf("plan does not use %s: %s", c.col, r.Plan)
			}
			if !strings.Contains(r.Plan.Reason, c.reason) {
				t.Errorf("reason %q lacks %q", r.Plan.Reason, c.reason)
			}
			found := false
			for _, l := range tr.Links {
				found = found || l.Match == c.match
			}
			if !found {
				t.Errorf("no link matched as %q:\n%s", c.match, tr)
			}
		})
	}
}

// TestWordNetGates: words the thesaurus relates stay unknown when the
// relation is uncertain (two columns, a rare sense) or the word is a
// verb's form. TestWordNetGuards has a case for each other guard.
func TestWordNetGates(t *testing.T) {
	p := offline.New(wordNetSchema(), offline.Options{Today: today, WordNet: thesaurus})
	for _, q := range []string{
		"how many flicks are there",   // only a fifth sense reaches movie
		"which actors were injured",   // a verb's noun (injury): refused both as a verb's and as an inflected verb's relative
		"the average gains of actors", // salary and movie_length
	} {
		t.Run(q, func(t *testing.T) {
			if r, tr := p.PlanWithTrace(q); r.Plan != nil {
				t.Fatalf("planned %s\n%s", r.Plan, tr)
			}
		})
	}
}

// TestWordNetOnlyWhenUnlinked: WordNet reads a question again only when
// words of it link to nothing, and only a plan is taken from that reading:
// a refusal keeps its first reason, naming every word the schema lacks.
func TestWordNetOnlyWhenUnlinked(t *testing.T) {
	p := offline.New(wordNetSchema(), offline.Options{Today: today, WordNet: thesaurus})
	r := p.Plan("how many photoplays have zorgs")
	if r.Plan != nil || !strings.Contains(r.CannotAnswer, `"photoplays" and "zorgs"`) {
		t.Errorf("got %s, want the first refusal naming photoplays and zorgs", describeReply(r))
	}
	// A question the schema's own words plan is planned as before.
	r = p.Plan("how many movies are there")
	if r.Plan == nil || strings.Contains(r.Plan.Reason, "WordNet") {
		t.Errorf("got %s, want a plan of the schema's own words", describeReply(r))
	}
}

// TestWordNetOff: without a thesaurus the same words link to nothing.
func TestWordNetOff(t *testing.T) {
	p := offline.New(wordNetSchema(), offline.Options{Today: today})
	r := p.Plan("how many photoplays are there")
	if r.Plan != nil || !strings.Contains(r.CannotAnswer, `"photoplays"`) {
		t.Errorf("without WordNet: %s, want photoplays unknown", describeReply(r))
	}
}

// TestDemoRefusalsWithWordNet runs the demo's refusal sets with the
// installed WordNet: what the schema cannot answer stays refused when
// every English word has relatives.
func TestDemoRefusalsWithWordNet(t *testing.T) {
	// The usual install directories, whatever QUERENT_WORDNET says.
	db, err := wordnet.Find(func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	if db == nil {
		t.Skip("no WordNet dictionary installed (apt-get install wordnet-base): the refusal sets run without it elsewhere")
	}
	defer db.Close()
	opt := offline.Options{Today: today, WordNet: db}
	runRefusalsWith(t, demoSchema(), opt, demoRefusals)
	runRefusalsWith(t, eventSchema(), opt, []string{"number of events per month", "events by week"})
	runRefusalsWith(t, demoSchema(), opt, []string{"how many orders per customer per month", "orders by week", "number of orders per month per week"})
	runRefusalsWith(t, wordNetSchema(), opt, []string{"how many cinemas are there", "movies exceeding 100 minutes", "how many actors starred in Titanic"})
}

// BenchmarkPlanWordNet is BenchmarkPlan with the installed WordNet: the
// questions refused for words the schema lacks ("what is the weather")
// are read a second time.
func BenchmarkPlanWordNet(b *testing.B) {
	db, err := wordnet.Find(func(string) string { return "" })
	if err != nil || db == nil {
		b.Skip("no WordNet dictionary installed")
	}
	defer db.Close()
	p := offline.New(demoSchema(), offline.Options{Today: today, WordNet: db})
	b.ReportAllocs()
	for b.Loop() {
		for _, q := range typical {
			p.Plan(q)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(typical)), "ns/question")
}

// BenchmarkPlanWordNetRead plans questions read a second time with a
// word linked through the thesaurus ("photoplays" → movie), the test's
// own, so that it measures the planner: the second reading starts from
// the question as linked to decide it is worth reading.
func BenchmarkPlanWordNetRead(b *testing.B) {
	p := offline.New(wordNetSchema(), offline.Options{Today: today, WordNet: thesaurus})
	questions := []string{"how many photoplays are there", "titles of all photoplays", "show the pictures from 1999"}
	for _, q := range questions {
		if r := p.Plan(q); r.Plan == nil {
			b.Fatalf("%q: %s", q, r.CannotAnswer)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, q := range questions {
			p.Plan(q)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(questions)), "ns/question")
}

// hopThesaurus relates words whose WordNet relatives name the schema only
// through the lexicon's own synonym groups (terminus → destination,
// conditions → status, music → song, gross → total).
var hopThesaurus = fakeThesaurus{
	"terminal":  {syn("terminal", "terminus", 0)},
	"weather":   {syn("weather", "conditions", 0)},
	"musicians": {rel("musician", "music", wordnet.Derived, wordnet.Noun)},
	"revenue":   {syn("revenue", "gross", 0)},
}

func hopSchema() *schema.Schema {
	flight := table("flight", []schema.Column{col("id", "INTEGER"), col("origin", "TEXT", "Paris", "Rome"),
		col("destination", "TEXT", "Oslo", "Lima"), col("price", "REAL"), complete(col("status", "TEXT", "on time", "delayed"))})
	flight.RowCount = 100
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		flight,
		table("booking", []schema.Column{col("id", "INTEGER"), col("flight_id", "INTEGER"), col("total", "REAL")}, fk("flight_id", "flight")),
		table("song", []schema.Column{col("id", "INTEGER"), col("title", "TEXT", "Flash", "Badlands")}),
	}}
}

// TestWordNetHop: a WordNet relative that names the schema only through
// one of the lexicon's synonym groups links a column of a table the
// question names, and nothing else: not a table, not a closed set of
// statuses, not a column of a table the question leaves unnamed.
func TestWordNetHop(t *testing.T) {
	p := offline.New(hopSchema(), offline.Options{Today: today, WordNet: hopThesaurus})
	for _, c := range []struct{ question, col string }{
		{"show the terminal of each flight", "flight.destination"},
		{"which terminal has the most flights", "flight.destination"},
		{"origin and terminal of flights costing more than 300", "flight.destination"},
	} {
		t.Run(c.question, func(t *testing.T) {
			r := planned(t, p, hopSchema(), c.question)
			if !strings.Contains(strings.Join(columnRefs(r.Plan), " "), c.col) {
				t.Errorf("plan does not use %s: %s", c.col, r.Plan)
			}
			if want := `"terminal" read as terminus (WordNet relative, lexicon synonym)`; !strings.Contains(r.Plan.Reason, want) {
				t.Errorf("reason %q lacks %q", r.Plan.Reason, want)
			}
		})
	}
	runRefusalsWith(t, hopSchema(), offline.Options{Today: today, WordNet: hopThesaurus}, []string{
		"what is the terminal",              // no table named: whose terminal?
		"list the flights by weather",       // status is a closed set of codes
		"how many musicians are there",      // a table two steps away is not the subject
		"list the musicians of each song",   // nor a second name of a table
		"top 5 flights by revenue",          // booking.total: a table the question does not name
		"show the terminal of each booking", // destination is not booking's
	})
	// A person is not what they work with: "musicians" → music → the
	// album's song column, however named the album is.
	album := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("album", []schema.Column{col("id", "INTEGER"), col("title", "TEXT", "Blue"), col("song", "TEXT", "Flash")}),
	}}
	runRefusalsWith(t, album, offline.Options{Today: today, WordNet: hopThesaurus}, []string{"list the musicians of each album"})
}

// verb makes a relative WordNet lists under a verb's sense.
func verb(base, lemma string, r wordnet.Relation, sense int) wordnet.Relative {
	return wordnet.Relative{Lemma: lemma, Rel: r, POS: wordnet.Verb, Sense: sense, Base: base}
}

// TestWordNetGuards: each guard of wordnet.go against a word whose
// relatives, as the installed WordNet lists them (a subset, same senses),
// do reach one table or column of the schema: without the guard the
// question would be planned through that link. The guards, in order:
// wordNetWord's operation and keyword base forms, its plural clean-up,
// wordNetTier's generic lemmas, wordNetCandidate's capital letter.
func TestWordNetGuards(t *testing.T) {
	one := func(tb schema.Table) *schema.Schema {
		return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{tb}}
	}
	for _, c := range []struct {
		guard    string
		s        *schema.Schema
		th       fakeThesaurus
		question string
	}{
		{"a base form that is an operation word (return → homecoming)",
			one(table("homecoming", []schema.Column{col("id", "INTEGER"), col("college", "TEXT", "Yale"), col("year", "INTEGER")})),
			fakeThesaurus{"returns": {syn("return", "tax_return", 0), syn("return", "income_tax_return", 0), syn("return", "homecoming", 1), verb("return", "render", wordnet.Synonym, 1)}},
			"how many returns are there"},
		{"a base form that is a keyword (bottom → seat)",
			one(table("car", []schema.Column{col("id", "INTEGER"), col("model", "TEXT", "Golf"), col("seat", "TEXT", "leather")})),
			fakeThesaurus{"bottoms": {syn("bottom", "underside", 0), syn("bottom", "undersurface", 0), syn("bottom", "seat", 2), syn("bottom", "rear", 2)}},
			"list the bottoms of all cars"},
		{"a plural's own senses (minutes as proceedings, not time)",
			&schema.Schema{Engine: "sqlite", Tables: []schema.Table{
				table("account", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann")}),
				table("transactions", []schema.Column{col("id", "INTEGER"), col("amount", "REAL"), col("account_id", "INTEGER")}, fk("account_id", "account")),
			}},
			fakeThesaurus{"minutes": {syn("minutes", "proceedings", 0), syn("minutes", "transactions", 0),
				syn("minute", "min", 0), syn("minute", "moment", 1), syn("minute", "second", 1), syn("minute", "instant", 2)}},
			"how many minutes are there"},
		{"a generic lemma (item → point)",
			one(table("player", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann"), col("points", "INTEGER")})),
			fakeThesaurus{"items": {syn("item", "point", 0), syn("item", "detail", 1), syn("item", "particular", 1), syn("item", "token", 4)}},
			"list all items"},
		{"a name mid-sentence (Target → mark)",
			one(table("exam", []schema.Column{col("id", "INTEGER"), col("subject", "TEXT", "Maths"), col("mark", "INTEGER")})),
			fakeThesaurus{"target": {syn("target", "mark", 0), syn("target", "prey", 1), syn("target", "target_area", 2), verb("target", "aim", wordnet.Synonym, 0)}},
			"list the exams of Target"},
	} {
		t.Run(c.guard, func(t *testing.T) {
			p := offline.New(c.s, offline.Options{Today: today, WordNet: c.th})
			if r, tr := p.PlanWithTrace(c.question); r.Plan != nil {
				t.Fatalf("%q planned %s\n%s", c.question, r.Plan, tr)
			}
		})
	}
}

// TestWordNetHopGuards: the hop tier's guards, each against a question
// whose hop link would otherwise plan: a key column ("terminal" →
// terminus → destination, a key to the airport table), and a table
// the question names only through WordNet ("each outing" → excursion).
func TestWordNetHopGuards(t *testing.T) {
	th := fakeThesaurus{
		"terminal": hopThesaurus["terminal"],
		"outing":   {syn("outing", "excursion", 0), syn("outing", "jaunt", 0), syn("outing", "expedition", 0), syn("outing", "picnic", 1)},
	}
	keyed := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("airport", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Oslo", "Lima")}),
		table("flight", []schema.Column{col("id", "INTEGER"), col("destination", "INTEGER"), col("price", "REAL")}, fk("destination", "airport")),
	}}
	runRefusalsWith(t, keyed, offline.Options{Today: today, WordNet: th}, []string{"show the terminal of each flight"})
	trips := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("excursion", []schema.Column{col("id", "INTEGER"), col("destination", "TEXT", "Oslo", "Lima"), col("price", "REAL")}),
	}}
	runRefusalsWith(t, trips, offline.Options{Today: today, WordNet: th}, []string{"show the terminal of each outing"})
}

// TestWordNetHopNoTables: the hop tier reaches columns only. "terminal"
// is a terminus (the lexicon's destination) and a depot (its warehouse):
// the warehouse table is no reading of it, so the destination of the
// flights the question names is the only one, not one of two.
func TestWordNetHopNoTables(t *testing.T) {
	th := fakeThesaurus{"terminal": {syn("terminal", "terminus", 0), syn("terminal", "depot", 0), syn("terminal", "pole", 1), syn("terminal", "end", 2),
		rel("terminal", "terminus", wordnet.Derived, wordnet.Adj)}}
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("flight", []schema.Column{col("id", "INTEGER"), col("destination", "TEXT", "Oslo", "Lima"), col("price", "REAL")}),
		table("warehouse", []schema.Column{col("id", "INTEGER"), col("city", "TEXT", "Oslo")}),
	}}
	r, tr := offline.New(s, offline.Options{Today: today, WordNet: th}).PlanWithTrace("show the terminal of each flight")
	if r.Plan == nil {
		t.Fatalf("no plan: %s\n%s", describeReply(r), tr)
	}
	if !strings.Contains(strings.Join(columnRefs(r.Plan), " "), "flight.destination") {
		t.Errorf("plan does not use flight.destination: %s", r.Plan)
	}
}
