package sqlite

import (
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"

	sqlite3 "github.com/mattn/go-sqlite3"
)

// DriverName is the database/sql driver this package registers. Every
// connection it opens has the read-only authorizer installed before it is
// handed out, so even code that opens it directly with sql.Open cannot write,
// attach, change pragmas or call functions outside the allow-list. Open DSNs
// with mode=ro (as Open does) for the file-level guarantee as well.
const DriverName = "querent-sqlite-ro"

func init() {
	sql.Register(DriverName, roDriver{})
}

// maxValueBytes caps any string or blob a connection builds or reads,
// including intermediate values such as group_concat results. SQLite's
// default is a gigabyte; a read-only answer never needs that, and the cap
// stops randomblob() or zeroblob() from exhausting memory.
const maxValueBytes = 16 << 20

// sqliteRecursive is SQLITE_RECURSIVE, the authorizer action for a
// recursive common table expression; mattn/go-sqlite3 does not export it.
const sqliteRecursive = 33

// roDriver opens mattn/go-sqlite3 connections and installs the authorizer
// through a ConnectHook, so no connection exists without it.
type roDriver struct{}

// Open opens one guarded connection.
func (roDriver) Open(dsn string) (driver.Conn, error) {
	st := &connState{}
	base := &sqlite3.SQLiteDriver{ConnectHook: func(c *sqlite3.SQLiteConn) error {
		// Schema objects (views, triggers) must not call functions with side
		// effects; this must run before the authorizer, which denies PRAGMA.
		if _, err := c.Exec("PRAGMA trusted_schema = OFF", nil); err != nil {
			return fmt.Errorf("turning trusted_schema off: %w", err)
		}
		c.SetLimit(sqlite3.SQLITE_LIMIT_ATTACHED, 0)
		c.SetLimit(sqlite3.SQLITE_LIMIT_LENGTH, maxValueBytes)
		c.RegisterAuthorizer(st.authorize)
		return verifyAuthorizer(c)
	}}
	c, err := base.Open(dsn)
	if err != nil {
		return nil, err
	}
	return &roConn{sc: c.(*sqlite3.SQLiteConn), st: st}, nil
}

// verifyAuthorizer fails the connection when the authorizer is not in
// force: RegisterAuthorizer reports no error, and a connection that silently
// lacks it must never be used.
func verifyAuthorizer(c *sqlite3.SQLiteConn) error {
	s, err := c.Prepare("BEGIN")
	if err == nil {
		s.Close()
		return errors.New("the SQLite authorizer could not be installed on a new connection; refusing to use it")
	}
	return nil
}

// roConn is a guarded connection. It implements only the minimal
// driver.Conn: without QueryerContext and ExecerContext, database/sql runs
// every statement through Prepare, which refuses text holding more than one
// statement (mattn's own Query and Exec would run each in turn). The engine
// itself works on sc through sql.Conn.Raw.
type roConn struct {
	sc *sqlite3.SQLiteConn
	st *connState
}

// Prepare compiles query under the authorizer, refusing text that holds
// more than one statement.
func (c *roConn) Prepare(query string) (driver.Stmt, error) {
	s, err := c.sc.Prepare(query)
	if err != nil {
		return nil, err
	}
	if tail, ok := tailOf(s); !ok || tail != "" {
		s.Close()
		return nil, fmt.Errorf("querent-sqlite-ro: only one statement may be prepared at a time; found more after the first: %q", clip(tail))
	}
	return s, nil
}

// Close closes the connection.
func (c *roConn) Close() error { return c.sc.Close() }

// Begin is refused: the engine opens and rolls back its own transactions.
func (c *roConn) Begin() (driver.Tx, error) {
	return nil, errors.New("querent-sqlite-ro: transactions are opened by the engine only")
}

// mode says whose SQL a connection is running, which decides what the
// authorizer allows beyond plain reads.
type mode int

const (
	// modeUser is the default: caller SQL may read tables and call
	// allow-listed functions, nothing else.
	modeUser mode = iota
	// modeTx lets the engine's own BEGIN and ROLLBACK through.
	modeTx
	// modeIntrospect lets the engine's own catalogue queries use the
	// read-only pragmas introspection needs.
	modeIntrospect
)

// connState is the per-connection state the authorizer consults and
// records into. The engine changes it only while it holds the connection
// exclusively (inside sql.Conn.Raw), and SQLite calls the authorizer only
// while a statement is being prepared or stepped on that connection; the
// mutex makes that reasoning unnecessary for correctness.
type connState struct {
	mu   sync.Mutex
	mode mode
	// reads collects the tables SQLITE_READ reported since the last reset.
	reads map[string]struct{}
	// denied describes the first action refused since the last reset, so a
	// refusal can say what was refused instead of SQLite's bare "not
	// authorized". A refusal to write SQLite's own tables (which CREATE,
	// DROP and ANALYZE ask for first) gives way to the statement's own
	// action when one follows.
	denied         string
	deniedInternal bool
}

