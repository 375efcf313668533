package eval_test

import (
	"strings"
	"testing"

	"querent/internal/database"
	"querent/internal/eval"
)

// TestMatch scores hand-made gold and predicted queries on one small
// database, the way the harness does: both run through the read-only
// engine, and order matters only when the gold query has a top-level ORDER
// BY.
func TestMatch(t *testing.T) {
	path := makeDB(t, t.TempDir(), "pets",
		`CREATE TABLE pet (id INTEGER PRIMARY KEY, name TEXT, kind TEXT, age INTEGER, weight REAL, owner TEXT)`,
		`INSERT INTO pet VALUES
			(1, 'Rex', 'dog', 3, 12.5, 'Ann'),
			(2, 'Tom', 'cat', 5, 4.25, 'Bob'),
			(3, 'Fido', 'dog', 3, 20.0, NULL),
			(4, 'Kitty', 'cat', 1, 3.5, 'Ann'),
			(5, 'Nemo', 'fish', 2, 0.1, NULL)`,
	)
	e := openEngine(t, path)
	tests := []struct {
		name       string
		gold, pred string
		want       bool
		why        string // part of the reason when wrong
	}{
		{name: "same query", gold: `SELECT name FROM pet`, pred: `SELECT name FROM pet`, want: true},

		// Ordering.
		{name: "unordered gold ignores row order",
			gold: `SELECT name FROM pet`, pred: `SELECT name FROM pet ORDER BY name DESC`, want: true},
		{name: "ordered gold needs the same order",
			gold: `SELECT name FROM pet ORDER BY age, id`, pred: `SELECT name FROM pet ORDER BY id`, why: "in the gold order"},
		{name: "ordered gold, same order",
			gold: `SELECT name FROM pet ORDER BY age, id`, pred: `SELECT name FROM pet ORDER BY age ASC, id ASC`, want: true},
		{name: "ORDER BY inside a subquery does not order the result",
			gold: `SELECT name FROM (SELECT name FROM pet ORDER BY name)`, pred: `SELECT name FROM pet ORDER BY id DESC`, want: true},
		{name: "ordered gold, columns swapped but rows in order",
			gold: `SELECT name, age FROM pet ORDER BY id`, pred: `SELECT age, name FROM pet ORDER BY id`, want: true},

		// Duplicates: results are multisets, not sets.
		{name: "DISTINCT drops duplicates the gold keeps",
			gold: `SELECT kind FROM pet`, pred: `SELECT DISTINCT kind FROM pet`, why: "3 rows, gold has 5"},
		{name: "same rows, different multiplicities",
			gold: `SELECT 1 UNION ALL SELECT 1 UNION ALL SELECT 2`, pred: `SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 2`, why: "no column holds"},
		{name: "duplicates in another order",
			gold: `SELECT kind FROM pet`, pred: `SELECT kind FROM pet ORDER BY kind`, want: true},

		// Column order.
		{name: "columns in another order",
			gold: `SELECT name, kind, age FROM pet`, pred: `SELECT age, name, kind FROM pet`, want: true},
		{name: "columns with the same values but rows paired differently",
			gold: `SELECT 1, 2 UNION ALL SELECT 2, 1`, pred: `SELECT 1, 1 UNION ALL SELECT 2, 2`, why: "rows differ"},
		{name: "two copies of a column",
			gold: `SELECT age, age, name FROM pet`, pred: `SELECT name, age, age FROM pet`, want: true},

		// Extra and missing columns.
		{name: "extra column", gold: `SELECT name FROM pet`, pred: `SELECT name, kind FROM pet`, why: "2 columns, gold has 1"},
		{name: "missing column", gold: `SELECT name, kind FROM pet`, pred: `SELECT name FROM pet`, why: "1 column, gold has 2"},
		{name: "all columns instead of one", gold: `SELECT name FROM pet`, pred: `SELECT * FROM pet`, why: "6 columns, gold has 1"},

		// NULLs.
		{name: "NULL equals NULL",
			gold: `SELECT owner FROM pet`, pred: `SELECT owner FROM pet ORDER BY owner`, want: true},
		{name: "NULL is not zero", gold: `SELECT NULL`, pred: `SELECT 0`, why: "no column holds"},
		{name: "NULL is not empty text", gold: `SELECT NULL`, pred: `SELECT ''`, why: "no column holds"},

		// Numbers: integers equal floats of the same value; floats within the tolerance.
		{name: "integer equals float", gold: `SELECT count(*) FROM pet`, pred: `SELECT 5.0`, want: true},
		{name: "integer average equals float average",
			gold: `SELECT avg(age) FROM pet`, pred: `SELECT sum(age) * 1.0 / count(*) FROM pet`, want: true},
		{name: "rounding error is within the tolerance", gold: `SELECT 0.3`, pred: `SELECT 0.1 + 0.2`, want: true},
		{name: "sums in another order",
			gold: `SELECT sum(weight) FROM pet`, pred: `SELECT sum(weight) FROM (SELECT weight FROM pet ORDER BY weight DESC)`, want: true},
		{name: "a different float", gold: `SELECT 1.0`, pred: `SELECT 1.000001`, why: "no column holds"},
		{name: "large integers differ by one", gold: `SELECT 1000000000`, pred: `SELECT 1000000001`, why: "no column holds"},
		{name: "integer and float differ by one", gold: `SELECT 100000000`, pred: `SELECT 100000001.0`, why: "no column holds"},
		{name: "text is not a number", gold: `SELECT 3`, pred: `SELECT '3'`, why: "no column holds"},

		// Text compares exactly.
		{name: "case differs", gold: `SELECT 'Rex'`, pred: `SELECT 'rex'`, why: "no column holds"},
		{name: "trailing space differs", gold: `SELECT 'Rex'`, pred: `SELECT 'Rex '`, why: "no column holds"},

		// Empty results.
		{name: "both empty",
			gold: `SELECT name FROM pet WHERE age > 10`, pred: `SELECT name FROM pet WHERE kind = 'bird'`, want: true},
		{name: "both empty, different columns",
			gold: `SELECT name FROM pet WHERE age > 10`, pred: `SELECT name, age FROM pet WHERE age > 10`, why: "2 columns, gold has 1"},
		{name: "empty prediction", gold: `SELECT name FROM pet WHERE age = 3`, pred: `SELECT name FROM pet WHERE age = 4`, why: "0 rows, gold has 2"},
		{name: "empty gold", gold: `SELECT name FROM pet WHERE age = 4`, pred: `SELECT name FROM pet WHERE age = 3`, why: "2 rows, gold has 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gold, pred := query(t, e, tt.gold), query(t, e, tt.pred)
			got, why := eval.Match(gold, pred, eval.HasTopLevelOrderBy(tt.gold))
			if got != tt.want {
				t.Fatalf("Match = %v (%s), want %v\ngold %v\npred %v", got, why, tt.want, gold.Rows, pred.Rows)
			}
			if !tt.want && !strings.Contains(why, tt.why) {
				t.Errorf("reason %q does not contain %q", why, tt.why)
			}
			if tt.want && why != "" {
				t.Errorf("reason %q for a match", why)
			}
		})
	}
}

