package dbtest_test

import (
	"testing"

	"querent/internal/database/dbtest"
)

// TestCorpusSize keeps the shared corpus at the size the engines' promise
// rests on.
func TestCorpusSize(t *testing.T) {
	if n := len(dbtest.Adversarial); n < 300 {
		t.Errorf("%d adversarial inputs, want at least 300", n)
	}
}
