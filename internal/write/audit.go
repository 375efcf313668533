package write

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"querent/internal/database"
)

// Record is one line of the audit log.
type Record struct {
	// Time is UTC, RFC 3339 with nanoseconds.
	Time string `json:"time"`
	// Database is the redacted DSN.
	Database string `json:"database"`
	// User is the operating-system user running querent.
	User string `json:"user"`
	// Action is preview or apply.
	Action     string             `json:"action"`
	Kind       database.WriteKind `json:"kind,omitempty"`
	Table      string             `json:"table,omitempty"`
	Unfiltered bool               `json:"unfiltered,omitempty"`
	SQL        string             `json:"sql"`
	Params     []any              `json:"params"`
	// Rows is the rows previewed or changed; absent when nothing ran.
	Rows *int64 `json:"rows,omitempty"`
	// Outcome is previewed, applied, refused, failed or rolled_back.
	Outcome string `json:"outcome"`
	Error   string `json:"error,omitempty"`
}

// AuditLog is an append-only JSON Lines file. Each record is written with
// one write on a file opened O_APPEND and synced before Append returns, so
// a record that was reported written survives a crash.
type AuditLog struct {
	path string
	mu   sync.Mutex
}

// AuditError is a failure to write the audit log; a write it should have
// recorded is not made.
type AuditError struct {
	Path string
	Err  error
}

func (e *AuditError) Error() string {
	return fmt.Sprintf("cannot write the audit log %s: %v; writes are refused until it is writable (check audit_log in querent.yaml)", e.Path, e.Err)
}

func (e *AuditError) Unwrap() error { return e.Err }

// OpenAudit prepares the audit log at path: its folder is created (0700)
// and the file (0600) if missing, and it must be writable.
func OpenAudit(path string) (*AuditLog, error) {
	if path == "" {
		return nil, &AuditError{Path: "(none)", Err: fmt.Errorf("no audit_log path configured")}
	}
	a := &AuditLog{path: path}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, &AuditError{Path: path, Err: err}
	}
	if err := a.Check(); err != nil {
		return nil, err
	}
	return a, nil
}

// Path is the log's file path.
func (a *AuditLog) Path() string { return a.path }

// Check opens the log for appending and closes it: a write is refused
// before it runs when this fails.
func (a *AuditLog) Check() error {
	f, err := a.open()
	if err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return &AuditError{Path: a.path, Err: err}
	}
	return nil
}

func (a *AuditLog) open() (*os.File, error) {
	f, err := os.OpenFile(a.path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return nil, &AuditError{Path: a.path, Err: err}
	}
	return f, nil
}

// Append writes rec as one line and syncs it to disk.
func (a *AuditLog) Append(rec Record) error {
	line, err := json.Marshal(rec)
	if err != nil {
		return &AuditError{Path: a.path, Err: fmt.Errorf("encoding the record: %w", err)}
	}
	line = append(line, '\n')
	a.mu.Lock()
	defer a.mu.Unlock()
	f, err := a.open()
	if err != nil {
		return err
	}
	_, werr := f.Write(line)
	serr := f.Sync()
	cerr := f.Close()
	for _, e := range []error{werr, serr, cerr} {
		if e != nil {
			return &AuditError{Path: a.path, Err: e}
		}
	}
	return nil
}
