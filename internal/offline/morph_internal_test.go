package offline

import (
	"slices"
	"testing"
)

// Word forms that no plain suffix relates reach their family: irregular
// past forms, nouns of a changed vowel or Latin stem, agents in -ant,
// -ator, -ist and -ian, adjectives in -ic and -ive, -ify verbs, and
// spellings that double a final l or are British. Words only alike in
// letters, and an agent beside an act, still do not meet.
func TestMorphFamilies(t *testing.T) {
	for _, c := range []struct {
		question, schema string
		meet             bool
	}{
		{"sang", "song", true},
		{"sung", "singer", true},
		{"flew", "flight", true},
		{"flied", "flight", true},
		{"bought", "buyer", true},
		{"sold", "sales", true},
		{"payed", "payment", true},
		{"taught", "teacher", true},
		{"written", "writer", true},
		{"destruction", "destroyed", true},
		{"admission", "admitted", true},
		{"detainment", "detention", true},
		{"extension", "extended", true},
		{"participators", "participants", true},
		{"participation", "participant", false}, // the act is not the agent
		{"certified", "certificate", true},
		{"certification", "certified", true},
		{"enrollments", "enrolment", true},
		{"conferred", "conferral", true},
		{"accessible", "access", true},
		{"executive", "execution", true},
		{"relationship", "relation", true},
		{"tourists", "touring", true},
		{"colours", "color", true},
		{"centre", "center", true},
		{"authorized", "authorised", true},
		{"organisation", "organization", true},
		{"catalogue", "catalog", true},
		{"programmes", "program", true},
		{"advised", "advisor", true}, // advise has no -ize spelling
		{"revision", "revised", true},
		{"found", "find", false},      // to found a company
		{"left", "leave", false},      // the side
		{"recent", "record", false},   // "-ent" needs a longer root
		{"topic", "top", false},       // so does "-ic"
		{"native", "nation", false},   // and "-ive"
		{"pension", "pendant", false}, // no prefix before "-ension"
		{"party", "part", false},
		{"study", "student", false},
	} {
		qr, qk := derivRoots(c.question)
		sr, sk := derivRoots(c.schema)
		shared := slices.ContainsFunc(qr, func(r string) bool { return slices.Contains(sr, r) })
		if got := shared && qk.names(sk); got != c.meet {
			t.Errorf("%q names %q: got %v, want %v (roots %v %v, kinds %d %d)", c.question, c.schema, got, c.meet, qr, sr, qk, sk)
		}
	}
}

// Every irregular past form maps to a base listed first on its line, and
// no homograph is read as a verb.
func TestIrregularVerbs(t *testing.T) {
	for form, base := range irregularVerbs {
		if verbHomographs[form] || form == base {
			t.Errorf("%q → %q should not be listed", form, base)
		}
	}
	for _, c := range [][2]string{{"sang", "sing"}, {"flied", "fly"}, {"payed", "pay"}, {"ran", "run"}, {"bought", "buy"}, {"won", "win"}} {
		if got := irregularVerbs[c[0]]; got != c[1] {
			t.Errorf("irregularVerbs[%q] = %q, want %q", c[0], got, c[1])
		}
	}
}

// oneWord agrees with splitIdent on which identifiers are one word.
func TestOneWord(t *testing.T) {
	for _, id := range []string{"classroom", "Classroom", "CLASSROOM", "class_room", "ClassRoom", "HTTPServer", "room2", ""} {
		w, ok := oneWord(id)
		words := splitIdent(id)
		if want := len(words) == 1 && isLetters(words[0]); ok != want || ok && w != words[0] {
			t.Errorf("oneWord(%q) = %q, %v; splitIdent gives %q", id, w, ok, words)
		}
	}
}
