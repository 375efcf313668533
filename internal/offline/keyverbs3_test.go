package offline_test

import (
	"strings"
	"testing"

	"querent/internal/offline"
	"querent/internal/schema"
	"querent/internal/wordnet"
)

// legSchema records each hop's two ends by keys to the ports whose names
// share no word with the verbs a question uses: src_port_id and
// dst_port_id ("start", "end"); a bout records its loser by loser_id and
// its winner by winner_id ("lost").
func legSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("port", []schema.Column{col("id", "INTEGER"), complete(col("port_name", "TEXT", "Pier", "Hill")), complete(col("city", "TEXT", "Oslo", "Bergen"))}),
		table("hop", []schema.Column{col("id", "INTEGER"), col("fare", "INTEGER"), col("src_port_id", "INTEGER"), col("dst_port_id", "INTEGER")},
			fk("src_port_id", "port"), fk("dst_port_id", "port")),
		table("fencer", []schema.Column{col("id", "INTEGER"), complete(col("fencer_name", "TEXT", "Ann", "Bo"))}),
		table("bout", []schema.Column{col("id", "INTEGER"), col("venue", "TEXT"), col("winner_id", "INTEGER"), col("loser_id", "INTEGER")},
			fk("winner_id", "fencer"), fk("loser_id", "fencer")),
	}}
}

// keyThesaurus relates the verbs to the keys' words as WordNet does, in
// its first senses; "stop" is a relative of both ends' words, and "sail"
// of neither; "depart" and "quit" reach a source only in a rare sense
// ("depart" names the origin all the same in relverbs5.go's general
// English, which "quit" does not).
var keyThesaurus = fakeThesaurus{
	"start":       {nsense("start", "beginning", 1), vsense("start", "begin", 0), vsense("start", "depart", 2)},
	"source":      {nsense("source", "beginning", 0), nsense("source", "origin", 0)},
	"end":         {nsense("end", "terminal", 0), vsense("end", "finish", 0)},
	"ended":       {vsense("end", "finish", 0)},
	"destination": {nsense("destination", "finish", 0), nsense("destination", "terminus", 1)},
	"dest":        {nsense("dest", "finish", 0)},
	"lost":        {{Lemma: "loser", Rel: wordnet.Derived, POS: wordnet.Verb, Sense: 1, Base: "lose"}},
	"loser":       {{Lemma: "lose", Rel: wordnet.Derived, POS: wordnet.Noun, Sense: 0, Base: "loser"}},
	"stop":        {nsense("stop", "beginning", 0), nsense("stop", "finish", 0)},
	"sail":        {vsense("sail", "voyage", 0)},
	"depart":      {vsense("depart", "start", 2), vsense("depart", "beginning", 2)},
	"quit":        {vsense("quit", "start", 2), vsense("quit", "beginning", 2)},
}

func nsense(base, lemma string, sense int) wordnet.Relative {
	return wordnet.Relative{Lemma: lemma, Rel: wordnet.Synonym, POS: wordnet.Noun, Sense: sense, Base: base}
}

func vsense(base, lemma string, sense int) wordnet.Relative {
	return wordnet.Relative{Lemma: lemma, Rel: wordnet.Synonym, POS: wordnet.Verb, Sense: sense, Base: base}
}

// A verb whose WordNet relatives meet exactly one key's words picks that
// key, an abbreviation (src, dst) read as the word it stands for: both
// keys of each pair.
func TestKeyVerbRelatives(t *testing.T) {
	p := offline.New(legSchema(), offline.Options{Today: today, WordNet: keyThesaurus})
	for _, c := range []struct{ question, key string }{
		{`How many hops that start in Oslo are there?`, "hop.src_port_id"},
		{`How many hops did not end in Bergen?`, "hop.dst_port_id"},
		{`How many hops ended in Bergen?`, "hop.dst_port_id"},
		{`For each port name, how many hops start at that port?`, "hop.src_port_id"},
		{`For each port name, how many hops end at that port?`, "hop.dst_port_id"},
		{`Which fencers won bouts at least twice?`, "bout.winner_id"},
		{`Which fencers lost bouts at least twice?`, "bout.loser_id"},
		{`For each fencer, how many bouts were lost by that fencer?`, "bout.loser_id"},
		{`For each fencer, how many bouts were won by that fencer?`, "bout.winner_id"},
	} {
		t.Run(c.question, func(t *testing.T) {
			r := planned(t, p, legSchema(), c.question)
			refs := strings.Join(columnRefs(r.Plan), " ")
			if !strings.Contains(refs, c.key) {
				t.Errorf("plan does not join along %s: %s", c.key, r.Plan)
			}
		})
	}
}

// A verb whose relatives meet both keys' words, or neither, or one only
// in a rare sense, picks nothing; without a thesaurus nothing either.
func TestKeyVerbRelativesRefused(t *testing.T) {
	runRefusalsWith(t, legSchema(), offline.Options{Today: today, WordNet: keyThesaurus}, []string{
		`How many hops that stop in Oslo are there?`,
		`How many hops that sail to Oslo are there?`,
		`How many hops that quit Oslo are there?`,
		`For each port name, how many hops stop at that port?`,
	})
	runRefusals(t, legSchema(), []string{`How many hops that start in Oslo are there?`})
}

// BenchmarkPlanKeyRelatives plans questions whose verb picks a key
// through its WordNet relatives, with the installed dictionary: each
// verb is compared with the words of every pair of keys.
func BenchmarkPlanKeyRelatives(b *testing.B) {
	db, err := wordnet.Find(func(string) string { return "" })
	if err != nil || db == nil {
		b.Skip("no WordNet dictionary installed")
	}
	defer db.Close()
	p := offline.New(legSchema(), offline.Options{Today: today, WordNet: db})
	questions := []string{
		`How many hops that start in Oslo are there?`,
		`How many hops ended in Bergen?`,
		`For each port name, how many hops end at that port?`,
		`Which fencers lost bouts at least twice?`,
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, q := range questions {
			p.Plan(q)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(questions)), "ns/question")
}
