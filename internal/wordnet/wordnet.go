// Package wordnet reads a WordNet 3.0 dictionary directory (the files
// index.noun, data.noun, noun.exc and their verb, adjective and adverb
// counterparts, as Debian's wordnet-base installs them in
// /usr/share/wordnet) without loading it: a lemma is found by binary search
// over the sorted index file and a synset is read at its byte offset in the
// data file, so opening costs a few file handles, and each lookup a few
// reads (the first in a part of speech also reads its small exception
// list; about 6,000 lines in all four). The offline planner uses it to
// link a question word the schema does not name to one it does ("films"
// → movie).
//
// Only what linking needs is read: the synsets of a lemma in WordNet's sense
// order (most frequent first), their words, and their pointers to other
// synsets (hypernym, hyponym, derivation, attribute, pertainym).
package wordnet

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// POS is a part of speech, as WordNet splits its files.
type POS uint8

const (
	Noun POS = iota
	Verb
	Adj
	Adv
)

var posFile = [...]string{Noun: "noun", Verb: "verb", Adj: "adj", Adv: "adv"}

func (p POS) String() string { return posFile[p] }

// posOf reads the part-of-speech letter of a data line or pointer; "s"
// is an adjective satellite, stored with the adjectives.
func posOf(s string) (POS, bool) {
	switch s {
	case "n":
		return Noun, true
	case "v":
		return Verb, true
	case "a", "s":
		return Adj, true
	case "r":
		return Adv, true
	}
	return 0, false
}

// DB is an open WordNet dictionary. It is safe for concurrent use.
type DB struct {
	dir   string
	index [4]*sortedFile
	data  [4]*os.File
	exc   [4]exceptions

	mu       sync.Mutex
	synsets  boundedCache[synsetKey, *Synset]
	relateds boundedCache[relatedKey, []Relative]
	// lemmas are the base forms found for a word in one part of speech,
	// with their index entries: Related, Tagged and BaseForms all start
	// from them, so a word asked about by each is searched for once.
	lemmas boundedCache[lemmaKeyPOS, []baseEntry]
	// ancestorsOf holds what a noun's senses reach upward (IsA).
	ancestorsOf boundedCache[ancestorKey, []int64]
}

// cacheSize bounds each cache: a planner asks about the few words per
// question the schema does not name, and a long-running server must not
// grow without bound.
const cacheSize = 4096

type synsetKey struct {
	pos POS
	off int64
}

// Open opens the WordNet dictionary in dir. It fails, naming the file,
// when an index or data file is missing or an exception list that is
// there cannot be opened. The exception lists are read on the first
// lookup in their part of speech: most runs of the CLI ask about no word
// at all, and reading all four was most of opening's cost.
func Open(dir string) (*DB, error) {
	db := &DB{
		dir:      dir,
		synsets:  newCache[synsetKey, *Synset](cacheSize),
		relateds: newCache[relatedKey, []Relative](cacheSize),
		lemmas:   newCache[lemmaKeyPOS, []baseEntry](cacheSize),

		ancestorsOf: newCache[ancestorKey, []int64](cacheSize),
	}
	for p, name := range posFile {
		idx, err := openSorted(filepath.Join(dir, "index."+name))
		if err != nil {
			db.Close()
			return nil, fmt.Errorf("wordnet: %w", err)
		}
		db.index[p] = idx
		f, err := os.Open(filepath.Join(dir, "data."+name))
		if err != nil {
			db.Close()
			return nil, fmt.Errorf("wordnet: %w", err)
		}
		db.data[p] = f
		if err := db.exc[p].open(filepath.Join(dir, name+".exc")); err != nil {
			db.Close()
			return nil, fmt.Errorf("wordnet: %w", err)
		}
	}
	return db, nil
}

// exceptions is one exception list of irregular forms (noun.exc …), read
// on first use: each inflected form with all its base forms. WordNet
// repeats a form on several lines when it has several ("involucra" →
// involucre, involucrum), so a search that finds one line would lose the
// rest. A missing list only loses those forms.
type exceptions struct {
	// f is the list, opened by Open so that one that cannot be opened is
	// reported there, and closed once read; nil when there is none.
	f    *os.File
	size int64 // f's size when opened, to read it in one allocation
	once sync.Once
	m    map[string][]string
	err  error
	// failed holds err once the list failed to read, for [DB.Err], which
	// must not read a list itself nor wait for one being read.
	failed atomic.Pointer[error]
}

