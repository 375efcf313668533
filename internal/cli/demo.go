package cli

import (
	"context"
	"fmt"

	"querent/internal/database"
	"querent/internal/demo"
)

func runDemo(ctx context.Context, args []string, io IO) int {
	fs := newFlags("demo", "demo (--out PATH | --db DSN) [--force] [--seed N]", io.Stderr)
	out := fs.String("out", "", "path of the SQLite database to create, e.g. demo.db")
	dsn := fs.String("db", "", "load the demo into a server database instead (postgres://…, mysql://…, duckdb:PATH)")
	force := fs.Bool("force", false, "replace the file if it exists")
	seed := fs.Int64("seed", demo.DefaultSeed, "seed of the generated data; the same seed always gives the same data")
	pos, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return usageError(io, fs, "unexpected argument %q", pos[0])
	}
	if (*out == "") == (*dsn == "") {
		return usageError(io, fs, "give exactly one of --out PATH (a new SQLite file) or --db DSN (a server database)")
	}
	ds := demo.Generate(*seed)
	where := *out
	if *out != "" {
		if err := demo.WriteSQLite(ctx, *out, ds, *force); err != nil {
			fmt.Fprintf(io.Stderr, "querent demo: %v\n", err)
			return ExitFailure
		}
	} else {
		where = database.Redact(*dsn)
		if err := loadDemo(ctx, *dsn, ds, *force); err != nil {
			fmt.Fprintf(io.Stderr, "querent demo: %v\n", err)
			return ExitFailure
		}
	}
	total := 0
	for _, t := range ds.Tables {
		total += len(t.Rows)
	}
	fmt.Fprintf(io.Stdout, "created %s: %d tables, %d rows (a small online store with 3 tenants)\n", where, len(ds.Tables), total)
	return ExitOK
}

// loadDemo loads the dataset into a server engine over a read-write
// connection that only this command opens.
func loadDemo(ctx context.Context, dsn string, ds *demo.Dataset, force bool) error {
	db, engine, err := database.OpenAdmin(ctx, dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	// Schemes with another spelling load like the engine they name.
	switch engine {
	case "postgresql":
		engine = "postgres"
	case "mariadb":
		engine = "mysql"
	}
	tg, ok := demo.Targets[engine]
	if !ok {
		return fmt.Errorf("no demo loader for %s", engine)
	}
	return demo.LoadSQL(ctx, db, ds, tg, force)
}
