// Package schemacache keeps introspected schemas on disk between runs.
// Introspecting a large database (row counts, samples, inferred foreign keys)
// takes seconds to minutes; a cached schema is reused as long as a cheap
// engine-side check says the database has not changed, or for a time-to-live
// when the engine offers no such check.
//
// One JSON file per database lives in the cache directory, named by a hash of
// the DSN with any password removed, so neither the file name nor its content
// ever holds a secret. Files are written to a temporary file and renamed into
// place with mode 0600; a corrupt or foreign file is reported and rebuilt.
package schemacache

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"time"

	"querent/internal/database"
	"querent/internal/schema"
)

// DefaultTTL is how long a cached schema is trusted when the engine has no
// cheap freshness check.
const DefaultTTL = 24 * time.Hour

// formatVersion changes when the file layout changes; older files are
// rebuilt, never misread.
const formatVersion = 1

// State says where a schema came from.
type State string

// The states of a [Status].
const (
	// Hit: the cached schema was valid and is returned as stored.
	Hit State = "hit"
	// Miss: there was no usable cache file; the schema was introspected.
	Miss State = "miss"
	// Stale: the cache no longer matched the database (its freshness
	// token changed or its time-to-live passed); the schema was rebuilt.
	Stale State = "stale"
	// Refreshed: the caller asked for a rebuild.
	Refreshed State = "refreshed"
)

// Status reports what Load did and why, for the CLI's progress line and logs.
type Status struct {
	State State
	// Reason says why, in a few words: "no cache yet", "database changed",
	// "older than 24h0m0s", "--refresh".
	Reason string
	// Path is the cache file.
	Path string
	// Changed is true when a rebuilt schema differs in structure
	// ([schema.Fingerprint]) from the one cached before.
	Changed bool
	// Warning, when set, is a problem that did not stop Load: a corrupt
	// cache file that was rebuilt, or a cache that could not be written.
	Warning string
}

// Cache is a cache directory and its policy.
type Cache struct {
	// Dir holds the cache files; it is created (mode 0700) when missing.
	Dir string
	// TTL bounds the age of a cached schema when fresh is nil or fails;
	// zero means DefaultTTL.
	TTL time.Duration
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// file is the JSON layout of one cache file.
type file struct {
	Version int `json:"version"`
	// Source is the DSN with passwords removed, for people reading the
	// directory; the file name is its hash.
	Source      string         `json:"source"`
	CreatedAt   time.Time      `json:"created_at"`
	Fresh       string         `json:"fresh,omitempty"`
	Fingerprint string         `json:"fingerprint"`
	Schema      *schema.Schema `json:"schema"`
}

// Load is [Cache.Load] on a Cache with dir and the default policy.
func Load(ctx context.Context, dir, dsnKey string,
	introspect func(ctx context.Context) (*schema.Schema, error),
	fresh func(ctx context.Context) (string, error), refresh bool) (*schema.Schema, Status, error) {
	c := &Cache{Dir: dir}
	return c.Load(ctx, dsnKey, introspect, fresh, refresh)
}

// Load returns the schema of the database dsnKey names: the cached one when
// it is still valid, else a new one from introspect (which should also infer
// keys and load values: whatever it returns is what is cached).
//
// Validity: when fresh is non-nil it returns a cheap engine-side token of
// the database's structure (a catalog hash, a last-DDL time), and the cache
// is valid while the token is unchanged; when fresh is nil or fails, the
// cache is valid for the TTL. refresh rebuilds unconditionally.
//
// Only introspect's error (or a bad argument) fails Load. A cache file that
// cannot be read or parsed is rebuilt with a Warning, and one that cannot be
// written leaves the fresh schema returned with a Warning.
func (c *Cache) Load(ctx context.Context, dsnKey string,
	introspect func(ctx context.Context) (*schema.Schema, error),
	fresh func(ctx context.Context) (string, error), refresh bool) (*schema.Schema, Status, error) {
	if c.Dir == "" {
		return nil, Status{}, errors.New("schema cache: no directory given: set a cache directory or disable the cache")
	}
	if dsnKey == "" {
		return nil, Status{}, errors.New("schema cache: empty DSN key")
	}
	if introspect == nil {
		return nil, Status{}, errors.New("schema cache: no introspect function")
	}
	source := RedactDSN(dsnKey)
	st := Status{Path: filepath.Join(c.Dir, FileName(dsnKey))}

	var token string
	var tokenErr error
	if fresh != nil {
		token, tokenErr = fresh(ctx)
		if ctx.Err() != nil {
			return nil, st, fmt.Errorf("schema cache: %w", ctx.Err())
		}
	}
	cached, warn := c.read(st.Path, source)
	st.Warning = warn
	switch {
	case refresh:
		st.State, st.Reason = Refreshed, "--refresh"
	case cached == nil && warn != "":
		st.State, st.Reason = Miss, "unreadable cache"
	case cached == nil:
		st.State, st.Reason = Miss, "no cache yet"
	case fresh != nil && tokenErr == nil:
		if cached.Fresh == token {
			st.State, st.Reason = Hit, "database unchanged"
			return cached.Schema, st, nil
		}
		st.State, st.Reason = Stale, "database changed"
	default:
		age := c.now().Sub(cached.CreatedAt)
		ttl := c.ttl()
		if age >= 0 && age < ttl {
			st.State, st.Reason = Hit, fmt.Sprintf("younger than %s", ttl)
			if tokenErr != nil {
				st.Reason += " (freshness check failed: " + tokenErr.Error() + ")"
			}
			return cached.Schema, st, nil
		}
		st.State, st.Reason = Stale, fmt.Sprintf("older than %s", ttl)
	}

	s, err := introspect(ctx)
	if err != nil {
		return nil, st, fmt.Errorf("schema cache: introspecting: %w", err)
	}
	if s == nil {
		return nil, st, errors.New("schema cache: introspect returned no schema")
	}
	fp := schema.Fingerprint(s)
	st.Changed = cached != nil && cached.Fingerprint != fp
	if fresh != nil && tokenErr != nil {
		token = "" // unknown: the TTL governs this file
	}
	out := file{Version: formatVersion, Source: source, CreatedAt: c.now().UTC(), Fresh: token, Fingerprint: fp, Schema: s}
	if err := c.write(st.Path, &out); err != nil {
		st.Warning = joinWarnings(st.Warning, fmt.Sprintf("the schema cache could not be written (%v); introspection will run again next time", err))
	}
	return s, st, nil
}

// read loads and checks a cache file; it returns nil with a warning for a
// file that exists but cannot be used, and nil alone for no file.
func (c *Cache) read(path, source string) (*file, string) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ""
	}
	if err != nil {
		return nil, fmt.Sprintf("cannot read the schema cache %s (%v): rebuilt", path, err)
	}
	var f file
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Sprintf("the schema cache %s is corrupt (%v): rebuilt", path, err)
	}
	switch {
	case f.Version != formatVersion:
		return nil, fmt.Sprintf("the schema cache %s has format %d, not %d: rebuilt", path, f.Version, formatVersion)
	case f.Source != source:
		return nil, fmt.Sprintf("the schema cache %s belongs to another database: rebuilt", path)
	case f.Schema == nil || f.Fingerprint != schema.Fingerprint(f.Schema):
		return nil, fmt.Sprintf("the schema cache %s is damaged (its schema does not match its fingerprint): rebuilt", path)
	}
	return &f, ""
}

