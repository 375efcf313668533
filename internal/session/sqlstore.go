package session

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
)

// dialect is what differs between the SQLite and PostgreSQL stores; the
// queries, transactions and numbering rules are shared, so both behave the
// same by construction (and the conformance suite checks it).
type dialect struct {
	name   string // "SQLite" or "PostgreSQL", for messages
	prefix string // prepended to every table name
	dollar bool   // $1, $2, … placeholders instead of ?
	// lock runs first in the migration transaction so that two processes
	// opening a new store together do not both create it. Empty when BEGIN
	// already takes the write lock (SQLite's BEGIN IMMEDIATE).
	lock string
	// tables lists the tables that decide whether the store is querent's:
	// every table of a SQLite file; the querent_ tables of the current
	// PostgreSQL schema.
	tables string
}

// sqlStore implements [Store] over database/sql for both backends.
type sqlStore struct {
	db    *sql.DB
	d     dialect
	where string        // the file, or the redacted DSN, for messages
	newID func() string // replaced in tests to force id collisions

	mu   sync.Mutex
	last time.Time // the last timestamp handed out, see now
}

// q expands a query written with {p} table prefixes and ? placeholders
// into the dialect's form.
func (s *sqlStore) q(query string) string {
	query = strings.ReplaceAll(query, "{p}", s.d.prefix)
	if !s.d.dollar {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// now returns the current time in microseconds (what both backends store),
// strictly after the previous call, so that "most recent first" is a total
// order for what one process writes even within one clock tick.
func (s *sqlStore) now() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := time.Now().UTC().Truncate(time.Microsecond)
	if !t.After(s.last) {
		t = s.last.Add(time.Microsecond)
	}
	s.last = t
	return t
}

func fromMicros(us int64) time.Time { return time.UnixMicro(us).UTC() }

// storedDatabase is how a database name is kept: trimmed, with a password
// in a URL-style DSN redacted (the session store must never hold a secret).
func storedDatabase(db string) string { return redact(strings.TrimSpace(db)) }

// resolve turns an id or unique id prefix into a full session id.
func (s *sqlStore) resolve(ctx context.Context, id string) (string, error) {
	norm, ok := normalizeID(id)
	if !ok {
		return "", &NotFoundError{ID: strings.TrimSpace(id), Reason: "a session id is 12 characters of a-z and 2-7"}
	}
	if len(norm) < minPrefix {
		return "", &NotFoundError{ID: norm, Reason: fmt.Sprintf("an id prefix needs at least %d characters", minPrefix)}
	}
	var query string
	var args []any
	if len(norm) == idLen {
		query, args = `SELECT id FROM {p}sessions WHERE id = ?`, []any{norm}
	} else {
		// The alphabet holds no LIKE wildcard, so the prefix needs no escaping.
		query, args = `SELECT id FROM {p}sessions WHERE id LIKE ? ORDER BY id LIMIT ?`, []any{norm + "%", maxAmbiguous + 1}
	}
	rows, err := s.db.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return "", fmt.Errorf("look up session %q in %s: %w", norm, s.where, err)
	}
	defer rows.Close()
	var found []string
	for rows.Next() {
		var x string
		if err := rows.Scan(&x); err != nil {
			return "", fmt.Errorf("look up session %q in %s: %w", norm, s.where, err)
		}
		found = append(found, x)
	}
	if err := rows.Err(); err != nil {
		return "", fmt.Errorf("look up session %q in %s: %w", norm, s.where, err)
	}
	switch len(found) {
	case 0:
		return "", &NotFoundError{ID: norm}
	case 1:
		return found[0], nil
	}
	if len(found) > maxAmbiguous {
		found = append(found[:maxAmbiguous], "…")
	}
	return "", &AmbiguousError{Prefix: norm, Candidates: found}
}

