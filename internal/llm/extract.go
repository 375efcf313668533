package llm

import (
	"encoding/json"
	"strings"
)

// ExtractJSON returns the first balanced JSON object in text that is valid
// JSON, or "" when there is none. Models asked for JSON often wrap it in
// ```json fences or open with a sentence ("Here is the plan:"), and some
// servers cannot enforce a schema at all, so adapters run replies through
// this before handing them to the caller. Braces inside JSON strings are
// respected; a balanced but invalid candidate (prose such as "{the table}")
// is skipped and the search goes on from the next '{'.
func ExtractJSON(text string) string {
	for start := strings.IndexByte(text, '{'); start >= 0; {
		if n := balancedLen(text[start:]); n > 0 {
			if candidate := text[start : start+n]; json.Valid([]byte(candidate)) {
				return candidate
			}
		}
		next := strings.IndexByte(text[start+1:], '{')
		if next < 0 {
			break
		}
		start += 1 + next
	}
	return ""
}

// balancedLen returns the length of the shortest prefix of s (which starts
// with '{') in which brackets balance, ignoring brackets inside JSON strings,
// or -1 when they never do. Pairing of '{' with ']' is not checked here:
// json.Valid rejects such candidates afterwards.
func balancedLen(s string) int {
	depth := 0
	inString, escaped := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if inString {
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
			continue
		}
		switch c {
		case '"':
			inString = true
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return -1
}
