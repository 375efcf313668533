package cli

import (
	"context"
	"fmt"

	"querent/internal/demo"
)

func runDemo(ctx context.Context, args []string, io IO) int {
	fs := newFlags("demo", "demo --out PATH [--force] [--seed N]", io.Stderr)
	out := fs.String("out", "", "path of the SQLite database to create, e.g. demo.db")
	force := fs.Bool("force", false, "replace the file if it exists")
	seed := fs.Int64("seed", demo.DefaultSeed, "seed of the generated data; the same seed always gives the same data")
	pos, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return usageError(io, fs, "unexpected argument %q", pos[0])
	}
	if *out == "" {
		return usageError(io, fs, "--out is required")
	}
	ds := demo.Generate(*seed)
	if err := demo.WriteSQLite(ctx, *out, ds, *force); err != nil {
		fmt.Fprintf(io.Stderr, "querent demo: %v\n", err)
		return ExitFailure
	}
	total := 0
	for _, t := range ds.Tables {
		total += len(t.Rows)
	}
	fmt.Fprintf(io.Stdout, "created %s: %d tables, %d rows (a small online store with 3 tenants)\n", *out, len(ds.Tables), total)
	return ExitOK
}
