package offline

import (
	"testing"

	"querent/internal/schema"
)

// Work done on every question is kept cheap without changing what it
// reads: keyColsNamed runs for every unknown or set-aside word of a
// question refused as asked, so it must find the keys a word names by
// their one word besides the id words without allocating for the columns
// it passes; quoteDates runs its date patterns only when the question
// holds what they need, and must read every date they read.

func keyNounSchema() *schema.Schema {
	col := func(name, typ string) schema.Column {
		return schema.Column{Name: name, Type: typ, Kind: schema.KindOf(typ)}
	}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		{Name: "person", Ident: "person", PrimaryKey: []string{"person_id"}, RowCount: -1, Columns: []schema.Column{
			col("person_id", "INTEGER"), col("name", "TEXT"), col("age", "INTEGER")}},
		{Name: "party", Ident: "party", PrimaryKey: []string{"party_id"}, RowCount: -1, Columns: []schema.Column{
			col("party_id", "INTEGER"), col("theme", "TEXT"), col("host_id", "INTEGER"),
			col("guest_person_id", "INTEGER"), col("venue_key", "INTEGER")},
			ForeignKeys: []schema.ForeignKey{
				{Columns: []string{"host_id"}, RefTable: "person", RefColumns: []string{"person_id"}},
				{Columns: []string{"guest_person_id"}, RefTable: "person", RefColumns: []string{"person_id"}},
			}},
	}}
}

func TestKeyColsNamed(t *testing.T) {
	lx := newLexicon(keyNounSchema(), nil)
	name := func(r nameRef) string { return lx.tables[r.table].cols[r.col].name }
	for _, c := range []struct {
		word string
		want []string
	}{
		{"hosts", []string{"host_id"}},    // one word besides "id"
		{"venue", []string{"venue_key"}},  // "key" is an id word too
		{"guest", nil},                    // guest_person_id has two words besides "id"
		{"person", []string{"person_id"}}, // not guest_person_id: two words besides "id"
		{"id", nil},                       // no word besides the id words
		{"theme", nil},
	} {
		toks := tokenize(c.word)
		if len(toks) != 1 {
			t.Fatalf("tokenize(%q) = %d tokens", c.word, len(toks))
		}
		var got []string
		for _, r := range lx.keyColsNamed(toks[0].stem) {
			got = append(got, name(r))
		}
		if len(got) != len(c.want) {
			t.Errorf("keyColsNamed(%q) = %v, want %v", c.word, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("keyColsNamed(%q) = %v, want %v", c.word, got, c.want)
				break
			}
		}
	}
}

func TestKeyColsNamedAllocatesOnlyForMatches(t *testing.T) {
	lx := newLexicon(keyNounSchema(), nil)
	stem := tokenize("themes")[0].stem
	if n := testing.AllocsPerRun(100, func() { lx.keyColsNamed(stem) }); n != 0 {
		t.Errorf("keyColsNamed of a word naming no key allocates %v times, want 0", n)
	}
}

// quoteDatesUngated is quoteDates as it was before its gates: every
// pattern run on every question with a four-digit run.
func quoteDatesUngated(q string) string {
	if !hasDigitRun(q, 4) {
		return q
	}
	return monthDates(replaceOutsideQuotes(q, isoInText, isoMatch))
}

func TestQuoteDatesGatesReadEveryDate(t *testing.T) {
	for _, q := range []string{
		"how many orders in 2025",
		"hired before June 21, 2002",
		"hired before JUNE 21 2002",
		"after 7th September, 1987",
		"after 7th of Sept. 1987",
		"between 2002-06-21 and 2002-07-01 12:30",
		"the 2002-06-21T08:00:05 readings",
		"before 'June 21, 2002'",
		"in May 2020 or in may, 2021",
		"on 3 mar 2001",
		"after ſeptember 7, 1987",     // (?i) folds ſ to s
		"after June_21, 2002",         // no word boundary after June
		"after xJune 21, 2002",        // none before it
		"February 31, 2020",           // no such day
		"years 1999-2001 of Marchant", // a hyphen, and no month word
		"orders of 2020 by status",
	} {
		want := quoteDatesUngated(q)
		if got := quoteDates(q); got != want {
			t.Errorf("quoteDates(%q) = %q, want %q", q, got, want)
		}
	}
}

func TestMayNameMonth(t *testing.T) {
	for _, c := range []struct {
		q    string
		want bool
	}{
		{"orders in 2025", false},
		{"hired before June 21, 2002", true},
		{"after 7th SEPT. 1987", true},
		{"the march_2002 table", false}, // one word with the underscore
		{"Marchant 2002", false},
		{"jan", true},
		{"café 2002", true}, // non-ASCII: left to the patterns
	} {
		if got := mayNameMonth(c.q); got != c.want {
			t.Errorf("mayNameMonth(%q) = %v, want %v", c.q, got, c.want)
		}
	}
}
