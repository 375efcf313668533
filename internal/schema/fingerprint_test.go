package schema_test

import (
	"testing"

	"querent/internal/schema"
)

func TestFingerprint(t *testing.T) {
	base := shop()
	fp := schema.Fingerprint(base)
	if len(fp) != 64 {
		t.Fatalf("Fingerprint = %q, want 64 hex digits", fp)
	}
	if again := schema.Fingerprint(shop()); again != fp {
		t.Error("Fingerprint is not stable")
	}

	same := map[string]func(s *schema.Schema){
		"row counts":   func(s *schema.Schema) { s.Tables[0].RowCount = 12345 },
		"samples":      func(s *schema.Schema) { s.Tables[0].Columns[1].Samples = []string{"Ann"} },
		"distinct":     func(s *schema.Schema) { s.Tables[0].Columns[1].Distinct = 7 },
		"descriptions": func(s *schema.Schema) { s.Tables[0].Description = "people who buy" },
		"table order":  func(s *schema.Schema) { s.Tables[0], s.Tables[1] = s.Tables[1], s.Tables[0] },
		"inferred keys": func(s *schema.Schema) {
			s.Tables[3].ForeignKeys = []schema.ForeignKey{{Columns: []string{"cust_id"}, RefTable: "customers", RefColumns: []string{"id"}, Inferred: true, Confidence: 0.7}}
		},
	}
	for name, change := range same {
		s := shop()
		change(s)
		if schema.Fingerprint(s) != fp {
			t.Errorf("changing %s changed the fingerprint", name)
		}
	}

	different := map[string]func(s *schema.Schema){
		"engine":        func(s *schema.Schema) { s.Engine = "postgres" },
		"table name":    func(s *schema.Schema) { s.Tables[0].Name = "clients" },
		"column name":   func(s *schema.Schema) { s.Tables[0].Columns[1].Name = "full_name" },
		"column type":   func(s *schema.Schema) { s.Tables[0].Columns[1].Type = "VARCHAR(20)" },
		"column order":  func(s *schema.Schema) { c := s.Tables[0].Columns; c[1], c[2] = c[2], c[1] },
		"new column":    func(s *schema.Schema) { s.Tables[0].Columns = append(s.Tables[0].Columns, col("email", x)) },
		"nullability":   func(s *schema.Schema) { s.Tables[0].Columns[1].Nullable = true },
		"primary key":   func(s *schema.Schema) { s.Tables[0].PrimaryKey = nil },
		"view":          func(s *schema.Schema) { s.Tables[0].View = true },
		"dropped table": func(s *schema.Schema) { s.Tables = s.Tables[1:] },
		"declared key": func(s *schema.Schema) {
			s.Tables[3].ForeignKeys = []schema.ForeignKey{{Columns: []string{"cust_id"}, RefTable: "customers", RefColumns: []string{"id"}}}
		},
		// Length prefixes: moving text between neighbouring names is a change.
		"shifted text": func(s *schema.Schema) {
			s.Tables[0].Columns[1].Name, s.Tables[0].Columns[1].Type = "nam", "e"+s.Tables[0].Columns[1].Type
		},
	}
	for name, change := range different {
		s := shop()
		change(s)
		if schema.Fingerprint(s) == fp {
			t.Errorf("changing %s left the fingerprint unchanged", name)
		}
	}
}
