package wordnet

import "slices"

// ancestorKey names the synsets a noun's first senses reach upward.
type ancestorKey struct {
	word          string
	senses, steps int
}

// IsA reports whether a noun is a kind or an instance of another: whether
// one of its first senses (WordNet's most frequent first) reaches one of
// the class's first classSenses senses by at most steps hypernym or
// instance-hypernym pointers ("@", "@i"), its own synsets included.
// "Paris" is a city (Paris → national capital → capital → city), and
// "football" a sport. Both words are read through their base forms
// ("cities" → city); a word WordNet does not know as a noun is nothing.
// What a word reaches is cached: a caller asks about the same values for
// several classes.
func (db *DB) IsA(word, class string, senses, classSenses, steps int) (bool, error) {
	cbes, err := db.baseEntries(class, Noun)
	if err != nil || len(cbes) == 0 {
		return false, err
	}
	up, err := db.ancestors(word, senses, steps)
	if err != nil || len(up) == 0 {
		return false, err
	}
	for _, be := range cbes {
		for _, off := range be.entry.offsets[:min(classSenses, len(be.entry.offsets))] {
			if _, ok := slices.BinarySearch(up, off); ok {
				return true, nil
			}
		}
	}
	return false, nil
}

// ancestors returns, sorted, the offsets of the noun synsets a word's
// first senses reach by at most steps hypernym pointers, those senses
// included.
func (db *DB) ancestors(word string, senses, steps int) ([]int64, error) {
	key := ancestorKey{lemmaKey(word), senses, steps}
	up, ok := lockedGet(&db.mu, &db.ancestorsOf, key)
	if ok {
		return up, nil
	}
	bes, err := db.baseEntries(key.word, Noun)
	if err != nil {
		return nil, err
	}
	var frontier []int64
	for _, be := range bes {
		for _, off := range be.entry.offsets[:min(senses, len(be.entry.offsets))] {
			if !slices.Contains(frontier, off) {
				frontier = append(frontier, off)
			}
		}
	}
	up = slices.Clone(frontier)
	for range steps {
		var next []int64
		for _, off := range frontier {
			s, err := db.Synset(Noun, off)
			if err != nil {
				return nil, err
			}
			for _, p := range s.Pointers {
				if (p.Symbol == "@" || p.Symbol == "@i") && p.POS == Noun && !slices.Contains(up, p.Offset) {
					up = append(up, p.Offset)
					next = append(next, p.Offset)
				}
			}
		}
		if len(next) == 0 {
			break
		}
		frontier = next
	}
	slices.Sort(up)
	lockedPut(&db.mu, &db.ancestorsOf, key, up)
	return up, nil
}
