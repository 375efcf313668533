package session

import "context"

// SetNewID replaces the store's id generator, so tests can make ids share
// a prefix.
func SetNewID(s Store, f func() string) {
	switch x := s.(type) {
	case *SQLiteStore:
		x.newID = f
	case *PostgresStore:
		x.newID = f
	default:
		panic("SetNewID: not a store of this package")
	}
}

// Pragma reads a per-connection SQLite setting through the store's own
// connection pool, where Append runs.
func Pragma(s *SQLiteStore, name string) (string, error) {
	var v string
	err := s.db.QueryRowContext(context.Background(), "PRAGMA "+name).Scan(&v)
	return v, err
}

var (
	Redact = redact
	Terms  = terms
)

// CountExamples counts the stored examples, duplicates included (Examples
// hides those).
func CountExamples(s Store) (int, error) {
	var core *sqlStore
	switch x := s.(type) {
	case *SQLiteStore:
		core = x.sqlStore
	case *PostgresStore:
		core = x.sqlStore
	default:
		panic("CountExamples: not a store of this package")
	}
	var n int
	err := core.db.QueryRow(core.q(`SELECT COUNT(*) FROM {p}examples`)).Scan(&n)
	return n, err
}
