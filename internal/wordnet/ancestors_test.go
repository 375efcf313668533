package wordnet_test

import (
	"testing"

	"querent/internal/wordnet"
)

func TestIsA(t *testing.T) {
	db := openFixture(t)
	cases := []struct {
		word, class   string
		senses, steps int
		want          bool
	}{
		{"Paris", "city", 1, 2, true},          // Paris → capital → city
		{"Paris", "city", 1, 1, false},         // one step reaches the capital only
		{"Paris", "capital", 1, 1, true},       // an instance hypernym is a step
		{"paris", "cities", 1, 2, true},        // the class read through its base form
		{"City of Light", "city", 1, 2, true},  // a phrase, as a value is written
		{"New York", "metropolis", 1, 1, true}, // a synonym of the class's synset
		{"capital", "capital", 1, 0, true},     // its own synset
		{"Washington", "city", 1, 4, false},    // its first sense is a person
		{"Washington", "city", 2, 4, true},     // its second a capital
		{"city", "capital", 1, 4, false},       // hypernyms only: no step down
		{"Lyon", "city", 1, 4, false},          // unknown to the dictionary
		{"Paris", "town", 1, 4, false},         // an unknown class
		{"tall", "height", 1, 4, false},        // an adjective is no noun
	}
	for _, c := range cases {
		got, err := db.IsA(c.word, c.class, c.senses, 1, c.steps)
		if err != nil {
			t.Fatalf("IsA(%q, %q): %v", c.word, c.class, err)
		}
		if got != c.want {
			t.Errorf("IsA(%q, %q, senses %d, steps %d) = %v, want %v", c.word, c.class, c.senses, c.steps, got, c.want)
		}
		// Asked again, the cached ancestors give the same answer.
		if again, _ := db.IsA(c.word, c.class, c.senses, 1, c.steps); again != got {
			t.Errorf("IsA(%q, %q) changed when cached", c.word, c.class)
		}
	}
}

// TestIsAClassSenses: only the class's first senses are its meaning;
// "film" as photographic film is its second sense.
func TestIsAClassSenses(t *testing.T) {
	db := openFixture(t)
	for _, c := range []struct {
		classSenses int
		want        bool
	}{{1, false}, {2, true}} {
		got, err := db.IsA("photographic film", "film", 1, c.classSenses, 0)
		if err != nil || got != c.want {
			t.Errorf("IsA(photographic film, film, class senses %d) = %v, %v; want %v", c.classSenses, got, err, c.want)
		}
	}
}

// TestIsASystem checks the values the offline planner reads as members of
// a class on the installed dictionary, as the planner asks (valueclass.go).
func TestIsASystem(t *testing.T) {
	db, err := wordnet.Find(func(string) string { return "" })
	if err != nil || db == nil {
		t.Skip("no WordNet dictionary installed (apt-get install wordnet-base)")
	}
	defer db.Close()
	for _, c := range [][2]string{{"Paris", "city"}, {"New York", "city"}, {"football", "sport"}, {"France", "country"}, {"red", "color"}, {"tennis", "sport"}, {"January", "month"}} {
		if ok, err := db.IsA(c[0], c[1], 1, 2, 3); err != nil || !ok {
			t.Errorf("IsA(%q, %q) = %v, %v", c[0], c[1], ok, err)
		}
	}
	for _, c := range [][2]string{{"Paris", "country"}, {"France", "city"}, {"football", "color"}, {"France", "district"}} {
		if ok, err := db.IsA(c[0], c[1], 1, 2, 3); err != nil || ok {
			t.Errorf("IsA(%q, %q) = %v, %v; want false", c[0], c[1], ok, err)
		}
	}
}
