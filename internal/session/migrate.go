package session

import (
	"context"
	"fmt"
	"sort"
	"strings"
)

// migrations[i] brings the store from schema version i to i+1. Append only:
// a released migration never changes, so every store walks the same path.
// The statements are plain enough to run unchanged on SQLite and
// PostgreSQL: BIGINT microseconds since the Unix epoch for times (exact and
// equal on both), TEXT for JSON (kept byte for byte, as callers wrote it).
// Each statement runs on its own: pgx's extended protocol takes one per
// call.
var migrations = [][]string{
	{
		`CREATE TABLE {p}sessions (
			id TEXT PRIMARY KEY,
			db TEXT NOT NULL,
			title TEXT NOT NULL,
			created_at_us BIGINT NOT NULL,
			updated_at_us BIGINT NOT NULL,
			turns BIGINT NOT NULL DEFAULT 0
		)`,
		`CREATE INDEX {p}sessions_updated ON {p}sessions (updated_at_us, id)`,
		`CREATE INDEX {p}sessions_db_updated ON {p}sessions (db, updated_at_us, id)`,
		`CREATE TABLE {p}turns (
			session_id TEXT NOT NULL REFERENCES {p}sessions (id) ON DELETE CASCADE,
			n BIGINT NOT NULL,
			question TEXT NOT NULL,
			resolved TEXT NOT NULL,
			route TEXT NOT NULL,
			plan TEXT NOT NULL,
			sql_text TEXT NOT NULL,
			params TEXT NOT NULL,
			columns TEXT NOT NULL,
			row_count BIGINT NOT NULL,
			summary TEXT NOT NULL,
			error_code TEXT NOT NULL,
			planner TEXT NOT NULL,
			llm_calls BIGINT NOT NULL,
			prompt_tokens BIGINT NOT NULL,
			completion_tokens BIGINT NOT NULL,
			elapsed_ms BIGINT NOT NULL,
			feedback BIGINT NOT NULL,
			feedback_note TEXT NOT NULL,
			created_at_us BIGINT NOT NULL,
			PRIMARY KEY (session_id, n)
		)`,
		`CREATE TABLE {p}examples (
			id TEXT PRIMARY KEY,
			db TEXT NOT NULL,
			question TEXT NOT NULL,
			plan TEXT NOT NULL,
			source TEXT NOT NULL,
			session_id TEXT,
			turn_n BIGINT,
			created_at_us BIGINT NOT NULL,
			UNIQUE (session_id, turn_n),
			FOREIGN KEY (session_id, turn_n) REFERENCES {p}turns (session_id, n) ON DELETE CASCADE
		)`,
		`CREATE INDEX {p}examples_db ON {p}examples (db)`,
	},
}

// SchemaVersion is the store schema this build writes. A store at a higher
// version was written by a newer querent and is refused rather than
// misread.
func SchemaVersion() int { return len(migrations) }

// migrate creates or upgrades the store in one transaction, after checking
// that what is there is a querent store. Concurrent openers serialize on
// the transaction's lock, so the second one finds the work done.
func (s *sqlStore) migrate(ctx context.Context) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("open session store %s: %w", s.where, err)
	}
	defer tx.Rollback()
	fail := func(err error) error {
		return fmt.Errorf("prepare session store %s: %w", s.where, err)
	}
	if s.d.lock != "" {
		if _, err := tx.ExecContext(ctx, s.d.lock); err != nil {
			return fail(err)
		}
	}
	rows, err := tx.QueryContext(ctx, s.d.tables)
	if err != nil {
		return fail(err)
	}
	tables := map[string]bool{}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			rows.Close()
			return fail(err)
		}
		tables[strings.ToLower(name)] = true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fail(err)
	}
	versionTable := s.d.prefix + "schema_version"
	if !tables[versionTable] {
		if len(tables) > 0 {
			var names []string
			for n := range tables {
				names = append(names, n)
			}
			sort.Strings(names)
			return fmt.Errorf("%s is not a querent session store: it holds %s but no %s table; point querent at a store of its own (a new file, or another PostgreSQL schema)",
				s.where, strings.Join(names, ", "), versionTable)
		}
		if _, err := tx.ExecContext(ctx, s.q(`CREATE TABLE {p}schema_version (version BIGINT PRIMARY KEY, applied_at_us BIGINT NOT NULL)`)); err != nil {
			return fail(err)
		}
	}
	var version int
	if err := tx.QueryRowContext(ctx, s.q(`SELECT COALESCE(MAX(version), 0) FROM {p}schema_version`)).Scan(&version); err != nil {
		return fail(err)
	}
	if version > len(migrations) {
		return fmt.Errorf("session store %s has schema version %d, written by a newer querent (this one knows up to %d): upgrade querent, or use another store",
			s.where, version, len(migrations))
	}
	for v := version; v < len(migrations); v++ {
		for _, stmt := range migrations[v] {
			if _, err := tx.ExecContext(ctx, s.q(stmt)); err != nil {
				return fail(fmt.Errorf("migrate to schema version %d: %w", v+1, err))
			}
		}
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO {p}schema_version (version, applied_at_us) VALUES (?, ?)`), v+1, s.now().UnixMicro()); err != nil {
			return fail(err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fail(err)
	}
	return nil
}