// write stores f atomically: a temporary file in the same directory,
// synced, then renamed over path. Readers see the old file or the new one,
// never a part.
func (c *Cache) write(path string, f *file) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	data, err := json.Marshal(f)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	done := false
	defer func() {
		if !done {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err := tmp.Chmod(0o600); err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	done = true
	return nil
}

func (c *Cache) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

func (c *Cache) ttl() time.Duration {
	if c.TTL > 0 {
		return c.TTL
	}
	return DefaultTTL
}

// FileName is the cache file name for a DSN: a hash of the DSN with its
// password removed, so the name reveals nothing and a changed password
// keeps the same cache.
func FileName(dsnKey string) string {
	sum := sha256.Sum256([]byte(RedactDSN(dsnKey)))
	return hex.EncodeToString(sum[:16]) + ".json"
}

// secretParam matches password-like settings in key=value DSNs
// ("password=…", "pwd=…") and URL query strings.
var secretParam = regexp.MustCompile(`(?i)\b(password|passwd|pwd|sslpassword|access_token|token|secret)(\s*=\s*)('[^']*'|"[^"]*"|[^\s;&]*)`)

// mysqlUserinfo matches the "user:password@" that starts a MySQL driver DSN
// ("app:secret@tcp(db:3306)/shop"), which has no scheme for
// database.Redact to recognise.
var mysqlUserinfo = regexp.MustCompile(`^([^:/@()]+):([^@]*)@`)

var urlScheme = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*://`)

// RedactDSN removes every password from a DSN: the user-info password of
// URL-style DSNs (database.Redact) and of MySQL driver DSNs, and password
// settings of key=value and query-string forms.
func RedactDSN(dsn string) string {
	out := database.Redact(dsn)
	if out == dsn && !urlScheme.MatchString(dsn) {
		out = mysqlUserinfo.ReplaceAllString(out, "${1}:xxxxx@")
	}
	return secretParam.ReplaceAllString(out, "${1}${2}xxxxx")
}

func joinWarnings(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}