// Create implements [Store].
func (s *sqlStore) Create(ctx context.Context, db, title string) (*Session, error) {
	db = storedDatabase(db)
	if db == "" {
		return nil, errors.New("create session: the database is empty: name the database the session asks about (its DSN or a stable key)")
	}
	now := s.now()
	sess := &Session{ID: s.newID(), Database: db, Title: strings.TrimSpace(title), CreatedAt: now, UpdatedAt: now}
	_, err := s.db.ExecContext(ctx, s.q(`INSERT INTO {p}sessions (id, db, title, created_at_us, updated_at_us, turns) VALUES (?, ?, ?, ?, ?, 0)`),
		sess.ID, sess.Database, sess.Title, now.UnixMicro(), now.UnixMicro())
	if err != nil {
		return nil, fmt.Errorf("create session over %s in %s: %w", db, s.where, err)
	}
	return sess, nil
}

const sessionColumns = `id, db, title, created_at_us, updated_at_us, turns`

type scanner interface{ Scan(dest ...any) error }

func scanSession(r scanner) (Session, error) {
	var x Session
	var created, updated int64
	err := r.Scan(&x.ID, &x.Database, &x.Title, &created, &updated, &x.Turns)
	x.CreatedAt, x.UpdatedAt = fromMicros(created), fromMicros(updated)
	return x, err
}

// Get implements [Store].
func (s *sqlStore) Get(ctx context.Context, id string) (*Session, error) {
	full, err := s.resolve(ctx, id)
	if err != nil {
		return nil, err
	}
	x, err := scanSession(s.db.QueryRowContext(ctx, s.q(`SELECT `+sessionColumns+` FROM {p}sessions WHERE id = ?`), full))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, &NotFoundError{ID: full}
	}
	if err != nil {
		return nil, fmt.Errorf("read session %s from %s: %w", full, s.where, err)
	}
	return &x, nil
}

// List implements [Store].
func (s *sqlStore) List(ctx context.Context, db string, limit int) ([]Session, error) {
	query := `SELECT ` + sessionColumns + ` FROM {p}sessions`
	var args []any
	if db = storedDatabase(db); db != "" {
		query += ` WHERE db = ?`
		args = append(args, db)
	}
	query += ` ORDER BY updated_at_us DESC, id DESC`
	if limit > 0 {
		query += ` LIMIT ?`
		args = append(args, limit)
	}
	rows, err := s.db.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return nil, fmt.Errorf("list sessions in %s: %w", s.where, err)
	}
	defer rows.Close()
	out := []Session{}
	for rows.Next() {
		x, err := scanSession(rows)
		if err != nil {
			return nil, fmt.Errorf("list sessions in %s: %w", s.where, err)
		}
		out = append(out, x)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list sessions in %s: %w", s.where, err)
	}
	return out, nil
}

// lockSession touches the session row inside tx: it takes the row lock on
// PostgreSQL (SQLite's BEGIN IMMEDIATE already holds the database's write
// lock), so that reading the last turn number and inserting the next one
// cannot interleave with another writer of the same session.
func (s *sqlStore) lockSession(ctx context.Context, tx *sql.Tx, id string, now time.Time) error {
	res, err := tx.ExecContext(ctx, s.q(`UPDATE {p}sessions SET updated_at_us = ? WHERE id = ?`), now.UnixMicro(), id)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return &NotFoundError{ID: id, Reason: "it was removed meanwhile"}
	}
	return nil
}

func (s *sqlStore) lastN(ctx context.Context, tx *sql.Tx, id string) (int, error) {
	var n int
	err := tx.QueryRowContext(ctx, s.q(`SELECT COALESCE(MAX(n), 0) FROM {p}turns WHERE session_id = ?`), id).Scan(&n)
	return n, err
}

