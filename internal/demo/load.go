package demo

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"time"
)

// Target is what loading the dataset into a server engine needs to know about
// its SQL: type names and parameter placeholders. Everything else in the
// generated DDL (plain lower-case identifiers, PRIMARY KEY, REFERENCES) is
// common to every engine querent supports.
type Target struct {
	// Types maps the portable column types to the engine's type names.
	Types map[string]string
	// Placeholder renders the n-th parameter (1-based); nil means "?".
	Placeholder func(n int) string
	// Dates converts date and datetime text to time.Time before inserting,
	// for drivers that will not cast text into a date column.
	Dates bool
}

func (tg Target) placeholder(n int) string {
	if tg.Placeholder == nil {
		return "?"
	}
	return tg.Placeholder(n)
}

// Targets are the server engines the demo can be loaded into, by engine name.
var Targets = map[string]Target{
	"postgres": {
		Types:       map[string]string{TypeInteger: "BIGINT", TypeText: "TEXT", TypeReal: "DOUBLE PRECISION", TypeDate: "DATE", TypeDateTime: "TIMESTAMP"},
		Placeholder: func(n int) string { return "$" + strconv.Itoa(n) },
		Dates:       true,
	},
	"mysql": {
		Types: map[string]string{TypeInteger: "BIGINT", TypeText: "VARCHAR(255)", TypeReal: "DOUBLE", TypeDate: "DATE", TypeDateTime: "DATETIME"},
	},
	"duckdb": {
		Types: map[string]string{TypeInteger: "BIGINT", TypeText: "VARCHAR", TypeReal: "DOUBLE", TypeDate: "DATE", TypeDateTime: "TIMESTAMP"},
		Dates: true,
	},
	"sqlserver": {
		Types:       map[string]string{TypeInteger: "BIGINT", TypeText: "NVARCHAR(255)", TypeReal: "FLOAT", TypeDate: "DATE", TypeDateTime: "DATETIME2"},
		Placeholder: func(n int) string { return "@p" + strconv.Itoa(n) },
		Dates:       true,
	},
}

// LoadSQL creates the dataset's tables in db and fills them, in one
// transaction where the engine allows DDL in transactions. With replace, the
// demo's tables are dropped first (children before parents); without it, an
// existing table is an error that says to pass --force.
func LoadSQL(ctx context.Context, db *sql.DB, ds *Dataset, tg Target, replace bool) error {
	for i := len(ds.Tables) - 1; i >= 0; i-- {
		name := ds.Tables[i].Name
		var n int
		err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+name).Scan(&n)
		if err != nil {
			continue // the table does not exist
		}
		if !replace {
			return fmt.Errorf("table %s already exists: pass --force to replace the demo tables", name)
		}
		if _, err := db.ExecContext(ctx, "DROP TABLE "+name); err != nil {
			return fmt.Errorf("drop %s: %w", name, err)
		}
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() // no-op after Commit
	created := map[string]bool{}
	for i := range ds.Tables {
		t := &ds.Tables[i]
		stmts, err := ddl(t, created, tg)
		if err != nil {
			return err
		}
		for _, s := range stmts {
			if _, err := tx.ExecContext(ctx, s); err != nil {
				return fmt.Errorf("%s: %w", s, err)
			}
		}
		created[t.Name] = true
		rows := t
		if tg.Dates {
			rows = withTimes(t)
		}
		if err := insertRows(ctx, tx, rows, tg); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// withTimes returns a copy of t whose date and datetime text is time.Time.
func withTimes(t *Table) *Table {
	out := *t
	out.Rows = make([][]any, len(t.Rows))
	for r, row := range t.Rows {
		cp := append([]any(nil), row...)
		for i, c := range t.Columns {
			s, ok := cp[i].(string)
			if !ok {
				continue
			}
			switch c.Type {
			case TypeDate:
				if v, err := time.Parse(time.DateOnly, s); err == nil {
					cp[i] = v
				}
			case TypeDateTime:
				if v, err := time.Parse(time.DateTime, s); err == nil {
					cp[i] = v
				}
			}
		}
		out.Rows[r] = cp
	}
	return &out
}