// open opens the list at path; a missing list is none.
func (e *exceptions) open(path string) error {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	st, err := f.Stat()
	if err == nil && !st.Mode().IsRegular() {
		err = fmt.Errorf("%s is not a file", path)
	}
	if err != nil {
		f.Close()
		return err
	}
	e.f, e.size = f, st.Size()
	return nil
}

// bases returns the base forms the list gives an inflected form, reading
// the list the first time. An error reading it, which names the file, is
// returned by every call.
func (e *exceptions) bases(form string) ([]string, error) {
	e.once.Do(func() {
		if e.f == nil {
			return
		}
		e.m, e.err = readExceptions(e.f, e.size)
		if cerr := e.f.Close(); e.err == nil && cerr != nil {
			e.err = fmt.Errorf("wordnet: %w", cerr)
		}
		e.f = nil
		if e.err != nil {
			e.failed.Store(&e.err)
		}
	})
	return e.m[form], e.err
}

// close closes the list if it was never read.
func (e *exceptions) close() error {
	var err error
	e.once.Do(func() {
		if e.f != nil {
			err = e.f.Close()
			e.f = nil
		}
	})
	return err
}

// readExceptions reads an exception list of about size bytes: lines of
// an inflected form followed by its base forms, a form possibly on
// several lines.
func readExceptions(f *os.File, size int64) (map[string][]string, error) {
	var buf bytes.Buffer
	buf.Grow(int(size) + bytes.MinRead) // room to see the end without growing
	if _, err := buf.ReadFrom(f); err != nil {
		return nil, fmt.Errorf("wordnet: %w", err)
	}
	text := buf.Bytes()
	exc := make(map[string][]string, bytes.Count(text, []byte("\n")))
	for line := range strings.Lines(string(text)) {
		form, bases, ok := strings.Cut(strings.TrimSpace(line), " ")
		if !ok {
			continue
		}
		for base := range strings.FieldsSeq(bases) {
			if !slices.Contains(exc[form], base) {
				exc[form] = append(exc[form], base)
			}
		}
	}
	return exc, nil
}

// Err returns the errors met reading an exception list on first use,
// each naming the list, or nil. Such an error is returned by every lookup
// in that part of speech: a caller that reads a failed lookup as "nothing
// related" asks Err to tell the dictionary's failure from a word it does
// not know. Err reads no list itself.
func (db *DB) Err() error {
	var errs []error
	for p := range posFile {
		if err := db.exc[p].failed.Load(); err != nil {
			errs = append(errs, *err)
		}
	}
	return errors.Join(errs...)
}

// Dir is the directory the dictionary was opened from.
func (db *DB) Dir() string { return db.dir }

// Close closes the dictionary's files.
func (db *DB) Close() error {
	var errs []error
	for p := range posFile {
		if db.index[p] != nil {
			errs = append(errs, db.index[p].f.Close())
		}
		if db.data[p] != nil {
			errs = append(errs, db.data[p].Close())
		}
		errs = append(errs, db.exc[p].close())
	}
	return errors.Join(errs...)
}

// EnvVar names the environment variable that chooses the dictionary: a
// directory, or "off" for none.
const EnvVar = "QUERENT_WORDNET"

// searchDirs are where WordNet's dictionary is installed by the usual
// packages: Debian and Ubuntu (wordnet-base), a source install, Homebrew.
var searchDirs = []string{
	"/usr/share/wordnet",
	"/usr/local/share/wordnet",
	"/usr/share/wordnet/dict",
	"/usr/local/WordNet-3.0/dict",
	"/opt/homebrew/share/wordnet",
	"/opt/homebrew/opt/wordnet/dict",
	"/usr/local/opt/wordnet/dict",
}

