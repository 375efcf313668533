// Package write is the only way querent changes data. An administrator opts
// in per database (allow_writes in the config file); then a data-changing
// statement is first previewed — run in a transaction that is always rolled
// back, to count the rows it would change — and handed back as a Proposal
// with a signed, expiring token. Only presenting that token applies it, and
// only if it changes no more rows than the preview counted. Every preview,
// apply and refusal is appended to an audit log, and a write whose audit
// record cannot be written is rolled back.
package write

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/user"
	"strings"
	"time"

	"querent/internal/database"
)

// DefaultTTL is how long a proposal's token stays valid.
const DefaultTTL = 15 * time.Minute

// Proposal is a previewed write awaiting confirmation.
type Proposal struct {
	// Database is the redacted DSN the write is for.
	Database   string             `json:"database"`
	SQL        string             `json:"sql"`
	Params     []any              `json:"params"`
	Kind       database.WriteKind `json:"kind"`
	Table      string             `json:"table"`
	Rows       int64              `json:"rows"`
	Unfiltered bool               `json:"unfiltered"`
	// Token confirms this exact proposal until ExpiresAt; pass it to Apply.
	Token     string    `json:"token"`
	ExpiresAt time.Time `json:"expires_at"`
}

// Sentinel causes of a refused token, for errors.Is. The returned errors are
// *database.Error values with CodeForbidden that wrap one of these.
var (
	ErrTokenExpired = errors.New("confirmation token expired")
	ErrTokenInvalid = errors.New("confirmation token does not match")
)

