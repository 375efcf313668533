package database

import (
	"context"
	"fmt"
	"time"
)

// Streamer is an optional Engine capability: a read with no row cap, for
// exports that need the whole result. It runs under the same guard,
// read-only transaction and timeout as Query, but passes the rows to a
// callback one at a time instead of collecting them, so memory stays bounded
// whatever the result's size.
type Streamer interface {
	// Stream runs one guarded statement read-only with bound args and calls
	// fn once per row, in order. columns is the same slice on every call;
	// row is new on each call and holds values normalised exactly as
	// Query's. An error from fn stops the read and is returned as is
	// (errors.Is works); engine errors are *Error values as from Query.
	Stream(ctx context.Context, sql string, args []any, timeout time.Duration, fn func(columns []string, row []any) error) error
}

// Stream streams sql through e, which must implement [Streamer].
func Stream(ctx context.Context, e Engine, sql string, args []any, timeout time.Duration, fn func(columns []string, row []any) error) error {
	s, ok := e.(Streamer)
	if !ok {
		return &Error{Code: CodeInternal, Message: fmt.Sprintf("the %s engine cannot stream results; export is limited to capped queries", e.Name())}
	}
	return s.Stream(ctx, sql, args, timeout, fn)
}