// Default opens the dictionary the environment chooses: the directory in
// QUERENT_WORDNET (an error, naming it and what is missing, if it is not
// one), none when that says "off", else the first of the usual install
// directories that holds index.noun. It returns nil and no error when no
// dictionary is found: callers then work without one.
func Default() (*DB, error) {
	return Find(os.Getenv)
}

// Find is [Default] with the environment read through getenv.
func Find(getenv func(string) string) (*DB, error) {
	if dir := getenv(EnvVar); dir != "" {
		if strings.EqualFold(dir, "off") {
			return nil, nil
		}
		db, err := Open(dir)
		if err != nil {
			return nil, fmt.Errorf("%s=%s is not a WordNet dictionary directory: %w", EnvVar, dir, err)
		}
		return db, nil
	}
	for _, dir := range searchDirs {
		if _, err := os.Stat(filepath.Join(dir, "index.noun")); err == nil {
			return Open(dir)
		}
	}
	return nil, nil
}

// Synset is one sense shared by several words: its words, and its
// pointers to other synsets.
type Synset struct {
	POS    POS
	Offset int64
	// Words are the synset's lemmas, lower case, with WordNet's
	// underscores between the words of a phrase ("moving_picture").
	Words    []string
	Pointers []Pointer
}

// Pointer is one relation from a synset (or one of its words) to another.
type Pointer struct {
	// Symbol is WordNet's: "@" hypernym, "@i" instance hypernym, "~"
	// hyponym, "~i" instance hyponym, "+" derivationally related form,
	// "=" attribute, "\" pertainym, and others this package passes on.
	Symbol string
	POS    POS
	Offset int64
	// Source and Target number the words of a lexical pointer (1-based
	// within each synset); both 0 when the pointer relates whole synsets.
	Source, Target int
}

// Senses returns the offsets of the synsets of a lemma in one part of
// speech, most frequent sense first; none when the lemma is not indexed.
// The lemma must be a base form: see [DB.BaseForms].
func (db *DB) Senses(lemma string, pos POS) ([]int64, error) {
	line, ok, err := db.index[pos].find(lemmaKey(lemma))
	if err != nil || !ok {
		return nil, err
	}
	e, err := parseIndexLine(line)
	return e.offsets, err
}

// indexEntry is what an index line says of a lemma.
type indexEntry struct {
	// offsets are its synsets, most frequent sense first.
	offsets []int64
	// tagged is how many of its senses the semantic concordance saw.
	tagged int
}

// parseIndexLine reads an index line:
// lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt offset...
func parseIndexLine(line string) (indexEntry, error) {
	f := strings.Fields(line)
	if len(f) < 4 {
		return indexEntry{}, fmt.Errorf("wordnet: short index line %q", line)
	}
	nSyn, err1 := strconv.Atoi(f[2])
	nPtr, err2 := strconv.Atoi(f[3])
	start := 4 + nPtr + 2
	if err1 != nil || err2 != nil || nSyn < 0 || nPtr < 0 || start+nSyn > len(f) {
		return indexEntry{}, fmt.Errorf("wordnet: bad index line %q", line)
	}
	tagged, err := strconv.Atoi(f[start-1])
	if err != nil || tagged < 0 {
		return indexEntry{}, fmt.Errorf("wordnet: bad tagsense count in index line %q", line)
	}
	e := indexEntry{offsets: make([]int64, 0, nSyn), tagged: tagged}
	for _, s := range f[start : start+nSyn] {
		o, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return indexEntry{}, fmt.Errorf("wordnet: bad offset %q in index line %q", s, line)
		}
		e.offsets = append(e.offsets, o)
	}
	return e, nil
}

// Synset reads the synset at a byte offset of a data file.
func (db *DB) Synset(pos POS, off int64) (*Synset, error) {
	k := synsetKey{pos, off}
	s, ok := lockedGet(&db.mu, &db.synsets, k)
	if ok {
		return s, nil
	}
	line, err := readLine(db.data[pos], off)
	if err != nil {
		return nil, fmt.Errorf("wordnet: data.%s at %d: %w", pos, off, err)
	}
	s, err = parseDataLine(line)
	if err != nil {
		return nil, fmt.Errorf("wordnet: data.%s at %d: %w", pos, off, err)
	}
	if s.Offset != off {
		return nil, fmt.Errorf("wordnet: data.%s at %d holds synset %d", pos, off, s.Offset)
	}
	lockedPut(&db.mu, &db.synsets, k, s)
	return s, nil
}

