// Package dbtest is the conformance suite every engine runs: introspection of
// the demo dataset, the same questions answered with the same results as on
// SQLite, dialect-sensitive plans compiled and executed with the same results
// as on SQLite, an adversarial corpus refused with the data unchanged, and the
// execution limits. An engine's live test loads the demo (demo.LoadSQL) and
// calls [Run].
package dbtest

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"querent/internal/agent"
	"querent/internal/database"
	_ "querent/internal/database/sqlite" // the reference engine
	"querent/internal/demo"
	"querent/internal/offline"
	"querent/internal/plan"
	"querent/internal/schema"
	"querent/internal/sqlgen"
)

// Questions are answered by the offline planner on every engine; the results
// must equal SQLite's. They cover counts, filters on text values, years,
// grouping, joins along one key, ordering with limits, and aggregates.
var Questions = []string{
	"How many orders are there?",
	"How many orders were cancelled?",
	"average total amount of orders",
	"total amount of orders by status",
	"number of orders per status",
	"number of customers per country",
	"How many products are there?",
	"What is the highest unit price of products?",
	"What is the lowest salary of employees?",
	"list all categories",
	"list the clients",
	"How many orders were placed in 2024?",
	"How many payments were made by paypal?",
	"average salary of employees",
	"the product with the highest unit price",
	"top 5 products by unit price",
	"How many employees are there?",
	"total quantity of order items",
	"maximum quantity of order items",
	"number of employees per title",
	"average unit price of products per category",
	"orders with status pending",
	"How many orders were delivered in 2025?",
	"total amount of orders in 2025",
	"number of payments per method",
	"the 3 employees with the highest salary",
	"number of products per client",
	"How many customers are in France?",
	"sum of amount of payments",
	"list employees hired in 2020",
}

// Adversarial inputs every engine must refuse, whatever its dialect: the
// base attacks below, each also disguised by every one of [disguises]. Each
// engine's own tests add its dialect's tricks.
var Adversarial = adversarial()

// disguises rewrite an attack the ways that fool keyword filters: case,
// comments before, between and after, stacking behind a harmless query,
// odd whitespace.
var disguises = []func(string) string{
	strings.ToLower,
	func(q string) string { return "/* harmless */ " + q },
	func(q string) string { return "-- a comment\n" + q },
	func(q string) string { return q + ";" },
	func(q string) string { return "SELECT 1; " + q },
	func(q string) string { return "SELECT 1;\n\t" + strings.ReplaceAll(q, " ", "\t") },
	func(q string) string { return strings.ReplaceAll(q, " ", " /**/ ") },
}

func adversarial() []string {
	var out []string
	for _, q := range baseAttacks {
		out = append(out, q)
		if len(q) > 1000 || strings.TrimSpace(q) == "" || q == ";" {
			continue // size and emptiness tricks have no disguise
		}
		for _, d := range disguises {
			out = append(out, d(q))
		}
	}
	return out
}

var baseAttacks = []string{
	"DELETE FROM customers",
	"delete from customers where 1=1",
	"UPDATE orders SET status = 'x'",
	"INSERT INTO categories (id, name) VALUES (99, 'x')",
	"DROP TABLE orders",
	"TRUNCATE TABLE payments",
	"ALTER TABLE customers ADD COLUMN x INT",
	"CREATE TABLE t (x INT)",
	"CREATE VIEW v AS SELECT 1",
	"SELECT 1; DROP TABLE orders",
	"SELECT 1; DELETE FROM customers",
	"SELECT * FROM customers; UPDATE orders SET status = 'x'",
	"WITH d AS (DELETE FROM customers RETURNING *) SELECT * FROM d",
	"WITH x AS (SELECT 1) DELETE FROM orders",
	"WITH x AS (SELECT 1) UPDATE orders SET status = 'x'",
	"WITH x AS (SELECT 1) INSERT INTO categories SELECT 99, 'x'",
	"SELECT * INTO copy_of_customers FROM customers",
	"SELECT 1 -- harmless\n; DELETE FROM customers",
	"SELECT 1 /* ; */ ; DROP TABLE orders",
	"/*!DROP TABLE orders*/ SELECT 1",
	"SELECT /*! 1; DROP TABLE orders; */ 1",
	"GRANT ALL ON customers TO public",
	"REVOKE SELECT ON customers FROM public",
	"BEGIN",
	"COMMIT",
	"ROLLBACK",
	"SET x = 1",
	"EXPLAIN DELETE FROM customers",
	"COPY customers TO '/tmp/querent-leak.csv'",
	"ATTACH DATABASE 'x.db' AS x",
	"CALL do_something()",
	"EXEC sp_who",
	"MERGE INTO orders USING customers ON 1=0 WHEN NOT MATCHED THEN INSERT VALUES (1)",
	"REPLACE INTO categories VALUES (1, 'x')",
	"LOCK TABLE orders",
	"VACUUM",
	"SELECT * FROM orders FOR UPDATE",
	"",
	"   ",
	";",
	"SELECT 'unterminated",
	strings.Repeat("SELECT 1 UNION ALL ", 20000) + "SELECT 1",
}

