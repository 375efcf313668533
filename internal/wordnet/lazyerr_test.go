package wordnet_test

import (
	"strings"
	"testing"

	"querent/internal/wordnet"
)

// TestLazyExceptionReadError: an exception list that fails when first
// read fails every lookup in its part of speech, naming the list, and
// Err reports it; the other parts of speech, and Err before any lookup,
// are untouched.
func TestLazyExceptionReadError(t *testing.T) {
	db, err := wordnet.Open(writeFixture(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := wordnet.BreakExceptions(db, wordnet.Noun); err != nil {
		t.Fatal(err)
	}
	if err := db.Err(); err != nil {
		t.Fatalf("Err before any lookup = %v; want nil", err)
	}
	if _, err := db.BaseForms("verb", wordnet.Verb); err != nil {
		t.Errorf("BaseForms in another part of speech: %v; want no error", err)
	}
	for range 2 { // the error stays
		if _, err := db.BaseForms("mice", wordnet.Noun); err == nil || !strings.Contains(err.Error(), "noun.exc") {
			t.Errorf("BaseForms(mice) with a list that fails to read: %v; want an error naming noun.exc", err)
		}
	}
	if err := db.Err(); err == nil || !strings.Contains(err.Error(), "noun.exc") {
		t.Errorf("Err after the failed read = %v; want an error naming noun.exc", err)
	}
}
