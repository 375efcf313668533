// Package guard is the engine-independent first check on raw SQL, run by
// every engine before its own parser and its own read-only execution. It
// knows just enough SQL lexing — string literals, quoted identifiers, line
// and block comments, MySQL executable comments — to find statement
// boundaries and keywords outside literals, and it refuses what engines
// would read differently rather than guessing.
//
// It is defence in depth, never the only check: each engine also prepares
// the statement with its own grammar and runs it read-only. So it may refuse
// a few odd but harmless queries; it must never accept a second statement or
// a writing one.
package guard

import (
	"strings"
	"unicode/utf8"

	"querent/internal/database"
)

// MaxLength is the longest SQL text Check accepts, in bytes. Generated and
// hand-written analytical queries are far shorter; the cap bounds the work
// of every later check and keeps prompts and logs readable.
const MaxLength = 100_000

// allowedStarts are the keywords a read-only query may start with.
var allowedStarts = map[string]bool{"SELECT": true, "WITH": true, "VALUES": true}

// forbiddenWords are keywords a read-only query never needs anywhere, mapped
// to what they would do. Whole unquoted words only: updated_at, set_id and
// "delete" are names, not keywords. REPLACE is not listed because replace()
// is a common string function; REPLACE INTO is caught by INTO and by the
// allowed starts.
var forbiddenWords = map[string]string{
	"INSERT":   "inserts rows",
	"UPDATE":   "changes rows (or locks them: FOR UPDATE)",
	"DELETE":   "deletes rows",
	"MERGE":    "changes rows",
	"DROP":     "drops objects",
	"ALTER":    "changes the schema",
	"CREATE":   "creates objects",
	"TRUNCATE": "deletes rows",
	"GRANT":    "changes permissions",
	"REVOKE":   "changes permissions",
	"ATTACH":   "opens (and may create) another database file",
	"DETACH":   "changes the attached databases",
	"PRAGMA":   "changes or reads engine settings",
	"VACUUM":   "rewrites the database (VACUUM INTO writes a new file)",
	"REINDEX":  "rebuilds indexes",
	"COPY":     "reads or writes files",
	"CALL":     "runs a stored procedure",
	"EXEC":     "runs a procedure or dynamic SQL",
	"EXECUTE":  "runs a prepared or dynamic statement",
	"LOAD":     "loads data or extensions",
	"INSTALL":  "installs extensions",
	"SET":      "changes settings or rows",
	"LOCK":     "takes locks",
	"UNLOCK":   "releases locks",
	"INTO":     "writes rows or files (SELECT INTO, INTO OUTFILE, INSERT INTO)",
	"OUTFILE":  "writes a file",
	"DUMPFILE": "writes a file",
}

// Statements splits sql into its statements at semicolons outside literals
// and comments. Each statement is returned without its semicolon and without
// comments before its first or after its last token; segments holding only
// whitespace and comments (such as what follows a trailing semicolon) are not
// statements. Semicolons inside parentheses split too: no engine lets one
// hide a statement boundary there in a query.
func Statements(sql string) ([]string, error) {
	toks, err := lex(sql)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, st := range split(toks) {
		out = append(out, sql[st[0].start:st[len(st)-1].end])
	}
	return out, nil
}

// split groups tokens into statements, dropping the semicolons and empty
// statements.
func split(toks []token) [][]token {
	var out [][]token
	start := 0
	for i, t := range toks {
		if t.kind == tokSemicolon {
			if i > start {
				out = append(out, toks[start:i])
			}
			start = i + 1
		}
	}
	if start < len(toks) {
		out = append(out, toks[start:])
	}
	return out
}

// FirstKeyword returns the first word of stmt outside comments, after any
// opening parentheses, upper-cased; "" when stmt does not start with a word.
// It tolerates text that does not lex completely, using what came before
// the problem.
func FirstKeyword(stmt string) string {
	l := &lexer{src: stmt, cleanUntil: -1}
	for l.pos < len(stmt) {
		if l.next() != nil {
			break
		}
		if n := len(l.tokens); n > 0 && !isOpenParen(stmt, l.tokens[n-1]) {
			break
		}
	}
	return firstWord(stmt, l.tokens)
}

func firstWord(src string, toks []token) string {
	for _, t := range toks {
		if isOpenParen(src, t) {
			continue
		}
		if t.kind == tokWord {
			return strings.ToUpper(src[t.start:t.end])
		}
		return ""
	}
	return ""
}

func isOpenParen(src string, t token) bool {
	return t.kind == tokPunct && src[t.start] == '('
}

// Check returns the single read-only statement in sql, without a trailing
// semicolon or surrounding comments, or an *database.Error: CodeForbidden
// naming what was refused, or CodeSyntax when a literal or comment is left
// open. It refuses more than one statement, a statement that does not start
// with SELECT, WITH or VALUES (optionally after parentheses), keywords that
// only writing or administrative statements use, MySQL executable comments,
// constructs that engines tokenise differently, and text over MaxLength.
func Check(sql string) (string, error) {
	if len(sql) > MaxLength {
		return "", database.Forbidden("the statement is %d bytes, over the %d-byte limit: shorten it or split the question", len(sql), MaxLength)
	}
	if !utf8.ValidString(sql) {
		return "", database.Forbidden("the statement is not valid UTF-8 text")
	}
	if i := strings.IndexByte(sql, 0); i >= 0 {
		return "", database.Forbidden("the statement contains a NUL byte at byte %d: engines stop reading there, so what follows would be unchecked", i)
	}
	toks, err := lex(sql)
	if err != nil {
		return "", err
	}
	stmts := split(toks)
	switch len(stmts) {
	case 0:
		return "", &database.Error{Code: database.CodeSyntax, Message: "no SQL statement: the text is empty or holds only comments"}
	case 1:
	default:
		second := stmts[1][0]
		return "", database.Forbidden("more than one statement: %d statements separated by ';' (the second starts at byte %d with %q); send a single SELECT", len(stmts), second.start, clip(sql[second.start:second.end]))
	}
	st := stmts[0]
	if first := firstWord(sql, st); !allowedStarts[first] {
		what := first
		if what == "" {
			t := st[0]
			for _, tt := range st {
				if !isOpenParen(sql, tt) {
					t = tt
					break
				}
			}
			what = clip(sql[t.start:t.end])
		}
		return "", database.Forbidden("statement starts with %s: only SELECT, WITH and VALUES queries are allowed", what)
	}
	for _, t := range st {
		if t.kind != tokWord {
			continue
		}
		w := sql[t.start:t.end]
		if does, bad := forbiddenWords[strings.ToUpper(w)]; bad {
			return "", database.Forbidden("the keyword %s at byte %d is not allowed in a read-only query (it %s); if it is a column or table name, quote it: \"%s\"", strings.ToUpper(w), t.start, does, w)
		}
	}
	return sql[st[0].start:st[len(st)-1].end], nil
}

// clip shortens text quoted in a message.
func clip(s string) string {
	if len(s) <= 40 {
		return s
	}
	cut := 40
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
