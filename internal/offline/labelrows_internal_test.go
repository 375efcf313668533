package offline

import (
	"testing"

	"querent/internal/schema"
)

// labelColumn takes a column as a label of its table's rows only when it
// is named whole, is text and no key, and holds a different value in
// every row; refusedOver only when the refusal quotes the word.
func TestLabelColumn(t *testing.T) {
	text := func(name string, distinct int64) schema.Column {
		return schema.Column{Name: name, Type: "TEXT", Kind: schema.KindOf("TEXT"), Nullable: true, Distinct: distinct}
	}
	lx := newLexicon(&schema.Schema{Engine: "sqlite", Tables: []schema.Table{{
		Name: "election", Ident: "election", RowCount: 6, PrimaryKey: []string{"id"},
		Columns: []schema.Column{
			{Name: "id", Type: "INTEGER", Kind: schema.KindOf("INTEGER"), Distinct: 6},
			text("delegate", 6), text("status", 2), text("delegate_phone", 6),
		},
	}}}, nil)
	for _, c := range []struct {
		name string
		refs []nameRef
		want bool
	}{
		{"a label named whole", []nameRef{{table: 0, col: 1, class: classExact}}, true},
		{"a category", []nameRef{{table: 0, col: 2, class: classExact}}, false},
		{"a label named in part", []nameRef{{table: 0, col: 3, class: classPrefix}}, false},
		{"the key", []nameRef{{table: 0, col: 0, class: classExact}}, false},
		{"two labels", []nameRef{{table: 0, col: 1, class: classExact}, {table: 0, col: 3, class: classExact}}, false},
		{"the table", []nameRef{{table: 0, col: -1, class: classExact}}, false},
	} {
		if _, got := lx.labelColumn(c.refs); got != c.want {
			t.Errorf("%s: labelColumn = %v, want %v", c.name, got, c.want)
		}
	}
	rf := refuseUnresolved("I could not tell what %q should be: name a value for it.", "delegates")
	if !refusedOver(rf, "delegates") || refusedOver(rf, "delegate") || refusedOver(nil, "delegates") {
		t.Errorf("refusedOver does not match the quoted word alone")
	}
}
