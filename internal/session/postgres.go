package session

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// PostgresStore is a [Store] in PostgreSQL tables named querent_*, in the
// connection's current schema (set search_path in the URL to use another).
type PostgresStore struct {
	*sqlStore
}

var _ Store = (*PostgresStore)(nil)

// migrationLockKey identifies querent's session-store migrations among
// PostgreSQL advisory locks: the bytes of "querent" and a zero byte read as
// a big-endian integer, unlikely to collide with another application's key.
const migrationLockKey = 0x71756572656e7400

var postgresDialect = dialect{
	name:   "PostgreSQL",
	prefix: "querent_",
	dollar: true,
	// Held until the migration transaction ends: two servers starting
	// together take turns, and the second finds the tables made.
	lock: fmt.Sprintf(`SELECT pg_advisory_xact_lock(%d)`, migrationLockKey),
	tables: `SELECT table_name FROM information_schema.tables
		WHERE table_schema = current_schema() AND table_name LIKE 'querent\_%'`,
}

// OpenPostgres opens the session store in the PostgreSQL database at dsn (a
// postgres:// URL or key=value string), creating or upgrading its tables in
// one transaction under an advisory lock. It refuses a schema holding
// querent_* tables that no querent store made, and one written by a newer
// querent. Every Append commits before it returns.
func OpenPostgres(ctx context.Context, dsn string) (*PostgresStore, error) {
	where := redact(dsn)
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("open session store %s: %s: pass a URL such as postgres://user:password@host:5432/dbname",
			where, hidePassword(err.Error(), dsn))
	}
	db := stdlib.OpenDB(*cfg)
	db.SetMaxOpenConns(8)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open session store %s: cannot connect: %s: check that the server runs and the URL's user, password and database", where, hidePassword(err.Error(), dsn))
	}
	s := &PostgresStore{&sqlStore{db: db, d: postgresDialect, where: where, newID: newID}}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// hidePassword removes the URL's password from a driver message: pgx
// redacts parse errors only on a best-effort basis.
func hidePassword(msg, dsn string) string {
	if u, err := url.Parse(dsn); err == nil && u.User != nil {
		if p, ok := u.User.Password(); ok && p != "" {
			msg = strings.ReplaceAll(msg, p, "xxxxx")
		}
	}
	return msg
}
