package write

import (
	"strings"
	"unicode/utf8"

	"querent/internal/database"
	"querent/internal/guard"
)

// Statement is what the engine-independent lexical layer learned about a
// write: the single statement's text, its first keyword, and whether a
// WHERE clause appears outside parentheses.
type Statement struct {
	// SQL is the statement without a trailing semicolon or surrounding
	// comments.
	SQL string
	// Keyword is its first word, upper-cased (INSERT, UPDATE, DELETE, WITH…).
	Keyword string
	// TopLevelWhere is true when WHERE appears at parenthesis depth zero:
	// an UPDATE or DELETE without one changes every row.
	TopLevelWhere bool
}

// CheckText is the first, engine-independent layer every GuardWrite runs
// before the engine's own parser: the text is bounded, valid UTF-8 without
// NUL bytes, holds exactly one statement (no executable comments), and
// starts with one of starts. It returns an *database.Error on refusal.
func CheckText(sql string, starts ...string) (Statement, error) {
	if len(sql) > guard.MaxLength {
		return Statement{}, database.Forbidden("the statement is %d bytes, over the %d-byte limit", len(sql), guard.MaxLength)
	}
	if !utf8.ValidString(sql) {
		return Statement{}, database.Forbidden("the statement is not valid UTF-8 text")
	}
	if i := strings.IndexByte(sql, 0); i >= 0 {
		return Statement{}, database.Forbidden("the statement contains a NUL byte at byte %d: engines stop reading there, so what follows would be unchecked", i)
	}
	stmts, err := guard.Statements(sql)
	if err != nil {
		return Statement{}, err
	}
	switch len(stmts) {
	case 0:
		return Statement{}, &database.Error{Code: database.CodeSyntax, Message: "no SQL statement: the text is empty or holds only comments"}
	case 1:
	default:
		return Statement{}, database.Forbidden("more than one statement (%d separated by ';'): a write must be a single INSERT, UPDATE or DELETE", len(stmts))
	}
	st := Statement{SQL: stmts[0], Keyword: guard.FirstKeyword(stmts[0])}
	ok := false
	for _, s := range starts {
		ok = ok || st.Keyword == s
	}
	if !ok {
		what := st.Keyword
		if what == "" {
			what = "something other than a keyword"
		}
		return Statement{}, database.Forbidden("statement starts with %s: a write must be a single INSERT, UPDATE or DELETE (%s here); schema changes, MERGE, procedure calls and settings are never allowed", what, strings.Join(starts, ", "))
	}
	st.TopLevelWhere = hasTopLevelWhere(st.SQL)
	return st, nil
}

// IsWriteKeyword reports whether the first word of sql starts a statement
// that changes rows, so a refusal can say writes need allow_writes.
func IsWriteKeyword(sql string) bool {
	switch guard.FirstKeyword(sql) {
	case "INSERT", "UPDATE", "DELETE", "REPLACE", "MERGE", "UPSERT":
		return true
	}
	return false
}

// hasTopLevelWhere scans s (already lexed cleanly by guard.Statements)
// for the word WHERE outside parentheses, quotes and comments.
func hasTopLevelWhere(s string) bool {
	depth := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\'' || c == '"' || c == '`':
			i = skipQuoted(s, i, c)
		case c == '[':
			if j := strings.IndexByte(s[i:], ']'); j >= 0 {
				i += j + 1
			} else {
				i = len(s)
			}
		case c == '-' && strings.HasPrefix(s[i:], "--"):
			if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
				i += j + 1
			} else {
				i = len(s)
			}
		case c == '/' && strings.HasPrefix(s[i:], "/*"):
			if j := strings.Index(s[i+2:], "*/"); j >= 0 {
				i += j + 4
			} else {
				i = len(s)
			}
		case c == '$':
			i = skipDollar(s, i)
		case c == '(':
			depth++
			i++
		case c == ')':
			depth--
			i++
		case isWordByte(c):
			j := i
			for j < len(s) && isWordByte(s[j]) {
				j++
			}
			if depth == 0 && strings.EqualFold(s[i:j], "WHERE") {
				return true
			}
			i = j
		default:
			i++
		}
	}
	return false
}

func skipQuoted(s string, i int, q byte) int {
	for j := i + 1; j < len(s); j++ {
		if s[j] == '\\' && q == '\'' {
			// Backslash escapes exist in MySQL and PostgreSQL E'' strings;
			// skipping the next byte can only end the literal later, and a
			// missed WHERE only errs towards a warning.
			j++
			continue
		}
		if s[j] == q {
			if j+1 < len(s) && s[j+1] == q {
				j++
				continue
			}
			return j + 1
		}
	}
	return len(s)
}

// skipDollar skips a PostgreSQL dollar-quoted string ($$…$$ or $tag$…$tag$);
// a $ that does not open one (a $1 parameter) is skipped alone.
func skipDollar(s string, i int) int {
	j := i + 1
	for j < len(s) && (isWordByte(s[j]) && (s[j] < '0' || s[j] > '9' || j > i+1)) {
		j++
	}
	if j >= len(s) || s[j] != '$' {
		return i + 1
	}
	tag := s[i : j+1]
	if k := strings.Index(s[j+1:], tag); k >= 0 {
		return j + 1 + k + len(tag)
	}
	return len(s)
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}
