package offline_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/offline"
	"querent/internal/schema"
	"querent/internal/wordnet"
)

// kindThesaurus is a fakeThesaurus that also knows, as WordNet's IsA
// does, how many hypernym steps up from a word's first sense, and from
// its second, person is (-1: never), and which compounds are nouns.
type kindThesaurus struct {
	fakeThesaurus
	toPerson map[string][2]int
	nouns    []string
}

func (k kindThesaurus) IsA(word, class string, senses, classSenses, steps int) (bool, error) {
	if word == class {
		_, ok := k.toPerson[word]
		return ok || slices.Contains(k.nouns, word), nil
	}
	n, ok := k.toPerson[word]
	if class != "person" || classSenses < 1 || !ok {
		return false, nil
	}
	for i := range min(senses, 2) {
		if n[i] >= 0 && n[i] <= steps {
			return true, nil
		}
	}
	return false, nil
}

// persons holds WordNet's steps from each word to person: "people" is a
// group of its own (only its singular is person), a driver is a person
// only in its second sense (the first is an operator, an agent), a
// coaster in its first (a coast dweller), and a roller coaster no
// person at all.
var persons = kindThesaurus{fakeThesaurus{}, map[string][2]int{
	"person": {0, -1}, "individual": {0, -1}, "someone": {0, -1}, "somebody": {0, -1},
	"pilot": {4, 3}, "employee": {2, -1}, "customer": {3, -1}, "guest": {3, 2}, "member": {1, -1},
	"driver": {-1, 2}, "constructor": {3, -1}, "coaster": {2, -1},
}, []string{"roller_coaster"}}

// pilotsSchema has one table of persons, pilot; aircraft and certificate
// are things.
func pilotsSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("pilot", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann Lee", "Bo Wu"), col("age", "INTEGER")}),
		table("aircraft", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Airbus A340", "Boeing 747"), col("distance", "INTEGER")}),
		table("certificate", []schema.Column{col("id", "INTEGER"), col("pilot_id", "INTEGER"), col("aircraft_id", "INTEGER")},
			fk("pilot_id", "pilot"), fk("aircraft_id", "aircraft")),
	}}
}

// staffShopSchema has two tables of persons, employee and customer, both
// related to orders; club_member is a third, by its last word, related
// to nothing else.
func staffShopSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("employee", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann Lee"), col("salary", "INTEGER")}),
		table("customer", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Bo Wu"), col("city", "TEXT", "Oslo")}),
		table("orders", []schema.Column{col("id", "INTEGER"), col("amount", "INTEGER"), col("customer_id", "INTEGER"), col("employee_id", "INTEGER")},
			fk("customer_id", "customer"), fk("employee_id", "employee")),
		table("club_member", []schema.Column{col("id", "INTEGER"), col("nickname", "TEXT", "Ace"), col("rank", "INTEGER")}),
	}}
}

// hotelSchema relates guests, persons, to rooms through reservations; a
// room's capacity is its max_occupancy.
func hotelSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("room", []schema.Column{col("id", "INTEGER"), col("room_name", "TEXT", "Blue"), col("max_occupancy", "INTEGER"), col("price", "INTEGER")}),
		table("guest", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann Lee")}),
		table("reservation", []schema.Column{col("id", "INTEGER"), col("room_id", "INTEGER"), col("guest_id", "INTEGER")},
			fk("room_id", "room"), fk("guest_id", "guest")),
	}}
}

// parkSchema has pilots and a table named for a compound WordNet knows as
// one noun, roller_coaster, whose last word alone is a person.
func parkSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("pilot", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann Lee"), col("age", "INTEGER")}),
		table("roller_coaster", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Loop"), col("speed", "INTEGER")}),
	}}
}

// motorRaceSchema has drivers, persons only in a second sense, and
// constructors, persons in their first.
func motorRaceSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("drivers", []schema.Column{col("id", "INTEGER"), col("surname", "TEXT", "Hill"), col("points", "INTEGER")}),
		table("constructors", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Lotus"), col("wins", "INTEGER")}),
	}}
}

