//go:build !cgo

package duckdb

import (
	"context"
	"database/sql"
	"errors"

	"querent/internal/database"
)

// errNoCgo explains why a DuckDB, CSV or Parquet DSN cannot be opened.
var errNoCgo = errors.New("this querent was built without cgo (CGO_ENABLED=0), and DuckDB, CSV and Parquet support needs it: rebuild with CGO_ENABLED=1 and a C++ toolchain, or use a SQLite or server database")

// The schemes and matchers are registered even without the engine, so a
// DuckDB, CSV or Parquet DSN gets errNoCgo rather than "cannot tell which
// database this is".
func init() {
	open := func(context.Context, string) (database.Engine, error) { return nil, errNoCgo }
	database.Register("duckdb", open, IsPath)
	database.Register("csv", open, IsDataPath)
	database.Register("parquet", open, nil)
	database.RegisterAdmin("duckdb", func(context.Context, string) (*sql.DB, error) { return nil, errNoCgo })
}
