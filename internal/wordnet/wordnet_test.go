package wordnet_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"querent/internal/wordnet"
)

// fixSynset is one synset of the test dictionary; pointers name other
// synsets by id, and the writer turns ids into byte offsets.
type fixSynset struct {
	id    string
	pos   string // n, v, a
	words []string
	ptrs  []fixPtr
}

type fixPtr struct {
	sym, to string
	st      string // source/target, "0000" for a semantic pointer
}

var fixture = []fixSynset{
	{id: "movie", pos: "n", words: []string{"movie", "film", "picture", "moving_picture"},
		ptrs: []fixPtr{{"@", "show", "0000"}, {"~", "documentary", "0000"}}},
	{id: "photofilm", pos: "n", words: []string{"film", "photographic_film"}},
	{id: "show", pos: "n", words: []string{"show"}, ptrs: []fixPtr{{"~", "movie", "0000"}}},
	{id: "documentary", pos: "n", words: []string{"documentary", "docudrama"}, ptrs: []fixPtr{{"@", "movie", "0000"}}},
	{id: "director", pos: "n", words: []string{"director", "manager"}, ptrs: []fixPtr{{"+", "direct", "0101"}}},
	{id: "mouse", pos: "n", words: []string{"mouse"}},
	{id: "height", pos: "n", words: []string{"height", "tallness"}, ptrs: []fixPtr{{"=", "tall", "0000"}}},
	{id: "direct", pos: "v", words: []string{"direct", "conduct"}, ptrs: []fixPtr{{"+", "director", "0101"}}},
	{id: "tall", pos: "a", words: []string{"tall(a)"}, ptrs: []fixPtr{{"=", "height", "0000"}}},
	// A small hierarchy of places for IsA: Paris is an instance of a
	// capital, a kind of city; Washington is first a person, then a
	// capital.
	{id: "city", pos: "n", words: []string{"city", "metropolis"}, ptrs: []fixPtr{{"~", "capital", "0000"}}},
	{id: "capital", pos: "n", words: []string{"capital"}, ptrs: []fixPtr{{"@", "city", "0000"}, {"~i", "paris", "0000"}}},
	{id: "paris", pos: "n", words: []string{"Paris", "City_of_Light"}, ptrs: []fixPtr{{"@i", "capital", "0000"}}},
	{id: "washington_person", pos: "n", words: []string{"Washington"}},
	{id: "washington", pos: "n", words: []string{"Washington"}, ptrs: []fixPtr{{"@i", "capital", "0000"}}},
	{id: "new_york", pos: "n", words: []string{"New_York"}, ptrs: []fixPtr{{"@i", "city", "0000"}}},
}

var posName = map[string]string{"n": "noun", "v": "verb", "a": "adj"}

const licence = "  1 This software and database is being provided to you, the LICENSEE, by  \n  2 Princeton University under the following license.  \n"

// writeFixture writes the fixture in WordNet's format to a new directory:
// data files whose pointers hold the real byte offsets of their targets,
// sorted index files with a licence header, and one exception list.
func writeFixture(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	render := func(s fixSynset, offs map[string]int) string {
		var b strings.Builder
		fmt.Fprintf(&b, "%08d 05 %s %02x", offs[s.id], s.pos, len(s.words))
		for _, w := range s.words {
			fmt.Fprintf(&b, " %s 0", w)
		}
		fmt.Fprintf(&b, " %03d", len(s.ptrs))
		for _, p := range s.ptrs {
			fmt.Fprintf(&b, " %s %08d %s %s", p.sym, offs[p.to], posOf(p.to), p.st)
		}
		b.WriteString(" | a gloss  \n")
		return b.String()
	}
	// Offsets are fixed-width, so a first pass with zeros measures every
	// line and a second writes the real offsets.
	offs := map[string]int{}
	at := map[string]int{}
	for _, s := range fixture {
		offs[s.id] = len(licence) + at[s.pos]
		at[s.pos] += len(render(s, map[string]int{}))
	}
	index := map[string]map[string][]string{}
	for _, pos := range []string{"noun", "verb", "adj", "adv"} {
		var data strings.Builder
		data.WriteString(licence)
		index[pos] = map[string][]string{}
		for _, s := range fixture {
			if posName[s.pos] != pos {
				continue
			}
			if data.Len() != offs[s.id] {
				t.Fatalf("fixture: %s written at %d, not %d", s.id, data.Len(), offs[s.id])
			}
			data.WriteString(render(s, offs))
			for _, w := range s.words {
				w = strings.TrimSuffix(strings.ToLower(w), "(a)")
				index[pos][w] = append(index[pos][w], fmt.Sprintf("%08d", offs[s.id]))
			}
		}
		writeFile(t, dir, "data."+pos, data.String())
		lemmas := make([]string, 0, len(index[pos]))
		for l := range index[pos] {
			lemmas = append(lemmas, l)
		}
		sort.Strings(lemmas)
		var idx strings.Builder
		idx.WriteString(licence)
		for _, l := range lemmas {
			o := index[pos][l]
			fmt.Fprintf(&idx, "%s %s %d 1 @ %d %d %s  \n", l, pos[:1], len(o), len(o), len(o), strings.Join(o, " ")) // every sense tagged
		}
		writeFile(t, dir, "index."+pos, idx.String())
	}
	// "pictura" is on two lines, as WordNet lists a form with two bases.
	writeFile(t, dir, "noun.exc", "geese goose\nmice mouse\npictura film\npictura picture\n")
	writeFile(t, dir, "verb.exc", "")
	return dir
}

