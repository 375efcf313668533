package offline_test

import (
	"slices"
	"strings"
	"testing"

	"querent/internal/offline"
	"querent/internal/schema"
)

// venueSchema holds airports, games, customers and teams whose text
// columns are sampled completely with values of several words, and one
// column (stadium.name) whose samples are only the most frequent values.
func venueSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("airport", []schema.Column{col("id", "INTEGER"),
			complete(col("airport_name", "TEXT", "London Gatwick", "London Heathrow", "Manchester Ringway")), col("elevation", "INTEGER")}),
		table("game", []schema.Column{col("id", "INTEGER"), col("title", "TEXT"),
			complete(col("genre", "TEXT", "Collectible card game", "Puzzle adventure", "Racing"))}),
		table("customer", []schema.Column{col("id", "INTEGER"), col("customer_name", "TEXT"),
			complete(col("address", "TEXT", "12 Main St, Nashville, TN", "4 Elm Rd, Austin, TX"))}),
		table("team", []schema.Column{col("id", "INTEGER"), col("team_name", "TEXT"),
			complete(col("city", "TEXT", "Santa Clara", "San Jose")), complete(col("coach", "TEXT", "Clara Oswald", "John Smith")),
			col("wins", "INTEGER")}),
		table("stadium", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Levi Stadium", "Oracle Park"), col("seats", "INTEGER")}),
	}}
}

// TestValueWordAnswers: a run of words that is part of exactly one
// complete value names that value.
func TestValueWordAnswers(t *testing.T) {
	runAnswers(t, venueSchema(), []answerCase{
		// A capitalised word of one value.
		{"What is the elevation of the Gatwick airport?", `{"select":[{"expr":{"col":"airport.elevation"}}],"from":{"table":"airport"},"where":{"op":"=","left":{"col":"airport.airport_name"},"right":{"value":"London Gatwick"}}}`},
		// The last word in the plural of the value's.
		{"Show the titles of Puzzle adventures.", `{"distinct":true,"select":[{"expr":{"col":"game.title"}}],"from":{"table":"game"},"where":{"op":"=","left":{"col":"game.genre"},"right":{"value":"Puzzle adventure"}}}`},
		// A family name alone.
		{"Show the wins of the team with coach Smith.", `{"select":[{"expr":{"col":"team.wins"}}],"from":{"table":"team"},"where":{"op":"=","left":{"col":"team.coach"},"right":{"value":"John Smith"}}}`},
		// Two lower-case words of one value.
		{"What are the titles of all games that are collectible cards?", `{"select":[{"expr":{"col":"game.title"}}],"from":{"table":"game"},"where":{"op":"=","left":{"col":"game.genre"},"right":{"value":"Collectible card game"}}}`},
		// A quoted phrase that is part of one value.
		{`What is the elevation of "Heathrow"?`, `{"distinct":true,"select":[{"expr":{"col":"airport.elevation"}}],"from":{"table":"airport"},"where":{"op":"=","left":{"col":"airport.airport_name"},"right":{"value":"London Heathrow"}}}`},
		// Right after another column's name, quoted text is that column's
		// literal, not part of a coach's name.
		{`Show the wins of the team with team name "Smith".`, `{"select":[{"expr":{"col":"team.wins"}}],"from":{"table":"team"},"where":{"op":"=","left":{"col":"team.team_name"},"right":{"value":"Smith"}}}`},
		// After a pattern word, the word is the pattern's text.
		{"Find the names of customers whose address contains TN.", `{"select":[{"expr":{"col":"customer.customer_name"}}],"from":{"table":"customer"},"where":{"op":"like","left":{"col":"customer.address"},"right":{"value":"%TN%"}}}`},
	})
}

// TestValueWordRefusals: words of values that are common words, that
// several values hold, that a longer name goes on from, or that only
// incomplete samples hold, link to nothing.
func TestValueWordRefusals(t *testing.T) {
	runRefusals(t, venueSchema(), []string{
		// Held by two values: any of them, or a pattern, or another.
		"What is the average elevation of London airports?",
		// Lower case and one word: an ordinary word.
		"What are the titles of puzzle games?",
		// Cut short: the question names a value the samples lack.
		"What is the elevation of Gatwick Express?",
		// Incomplete samples: the stadium may hold other names.
		"How many seats does Levi have?",
		// Sentence-initial: a capital says nothing.
		"Gatwick elevation?",
	})
}

// TestValueWordAmbiguous: a word held by values of two columns is
// ambiguous, and the planner asks which column it means, naming both.
func TestValueWordAmbiguous(t *testing.T) {
	p := offline.New(venueSchema(), offline.Options{Today: today})
	r, tr := p.PlanWithTrace("How many wins does the Clara team have?")
	if r.Clarification == nil || len(r.Clarification.Questions) != 1 {
		t.Fatalf("want a clarification, got %s\n%s", describeReply(r), tr)
	}
	q := r.Clarification.Questions[0]
	want := []string{"team.city", "team.coach"}
	if !slices.Equal(q.Choices, want) || !strings.Contains(q.Text, "Clara") {
		t.Errorf("clarification %q with choices %v, want choices %v", q.Text, q.Choices, want)
	}
}
