package write

import (
	"context"
	"path/filepath"
	"time"

	"querent/internal/database"
)

// OpenGate opens everything a write needs for the database dsn: a separate
// writable connection (database.OpenWrite), the audit log at auditLog, and
// the token secret beside it (see LoadSecret). Call it only when the
// configuration sets allow_writes. The Gate owns the connection: Close it.
func OpenGate(ctx context.Context, dsn, auditLog string, timeout time.Duration, getenv func(string) string) (*Gate, error) {
	audit, err := OpenAudit(auditLog)
	if err != nil {
		return nil, err
	}
	secret, err := LoadSecret(filepath.Dir(auditLog), getenv)
	if err != nil {
		return nil, err
	}
	w, err := database.OpenWrite(ctx, dsn)
	if err != nil {
		return nil, err
	}
	g, err := NewGate(w, Options{Database: dsn, Audit: audit, Secret: secret, Timeout: timeout})
	if err != nil {
		w.Close()
		return nil, err
	}
	g.owned = true
	return g, nil
}

// Engine is the writable connection the Gate writes through.
func (g *Gate) Engine() database.WriteEngine { return g.engine }

// Close closes the writable connection if OpenGate opened it.
func (g *Gate) Close() error {
	if g.owned {
		return g.engine.Close()
	}
	return nil
}
