package database_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"querent/internal/database"
	"querent/internal/schema"
)

// readOnly is an engine without the optional capabilities.
type readOnly struct{}

func (readOnly) Name() string                                       { return "fake" }
func (readOnly) Introspect(context.Context) (*schema.Schema, error) { return &schema.Schema{}, nil }
func (readOnly) Guard(context.Context, string) ([]string, error)    { return nil, nil }
func (readOnly) Explain(context.Context, string, []any) error       { return nil }
func (readOnly) Close() error                                       { return nil }
func (readOnly) Query(context.Context, string, []any, database.Limits) (*database.Result, error) {
	return &database.Result{}, nil
}

func TestStreamNeedsTheCapability(t *testing.T) {
	err := database.Stream(context.Background(), readOnly{}, "SELECT 1", nil, time.Second, func([]string, []any) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "cannot stream") {
		t.Errorf("Stream on an engine without it: %v", err)
	}
}

func TestOpenWriteUnknown(t *testing.T) {
	for dsn, want := range map[string]string{
		"":             "no database given",
		"nosuch:thing": "cannot tell which database",
		"data.unknown": "cannot tell which database",
	} {
		_, err := database.OpenWrite(context.Background(), dsn)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("OpenWrite(%q): %v, want an error containing %q", dsn, err, want)
		}
	}
}
