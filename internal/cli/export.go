package cli

import (
	"context"
	"fmt"

	"querent/internal/database"
	"querent/internal/export"
)

// exportQuery re-runs a read-only statement without the row cap and streams
// every row into path, in the format its extension names (or format). The
// file appears only when the export is complete.
func exportQuery(ctx context.Context, e *env, sql string, params []any, columns []string, path, format string) (int64, error) {
	f, err := export.FormatFor(path, format)
	if err != nil {
		return 0, err
	}
	var n int64
	err = export.ToFile(path, f, func(w export.Writer) error {
		started := false
		err := database.Stream(ctx, e.db, sql, params, e.cfg.StatementTimeout, func(cols []string, row []any) error {
			if !started {
				if err := w.Header(cols); err != nil {
					return err
				}
				started = true
			}
			n++
			return w.Row(row)
		})
		if err != nil {
			return err
		}
		if !started {
			return w.Header(columns) // an empty result still has its header
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("export: %w", err)
	}
	return n, nil
}