// reference opens the demo on SQLite, the engine every other is compared with.
func reference(t *testing.T) database.Engine {
	t.Helper()
	path := filepath.Join(t.TempDir(), "demo.db")
	if err := demo.WriteSQLite(context.Background(), path, demo.Generate(demo.DefaultSeed), false); err != nil {
		t.Fatalf("reference SQLite demo: %v", err)
	}
	db, err := database.Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatalf("reference SQLite demo: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// Run runs the conformance suite against db, which must hold the demo
// dataset loaded with the default seed.
func Run(t *testing.T, db database.Engine) {
	ctx := context.Background()
	s, err := db.Introspect(ctx)
	if err != nil {
		t.Fatalf("Introspect: %v", err)
	}
	t.Run("Introspection", func(t *testing.T) { checkIntrospection(t, s) })
	t.Run("Questions", func(t *testing.T) { checkQuestions(t, db, s) })
	t.Run("Dialect", func(t *testing.T) { checkDialect(t, db, s) })
	t.Run("Adversarial", func(t *testing.T) { checkAdversarial(t, db, s) })
	t.Run("RowCap", func(t *testing.T) { checkRowCap(t, db) })
	t.Run("Timeout", func(t *testing.T) { checkTimeout(t, db) })
}

// checkIntrospection compares the schema with the dataset's definition.
func checkIntrospection(t *testing.T, s *schema.Schema) {
	ds := demo.Generate(demo.DefaultSeed)
	for _, dt := range ds.Tables {
		st, ok := s.Table(dt.Name)
		if !ok {
			t.Errorf("table %s missing; have %v", dt.Name, s.TableNames())
			continue
		}
		for _, dc := range dt.Columns {
			c, ok := st.Column(dc.Name)
			if !ok {
				t.Errorf("column %s.%s missing", dt.Name, dc.Name)
				continue
			}
			if want := portableKind(dc.Type); !kindCompatible(want, c.Kind) {
				t.Errorf("%s.%s: kind %s (type %s), want %s", dt.Name, dc.Name, c.Kind, c.Type, want)
			}
			if dc.PrimaryKey && !containsFold(st.PrimaryKey, dc.Name) {
				t.Errorf("%s: primary key %v lacks %s", dt.Name, st.PrimaryKey, dc.Name)
			}
			if dc.References != "" {
				ref, col, _ := strings.Cut(dc.References, ".")
				if !hasFK(st, dc.Name, ref, col) {
					t.Errorf("%s.%s: foreign key to %s missing (have %+v)", dt.Name, dc.Name, dc.References, st.ForeignKeys)
				}
			}
		}
	}
}

func portableKind(t string) schema.Kind {
	switch t {
	case demo.TypeInteger:
		return schema.KindInteger
	case demo.TypeReal:
		return schema.KindReal
	case demo.TypeDate:
		return schema.KindDate
	case demo.TypeDateTime:
		return schema.KindDateTime
	}
	return schema.KindText
}

// kindCompatible allows engines to report a date as a timestamp and an
// integer as a number: what matters is that the compiler treats it alike.
func kindCompatible(want, got schema.Kind) bool {
	switch {
	case want == got:
		return true
	case want.Temporal() && got.Temporal():
		return true
	case want.Numeric() && got.Numeric():
		return true
	}
	return false
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

func hasFK(t *schema.Table, col, ref, refCol string) bool {
	for _, fk := range t.ForeignKeys {
		for i, c := range fk.Columns {
			if strings.EqualFold(c, col) && strings.EqualFold(fk.RefTable, ref) && i < len(fk.RefColumns) && strings.EqualFold(fk.RefColumns[i], refCol) {
				return true
			}
		}
	}
	return false
}

// ask answers q with the offline planner only.
func ask(t *testing.T, db database.Engine, s *schema.Schema, q string) *agent.Response {
	t.Helper()
	today := time.Date(2025, 6, 30, 0, 0, 0, 0, time.UTC)
	a, err := agent.New(db, s, nil, offline.New(s, offline.Options{Today: today}), agent.Config{Planner: "offline", RowLimit: 5000}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return a.Ask(context.Background(), agent.Request{Question: q})
}

func checkQuestions(t *testing.T, db database.Engine, s *schema.Schema) {
	ref := reference(t)
	refSchema, err := ref.Introspect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range Questions {
		t.Run(q, func(t *testing.T) {
			want := ask(t, ref, refSchema, q)
			if want.Error != nil {
				t.Fatalf("SQLite reference: %+v", want.Error)
			}
			got := ask(t, db, s, q)
			if got.Error != nil {
				t.Fatalf("%s: %+v\nSQL: %s", db.Name(), got.Error, got.SQL)
			}
			ordered := got.Plan != nil && len(got.Plan.OrderBy) > 0
			if diff := CompareRows(want.Rows, got.Rows, ordered); diff != "" {
				t.Errorf("%s differs from SQLite: %s\nSQLite SQL: %s\n%s SQL: %s", db.Name(), diff, want.SQL, db.Name(), got.SQL)
			}
		})
	}
}

// CompareRows compares two results as multisets of rows (as lists when
// ordered), numbers with a relative tolerance of 1e-6, and returns "" when
// they match or a description of the first difference.
func CompareRows(want, got [][]any, ordered bool) string {
	if len(want) != len(got) {
		return fmt.Sprintf("%d rows, want %d", len(got), len(want))
	}
	w, g := keys(want), keys(got)
	if !ordered {
		sort.Strings(w)
		sort.Strings(g)
	}
	for i := range w {
		if w[i] != g[i] {
			return fmt.Sprintf("row %d is %s, want %s", i, g[i], w[i])
		}
	}
	return ""
}

// keys renders rows so equal values render equally across engines: numbers
// rounded to 6 significant digits, whole floats as integers.
func keys(rows [][]any) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		parts := make([]string, len(r))
		for j, v := range r {
			parts[j] = canonical(v)
		}
		out[i] = strings.Join(parts, "|")
	}
	return out
}

func canonical(v any) string {
	switch x := v.(type) {
	case nil:
		return "\x00NULL" // distinct from the text "NULL"
	case int64:
		return fmt.Sprintf("%d", x)
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1e15 {
			return fmt.Sprintf("%d", int64(x))
		}
		return fmt.Sprintf("%.6g", x)
	case bool:
		if x {
			return "1"
		}
		return "0"
	}
	return fmt.Sprint(v)
}

// fingerprint counts rows and sums ids of every demo table, through the
// compiler, so any write would show.
func fingerprint(t *testing.T, db database.Engine, s *schema.Schema) string {
	t.Helper()
	d, err := sqlgen.DialectFor(db.Name())
	if err != nil {
		t.Fatal(err)
	}
	var parts []string
	for _, dt := range demo.Generate(demo.DefaultSeed).Tables {
		p := &plan.Plan{
			Select: []plan.SelectItem{{Expr: plan.Expr{Agg: "count"}, Alias: "n"}, {Expr: plan.Expr{Agg: "sum", Arg: &plan.Expr{Col: dt.Name + ".id"}}, Alias: "ids"}},
			From:   plan.Source{Table: dt.Name},
		}
		q, err := sqlgen.Compile(p, s, d, sqlgen.Options{})
		if err != nil {
			t.Fatal(err)
		}
		res, err := db.Query(context.Background(), q.SQL, q.Args, database.Limits{MaxRows: 1, Timeout: 30 * time.Second})
		if err != nil {
			t.Fatalf("fingerprint %s: %v", dt.Name, err)
		}
		parts = append(parts, dt.Name+"="+strings.Join(keys(res.Rows), ","))
	}
	return strings.Join(parts, " ")
}

func checkAdversarial(t *testing.T, db database.Engine, s *schema.Schema) {
	ctx := context.Background()
	before := fingerprint(t, db, s)
	for i, q := range Adversarial {
		name := q
		if len(name) > 60 {
			name = name[:60]
		}
		t.Run(fmt.Sprintf("%02d %s", i, name), func(t *testing.T) {
			if _, err := db.Guard(ctx, q); err == nil {
				t.Errorf("Guard accepted %q", name)
			} else if c := database.CodeOf(err); c != database.CodeForbidden && c != database.CodeSyntax {
				t.Errorf("Guard refused with code %s, want forbidden or syntax_error: %v", c, err)
			}
			// Query must be safe on its own too, whatever the guard said.
			if _, err := db.Query(ctx, q, nil, database.Limits{MaxRows: 10, Timeout: 10 * time.Second}); err == nil {
				t.Errorf("Query ran %q", name)
			}
		})
	}
	if after := fingerprint(t, db, s); after != before {
		t.Errorf("data changed:\nbefore %s\nafter  %s", before, after)
	}
}

func checkRowCap(t *testing.T, db database.Engine) {
	q := "SELECT a.id AS a, b.id AS b FROM order_items a CROSS JOIN orders b"
	res, err := db.Query(context.Background(), q, nil, database.Limits{MaxRows: 500, Timeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 500 || !res.Truncated {
		t.Errorf("%d rows, truncated %v; want 500 and true", len(res.Rows), res.Truncated)
	}
}

func checkTimeout(t *testing.T, db database.Engine) {
	q := "SELECT COUNT(*) AS n FROM order_items a CROSS JOIN order_items b CROSS JOIN orders c"
	done := make(chan error, 1)
	go func() {
		_, err := db.Query(context.Background(), q, nil, database.Limits{MaxRows: 1, Timeout: 300 * time.Millisecond})
		done <- err
	}()
	select {
	case err := <-done:
		if database.CodeOf(err) != database.CodeTimeout {
			t.Errorf("error %v (code %s), want timeout", err, database.CodeOf(err))
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("a query past its timeout was not stopped")
	}
}
