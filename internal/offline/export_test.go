package offline

import "querent/internal/wordnet"

// UsageCounts fakes [wordnet.DB.Tagged] for the tests of both test
// packages: how often each word was seen as a noun, a verb and an
// adjective (adverbs: never).
type UsageCounts map[string][3]int

func (u UsageCounts) Tagged(word string, pos wordnet.POS) (int, error) {
	if pos > wordnet.Adj {
		return 0, nil
	}
	return u[word][pos], nil
}