// reset starts a new statement in mode m, clearing what was recorded.
func (s *connState) reset(m mode) {
	s.mu.Lock()
	s.mode = m
	s.reads = nil
	s.denied, s.deniedInternal = "", false
	s.mu.Unlock()
}

// setMode switches mode without clearing what was recorded.
func (s *connState) setMode(m mode) {
	s.mu.Lock()
	s.mode = m
	s.mu.Unlock()
}

// result returns the tables read and the first refusal since the last reset.
func (s *connState) result() (reads map[string]struct{}, denied string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reads, s.denied
}

// authorize is the SQLite authorizer callback: it returns SQLITE_OK or
// SQLITE_DENY for each action a statement would take.
func (s *connState) authorize(action int, arg1, arg2, dbName string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	why := s.refusal(action, arg1, arg2, dbName)
	if why == "" {
		return sqlite3.SQLITE_OK
	}
	internal := strings.HasPrefix(strings.ToLower(arg1), "sqlite_")
	if s.denied == "" || (s.deniedInternal && !internal) {
		s.denied, s.deniedInternal = why, internal
	}
	return sqlite3.SQLITE_DENY
}

// refusal applies the policy: "" allows the action, anything else names
// what is refused. Everything not listed is denied, so actions added by
// future SQLite versions are refused until someone decides otherwise.
func (s *connState) refusal(action int, arg1, arg2, dbName string) string {
	switch action {
	case sqlite3.SQLITE_SELECT, sqliteRecursive:
		return ""
	case sqlite3.SQLITE_READ:
		// Every column of every table and view may be read, including
		// sqlite_schema: it is read-only metadata the caller could learn
		// from Introspect anyway. Table-valued pragmas (pragma_table_info…)
		// run a PRAGMA when stepped, so caller SQL may not use them.
		if s.mode != modeIntrospect && strings.HasPrefix(strings.ToLower(arg1), "pragma_") {
			return "reading the pragma function " + arg1
		}
		if arg1 != "" {
			if s.reads == nil {
				s.reads = map[string]struct{}{}
			}
			s.reads[arg1] = struct{}{}
		}
		return ""
	case sqlite3.SQLITE_FUNCTION:
		if allowedFunctions[strings.ToLower(arg2)] {
			return ""
		}
		return "calling the function " + arg2 + "()"
	case sqlite3.SQLITE_PRAGMA:
		if s.mode == modeIntrospect && introspectionPragmas[strings.ToLower(arg1)] {
			return ""
		}
		return "running PRAGMA " + arg1
	case sqlite3.SQLITE_TRANSACTION:
		if s.mode == modeTx && (arg1 == "BEGIN" || arg1 == "ROLLBACK") {
			return ""
		}
		return "transaction control (" + arg1 + ")"
	}
	return describe(action, arg1, arg2)
}

// describe names a refused action for the error message.
func describe(action int, arg1, arg2 string) string {
	switch strings.ToLower(arg1) {
	case "sqlite_master", "sqlite_schema", "sqlite_temp_master", "sqlite_temp_schema":
		// CREATE, DROP and ALTER ask to write the schema table first, and
		// SQLite stops at that refusal.
		if action == sqlite3.SQLITE_INSERT || action == sqlite3.SQLITE_UPDATE || action == sqlite3.SQLITE_DELETE {
			return "changing the schema (" + arg1 + ")"
		}
	}
	switch action {
	case sqlite3.SQLITE_INSERT:
		return "inserting into " + arg1
	case sqlite3.SQLITE_UPDATE:
		return "updating " + arg1 + "." + arg2
	case sqlite3.SQLITE_DELETE:
		return "deleting from " + arg1
	case sqlite3.SQLITE_ATTACH:
		return "attaching a database"
	case sqlite3.SQLITE_DETACH:
		return "detaching a database"
	case sqlite3.SQLITE_ALTER_TABLE:
		return "altering table " + arg2
	case sqlite3.SQLITE_REINDEX:
		return "reindexing"
	case sqlite3.SQLITE_ANALYZE:
		return "running ANALYZE"
	case sqlite3.SQLITE_SAVEPOINT:
		return "savepoint " + arg1
	case sqlite3.SQLITE_CREATE_INDEX, sqlite3.SQLITE_CREATE_TABLE, sqlite3.SQLITE_CREATE_TEMP_INDEX,
		sqlite3.SQLITE_CREATE_TEMP_TABLE, sqlite3.SQLITE_CREATE_TEMP_TRIGGER, sqlite3.SQLITE_CREATE_TEMP_VIEW,
		sqlite3.SQLITE_CREATE_TRIGGER, sqlite3.SQLITE_CREATE_VIEW, sqlite3.SQLITE_CREATE_VTABLE:
		return "creating " + arg1
	case sqlite3.SQLITE_DROP_INDEX, sqlite3.SQLITE_DROP_TABLE, sqlite3.SQLITE_DROP_TEMP_INDEX,
		sqlite3.SQLITE_DROP_TEMP_TABLE, sqlite3.SQLITE_DROP_TEMP_TRIGGER, sqlite3.SQLITE_DROP_TEMP_VIEW,
		sqlite3.SQLITE_DROP_TRIGGER, sqlite3.SQLITE_DROP_VIEW, sqlite3.SQLITE_DROP_VTABLE:
		return "dropping " + arg1
	}
	return fmt.Sprintf("SQLite action %d", action)
}