// Append implements [Store].
func (s *sqlStore) Append(ctx context.Context, t *Turn) (int, error) {
	if err := validateTurn(t); err != nil {
		return 0, err
	}
	id, err := s.resolve(ctx, t.Session)
	if err != nil {
		return 0, fmt.Errorf("append turn: %w", err)
	}
	var columns string
	if t.Columns != nil {
		b, err := json.Marshal(t.Columns)
		if err != nil {
			return 0, fmt.Errorf("append turn to session %s: encode columns: %w", id, err)
		}
		columns = string(b)
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("append turn to session %s in %s: %w", id, s.where, err)
	}
	defer tx.Rollback()
	now := s.now()
	fail := func(err error) (int, error) {
		return 0, fmt.Errorf("append turn to session %s in %s: %w (the turn was not stored)", id, s.where, err)
	}
	if err := s.lockSession(ctx, tx, id, now); err != nil {
		return fail(err)
	}
	last, err := s.lastN(ctx, tx, id)
	if err != nil {
		return fail(err)
	}
	n := last + 1
	_, err = tx.ExecContext(ctx, s.q(`INSERT INTO {p}turns (session_id, n, question, resolved, route, plan, sql_text, params, columns, row_count,
		summary, error_code, planner, llm_calls, prompt_tokens, completion_tokens, elapsed_ms, feedback, feedback_note, created_at_us)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		id, n, t.Question, t.Resolved, t.Route, string(t.Plan), t.SQL, string(t.Params), columns, t.RowCount,
		t.Summary, t.Error, t.Planner, t.LLMCalls, t.PromptTokens, t.CompletionTokens, t.ElapsedMS, t.Feedback, t.FeedbackNote, now.UnixMicro())
	if err != nil {
		return fail(err)
	}
	// The first question names a session created without a title.
	_, err = tx.ExecContext(ctx, s.q(`UPDATE {p}sessions SET turns = ?, title = CASE WHEN title = '' THEN ? ELSE title END WHERE id = ?`),
		n, titleFrom(t.Question), id)
	if err != nil {
		return fail(err)
	}
	if t.Feedback == 1 {
		if err := s.syncExample(ctx, tx, id, n, now); err != nil {
			return fail(err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fail(err)
	}
	t.Session, t.N, t.CreatedAt = id, n, now
	return n, nil
}

const turnColumns = `session_id, n, question, resolved, route, plan, sql_text, params, columns, row_count,
	summary, error_code, planner, llm_calls, prompt_tokens, completion_tokens, elapsed_ms, feedback, feedback_note, created_at_us`

func scanTurn(r scanner) (Turn, error) {
	var t Turn
	var plan, params, columns string
	var created int64
	err := r.Scan(&t.Session, &t.N, &t.Question, &t.Resolved, &t.Route, &plan, &t.SQL, &params, &columns, &t.RowCount,
		&t.Summary, &t.Error, &t.Planner, &t.LLMCalls, &t.PromptTokens, &t.CompletionTokens, &t.ElapsedMS, &t.Feedback, &t.FeedbackNote, &created)
	if err != nil {
		return t, err
	}
	if plan != "" {
		t.Plan = json.RawMessage(plan)
	}
	if params != "" {
		t.Params = json.RawMessage(params)
	}
	if columns != "" {
		if err := json.Unmarshal([]byte(columns), &t.Columns); err != nil {
			return t, fmt.Errorf("turn %d: stored columns are not a JSON list of names: %w", t.N, err)
		}
	}
	t.CreatedAt = fromMicros(created)
	return t, nil
}

// Turns implements [Store].
func (s *sqlStore) Turns(ctx context.Context, id string) ([]Turn, error) {
	full, err := s.resolve(ctx, id)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT `+turnColumns+` FROM {p}turns WHERE session_id = ? ORDER BY n`), full)
	if err != nil {
		return nil, fmt.Errorf("read turns of session %s from %s: %w", full, s.where, err)
	}
	defer rows.Close()
	out := []Turn{}
	for rows.Next() {
		t, err := scanTurn(rows)
		if err != nil {
			return nil, fmt.Errorf("read turns of session %s from %s: %w", full, s.where, err)
		}
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read turns of session %s from %s: %w", full, s.where, err)
	}
	return out, nil
}

