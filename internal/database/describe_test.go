package database_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"querent/internal/database"
)

// TestDescribeListsManyValues: a column of a few hundred cities is listed
// whole, so a question naming any one of them ("airports in the city of
// Goroka") can be linked to it, and a city not in the list is known not
// to exist. A column with more distinct values than the bound keeps only
// the samples introspection took.
func TestDescribeListsManyValues(t *testing.T) {
	path := filepath.Join(t.TempDir(), "airports.db")
	var b strings.Builder
	b.WriteString("CREATE TABLE airports(id INTEGER PRIMARY KEY, city TEXT, code TEXT);\nINSERT INTO airports VALUES ")
	for i := 0; i < 3000; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		// 300 cities, 3,000 codes: the codes are beyond the bound.
		fmt.Fprintf(&b, "(%d, 'City %03d', 'C%04d')", i, i%300, i)
	}
	mustExec(t, path, b.String())
	db, _ := openSQLite(t, path)
	s, err := database.Describe(context.Background(), db, database.DescribeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	airports, _ := s.Table("airports")
	city, _ := airports.Column("city")
	if !city.SamplesComplete || len(city.Samples) != 300 || !slices.Contains(city.Samples, "City 299") {
		t.Errorf("city: complete=%v, %d samples; want all 300 cities listed", city.SamplesComplete, len(city.Samples))
	}
	code, _ := airports.Column("code")
	if code.SamplesComplete || len(code.Samples) >= 3000 {
		t.Errorf("code: complete=%v, %d samples; want the introspected samples of a column with 3,000 values", code.SamplesComplete, len(code.Samples))
	}
}
