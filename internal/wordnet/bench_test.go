package wordnet

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// systemDB opens the installed dictionary, skipping when there is none.
func systemDB(tb testing.TB) *DB {
	tb.Setenv(EnvVar, "")
	db, err := Default()
	if err != nil {
		tb.Fatal(err)
	}
	if db == nil {
		tb.Skip("no WordNet dictionary installed (apt-get install wordnet-base, or set QUERENT_WORDNET)")
	}
	tb.Cleanup(func() { db.Close() })
	return db
}

// forget empties the caches, so the next lookup reads the files.
func (db *DB) forget() {
	db.mu.Lock()
	defer db.mu.Unlock()
	clear(db.synsets.m)
	clear(db.relateds.m)
	clear(db.lemmas.m)
}

// TestFindAllocatesLittle: a search reuses one buffer for all its steps
// and copies only the line it returns, however many steps it takes.
func TestFindAllocatesLittle(t *testing.T) {
	var lines []string // 182 keys, so a search takes several steps
	for i := range 7 {
		for c := 'a'; c <= 'z'; c++ {
			lines = append(lines, "w"+strings.Repeat("x", i)+string(c)+" 1 0")
		}
	}
	slices.Sort(lines)
	path := filepath.Join(t.TempDir(), "index.noun")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := openSorted(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.f.Close()
	var found bool
	allocs := testing.AllocsPerRun(20, func() {
		_, found, err = s.find("wxxxq")
	})
	if err != nil || !found {
		t.Fatalf("find(wxxxq) = %v, %v", found, err)
	}
	if allocs > 4 {
		t.Errorf("find allocates %.0f times, want at most 4 (its buffer, the key and the line)", allocs)
	}
}

// TestOpenReadsNoExceptionList: opening the dictionary reads none of its
// exception lists (thousands of lines, most of opening's cost when it did);
// the first lookup in a part of speech reads its own.
func TestOpenReadsNoExceptionList(t *testing.T) {
	dir := systemDB(t).Dir()
	allocs := testing.AllocsPerRun(3, func() {
		db, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		db.Close()
	})
	if allocs > 100 {
		t.Errorf("Open allocates %.0f times; want at most 100 (its files and caches, no exception list)", allocs)
	}
	db, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if got, err := db.BaseForms("mice", Noun); err != nil || !slices.Contains(got, "mouse") {
		t.Errorf("BaseForms(mice) after Open = %v, %v; want mouse", got, err)
	}
}

// BenchmarkOpen costs opening the dictionary (the exception lists are
// read by the first lookup: see BenchmarkOpenFirstLookup).
func BenchmarkOpen(b *testing.B) {
	benchOpen(b, nil)
}

// BenchmarkOpenFirstLookup costs opening the dictionary and asking about
// one word, as one `querent ask` whose question has a word the schema
// lacks does: the noun, verb, adjective and adverb exception lists are
// read then.
func BenchmarkOpenFirstLookup(b *testing.B) {
	benchOpen(b, func(db *DB) error {
		_, err := db.Related("films", Synonym, Derived)
		return err
	})
}

// benchOpen opens and closes the dictionary b.N times, calling lookup, if
// any, on each one opened.
func benchOpen(b *testing.B, lookup func(*DB) error) {
	dir := systemDB(b).Dir()
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		db, err := Open(dir)
		if err != nil {
			b.Fatal(err)
		}
		if lookup != nil {
			if err := lookup(db); err != nil {
				b.Fatal(err)
			}
		}
		db.Close()
	}
}

// BenchmarkRelatedCold costs one word's first lookup as the offline
// planner makes it (synonyms and derived forms), every cache empty.
func BenchmarkRelatedCold(b *testing.B) {
	benchLookup(b, true, func(db *DB) error {
		_, err := db.Related("films", Synonym, Derived)
		return err
	})
}

// BenchmarkRelatedCached costs a word asked about again.
func BenchmarkRelatedCached(b *testing.B) {
	benchLookup(b, false, func(db *DB) error {
		_, err := db.Related("films", Synonym, Derived)
		return err
	})
}

// BenchmarkTaggedCold costs a word's first count, every cache empty.
func BenchmarkTaggedCold(b *testing.B) {
	benchLookup(b, true, func(db *DB) error {
		_, err := db.Tagged("treats", Verb)
		return err
	})
}

// BenchmarkTaggedCached costs a word counted again, as the planner asks
// for each question that holds it.
func BenchmarkTaggedCached(b *testing.B) {
	benchLookup(b, false, func(db *DB) error {
		_, err := db.Tagged("treats", Verb)
		return err
	})
}

// benchLookup runs lookup b.N times on the installed dictionary, with
// every cache emptied before each run when cold.
func benchLookup(b *testing.B, cold bool, lookup func(*DB) error) {
	db := systemDB(b)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if cold {
			db.forget()
		}
		if err := lookup(db); err != nil {
			b.Fatal(err)
		}
	}
}
