package retrieve

import (
	"strings"
	"unicode"
)

// Terms are produced the same way for schema documents and questions, so a
// word meets its identifier form: "OrderQty", "order_qty" and "order
// quantities" all become [order quantity].

// splitWords lower-cases s and splits it on anything that is not a letter
// or digit, on camelCase boundaries ("OrderDate" → order, date) and between
// letters and digits ("address2" → address, 2).
func splitWords(s string) []string {
	var words []string
	var cur []rune
	var prev rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	for i, r := range []rune(s) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if i > 0 && len(cur) > 0 && (unicode.IsUpper(r) && unicode.IsLower(prev) ||
				unicode.IsDigit(r) != unicode.IsDigit(prev)) {
				flush()
			}
			cur = append(cur, r)
		default:
			flush()
		}
		prev = r
	}
	flush()
	return words
}

// abbreviations expands the short forms schema designers use. They apply to
// identifiers only: in a question "no" means no, in a column name it means
// number.
var abbreviations = map[string][]string{
	"qty": {"quantity"}, "qnty": {"quantity"},
	"num": {"number"}, "nbr": {"number"}, "no": {"number"}, "nr": {"number"},
	"dob": {"date", "birth"}, "doj": {"date", "join"},
	"amt": {"amount"}, "addr": {"address"}, "desc": {"description"}, "descr": {"description"},
	"cust": {"customer"}, "emp": {"employee"}, "empl": {"employee"}, "dept": {"department"},
	"prod": {"product"}, "acct": {"account"}, "txn": {"transaction"}, "trx": {"transaction"},
	"pct": {"percent"}, "avg": {"average"}, "cnt": {"count"}, "yr": {"year"},
	"dt": {"date"}, "ts": {"timestamp"}, "tel": {"telephone"}, "ph": {"phone"},
	"fname": {"first", "name"}, "lname": {"last", "name"}, "mgr": {"manager"},
	"org": {"organization"}, "loc": {"location"}, "info": {"information"},
	"sal": {"salary"}, "lang": {"language"}, "ref": {"reference"}, "cat": {"category"},
	"img": {"image"}, "msg": {"message"}, "pos": {"position"}, "temp": {"temperature"},
	"min": {"minimum"}, "max": {"maximum"}, "tot": {"total"}, "st": {"street"},
	"inv": {"invoice"}, "pmt": {"payment"}, "ctry": {"country"}, "zip": {"postcode"},
	"postal": {"postcode"}, "uid": {"user", "id"}, "pid": {"product", "id"},
}

// questionWords maps words people ask with to the attribute words schemas
// name: "oldest" is about an age column, "born" about a birth date. Generic
// English only; business vocabulary belongs in table and column synonyms.
var questionWords = map[string][]string{
	"old": {"age"}, "older": {"age"}, "oldest": {"age"}, "young": {"age"}, "younger": {"age"}, "youngest": {"age"},
	"born": {"birth"}, "birthday": {"birth"},
	"tall": {"height"}, "taller": {"height"}, "tallest": {"height"}, "short": {"height"}, "shortest": {"height"},
	"heavy": {"weight"}, "heavier": {"weight"}, "heaviest": {"weight"}, "lightest": {"weight"},
	"expensive": {"price", "cost"}, "cheap": {"price", "cost"}, "cheapest": {"price", "cost"}, "cheaper": {"price", "cost"},
	"cost": {"price"}, "price": {"cost"},
	"earn": {"salary"}, "earns": {"salary"}, "paid": {"salary", "payment"},
	"long": {"length"}, "longest": {"length"}, "longer": {"length"},
	"located": {"location"}, "live": {"address", "city"}, "lives": {"address", "city"},
	"zip": {"postcode"}, "quantity": {"qty"}, "quantities": {"qty"},
	"email": {"mail"}, "emails": {"mail"}, "phone": {"telephone"},
	"popular": {"count"}, "when": {"date"}, "often": {"frequency"},
	"female": {"gender", "sex"}, "male": {"gender", "sex"}, "women": {"gender", "sex"}, "men": {"gender", "sex"},
}

// stopwords carry no signal about which table a question needs.
var stopwords = setOf("a", "an", "the", "of", "for", "in", "on", "at", "by", "with", "and", "or",
	"to", "from", "as", "is", "are", "was", "were", "be", "been", "being", "that", "those", "these",
	"this", "all", "each", "every", "their", "its", "his", "her", "them", "they", "it", "do", "does",
	"did", "have", "has", "had", "what", "which", "who", "whom", "whose", "how", "many", "much",
	"show", "list", "give", "find", "return", "tell", "me", "i", "we", "you", "there", "than",
	"also", "any", "some", "not", "no", "yes", "but", "if", "then", "so", "such", "only", "both",
	"most", "least", "more", "less", "each", "per", "please", "can", "could", "would", "should",
	"will", "other", "where", "whose", "into", "out", "up", "down", "over", "under", "about",
	"between", "after", "before", "same", "different", "distinct", "whole", "including",
	"just", "get", "display", "want", "know", "whether", "our", "my", "your", "one", "ones",
	"s", "t", "etc", "descending", "ascending", "sorted", "sort", "alphabetical", "alphabetically")

