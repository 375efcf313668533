package cli_test

import (
	"strings"
	"testing"
)

// TestEvalWordNet: eval says on stderr which WordNet it used, or that it
// used none, and a QUERENT_WORDNET that is no dictionary stops it with
// the directory and the missing file named.
func TestEvalWordNet(t *testing.T) {
	dataset, dbDir := evalFixture(t)
	args := []string{"eval", "--dataset", dataset, "--db-dir", dbDir, "--json", "--limit", "1"}

	_, stderr, code := runWith(t, "", map[string]string{"QUERENT_WORDNET": "off"}, args...)
	if code != 0 || !strings.Contains(stderr, "no WordNet found") || strings.Count(stderr, "WordNet") != 1 {
		t.Errorf("QUERENT_WORDNET=off: exit %d, stderr %q; want a run saying once that no WordNet was used", code, stderr)
	}

	bad := t.TempDir()
	_, stderr, code = runWith(t, "", map[string]string{"QUERENT_WORDNET": bad}, args...)
	if code != 2 || !strings.Contains(stderr, bad) || !strings.Contains(stderr, "index.noun") {
		t.Errorf("QUERENT_WORDNET=%s (empty): exit %d, stderr %q; want exit 2 naming the directory and index.noun", bad, code, stderr)
	}
}

// TestAskBadWordNet: ask refuses to start on a QUERENT_WORDNET that is no
// dictionary, rather than answer without the vocabulary it was told to use.
func TestAskBadWordNet(t *testing.T) {
	_, dbDir := evalFixture(t)
	bad := t.TempDir()
	_, stderr, code := runWith(t, "", map[string]string{"QUERENT_WORDNET": bad}, "ask", "--db", dbDir+"/shop/shop.sqlite", "how many customers are there")
	if code != 2 || !strings.Contains(stderr, bad) {
		t.Errorf("exit %d, stderr %q; want exit 2 naming %s", code, stderr, bad)
	}
}

// TestNonPlanningCommandsIgnoreWordNet: schema and sql never plan, so a
// QUERENT_WORDNET that is no dictionary does not stop them.
func TestNonPlanningCommandsIgnoreWordNet(t *testing.T) {
	_, dbDir := evalFixture(t)
	db := dbDir + "/shop/shop.sqlite"
	env := map[string]string{"QUERENT_WORDNET": t.TempDir()}
	for _, args := range [][]string{
		{"schema", "--db", db},
		{"sql", "--db", db, "SELECT 1"},
	} {
		stdout, stderr, code := runWith(t, "", env, args...)
		if code != 0 || strings.Contains(stderr, "WordNet") {
			t.Errorf("%s with a bad %s: exit %d, stdout %q, stderr %q; want it to run", args[0], "QUERENT_WORDNET", code, stdout, stderr)
		}
	}
}