// Last implements [Store].
func (s *sqlStore) Last(ctx context.Context, id string) (*Turn, error) {
	full, err := s.resolve(ctx, id)
	if err != nil {
		return nil, err
	}
	t, err := scanTurn(s.db.QueryRowContext(ctx, s.q(`SELECT `+turnColumns+` FROM {p}turns WHERE session_id = ? ORDER BY n DESC LIMIT 1`), full))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, noTurns(full, "last turn")
	}
	if err != nil {
		return nil, fmt.Errorf("read the last turn of session %s from %s: %w", full, s.where, err)
	}
	return &t, nil
}

// Undo implements [Store].
func (s *sqlStore) Undo(ctx context.Context, id string) error {
	full, err := s.resolve(ctx, id)
	if err != nil {
		return fmt.Errorf("undo: %w", err)
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("undo the last turn of session %s in %s: %w", full, s.where, err)
	}
	defer tx.Rollback()
	fail := func(err error) error {
		return fmt.Errorf("undo the last turn of session %s in %s: %w (nothing was removed)", full, s.where, err)
	}
	if err := s.lockSession(ctx, tx, full, s.now()); err != nil {
		return fail(err)
	}
	n, err := s.lastN(ctx, tx, full)
	if err != nil {
		return fail(err)
	}
	if n == 0 {
		return noTurns(full, "undo")
	}
	// Examples also cascade with the turn; deleting them first keeps Undo
	// correct even if a SQLite connection ran without foreign keys.
	for _, stmt := range []string{
		`DELETE FROM {p}examples WHERE session_id = ? AND turn_n = ?`,
		`DELETE FROM {p}turns WHERE session_id = ? AND n = ?`,
	} {
		if _, err := tx.ExecContext(ctx, s.q(stmt), full, n); err != nil {
			return fail(err)
		}
	}
	if _, err := tx.ExecContext(ctx, s.q(`UPDATE {p}sessions SET turns = ? WHERE id = ?`), n-1, full); err != nil {
		return fail(err)
	}
	if err := tx.Commit(); err != nil {
		return fail(err)
	}
	return nil
}

// SetFeedback implements [Store].
func (s *sqlStore) SetFeedback(ctx context.Context, id string, n int, vote int, note string) error {
	if vote < -1 || vote > 1 {
		return fmt.Errorf("feedback on turn %d of session %s: vote %d is not -1 (down), 0 (none) or +1 (up)", n, id, vote)
	}
	if n < 1 {
		return fmt.Errorf("feedback on session %s: turn number %d is not valid: turns are numbered from 1", id, n)
	}
	full, err := s.resolve(ctx, id)
	if err != nil {
		return fmt.Errorf("feedback: %w", err)
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("feedback on turn %d of session %s in %s: %w", n, full, s.where, err)
	}
	defer tx.Rollback()
	fail := func(err error) error {
		return fmt.Errorf("feedback on turn %d of session %s in %s: %w (the vote was not stored)", n, full, s.where, err)
	}
	// The UPDATE also locks the turn's row, so two votes on one turn
	// cannot both insert its example.
	res, err := tx.ExecContext(ctx, s.q(`UPDATE {p}turns SET feedback = ?, feedback_note = ? WHERE session_id = ? AND n = ?`),
		vote, strings.TrimSpace(note), full, n)
	if err != nil {
		return fail(err)
	}
	if k, err := res.RowsAffected(); err != nil {
		return fail(err)
	} else if k == 0 {
		return &NotFoundError{ID: full, Turn: n}
	}
	if err := s.syncExample(ctx, tx, full, n, s.now()); err != nil {
		return fail(err)
	}
	if err := tx.Commit(); err != nil {
		return fail(err)
	}
	return nil
}

