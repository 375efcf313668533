package cli

import (
	"querent/internal/offline"
	"querent/internal/wordnet"
)

// openWordNet opens the WordNet dictionary the environment chooses
// (QUERENT_WORDNET, else the usual install directories) for the offline
// planner. It returns a nil thesaurus, and a no-op close, when there is
// none: the planner then leaves words the schema lacks unknown.
func openWordNet(io IO) (th offline.Thesaurus, dir string, close func(), err error) {
	db, err := wordnet.Find(io.Getenv)
	if err != nil || db == nil {
		return nil, "", func() {}, err
	}
	return db, db.Dir(), func() { db.Close() }, nil
}
