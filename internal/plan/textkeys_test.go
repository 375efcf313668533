package plan_test

import (
	"strings"
	"testing"

	"querent/internal/plan"
	"querent/internal/schema"
)

// raceSchema declares race.track_id as text against track.id, a number.
func raceSchema(textMatch bool) *schema.Schema {
	c := func(name string, k schema.Kind) schema.Column { return schema.Column{Name: name, Kind: k} }
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		{Name: "track", Ident: "track", PrimaryKey: []string{"id"}, RowCount: -1,
			Columns: []schema.Column{c("id", schema.KindInteger), c("name", schema.KindText)}},
		{Name: "race", Ident: "race", PrimaryKey: []string{"id"}, RowCount: -1,
			Columns:     []schema.Column{c("id", schema.KindInteger), c("track_id", schema.KindText), c("class", schema.KindText)},
			ForeignKeys: []schema.ForeignKey{{Columns: []string{"track_id"}, RefTable: "track", RefColumns: []string{"id"}, TextMatch: textMatch}}},
	}}
}

// TestAuditTextKeys: a join pairing text with numbers passes along a key
// the data confirmed as text, and is refused otherwise, naming why.
func TestAuditTextKeys(t *testing.T) {
	const along = `{"select": [{"expr": {"col": "track.name"}}], "from": {"table": "race"},
		"joins": [{"table": "track", "on": [{"left": "race.track_id", "right": "track.id"}]}]}`
	const across = `{"select": [{"expr": {"col": "track.name"}}], "from": {"table": "race"},
		"joins": [{"table": "track", "on": [{"left": "race.class", "right": "track.id"}]}]}`
	cases := []struct {
		name      string
		textMatch bool
		plan      string
		want      string // "" when the audit passes; else a word of the error's detail
	}{
		{"confirmed key", true, along, ""},
		{"unconfirmed key", false, along, "does not show the values"},
		{"no key at all", true, across, "same kind of value"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, diags := plan.Audit(mustDecode(t, c.plan), raceSchema(c.textMatch))
			var mismatch *plan.Diagnostic
			for i := range diags {
				if diags[i].Code == plan.CodeTypeMismatchJoin {
					mismatch = &diags[i]
				}
			}
			switch {
			case c.want == "" && diags.HasErrors():
				t.Fatalf("refused: %v", diags)
			case c.want != "" && mismatch == nil:
				t.Fatalf("no %s: %v", plan.CodeTypeMismatchJoin, diags)
			case c.want != "" && !strings.Contains(mismatch.Detail, c.want):
				t.Errorf("detail %q lacks %q", mismatch.Detail, c.want)
			}
		})
	}
}