// syncExample makes the example derived from turn n agree with the turn's
// vote: present exactly when the vote is +1, the turn succeeded, and it
// has a plan. The standalone (resolved) question is stored, since a
// follow-up like "and in 2024?" means nothing on its own.
func (s *sqlStore) syncExample(ctx context.Context, tx *sql.Tx, id string, n int, now time.Time) error {
	var question, resolved, plan, errCode, db string
	var vote int
	err := tx.QueryRowContext(ctx, s.q(`SELECT t.question, t.resolved, t.plan, t.error_code, t.feedback, s.db
		FROM {p}turns t JOIN {p}sessions s ON s.id = t.session_id WHERE t.session_id = ? AND t.n = ?`), id, n).
		Scan(&question, &resolved, &plan, &errCode, &vote, &db)
	if errors.Is(err, sql.ErrNoRows) {
		return &NotFoundError{ID: id, Turn: n}
	}
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM {p}examples WHERE session_id = ? AND turn_n = ?`), id, n); err != nil {
		return err
	}
	if vote != 1 || errCode != "" || !hasPlan(json.RawMessage(plan)) {
		return nil
	}
	if strings.TrimSpace(resolved) != "" {
		question = resolved
	}
	_, err = tx.ExecContext(ctx, s.q(`INSERT INTO {p}examples (id, db, question, plan, source, session_id, turn_n, created_at_us)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`), s.newID(), db, strings.TrimSpace(question), plan, SourceFeedback, id, n, now.UnixMicro())
	return err
}

// AddExample implements [Store].
func (s *sqlStore) AddExample(ctx context.Context, e Example) (Example, error) {
	if err := validateExample(e); err != nil {
		return Example{}, err
	}
	e.Database = storedDatabase(e.Database)
	e.Question = strings.TrimSpace(e.Question)
	e.ID, e.CreatedAt, e.Score = s.newID(), s.now(), 0
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return Example{}, fmt.Errorf("add example %q in %s: %w", e.Question, s.where, err)
	}
	defer tx.Rollback()
	fail := func(err error) (Example, error) {
		return Example{}, fmt.Errorf("add example %q in %s: %w (it was not stored)", e.Question, s.where, err)
	}
	if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM {p}examples WHERE db = ? AND source = ? AND question = ? AND session_id IS NULL`),
		e.Database, e.Source, e.Question); err != nil {
		return fail(err)
	}
	if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO {p}examples (id, db, question, plan, source, session_id, turn_n, created_at_us)
		VALUES (?, ?, ?, ?, ?, NULL, NULL, ?)`), e.ID, e.Database, e.Question, string(e.Plan), e.Source, e.CreatedAt.UnixMicro()); err != nil {
		return fail(err)
	}
	if err := tx.Commit(); err != nil {
		return fail(err)
	}
	return e, nil
}

// Examples implements [Store].
func (s *sqlStore) Examples(ctx context.Context, db, question string, k int) ([]Example, error) {
	if k <= 0 {
		return nil, fmt.Errorf("examples for %q: k = %d: ask for at least one example", question, k)
	}
	if len(terms(question)) == 0 {
		return []Example{}, nil
	}
	query := `SELECT id, db, question, plan, source, created_at_us FROM {p}examples`
	var args []any
	if db = storedDatabase(db); db != "" {
		query += ` WHERE db = ?`
		args = append(args, db)
	}
	rows, err := s.db.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return nil, fmt.Errorf("read examples from %s: %w", s.where, err)
	}
	defer rows.Close()
	var all []Example
	for rows.Next() {
		var e Example
		var plan string
		var created int64
		if err := rows.Scan(&e.ID, &e.Database, &e.Question, &plan, &e.Source, &created); err != nil {
			return nil, fmt.Errorf("read examples from %s: %w", s.where, err)
		}
		e.Plan, e.CreatedAt = json.RawMessage(plan), fromMicros(created)
		all = append(all, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read examples from %s: %w", s.where, err)
	}
	return rank(all, question, k), nil
}

// Close implements [Store].
func (s *sqlStore) Close() error {
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("close session store %s: %w", s.where, err)
	}
	return nil
}
