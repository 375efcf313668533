package cli

import (
	"context"
	"fmt"
	"strings"
)

func runSchema(ctx context.Context, args []string, io IO) int {
	fs := newFlags("schema", "schema --db DSN [--json]", io.Stderr)
	var c common
	c.register(fs, false)
	pos, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return usageError(io, fs, "unexpected argument %q", pos[0])
	}
	e, serr := open(ctx, c, io, false)
	if serr != nil {
		return printSetupError(io, c.json, "", serr)
	}
	defer e.Close()
	if c.json {
		if err := writeJSON(io.Stdout, e.schema); err != nil {
			return ExitFailure
		}
		return ExitOK
	}
	fmt.Fprintf(io.Stdout, "%s database, %d tables\n\n", e.schema.Engine, len(e.schema.Tables))
	for _, t := range e.schema.Tables {
		kind := "table"
		if t.View {
			kind = "view"
		}
		fmt.Fprintf(io.Stdout, "%s %s (%d rows)\n", kind, t.Name, t.RowCount)
		pk := map[string]bool{}
		for _, k := range t.PrimaryKey {
			pk[strings.ToLower(k)] = true
		}
		rows := make([][]any, 0, len(t.Columns))
		for _, col := range t.Columns {
			var notes []string
			if pk[strings.ToLower(col.Name)] {
				notes = append(notes, "primary key")
			}
			if !col.Nullable {
				notes = append(notes, "not null")
			}
			for _, fk := range t.ForeignKeys {
				for i, fc := range fk.Columns {
					if strings.EqualFold(fc, col.Name) && i < len(fk.RefColumns) {
						note := "→ " + fk.RefTable + "." + fk.RefColumns[i]
						if fk.Inferred {
							note += fmt.Sprintf(" (inferred, %.0f%%)", fk.Confidence*100)
						}
						notes = append(notes, note)
					}
				}
			}
			samples := ""
			if len(col.Samples) > 0 {
				n := min(len(col.Samples), 5)
				samples = strings.Join(col.Samples[:n], ", ")
				if len(col.Samples) > n {
					samples += ", …"
				}
			}
			rows = append(rows, []any{col.Name, col.Type, strings.Join(notes, ", "), samples})
		}
		printTable(indent{io.Stdout}, []string{"column", "type", "keys", "examples"}, rows)
		fmt.Fprintln(io.Stdout)
	}
	return ExitOK
}

// indent prefixes every line written through it with two spaces.
type indent struct {
	w interface{ Write([]byte) (int, error) }
}

func (i indent) Write(p []byte) (int, error) {
	lines := strings.SplitAfter(string(p), "\n")
	for _, l := range lines {
		if l == "" {
			continue
		}
		if _, err := i.w.Write([]byte("  " + l)); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}
