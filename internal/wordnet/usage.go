package wordnet

import (
	"fmt"
	"strconv"
	"strings"
)

// Tagged returns how many of a word's senses in one part of speech were
// seen in the semantic concordance WordNet orders its senses by (the
// index line's tagsense_cnt), for the base form seen most: a measure of
// how often the word is used as that part of speech at all. "Treats" has
// 5 tagged verb senses and none as a noun; "lines" 23 as a noun and 2 as
// a verb. A word WordNet does not know has 0.
func (db *DB) Tagged(word string, pos POS) (int, error) {
	bases, err := db.BaseForms(word, pos)
	if err != nil {
		return 0, err
	}
	most := 0
	for _, b := range bases {
		line, ok, err := db.index[pos].find(lemmaKey(b))
		if err != nil {
			return 0, err
		}
		if !ok {
			continue
		}
		n, err := taggedCount(line)
		if err != nil {
			return 0, err
		}
		most = max(most, n)
	}
	return most, nil
}

// taggedCount reads the tagsense_cnt of an index line:
// lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt offset...
func taggedCount(line string) (int, error) {
	f := strings.Fields(line)
	if len(f) < 6 {
		return 0, fmt.Errorf("wordnet: short index line %q", line)
	}
	nPtr, err := strconv.Atoi(f[3])
	if err != nil || nPtr < 0 || 5+nPtr >= len(f) {
		return 0, fmt.Errorf("wordnet: bad index line %q", line)
	}
	n, err := strconv.Atoi(f[5+nPtr])
	if err != nil {
		return 0, fmt.Errorf("wordnet: bad tagsense count in index line %q", line)
	}
	return n, nil
}
