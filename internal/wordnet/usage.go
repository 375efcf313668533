package wordnet

// Tagged returns how many of a word's senses in one part of speech were
// seen in the semantic concordance WordNet orders its senses by (the
// index line's tagsense_cnt), for the base form seen most: a measure of
// how often the word is used as that part of speech at all. "Treats" has
// 5 tagged verb senses and none as a noun; "lines" 23 as a noun and 2 as
// a verb. A word WordNet does not know has 0. The word's index entries
// are cached with [DB.Related]'s: a planner asks about the same word in
// several parts of speech, and again for each question that holds it.
func (db *DB) Tagged(word string, pos POS) (int, error) {
	bes, err := db.baseEntries(word, pos)
	if err != nil {
		return 0, err
	}
	most := 0
	for _, be := range bes {
		most = max(most, be.entry.tagged)
	}
	return most, nil
}