func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// stem reduces a lower-case word to a crude root so inflections meet:
// plurals, -ing and -ed, a final y and a trailing e ("movies", "movie" →
// movi; "cities", "city" → citi; "named", "names", "name" → nam). It is
// deliberately light: both sides go through it, so consistency matters more
// than linguistics.
func stem(w string) string {
	if len(w) <= 3 || !isAlpha(w) {
		return w
	}
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		w = w[:len(w)-3] + "i"
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "xes"), strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"):
		w = w[:len(w)-2]
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
	case strings.HasSuffix(w, "s"):
		w = w[:len(w)-1]
	}
	switch {
	case strings.HasSuffix(w, "ing") && len(w) > 5:
		w = undouble(w[:len(w)-3])
	case strings.HasSuffix(w, "ied") && len(w) > 4:
		w = w[:len(w)-3] + "i"
	case strings.HasSuffix(w, "ed") && len(w) > 4:
		w = undouble(w[:len(w)-2])
	}
	switch {
	case strings.HasSuffix(w, "e") && len(w) > 3:
		w = w[:len(w)-1]
	case strings.HasSuffix(w, "y") && len(w) > 3:
		w = w[:len(w)-1] + "i"
	}
	return w
}

// agentRoot returns the verb behind an agent noun ("directors" → direct,
// "followers" → follow), or "" when w is not one: a question about
// directors may be answered by a directed_by column.
func agentRoot(w string) string {
	w = stem(w)
	if len(w) > 6 && (strings.HasSuffix(w, "er") || strings.HasSuffix(w, "or")) {
		return undouble(w[:len(w)-2])
	}
	return ""
}

// undouble turns "shipp" (from "shipping") back into "ship".
func undouble(w string) string {
	n := len(w)
	if n >= 3 && w[n-1] == w[n-2] && !strings.ContainsRune("aeiouls", rune(w[n-1])) {
		return w[:n-1]
	}
	return w
}

func isAlpha(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return true
}

// identTerms turns an identifier or schema text into stemmed terms, with
// abbreviations expanded (the short form is kept too).
func identTerms(s string) []string {
	words := splitWords(s)
	out := make([]string, 0, len(words)+2)
	for _, w := range words {
		if stopwords[w] {
			continue
		}
		if exp, ok := abbreviations[w]; ok {
			for _, e := range exp {
				out = append(out, stem(e))
			}
			if w == "no" || w == "nr" {
				continue // never a useful term by itself
			}
		}
		out = append(out, stem(w))
	}
	// "first_name" also indexes as "firstname", so a column written either
	// way meets a question written either way.
	for i := 1; i < len(words); i++ {
		if isAlpha(words[i-1]) && isAlpha(words[i]) && !stopwords[words[i-1]] && !stopwords[words[i]] {
			out = append(out, stem(words[i-1]+words[i]))
		}
	}
	return out
}

// questionTerm is one term of a question with its weight.
type questionTerm struct {
	term   string
	weight float64
}

// questionTerms turns a question into weighted stemmed terms: its own words
// at weight w, and the attribute words they imply (questionWords) and
// abbreviations they may stand for at half of it.
func questionTerms(q string, w float64) []questionTerm {
	var out []questionTerm
	words := dropSortPhrases(splitWords(q))
	for i, word := range words {
		if stopwords[word] {
			continue
		}
		out = append(out, questionTerm{stem(word), w})
		for _, e := range questionWords[word] {
			out = append(out, questionTerm{stem(e), w / 2})
		}
		if exp, ok := abbreviations[word]; ok && len(word) > 2 {
			for _, e := range exp {
				out = append(out, questionTerm{stem(e), w / 2})
			}
		}
		if r := agentRoot(word); r != "" {
			out = append(out, questionTerm{r, w / 2})
		}
		if i+1 < len(words) && isAlpha(word) && isAlpha(words[i+1]) && !stopwords[words[i+1]] {
			out = append(out, questionTerm{stem(word + words[i+1]), w})
		}
	}
	return out
}

// sortWords are the words of sorting phrases: "in alphabetical order",
// "ordered by", "in descending order of". There "order" says how to sort,
// not that the question is about orders.
var sortWords = setOf("in", "alphabetical", "ascending", "descending", "increasing", "decreasing", "reverse", "reversed", "lexicographic")

// dropSortPhrases removes "order"/"ordered" where it belongs to a sorting
// phrase: after one of sortWords, or before "by" or "of".
func dropSortPhrases(words []string) []string {
	out := words[:0:0]
	for i, w := range words {
		if w == "order" || w == "ordered" {
			prev, next := "", ""
			if i > 0 {
				prev = words[i-1]
			}
			if i+1 < len(words) {
				next = words[i+1]
			}
			if sortWords[prev] || next == "by" || next == "of" {
				continue
			}
		}
		out = append(out, w)
	}
	return out
}

// normValue is how sample values and question phrases are compared: lower
// case, words separated by single spaces, punctuation dropped.
func normValue(s string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}), " ")
}
