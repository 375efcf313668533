package session

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
)

// DefaultPath is where the session store lives unless configured:
// <configDir>/.querent/sessions.db. Beside the config rather than in a
// per-user directory because a config describes one project (its database,
// its model, its examples), and history and confirmed examples belong to
// that project: two projects on one machine keep separate histories, a
// project directory carries its history when moved, and nothing is
// written outside the directory the user chose. An empty configDir means
// the working directory, where querent looks for querent.yaml.
func DefaultPath(configDir string) string {
	if configDir == "" {
		configDir = "."
	}
	return filepath.Join(configDir, ".querent", "sessions.db")
}

// Open opens the store a spec names: "" for the SQLite file at
// DefaultPath("") (callers with a config file should pass
// DefaultPath(its directory) instead), a postgres:// or postgresql:// URL
// for PostgreSQL, anything else as a SQLite file path.
func Open(ctx context.Context, spec string) (Store, error) {
	spec = strings.TrimSpace(spec)
	lower := strings.ToLower(spec)
	switch {
	case spec == "":
		return OpenSQLite(DefaultPath(""))
	case strings.HasPrefix(lower, "postgres://"), strings.HasPrefix(lower, "postgresql://"):
		return OpenPostgres(ctx, spec)
	case strings.Contains(spec, "://"):
		return nil, fmt.Errorf("session store %q: only a SQLite file path or a postgres:// URL can hold sessions", redact(spec))
	}
	return OpenSQLite(spec)
}

// passwordField matches the password of a key=value PostgreSQL DSN.
var passwordField = regexp.MustCompile(`(?i)(\bpassword\s*=\s*)('(?:[^'\\]|\\.)*'|[^\s&]+)`)

// redact hides the password of a URL-style or key=value DSN, so that a
// database name can be stored, printed or logged.
func redact(dsn string) string {
	if i := strings.Index(dsn, "://"); i >= 0 {
		if at := strings.LastIndex(dsn, "@"); at > i {
			if c := strings.Index(dsn[i+3:at], ":"); c >= 0 {
				dsn = dsn[:i+3+c+1] + "xxxxx" + dsn[at:]
			}
		}
	}
	return passwordField.ReplaceAllString(dsn, "${1}xxxxx")
}
