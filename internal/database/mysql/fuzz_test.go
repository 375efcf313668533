package mysql_test

import (
	"context"
	"errors"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"querent/internal/database"
	"querent/internal/database/mysql"
)

// FuzzGuard feeds arbitrary SQL to the guard: it must never panic, every
// refusal must be a classified error with a message, every table it
// reports must be known, and what it accepts must hold none of the
// constructs the policy refuses whatever their context. With a live server
// (QUERENT_TEST_MYSQL_DSN), accepted statements also run through Query,
// whose errors must be classified too.
func FuzzGuard(f *testing.F) {
	db := offline()
	known := map[string]bool{}
	for _, name := range demoTables {
		known[name] = true
	}
	var live *mysql.DB
	if os.Getenv(dsnVar) != "" {
		live, _, _ = liveDemo(f)
	}
	for _, q := range adversarial {
		if len(q) < 2000 {
			f.Add(q)
		}
	}
	for q := range legitimate {
		f.Add(q)
	}
	f.Fuzz(func(t *testing.T, q string) {
		tables, err := db.Guard(context.Background(), q)
		if err != nil {
			var e *database.Error
			if !errors.As(err, &e) || e.Message == "" {
				t.Fatalf("Guard(%q) returned an unclassified error %T: %v", q, err, err)
			}
			return
		}
		for _, name := range tables {
			if !known[name] {
				t.Errorf("Guard(%q) reports table %q, which is unknown", q, name)
			}
		}
		if bad := refusedCode.FindString(codeOnly(q)); bad != "" {
			t.Errorf("Guard accepted %q, whose code contains %q", q, bad)
		}
		if live == nil {
			return
		}
		_, err = live.Query(context.Background(), q, nil, database.Limits{MaxRows: 5, Timeout: 200 * time.Millisecond})
		if err != nil {
			var e *database.Error
			if !errors.As(err, &e) || e.Message == "" || e.Code == database.CodeInternal && strings.Contains(e.Message, "internal error") {
				t.Fatalf("Query(%q) returned %T: %v", q, err, err)
			}
		}
	})
}

// refusedCode matches what the policy refuses wherever it stands in code:
// side-effect calls, file output, the mysql schema, variables.
var refusedCode = regexp.MustCompile(`(?i)\b(SLEEP|GET_LOCK|RELEASE_LOCK|LOAD_FILE|BENCHMARK)\s*\(|\bOUTFILE\b|\bDUMPFILE\b|\bMYSQL\s*\.\s*\w|@`)

// codeOnly blanks out quoted strings and names and comments, leaving the
// code the server would act on. It needs to handle only what the guard
// accepts, which excludes the ambiguous cases (backslashes before quotes,
// executable comments, nested comments).
func codeOnly(q string) string {
	var b strings.Builder
	for i := 0; i < len(q); i++ {
		switch c := q[i]; {
		case c == '\'' || c == '"' || c == '`':
			j := i + 1
			for j < len(q) {
				if q[j] == '\\' && c != '`' {
					j += 2
					continue
				}
				if q[j] == c {
					if j+1 < len(q) && q[j+1] == c {
						j += 2
						continue
					}
					break
				}
				j++
			}
			b.WriteByte(' ')
			i = j
		case strings.HasPrefix(q[i:], "/*"):
			end := strings.Index(q[i+2:], "*/")
			if end < 0 {
				return b.String()
			}
			b.WriteByte(' ')
			i += 2 + end + 1
		case c == '#' || strings.HasPrefix(q[i:], "-- ") || strings.HasPrefix(q[i:], "--\t") || strings.HasPrefix(q[i:], "--\n") || q[i:] == "--":
			end := strings.IndexByte(q[i:], '\n')
			if end < 0 {
				return b.String()
			}
			b.WriteByte(' ')
			i += end
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
