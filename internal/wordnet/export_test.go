package wordnet

// SystemDB opens the installed dictionary for the external tests,
// skipping when there is none.
var SystemDB = systemDB