func posOf(id string) string {
	for _, s := range fixture {
		if s.id == id {
			return s.pos
		}
	}
	panic("fixture: no synset " + id)
}

func writeFile(t *testing.T, dir, name, text string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func openFixture(t *testing.T) *wordnet.DB {
	t.Helper()
	db, err := wordnet.Open(writeFixture(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestSensesAndSynsets(t *testing.T) {
	db := openFixture(t)
	for _, lemma := range []string{"director", "documentary", "film", "height", "mouse", "movie", "moving_picture", "picture", "show", "moving picture"} {
		offs, err := db.Senses(lemma, wordnet.Noun)
		if err != nil || len(offs) == 0 {
			t.Fatalf("Senses(%q) = %v, %v; want its synsets", lemma, offs, err)
		}
		s, err := db.Synset(wordnet.Noun, offs[0])
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(s.Words, strings.ReplaceAll(lemma, " ", "_")) {
			t.Errorf("first synset of %q holds %v", lemma, s.Words)
		}
	}
	for _, lemma := range []string{"aardvark", "zebra", "filmx", "fil", "1", ""} {
		if offs, err := db.Senses(lemma, wordnet.Noun); err != nil || len(offs) != 0 {
			t.Errorf("Senses(%q) = %v, %v; want none", lemma, offs, err)
		}
	}
	offs, _ := db.Senses("film", wordnet.Noun)
	if len(offs) != 2 {
		t.Fatalf("film has %d senses, want 2", len(offs))
	}
	s, _ := db.Synset(wordnet.Noun, offs[1])
	if want := []string{"film", "photographic_film"}; !slices.Equal(s.Words, want) {
		t.Errorf("film's second sense = %v, want %v", s.Words, want)
	}
	adj, _ := db.Senses("tall", wordnet.Adj)
	s, err := db.Synset(wordnet.Adj, adj[0])
	if err != nil || !slices.Equal(s.Words, []string{"tall"}) {
		t.Errorf("tall(a) read as %v, %v; want the marker dropped", s, err)
	}
	if _, err := db.Synset(wordnet.Noun, offs[0]+3); err == nil {
		t.Error("a synset read off its offset gave no error")
	}
}

func TestBaseForms(t *testing.T) {
	db := openFixture(t)
	for _, c := range []struct {
		word string
		pos  wordnet.POS
		want []string
	}{
		{"films", wordnet.Noun, []string{"film"}},
		{"mice", wordnet.Noun, []string{"mouse"}},
		{"directors", wordnet.Noun, []string{"director"}},
		{"directed", wordnet.Verb, []string{"direct"}},
		{"directing", wordnet.Verb, []string{"direct"}},
		{"film", wordnet.Noun, []string{"film"}},
		{"taller", wordnet.Adj, []string{"tall"}},
		{"geese", wordnet.Noun, nil}, // in the exceptions, not the index
		{"pictura", wordnet.Noun, []string{"film", "picture"}},
		{"films", wordnet.Verb, nil},
	} {
		got, err := db.BaseForms(c.word, c.pos)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("BaseForms(%q, %s) = %v, %v; want %v", c.word, c.pos, got, err, c.want)
		}
	}
}

func TestRelated(t *testing.T) {
	db := openFixture(t)
	has := func(rs []wordnet.Relative, lemma string, rel wordnet.Relation, sense int) bool {
		return slices.ContainsFunc(rs, func(r wordnet.Relative) bool { return r.Lemma == lemma && r.Rel == rel && r.Sense == sense })
	}
	films, err := db.Related("films")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []struct {
		lemma string
		rel   wordnet.Relation
		sense int
	}{
		{"movie", wordnet.Synonym, 0},
		{"moving_picture", wordnet.Synonym, 0},
		{"photographic_film", wordnet.Synonym, 1},
		{"show", wordnet.Hypernym, 0},
		{"documentary", wordnet.Hyponym, 0},
	} {
		if !has(films, want.lemma, want.rel, want.sense) {
			t.Errorf("Related(films) lacks %s %s of sense %d: %v", want.rel, want.lemma, want.sense, films)
		}
	}
	only, err := db.Related("films", wordnet.Synonym)
	if err != nil || !has(only, "movie", wordnet.Synonym, 0) || slices.ContainsFunc(only, func(r wordnet.Relative) bool { return r.Rel != wordnet.Synonym }) {
		t.Errorf("Related(films, Synonym) = %v, %v; want the synonyms alone", only, err)
	}
	if has(films, "film", wordnet.Synonym, 0) {
		t.Error("Related(films) lists the word's own base form")
	}
	directed, _ := db.Related("directed")
	if !has(directed, "director", wordnet.Derived, 0) {
		t.Errorf("Related(directed) lacks director: %v", directed)
	}
	// A lexical pointer of director's synset belongs to "director" alone:
	// "manager" shares the synset but not the derivation.
	managers, _ := db.Related("managers")
	if has(managers, "direct", wordnet.Derived, 0) {
		t.Errorf("Related(managers) follows director's lexical pointer: %v", managers)
	}
	tall, _ := db.Related("tall")
	if !has(tall, "height", wordnet.Derived, 0) {
		t.Errorf("Related(tall) lacks the attribute height: %v", tall)
	}
	if rs, err := db.Related("zebras"); err != nil || len(rs) != 0 {
		t.Errorf("Related(zebras) = %v, %v; want none", rs, err)
	}
}

func TestOpenNamesWhatIsMissing(t *testing.T) {
	dir := writeFixture(t)
	if err := os.Remove(filepath.Join(dir, "data.verb")); err != nil {
		t.Fatal(err)
	}
	_, err := wordnet.Open(dir)
	if err == nil || !strings.Contains(err.Error(), "data.verb") {
		t.Errorf("Open without data.verb: %v; want an error naming it", err)
	}
}

// TestExceptionListErrors: an exception list that is there but is no
// file is reported at Open, naming it; one that is missing only loses
// its irregular forms.
func TestExceptionListErrors(t *testing.T) {
	dir := writeFixture(t)
	if err := os.Remove(filepath.Join(dir, "noun.exc")); err != nil {
		t.Fatal(err)
	}
	db, err := wordnet.Open(dir)
	if err != nil {
		t.Fatalf("Open without noun.exc: %v; want no error", err)
	}
	if got, err := db.BaseForms("mice", wordnet.Noun); err != nil || got != nil {
		t.Errorf("BaseForms(mice) without noun.exc = %v, %v; want none", got, err)
	}
	db.Close()
	if err := os.Mkdir(filepath.Join(dir, "noun.exc"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := wordnet.Open(dir); err == nil || !strings.Contains(err.Error(), "noun.exc") {
		t.Errorf("Open with a directory for noun.exc: %v; want an error naming it", err)
	}
}

func TestDefaultFollowsTheEnvironment(t *testing.T) {
	t.Setenv(wordnet.EnvVar, "off")
	if db, err := wordnet.Default(); db != nil || err != nil {
		t.Errorf("%s=off: %v, %v; want none", wordnet.EnvVar, db, err)
	}
	dir := writeFixture(t)
	t.Setenv(wordnet.EnvVar, dir)
	db, err := wordnet.Default()
	if err != nil || db == nil || db.Dir() != dir {
		t.Fatalf("%s=%s: %v, %v", wordnet.EnvVar, dir, db, err)
	}
	db.Close()
	bad := t.TempDir()
	t.Setenv(wordnet.EnvVar, bad)
	_, err = wordnet.Default()
	if err == nil || !strings.Contains(err.Error(), bad) || !strings.Contains(err.Error(), "index.noun") {
		t.Errorf("%s=%s (empty): %v; want an error naming the directory and index.noun", wordnet.EnvVar, bad, err)
	}
}

// TestSystemDictionary reads the installed WordNet 3.0 (Debian's
// wordnet-base), when there is one.
func TestSystemDictionary(t *testing.T) {
	db := wordnet.SystemDB(t)
	films, err := db.Related("films")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(films, func(r wordnet.Relative) bool { return r.Lemma == "movie" && r.Rel == wordnet.Synonym && r.Sense == 0 }) {
		t.Errorf("Related(films) in %s lacks movie as a synonym of the first sense", db.Dir())
	}
	if got, _ := db.BaseForms("mice", wordnet.Noun); !slices.Contains(got, "mouse") {
		t.Errorf("BaseForms(mice) = %v, want mouse", got)
	}
	// A form on two lines of an exception list keeps the base WordNet
	// indexes (the fixture's "pictura" keeps both).
	if got, _ := db.BaseForms("aurar", wordnet.Noun); !slices.Equal(got, []string{"eyrir"}) {
		t.Errorf("BaseForms(aurar) = %v, want [eyrir]", got)
	}
	for _, w := range []string{"aardvark", "zymurgy", "abaca"} { // near both ends of index.noun
		if offs, err := db.Senses(w, wordnet.Noun); err != nil || len(offs) == 0 {
			t.Errorf("Senses(%q) = %v, %v", w, offs, err)
		}
	}
}