// introspectionPragmas are the read-only pragmas Introspect uses; they are
// allowed only in modeIntrospect, on the engine's own SQL.
var introspectionPragmas = map[string]bool{
	"table_list": true, "table_info": true, "table_xinfo": true,
	"foreign_key_list": true, "index_list": true, "index_info": true,
}

// allowedFunctions are the functions caller SQL may call: SQLite's built-in
// scalar, aggregate, window, date/time, math and JSON functions, all of which
// compute values without touching files, settings or other connections. The
// JSON editing functions (json_set, json_remove, …) are included: they return
// a modified copy of a value and change nothing stored.
//
// Left out on purpose: load_extension (loads native code), the CLI's
// readfile/writefile/edit (file access; absent from the library anyway),
// fts3_tokenizer (can register a tokenizer by pointer), FTS3's optimize (it
// writes), sqlite_compileoption_get/used (reveals the build for no
// analytical use), changes/total_changes/last_insert_rowid (meaningless
// read-only), and any function registered by an extension or application.
var allowedFunctions = setOf(
	// core scalar
	"abs", "char", "coalesce", "concat", "concat_ws", "format", "glob", "hex", "if", "ifnull", "iif",
	"instr", "length", "like", "likelihood", "likely", "lower", "ltrim", "max", "min", "nullif",
	"octet_length", "printf", "quote", "random", "randomblob", "replace", "round", "rtrim", "sign",
	"soundex", "sqlite_source_id", "sqlite_version", "substr", "substring", "trim", "typeof", "unhex",
	"unicode", "unistr", "unistr_quote", "unlikely", "upper", "zeroblob",
	// aggregate
	"avg", "count", "group_concat", "string_agg", "sum", "total",
	"median", "percentile", "percentile_cont", "percentile_disc",
	// window
	"row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "lag", "lead",
	"first_value", "last_value", "nth_value",
	// date and time
	"date", "time", "datetime", "julianday", "unixepoch", "strftime", "timediff",
	"current_date", "current_time", "current_timestamp",
	// math (present when SQLite is built with them)
	"acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "ceil", "ceiling", "cos", "cosh",
	"degrees", "exp", "floor", "ln", "log", "log10", "log2", "mod", "pi", "pow", "power", "radians",
	"sin", "sinh", "sqrt", "tan", "tanh", "trunc",
	// JSON
	"json", "jsonb", "json_array", "jsonb_array", "json_array_length", "json_error_position",
	"json_extract", "jsonb_extract", "->", "->>", "json_insert", "jsonb_insert", "json_object",
	"jsonb_object", "json_patch", "jsonb_patch", "json_pretty", "json_quote", "json_remove",
	"jsonb_remove", "json_replace", "jsonb_replace", "json_set", "jsonb_set", "json_type",
	"json_valid", "json_group_array", "jsonb_group_array", "json_group_object", "jsonb_group_object",
	// full-text search auxiliary functions (read-only ranking and snippets)
	"match", "snippet", "offsets", "matchinfo", "highlight", "bm25",
	// R*Tree helpers are not needed for queries; regexp is not built in.
)

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// tailOf returns what SQLite left unparsed after the first statement of a
// prepared statement, trimmed of space. mattn/go-sqlite3 keeps it in an
// unexported field, so it is read by reflection; ok is false if a future
// version renames it, which TestTailIsVisible catches.
func tailOf(s driver.Stmt) (tail string, ok bool) {
	v := reflect.ValueOf(s)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return "", false
	}
	f := v.Elem().FieldByName("t")
	if !f.IsValid() || f.Kind() != reflect.String {
		return "", false
	}
	return f.String(), true
}
