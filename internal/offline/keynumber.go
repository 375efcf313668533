package offline

import "strings"

// addKeyNumbers lets "department number" name department_id: people call
// an identifier a number ("employee number", "the customer number of …"),
// where schemas write id. The phrase is added only where nothing else is
// called so — a schema with its own apt_number or flight_number column
// keeps it — and ranks as a synonym, below any name the question spells.
// A key copied into other tables (employees.department_id) is reached the
// same way as the key itself, so the resolver picks the copy on the
// question's table as it does for "department id".
func (lx *lexicon) addKeyNumbers() {
	number := stems([]string{"number"})[0]
	type phrase struct {
		key []string
		ref nameRef
	}
	var adds []phrase
	for ti, t := range lx.tables {
		for ci, c := range t.cols {
			if c == nil || !c.id || len(c.words) < 2 || c.words[len(c.words)-1] != "id" {
				continue
			}
			key := append(stems(c.words[:len(c.words)-1]), number)
			if len(lx.names[strings.Join(key, " ")]) == 0 {
				adds = append(adds, phrase{key, nameRef{ti, ci, classSynonym}})
			}
		}
	}
	// Added after the scan, so that one key's phrase does not hide
	// another's copy of it.
	for _, a := range adds {
		lx.addPhrase(a.key, a.ref)
	}
}
