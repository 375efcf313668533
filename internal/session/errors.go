package session

import (
	"crypto/rand"
	"encoding/base32"
	"errors"
	"fmt"
	"strings"
)

// Errors that callers test for with errors.Is.
var (
	// ErrNotFound: no session (or no turn) has this id (or number).
	ErrNotFound = errors.New("not found")
	// ErrAmbiguous: an id prefix matches several sessions.
	ErrAmbiguous = errors.New("ambiguous session id")
	// ErrNoTurns: the session exists but holds no turn yet.
	ErrNoTurns = errors.New("session has no turns")
)

// historyHint tells a user how to find a valid session id.
const historyHint = "run `querent history` to list sessions"

// NotFoundError names the session (and turn, when Turn > 0) that does not
// exist. It matches [ErrNotFound].
type NotFoundError struct {
	ID   string
	Turn int
	// Reason says why the lookup failed when it is not simply absence.
	Reason string
}

func (e *NotFoundError) Error() string {
	var b strings.Builder
	if e.Turn > 0 {
		fmt.Fprintf(&b, "session %s has no turn %d", e.ID, e.Turn)
	} else {
		fmt.Fprintf(&b, "session %q not found", e.ID)
	}
	if e.Reason != "" {
		b.WriteString(" (" + e.Reason + ")")
	}
	if e.Turn > 0 {
		b.WriteString(": run `querent history` to see sessions and their turns")
	} else {
		b.WriteString(": " + historyHint)
	}
	return b.String()
}

func (e *NotFoundError) Unwrap() error { return ErrNotFound }

// AmbiguousError lists the sessions an id prefix matches. It matches
// [ErrAmbiguous].
type AmbiguousError struct {
	Prefix     string
	Candidates []string
}

func (e *AmbiguousError) Error() string {
	return fmt.Sprintf("session id prefix %q matches %d sessions (%s): type more characters of the id",
		e.Prefix, len(e.Candidates), strings.Join(e.Candidates, ", "))
}

func (e *AmbiguousError) Unwrap() error { return ErrAmbiguous }

func noTurns(id, action string) error {
	return fmt.Errorf("%s: session %s: %w yet: ask a question in it first", action, id, ErrNoTurns)
}

// IDs are 12 characters of lower-case base32 (a-z, 2-7): URL-safe, easy to
// type, case-insensitive on input, and 60 random bits, so two sessions
// sharing an id is not a practical concern (the primary key would refuse
// it anyway).
const (
	idLen        = 12
	minPrefix    = 4
	idAlphabet   = "abcdefghijklmnopqrstuvwxyz234567"
	maxAmbiguous = 10 // candidates listed in an AmbiguousError
)

var idEncoding = base32.NewEncoding(idAlphabet).WithPadding(base32.NoPadding)

// newID returns a fresh random id.
func newID() string {
	var b [8]byte
	// crypto/rand.Read never returns an error (it panics on a broken
	// system source), per its documentation since Go 1.24.
	_, _ = rand.Read(b[:])
	return idEncoding.EncodeToString(b[:])[:idLen]
}

// normalizeID lower-cases and trims a user-typed id and reports whether it
// can be an id or an id prefix (only the id alphabet).
func normalizeID(s string) (string, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" || len(s) > idLen {
		return s, false
	}
	for _, r := range s {
		if !strings.ContainsRune(idAlphabet, r) {
			return s, false
		}
	}
	return s, true
}
