package offline

import (
	"testing"

	"querent/internal/schema"
)

// TestDeclaredKind: the scale of NUMBER, DECIMAL and NUMERIC types settles
// whole numbers; other kinds are kept.
func TestDeclaredKind(t *testing.T) {
	for _, c := range []struct {
		typ  string
		want schema.Kind
	}{
		{"number(7,2)", schema.KindReal},
		{"NUMBER(9,0)", schema.KindInteger},
		{"number(10)", schema.KindInteger},
		{"number", schema.KindReal},
		{"decimal(4,0)", schema.KindInteger},
		{"numeric(3, 0)", schema.KindInteger},
		{"decimal(8,2)", schema.KindReal},
		{"decimal", schema.KindReal},
		{"varchar2(20)", schema.KindText},
		{"INTEGER", schema.KindInteger},
		{"number(*,2)", schema.KindOther},
	} {
		got := declaredKind(schema.Column{Name: "x", Type: c.typ, Kind: schema.KindOf(c.typ)})
		if got != c.want {
			t.Errorf("declaredKind(%q) = %s, want %s", c.typ, got, c.want)
		}
	}
}

// TestKeyCopy: of a value's two columns, the one that copies the other
// through a foreign key is kept when the question names its table; two
// columns no key ties stay for the caller to ask about.
func TestKeyCopy(t *testing.T) {
	text := func(name string) schema.Column {
		return schema.Column{Name: name, Type: "TEXT", Kind: schema.KindText}
	}
	id := schema.Column{Name: "id", Type: "INTEGER", Kind: schema.KindInteger}
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		{Name: "department", Ident: "department", Columns: []schema.Column{id, text("dept_name")}, PrimaryKey: []string{"id"}},
		{Name: "student", Ident: "student", Columns: []schema.Column{id, text("dept_name"), text("home_dept")}, PrimaryKey: []string{"id"},
			ForeignKeys: []schema.ForeignKey{{Columns: []string{"dept_name"}, RefTable: "department", RefColumns: []string{"dept_name"}}}},
	}}
	lx := newLexicon(s, nil)
	dept, student := lx.tables[0], lx.tables[1]
	parent, child, other := valueRef{table: 0, col: 1}, valueRef{table: 1, col: 1}, valueRef{table: 1, col: 2}
	for _, c := range []struct {
		name  string
		named []*tableInfo
		cols  []valueRef
		want  []valueRef
	}{
		{"copy kept", []*tableInfo{dept, student}, []valueRef{parent, child}, []valueRef{child}},
		{"either order", []*tableInfo{student, dept}, []valueRef{child, parent}, []valueRef{child}},
		{"copy's table not named", []*tableInfo{dept}, []valueRef{parent, child}, []valueRef{parent, child}},
		{"no key between", []*tableInfo{dept, student}, []valueRef{parent, other}, []valueRef{parent, other}},
	} {
		r := &resolver{lx: lx, named: c.named}
		got := r.keyCopy(c.cols)
		if len(got) != len(c.want) {
			t.Errorf("%s: keyCopy = %v, want %v", c.name, got, c.want)
			continue
		}
		for i := range got {
			if got[i].table != c.want[i].table || got[i].col != c.want[i].col {
				t.Errorf("%s: keyCopy = %v, want %v", c.name, got, c.want)
			}
		}
	}
}