// TestMatchBoundsColumnOrders gives the scorer eight columns that all hold
// the same values, so every one of 8! orders passes the column check and
// none makes the rows equal: it must give up after MaxColumnOrders.
func TestMatchBoundsColumnOrders(t *testing.T) {
	row := func(vs ...int64) []any {
		r := make([]any, len(vs))
		for i, v := range vs {
			r[i] = v
		}
		return r
	}
	cols := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	gold := &database.Result{Columns: cols, Rows: [][]any{row(1, 1, 1, 1, 1, 1, 1, 2), row(2, 2, 2, 2, 2, 2, 2, 1)}}
	pred := &database.Result{Columns: cols, Rows: [][]any{row(1, 1, 1, 1, 1, 1, 2, 2), row(2, 2, 2, 2, 2, 2, 1, 1)}}
	ok, why := eval.Match(gold, pred, false)
	if ok || !strings.Contains(why, "column orders") {
		t.Fatalf("Match = %v, %q; want a refusal after bounded search", ok, why)
	}
	// The same columns, one order away from the gold rows, are found.
	pred = &database.Result{Columns: cols, Rows: [][]any{row(1, 1, 1, 1, 1, 1, 2, 1), row(2, 2, 2, 2, 2, 2, 1, 2)}}
	if ok, why := eval.Match(gold, pred, false); !ok {
		t.Fatalf("Match = false (%s), want true", why)
	}
}

func TestHasTopLevelOrderBy(t *testing.T) {
	tests := []struct {
		sql  string
		want bool
	}{
		{`SELECT a FROM t ORDER BY a`, true},
		{`select a from t order   by a desc limit 3`, true},
		{`SELECT a FROM t`, false},
		{`SELECT a FROM (SELECT a FROM t ORDER BY a LIMIT 3)`, false},
		{`SELECT a FROM t WHERE b IN (SELECT b FROM u ORDER BY c LIMIT 1)`, false},
		{`SELECT a, rank() OVER (ORDER BY b) FROM t`, false},
		{`SELECT a FROM t WHERE c = 'order by'`, false},
		{`SELECT "order by" FROM t -- ORDER BY a`, false},
		{`SELECT a FROM t UNION SELECT a FROM u ORDER BY a`, true},
		{`SELECT a FROM t ORDER BY a;`, true},
	}
	for _, tt := range tests {
		if got := eval.HasTopLevelOrderBy(tt.sql); got != tt.want {
			t.Errorf("HasTopLevelOrderBy(%q) = %v, want %v", tt.sql, got, tt.want)
		}
	}
}
