package wordnet

import "errors"

// SystemDB opens the installed dictionary for the external tests,
// skipping when there is none.
var SystemDB = systemDB

// BreakExceptions closes the exception list of pos that Open opened, so
// that reading it on first use fails as a list that cannot be read does.
func BreakExceptions(db *DB, pos POS) error {
	f := db.exc[pos].f
	if f == nil {
		return errors.New("no exception list to break")
	}
	return f.Close()
}
