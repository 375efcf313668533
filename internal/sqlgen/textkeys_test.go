package sqlgen_test

import (
	"database/sql"
	"fmt"
	"strings"
	"testing"

	"querent/internal/schema"
	"querent/internal/sqlgen"
)

// textKeySchema declares race.track_id as text against track.id, a number:
// a key across types (schema.ForeignKey.TextMatch).
func textKeySchema() *schema.Schema {
	c := func(name, typ string) schema.Column {
		return schema.Column{Name: name, Type: typ, Kind: schema.KindOf(typ), Nullable: true, Distinct: -1}
	}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		{Name: "track", Ident: "track", PrimaryKey: []string{"id"}, RowCount: -1, Columns: []schema.Column{c("id", "INTEGER"), c("name", "TEXT")}},
		{Name: "race", Ident: "race", PrimaryKey: []string{"id"}, RowCount: -1,
			Columns:     []schema.Column{c("id", "INTEGER"), c("class", "TEXT"), c("track_id", "TEXT")},
			ForeignKeys: []schema.ForeignKey{{Columns: []string{"track_id"}, RefTable: "track", RefColumns: []string{"id"}, TextMatch: true}}},
	}}
}

const (
	textKeyJoin = `{"select": [{"expr": {"col": "track.name"}}], "from": {"table": "race"},
		"joins": [{"table": "track", "on": [{"left": "race.track_id", "right": "track.id"}]}]}`
	textKeyIn = `{"select": [{"expr": {"col": "track.name"}}], "from": {"table": "track"},
		"where": {"op": "in", "left": {"col": "track.id"}, "subquery": {"select": [{"expr": {"col": "race.track_id"}}], "from": {"table": "race"},
			"where": {"op": "=", "left": {"col": "race.class"}, "right": {"value": "GT"}}}}}`
	textKeyInText = `{"select": [{"expr": {"col": "race.class"}}], "from": {"table": "race"},
		"where": {"op": "in", "left": {"col": "race.track_id"}, "subquery": {"select": [{"expr": {"col": "track.id"}}], "from": {"table": "track"}}}}`
)

// TestTextKeyCasts: a join pairing text with numbers casts the number to
// text where the engine will not compare the two (PostgreSQL, DuckDB, SQL
// Server), and not where it compares them loosely (SQLite, MySQL); IN casts
// on every engine, since even SQLite's IN applies no affinity.
func TestTextKeyCasts(t *testing.T) {
	cases := []struct {
		dialect, plan string
		want, not     string
	}{
		{"postgres", textKeyJoin, `"race"."track_id" = CAST("track"."id" AS text)`, ""},
		{"duckdb", textKeyJoin, `CAST("track"."id" AS`, ""},
		{"sqlserver", textKeyJoin, `CAST([track].[id] AS`, ""},
		{"sqlite", textKeyJoin, `"race"."track_id" = "track"."id"`, "CAST"},
		{"mysql", textKeyJoin, "`race`.`track_id` = `track`.`id`", "CAST"},
		{"sqlite", textKeyIn, `CAST("track"."id" AS TEXT) IN (SELECT "race"."track_id"`, ""},
		{"postgres", textKeyIn, `CAST("track"."id" AS text) IN (`, ""},
		{"sqlite", textKeyInText, `"race"."track_id" IN (SELECT CAST("_q"."id" AS TEXT) FROM (SELECT "track"."id"`, ""},
	}
	for _, c := range cases {
		t.Run(c.dialect+" "+c.want, func(t *testing.T) {
			d, err := sqlgen.DialectFor(c.dialect)
			if err != nil {
				t.Fatal(err)
			}
			q, err := sqlgen.Compile(mustDecode(t, c.plan), textKeySchema(), d, sqlgen.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(q.SQL, c.want) {
				t.Errorf("SQL lacks %s:\n%s", c.want, q.SQL)
			}
			if c.not != "" && strings.Contains(q.SQL, c.not) {
				t.Errorf("SQL has %s:\n%s", c.not, q.SQL)
			}
		})
	}
}

// TestTextKeyRunsOnSQLite runs the compiled join and IN on SQLite data whose
// text key holds a number's digits: the IN finds the rows an uncast IN
// would miss.
func TestTextKeyRunsOnSQLite(t *testing.T) {
	db, err := sql.Open("sqlite3", ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	for _, stmt := range []string{
		`CREATE TABLE track (id INTEGER, name TEXT)`,
		`CREATE TABLE race (id INTEGER, class TEXT, track_id TEXT)`,
		`INSERT INTO track VALUES (1, 'Daytona'), (2, 'Homestead'), (3, 'Sebring')`,
		`INSERT INTO race VALUES (10, 'GT', '1'), (11, 'DP', '2'), (12, 'GT', '2')`,
	} {
		if _, err := db.Exec(stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	d, _ := sqlgen.DialectFor("sqlite")
	for js, want := range map[string]string{
		textKeyJoin:   "Daytona,Homestead,Homestead",
		textKeyIn:     "Daytona,Homestead",
		textKeyInText: "DP,GT,GT",
	} {
		q, err := sqlgen.Compile(mustDecode(t, js), textKeySchema(), d, sqlgen.Options{})
		if err != nil {
			t.Fatal(err)
		}
		rows := query(t, db, q.SQL+" ORDER BY 1", q.Args...)
		var got []string
		for _, r := range rows {
			got = append(got, fmt.Sprint(r[0]))
		}
		if strings.Join(got, ",") != want {
			t.Errorf("%s\ngot %v, want %s", q.SQL, got, want)
		}
	}
}
