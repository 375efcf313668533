package wordnet

// taggedKey names a cached [DB.Tagged] answer.
type taggedKey struct {
	word string
	pos  POS
}

// Tagged returns how many of a word's senses in one part of speech were
// seen in the semantic concordance WordNet orders its senses by (the
// index line's tagsense_cnt), for the base form seen most: a measure of
// how often the word is used as that part of speech at all. "Treats" has
// 5 tagged verb senses and none as a noun; "lines" 23 as a noun and 2 as
// a verb. A word WordNet does not know has 0. Results are cached: a
// planner asks about the same word in several parts of speech, and again
// for each question that holds it.
func (db *DB) Tagged(word string, pos POS) (int, error) {
	key := taggedKey{lemmaKey(word), pos}
	db.mu.Lock()
	n, ok := db.tagged.get(key)
	db.mu.Unlock()
	if ok {
		return n, nil
	}
	bls, err := db.baseLines(key.word, pos)
	if err != nil {
		return 0, err
	}
	most := 0
	for _, bl := range bls {
		e, err := parseIndexLine(bl.line)
		if err != nil {
			return 0, err
		}
		most = max(most, e.tagged)
	}
	db.mu.Lock()
	db.tagged.put(key, most)
	db.mu.Unlock()
	return most, nil
}