// parseDataLine reads a data line:
// offset lex_filenum ss_type w_cnt (word lex_id)... p_cnt (ptr off pos src/tgt)... [frames] | gloss
func parseDataLine(line string) (*Synset, error) {
	if i := strings.Index(line, " | "); i >= 0 {
		line = line[:i]
	}
	f := strings.Fields(line)
	if len(f) < 5 {
		return nil, fmt.Errorf("short line %q", line)
	}
	off, err := strconv.ParseInt(f[0], 10, 64)
	if err != nil {
		return nil, fmt.Errorf("bad offset in %q", line)
	}
	pos, ok := posOf(f[2])
	if !ok {
		return nil, fmt.Errorf("bad synset type in %q", line)
	}
	nw, err := strconv.ParseInt(f[3], 16, 32)
	if err != nil || nw < 1 || 4+2*int(nw) >= len(f) {
		return nil, fmt.Errorf("bad word count in %q", line)
	}
	s := &Synset{POS: pos, Offset: off, Words: make([]string, 0, nw)}
	for i := range int(nw) {
		w := strings.ToLower(f[4+2*i])
		// An adjective's syntactic marker: "ready_to_hand(p)".
		if j := strings.IndexByte(w, '('); j > 0 && strings.HasSuffix(w, ")") {
			w = w[:j]
		}
		s.Words = append(s.Words, w)
	}
	i := 4 + 2*int(nw)
	np, err := strconv.Atoi(f[i])
	if err != nil || np < 0 || i+1+4*np > len(f) {
		return nil, fmt.Errorf("bad pointer count in %q", line)
	}
	s.Pointers = make([]Pointer, 0, np)
	for j := range np {
		p := f[i+1+4*j : i+5+4*j]
		po, err := strconv.ParseInt(p[1], 10, 64)
		pp, ok := posOf(p[2])
		st, err2 := strconv.ParseUint(p[3], 16, 16)
		if err != nil || !ok || err2 != nil || len(p[3]) != 4 {
			return nil, fmt.Errorf("bad pointer %q in %q", strings.Join(p, " "), line)
		}
		s.Pointers = append(s.Pointers, Pointer{Symbol: p[0], POS: pp, Offset: po, Source: int(st >> 8), Target: int(st & 0xff)})
	}
	return s, nil
}

// lemmaKey writes a lemma as the index spells it: lower case, words
// joined by underscores.
func lemmaKey(lemma string) string {
	return strings.ReplaceAll(strings.ToLower(strings.TrimSpace(lemma)), " ", "_")
}

// boundedCache is a map that is emptied when full: lookups cluster on the
// few words a schema lacks, so an occasional cold start costs little and
// needs no eviction order. Callers hold DB.mu (lockedGet, lockedPut).
type boundedCache[K comparable, V any] struct {
	m   map[K]V
	max int
}

func newCache[K comparable, V any](max int) boundedCache[K, V] {
	return boundedCache[K, V]{m: map[K]V{}, max: max}
}

func (c *boundedCache[K, V]) get(k K) (V, bool) {
	v, ok := c.m[k]
	return v, ok
}

func (c *boundedCache[K, V]) put(k K, v V) {
	if len(c.m) >= c.max {
		clear(c.m)
	}
	c.m[k] = v
}

// lockedGet looks k up in c holding mu, the lock that guards c.
func lockedGet[K comparable, V any](mu *sync.Mutex, c *boundedCache[K, V], k K) (V, bool) {
	mu.Lock()
	defer mu.Unlock()
	return c.get(k)
}

// lockedPut stores v under k in c holding mu, the lock that guards c.
func lockedPut[K comparable, V any](mu *sync.Mutex, c *boundedCache[K, V], k K, v V) {
	mu.Lock()
	defer mu.Unlock()
	c.put(k, v)
}