// Options configure a Gate.
type Options struct {
	// Database is the DSN; only its redacted form is ever stored or signed.
	Database string
	// Audit is where every preview, apply and refusal is recorded.
	Audit *AuditLog
	// Secret signs tokens; see LoadSecret.
	Secret []byte
	// Timeout is the statement timeout for previews and applies.
	Timeout time.Duration
	// TTL is how long a token is valid; zero means DefaultTTL.
	TTL time.Duration
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Gate previews and applies writes on one WriteEngine.
type Gate struct {
	engine database.WriteEngine
	opts   Options
	db     string
	user   string
	owned  bool // Close closes engine
}

// NewGate returns a Gate for engine. Audit and a Secret of at least 16 bytes
// are required.
func NewGate(engine database.WriteEngine, opts Options) (*Gate, error) {
	if opts.Audit == nil {
		return nil, errors.New("writes need an audit log: set audit_log in querent.yaml")
	}
	if len(opts.Secret) < minSecret {
		return nil, fmt.Errorf("the write secret is %d bytes, fewer than %d", len(opts.Secret), minSecret)
	}
	if opts.TTL <= 0 {
		opts.TTL = DefaultTTL
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Gate{engine: engine, opts: opts, db: database.Redact(opts.Database), user: osUser()}, nil
}

func osUser() string {
	if u, err := user.Current(); err == nil && u.Username != "" {
		return u.Username
	}
	if u := os.Getenv("USER"); u != "" {
		return u
	}
	return "unknown"
}

// Preview guards sql, counts the rows it would change in a transaction that
// is rolled back, and returns the signed proposal. A refusal or failure is
// audited and returned; so is an audit failure, with no proposal.
func (g *Gate) Preview(ctx context.Context, sql string, args []any) (*Proposal, error) {
	args = params(args)
	rec := g.record("preview", sql, args)
	info, err := g.engine.GuardWrite(ctx, sql)
	if err != nil {
		return nil, g.fail(rec, "refused", err)
	}
	rec.Kind, rec.Table, rec.Unfiltered = info.Kind, info.Table, info.Unfiltered
	rows, err := g.engine.Preview(ctx, sql, args, g.opts.Timeout)
	if err != nil {
		return nil, g.fail(rec, "failed", err)
	}
	rec.Rows, rec.Outcome = &rows, "previewed"
	if err := g.opts.Audit.Append(rec); err != nil {
		return nil, err
	}
	expires := g.opts.Now().Add(g.opts.TTL).UTC().Truncate(time.Second)
	return &Proposal{
		Database: g.db, SQL: sql, Params: args, Kind: info.Kind, Table: info.Table,
		Rows: rows, Unfiltered: info.Unfiltered, ExpiresAt: expires,
		Token: g.sign(sql, args, rows, expires),
	}, nil
}

// Apply applies a proposal: its token must be valid for its SQL and
// params and unexpired. See ApplyToken.
func (g *Gate) Apply(ctx context.Context, p Proposal) (int64, error) {
	return g.ApplyToken(ctx, p.SQL, p.Params, p.Token)
}

// ApplyToken applies sql with args if token confirms exactly that statement
// on this database, and has not expired. The write runs in a transaction;
// it is rolled back if it would change more rows than the preview counted
// (database.CodeDataChanged) or if its audit record cannot be written, which
// is also checked before anything runs.
func (g *Gate) ApplyToken(ctx context.Context, sql string, args []any, token string) (int64, error) {
	args = params(args)
	rec := g.record("apply", sql, args)
	previewed, err := g.verify(sql, args, token)
	if err != nil {
		return 0, g.fail(rec, "refused", err)
	}
	info, err := g.engine.GuardWrite(ctx, sql)
	if err != nil {
		return 0, g.fail(rec, "refused", err)
	}
	rec.Kind, rec.Table, rec.Unfiltered = info.Kind, info.Table, info.Unfiltered
	if err := g.opts.Audit.Check(); err != nil {
		return 0, err
	}
	rows, err := g.engine.Apply(ctx, sql, args, database.ApplyOptions{
		Timeout: g.opts.Timeout,
		MaxRows: previewed,
		BeforeCommit: func(rows int64) error {
			r := rec
			r.Rows, r.Outcome = &rows, "applied"
			return g.opts.Audit.Append(r)
		},
	})
	if err != nil {
		var ae *AuditError
		if errors.As(err, &ae) {
			return 0, fmt.Errorf("nothing was changed: %w", err)
		}
		outcome := "failed"
		if database.CodeOf(err) == database.CodeDataChanged {
			outcome = "rolled_back"
		}
		return 0, g.fail(rec, outcome, err)
	}
	return rows, nil
}

// fail audits a refusal or failure and returns err, joined with the audit
// error if that failed too.
func (g *Gate) fail(rec Record, outcome string, err error) error {
	rec.Outcome, rec.Error = outcome, err.Error()
	if aerr := g.opts.Audit.Append(rec); aerr != nil {
		return errors.Join(err, aerr)
	}
	return err
}

func (g *Gate) record(action, sql string, args []any) Record {
	return Record{Time: g.opts.Now().UTC().Format(time.RFC3339Nano), Database: g.db, User: g.user,
		Action: action, SQL: sql, Params: args}
}

// params makes nil args an empty list, so a proposal signs and prints
// the same whether it was built with nil or [].
func params(args []any) []any {
	if args == nil {
		return []any{}
	}
	return args
}

const tokenVersion = "w1"

// sign returns the token for one proposal: version, then the expiry and
// the previewed row count in clear (Apply needs them), then an HMAC-SHA256
// over those and the redacted database, SQL and params.
func (g *Gate) sign(sql string, args []any, rows int64, expires time.Time) string {
	var body [16]byte
	binary.BigEndian.PutUint64(body[:8], uint64(expires.Unix()))
	binary.BigEndian.PutUint64(body[8:], uint64(rows))
	mac := g.mac(body[:], sql, args)
	enc := base64.RawURLEncoding
	return tokenVersion + "." + enc.EncodeToString(body[:]) + "." + enc.EncodeToString(mac)
}

func (g *Gate) mac(body []byte, sql string, args []any) []byte {
	p, err := json.Marshal(args)
	if err != nil {
		// Params that cannot be encoded cannot be confirmed either.
		p = []byte(fmt.Sprintf("unencodable:%v", err))
	}
	h := hmac.New(sha256.New, g.opts.Secret)
	for _, field := range [][]byte{[]byte(tokenVersion), []byte(g.db), []byte(sql), p, body} {
		var n [8]byte
		binary.BigEndian.PutUint64(n[:], uint64(len(field)))
		h.Write(n[:])
		h.Write(field)
	}
	return h.Sum(nil)
}

// verify checks token against sql and args and returns the previewed row
// count it carries.
func (g *Gate) verify(sql string, args []any, token string) (int64, error) {
	invalid := func(why string) error {
		return &database.Error{Code: database.CodeForbidden, Err: ErrTokenInvalid,
			Message: "the confirmation token " + why + ": preview the statement again and confirm with the new token"}
	}
	parts := strings.Split(strings.TrimSpace(token), ".")
	if len(parts) != 3 || parts[0] != tokenVersion {
		return 0, invalid("is not one querent issued")
	}
	enc := base64.RawURLEncoding
	body, err1 := enc.DecodeString(parts[1])
	mac, err2 := enc.DecodeString(parts[2])
	if err1 != nil || err2 != nil || len(body) != 16 {
		return 0, invalid("is malformed")
	}
	if !hmac.Equal(mac, g.mac(body, sql, args)) {
		return 0, invalid("was issued for a different statement, parameters or database (or altered)")
	}
	expires := time.Unix(int64(binary.BigEndian.Uint64(body[:8])), 0)
	if !g.opts.Now().Before(expires) {
		return 0, &database.Error{Code: database.CodeForbidden, Err: ErrTokenExpired,
			Message: fmt.Sprintf("the confirmation token expired at %s: preview the statement again and confirm within %s", expires.UTC().Format(time.RFC3339), g.opts.TTL)}
	}
	return int64(binary.BigEndian.Uint64(body[8:])), nil
}
