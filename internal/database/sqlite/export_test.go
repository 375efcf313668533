package sqlite

import (
	"context"
	"time"
)

// QueryUnchecked runs sql like Query but skips guard.Check, so tests can
// show that the connection-level layers (authorizer, single-statement
// prepare, read-only check, mode=ro) refuse writes on their own.
func (d *DB) QueryUnchecked(ctx context.Context, sql string) error {
	return d.withConn(ctx, func(c *roConn) error {
		if err := c.begin(); err != nil {
			return err
		}
		defer c.rollback()
		_, err := c.collect(ctx, sql, nil, 10)
		return err
	})
}

// PrepareTail prepares sql on a guarded connection and returns the tail
// tailOf reads, and whether it could read it.
func (d *DB) PrepareTail(ctx context.Context, sql string) (tail string, ok bool, err error) {
	err = d.withConn(ctx, func(c *roConn) error {
		s, err := c.sc.Prepare(sql)
		if err != nil {
			return err
		}
		defer s.Close()
		tail, ok = tailOf(s)
		return nil
	})
	return tail, ok, err
}

// SetStatsBudget changes the per-table introspection budget until the
// returned function restores it.
func SetStatsBudget(d time.Duration) (restore func()) {
	old := statsBudget
	statsBudget = d
	return func() { statsBudget = old }
}
