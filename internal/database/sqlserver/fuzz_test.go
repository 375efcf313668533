package sqlserver_test

import (
	"errors"
	"strings"
	"testing"

	"querent/internal/database"
	"querent/internal/database/sqlserver"
)

// statementWords start T-SQL statements (besides SELECT and WITH); none may
// appear as an unquoted word in anything the guard accepts.
var statementWords = strings.Fields(`INSERT UPDATE DELETE MERGE DROP CREATE ALTER EXEC EXECUTE DECLARE SET USE GO
	BACKUP RESTORE DBCC KILL SHUTDOWN WAITFOR BEGIN COMMIT ROLLBACK SAVE GRANT REVOKE DENY TRUNCATE BULK
	OPEN CLOSE DEALLOCATE PRINT RAISERROR THROW REVERT SETUSER RECONFIGURE CHECKPOINT READTEXT WRITETEXT
	UPDATETEXT IF WHILE GOTO RETURN BREAK CONTINUE RECEIVE SEND INTO`)

// FuzzGuard feeds arbitrary text to Check. Nothing may panic; a refusal is
// a classified error; and what is accepted must start with SELECT, WITH or
// '(', hold no statement keyword outside literals (read by a scanner
// independent of the package's lexer), have no more top-level SELECTs than
// its set operators and WITH clause explain, and be accepted again as it
// would be sent.
func FuzzGuard(f *testing.F) {
	for _, r := range refusals {
		if len(r.sql) < 1000 {
			f.Add(r.sql)
		}
	}
	for _, a := range acceptances {
		f.Add(a.sql)
	}
	f.Fuzz(func(t *testing.T, q string) {
		st, err := sqlserver.Check(q)
		if err != nil {
			var e *database.Error
			if !errors.As(err, &e) || e.Message == "" || (e.Code != database.CodeForbidden && e.Code != database.CodeSyntax) {
				t.Fatalf("Check(%q) returned an unclassified error %T: %v", q, err, err)
			}
			return
		}
		words, tops := scanWords(st.SQL)
		first := strings.ToUpper(strings.TrimLeft(st.SQL, "( \t\r\n"))
		if !strings.HasPrefix(first, "SELECT") && !strings.HasPrefix(first, "WITH") {
			t.Fatalf("Check(%q) accepted %q, which starts with neither SELECT nor WITH", q, st.SQL)
		}
		for _, w := range words {
			for _, bad := range statementWords {
				if w == bad {
					t.Fatalf("Check(%q) accepted %q, which holds the keyword %s", q, st.SQL, w)
				}
			}
		}
		allowed := 1 + tops["UNION"] + tops["INTERSECT"] + tops["EXCEPT"] + tops["WITH"]
		if tops["SELECT"] > allowed {
			t.Fatalf("Check(%q) accepted %q, whose %d top-level SELECTs are more than its set operators explain", q, st.SQL, tops["SELECT"])
		}
		again, err := sqlserver.Check(st.SQL)
		if err != nil || again.SQL != st.SQL || len(again.Tables) != len(st.Tables) {
			t.Fatalf("Check(%q) accepted %q, but checking that again gives %v, %v", q, st.SQL, again, err)
		}
	})
}

// scanWords returns the upper-cased unquoted words of T-SQL text, and how
// often each occurs outside parentheses. It skips strings, [names] with ]]
// escapes, "names", line comments and nested block comments.
func scanWords(s string) (words []string, top map[string]int) {
	top = map[string]int{}
	depth := 0
	skipTo := func(i int, close byte) int {
		for j := i + 1; j < len(s); j++ {
			if s[j] == close {
				if j+1 < len(s) && s[j+1] == close {
					j++
					continue
				}
				return j + 1
			}
		}
		return len(s)
	}
	isWord := func(c byte) bool {
		return c == '_' || c == '@' || c == '#' || c == '$' || (c|0x20 >= 'a' && c|0x20 <= 'z') || (c >= '0' && c <= '9')
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\'':
			i = skipTo(i, '\'')
		case c == '"':
			i = skipTo(i, '"')
		case c == '[':
			i = skipTo(i, ']')
		case c == '-' && strings.HasPrefix(s[i:], "--"):
			if n := strings.IndexByte(s[i:], '\n'); n >= 0 {
				i += n
			} else {
				i = len(s)
			}
		case c == '/' && strings.HasPrefix(s[i:], "/*"):
			nest := 0
			for i < len(s) {
				if strings.HasPrefix(s[i:], "/*") {
					nest++
					i += 2
				} else if strings.HasPrefix(s[i:], "*/") {
					nest--
					i += 2
					if nest == 0 {
						break
					}
				} else {
					i++
				}
			}
		case c == '(':
			depth++
			i++
		case c == ')':
			depth--
			i++
		case (c == 'N' || c == 'n') && i+1 < len(s) && s[i+1] == '\'':
			i = skipTo(i+1, '\'')
		case isWord(c):
			j := i
			for j < len(s) && isWord(s[j]) {
				j++
			}
			if c != '@' && !(c >= '0' && c <= '9') && c != '$' {
				w := strings.ToUpper(s[i:j])
				words = append(words, w)
				if depth == 0 {
					top[w]++
				}
			}
			i = j
		default:
			i++
		}
	}
	return words, top
}
