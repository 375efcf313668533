package offline_test

import (
	"strings"
	"testing"

	"querent/internal/offline"
	"querent/internal/schema"
)

// hopPlaceSchema: hops run between ports by src_port_id and dst_port_id (and a dst_code),
// are flown by carriers; ports and carriers both have a country, so
// "Norway" is a value of two tables.
func hopPlaceSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("port", []schema.Column{col("id", "INTEGER"), complete(col("port_name", "TEXT", "Pier", "Hill")), complete(col("country", "TEXT", "Norway", "Sweden"))}),
		table("carrier", []schema.Column{col("id", "INTEGER"), complete(col("carrier_name", "TEXT", "Wings", "Blue")), complete(col("country", "TEXT", "Norway", "Denmark"))}),
		table("hop", []schema.Column{col("id", "INTEGER"), col("fare", "INTEGER"), col("src_port_id", "INTEGER"), col("dst_port_id", "INTEGER"), col("dst_code", "TEXT"), col("carrier_id", "INTEGER")},
			fk("src_port_id", "port"), fk("dst_port_id", "port"), fk("carrier_id", "carrier")),
	}}
}

// A place after a verb that picks one of two keys is read as the key's
// parent's value, though another table holds it too: the hop ends in a
// port in Norway, not with a Norwegian carrier.
func TestKeyVerbPlaceValue(t *testing.T) {
	p := offline.New(hopPlaceSchema(), offline.Options{Today: today, WordNet: keyThesaurus})
	for _, c := range []struct{ question, key string }{
		{`How many hops end in Norway?`, "hop.dst_port_id"},
		{`How many hops that start in Norway are there?`, "hop.src_port_id"},
		{`What is the name of the port with the most hops that start in Norway?`, "hop.src_port_id"},
	} {
		t.Run(c.question, func(t *testing.T) {
			r := planned(t, p, hopPlaceSchema(), c.question)
			refs := strings.Join(columnRefs(r.Plan), " ")
			if !strings.Contains(refs, c.key) || !strings.Contains(refs, "port.country") || strings.Contains(refs, "carrier.country") {
				t.Errorf("plan does not join along %s to port.country: %s", c.key, r.Plan)
			}
		})
	}
}

// Still refused: a verb that picks no key ("sail", "stop"), a place only
// other tables hold ("Denmark" is a carrier's country alone, so the
// verb's key reaches no port there), a question that names the other key
// too ("the destination of … hops that start in Norway"), a value that
// is not the first thing after the verb, and any of it without a
// thesaurus.
func TestKeyVerbPlaceValueRefused(t *testing.T) {
	runRefusalsWith(t, hopPlaceSchema(), offline.Options{Today: today, WordNet: keyThesaurus}, []string{
		`How many hops sail to Norway?`,
		`How many hops that stop in Norway are there?`,
		`How many hops start in Denmark?`,
		`Which port is the destination of the most hops that start in Norway?`,
		`What is the name of the port that is the destination of the most hops that start in Norway?`,
		`What is the name of the port that is the finish of the most hops that start in Norway?`,
		`How many hops go from Sweden to Norway?`,
	})
	runRefusals(t, hopPlaceSchema(), []string{
		`How many hops end in Norway?`,
		`How many hops that start in Norway are there?`,
	})
}

// A verb of arrival or departure picks the key named for that end
// (src, dst) where WordNet connects neither: with a thesaurus and
// without one, since the direction is general English the planner holds.
func TestKeyVerbDirection(t *testing.T) {
	for name, opt := range map[string]offline.Options{
		"wordnet": {Today: today, WordNet: keyThesaurus},
		"plain":   {Today: today},
	} {
		p := offline.New(hopPlaceSchema(), opt)
		for _, c := range []struct{ question, key string }{
			{`How many hops arrive in Norway?`, "hop.dst_port_id"},
			{`How many hops landed in Sweden?`, "hop.dst_port_id"},
			{`How many hops departed from Sweden?`, "hop.src_port_id"},
			{`How many hops that leave from Norway are there?`, "hop.src_port_id"},
			{`How many hops that originate in Norway are there?`, "hop.src_port_id"},
		} {
			t.Run(name+"/"+c.question, func(t *testing.T) {
				r := planned(t, p, hopPlaceSchema(), c.question)
				refs := strings.Join(columnRefs(r.Plan), " ")
				if !strings.Contains(refs, c.key) || !strings.Contains(refs, "port.country") {
					t.Errorf("plan does not join along %s to port.country: %s", c.key, r.Plan)
				}
			})
		}
	}
}

// A verb that names no end ("go", "sail"), a preposition that names the
// other end ("departed to"), and a question that names the other end too
// ("the destination of … hops that depart") stay refused.
func TestKeyVerbDirectionRefused(t *testing.T) {
	runRefusals(t, hopPlaceSchema(), []string{
		`How many hops go to Norway?`,
		`How many hops sail to Norway?`,
		`How many hops departed to Sweden?`,
		`How many hops arrived from Norway?`,
		`What is the name of the port that is the destination of the most hops that depart from Norway?`,
	})
}

// A verb that ends an object relative clause, its subject right before
// it and the key's parent named before that, picks its key too.
func TestKeyVerbClauseEnd(t *testing.T) {
	p := offline.New(hopPlaceSchema(), offline.Options{Today: today, WordNet: keyThesaurus})
	for _, c := range []struct{ question, key string }{
		{`What are the names of the ports from which at least 2 hops departed?`, "hop.src_port_id"},
		{`What are the names of the ports at which at least 2 hops ended?`, "hop.dst_port_id"},
	} {
		t.Run(c.question, func(t *testing.T) {
			r := planned(t, p, hopPlaceSchema(), c.question)
			if refs := strings.Join(columnRefs(r.Plan), " "); !strings.Contains(refs, c.key) {
				t.Errorf("plan does not join along %s: %s", c.key, r.Plan)
			}
		})
	}
	runRefusalsWith(t, hopPlaceSchema(), offline.Options{Today: today, WordNet: keyThesaurus}, []string{
		`What are the names of the ports from which at least 2 hops sailed?`,
		`What are the names of the ports from which at least 2 hops departed to Norway?`,
		`What are the names of the destination ports from which at least 2 hops departed?`,
	})
}