// A generic person word stands for the rows of the one table of persons:
// the schema's only one, or the one the question's other names relate
// to. The reason says how the word was read.
func TestPersonNouns(t *testing.T) {
	for _, c := range []struct {
		s        *schema.Schema
		question string
		want     string
		read     bool // the plan reads a person word through WordNet
	}{
		{pilotsSchema(), "How many people are there?", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"pilot"}}`, true},
		{pilotsSchema(), "People older than 40?", `{"select":[{"expr":{"col":"pilot.name"}}],"from":{"table":"pilot"},"where":{"op":">","left":{"col":"pilot.age"},"right":{"value":40}}}`, true},
		{pilotsSchema(), "What is the average age of all persons?", `{"select":[{"expr":{"agg":"avg","arg":{"col":"pilot.age"}}}],"from":{"table":"pilot"}}`, true},
		{pilotsSchema(), "Show the names of individuals older than 40.", `{"select":[{"expr":{"col":"pilot.name"}}],"from":{"table":"pilot"},"where":{"op":">","left":{"col":"pilot.age"},"right":{"value":40}}}`, true},
		// Two tables of persons, but only club_member is what the
		// question names; a column (salary) names its table too.
		{staffShopSchema(), "How many people are club members?", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"club_member"}}`, true},
		{staffShopSchema(), "What is the highest salary of people?", `{"select":[{"expr":{"agg":"max","arg":{"col":"employee.salary"}}}],"from":{"table":"employee"}}`, true},
		// The guests related to rooms by reservations; a number of people
		// after a verb of holding stays the rooms' capacity.
		{hotelSchema(), "Which rooms were reserved by people named Ann Lee?", `{"select":[{"expr":{"col":"room.room_name"}}],"from":{"table":"room"},"where":{"op":"in","left":{"col":"room.id"},"subquery":{"select":[{"expr":{"col":"reservation.room_id"}}],"from":{"table":"reservation"},"joins":[{"type":"inner","table":"guest","on":[{"left":"reservation.guest_id","right":"guest.id"}]}],"where":{"op":"=","left":{"col":"guest.name"},"right":{"value":"Ann Lee"}}}}}`, true},
		{parkSchema(), "How many people are there?", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"pilot"}}`, true},
		{hotelSchema(), "Which rooms can accommodate more than 2 people?", `{"select":[{"expr":{"col":"room.room_name"}}],"from":{"table":"room"},"where":{"op":">","left":{"col":"room.max_occupancy"},"right":{"value":2}}}`, false},
	} {
		t.Run(c.question, func(t *testing.T) {
			p := offline.New(c.s, offline.Options{Today: today, WordNet: persons})
			r, tr := p.PlanWithTrace(c.question)
			if r.Plan == nil {
				t.Fatalf("no plan: %s\n%s", describeReply(r), tr)
			}
			checkPlan(t, c.s, r.Plan)
			if diff := cmp.Diff(decodeJSON(t, c.want), planValue(t, r.Plan)); diff != "" {
				t.Fatalf("plan mismatch (-want +got):\n%s\n%s", diff, tr)
			}
			if got := strings.Contains(r.Plan.Reason, "(WordNet: a kind of person)"); got != c.read {
				t.Errorf("reason says the person word was read through WordNet: %v, want %v: %s", got, c.read, r.Plan.Reason)
			}
		})
	}
}

// The word stays unknown when no table is of persons, when the question's
// names relate to two of them, when it names other tables none of which
// relates to one, and without a thesaurus that knows kinds.
func TestPersonNounsRefused(t *testing.T) {
	opt := offline.Options{Today: today, WordNet: persons}
	runRefusalsWith(t, staffShopSchema(), opt, []string{
		"How many people are there?",           // employee, customer, club_member
		"How many people placed orders?",       // orders relates to employee and customer
		"What is the total amount of people?",  // the same
		"How many people bought from Ann Lee?", // a name of two tables' rows
	})
	runRefusalsWith(t, pilotsSchema(), opt, []string{
		"How many crowds are there?",                       // no person
		"List the names of aircraft with the most people.", // pilots are two keys away from aircraft
	})
	things := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("room", []schema.Column{col("id", "INTEGER"), col("room_name", "TEXT", "Blue"), col("max_occupancy", "INTEGER")}),
	}}
	runRefusalsWith(t, things, opt, []string{
		"How many people are there?", // no table of persons
		"Which rooms can take the most people?",
	})
	runRefusalsWith(t, motorRaceSchema(), opt, []string{
		"How many people are there?", // drivers may be the persons, and constructors are
	})
	drivers := motorRaceSchema()
	drivers.Tables = drivers.Tables[:1]
	runRefusalsWith(t, drivers, opt, []string{
		"How many people are there?", // drivers are persons only in a second sense
	})
	// Without a thesaurus, or with one that does not know kinds.
	runRefusals(t, pilotsSchema(), []string{"How many people are there?"})
	runRefusalsWith(t, pilotsSchema(), offline.Options{Today: today, WordNet: fakeThesaurus{}}, []string{"How many people are there?"})
}

// With the installed WordNet: a pilot is a person (four steps up) and
// people's singular is person, so the generic word reads the pilots; the
// demo's person tables (customers, employees) are two, so it stays
// unknown there.
func TestPersonNounsWithWordNet(t *testing.T) {
	db, err := wordnet.Find(func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	if db == nil {
		t.Skip("no WordNet dictionary installed (apt-get install wordnet-base): TestPersonNouns runs with a fake")
	}
	defer db.Close()
	s := pilotsSchema()
	p := offline.New(s, offline.Options{Today: today, WordNet: db})
	for _, q := range []string{"How many people are there?", "How many individuals are there?"} {
		r := planned(t, p, s, q)
		if diff := cmp.Diff(decodeJSON(t, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"pilot"}}`), planValue(t, r.Plan)); diff != "" {
			t.Errorf("%s: plan mismatch (-want +got):\n%s", q, diff)
		}
	}
	runRefusalsWith(t, demoSchema(), offline.Options{Today: today, WordNet: db}, []string{
		"How many people are there?",
		"show me the people's favourite colours",
	})
}
