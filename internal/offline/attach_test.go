package offline_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/offline"
	"querent/internal/schema"
)

// attachSchema has hotels whose star rating is a text code holding digits
// (and a ratings table whose descriptions all say "star"), coaches with a
// rank, players coached through a link table, addresses in countries, and
// instructors who teach courses.
func attachSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("star_rating", []schema.Column{complete(col("id", "TEXT", "1", "2", "3", "4", "5")), complete(col("star_rating_description", "TEXT", "star"))}),
		table("hotel", []schema.Column{
			col("id", "INTEGER"),
			complete(col("star_rating_code", "TEXT", "1", "2", "3", "4", "5")),
			col("price_range", "REAL"),
			complete(col("pets_allowed_yn", "TEXT", "0", "1")),
		}, fk("star_rating_code", "star_rating")),
		table("coach", []schema.Column{col("id", "INTEGER"), col("coach_name", "TEXT", "Jameson Tomas"), col("rank", "INTEGER")}),
		table("player", []schema.Column{col("id", "INTEGER"), col("player_name", "TEXT", "Jean Luc"), col("rank", "TEXT", "1st", "2nd")}),
		table("player_coach", []schema.Column{col("id", "INTEGER"), col("player_id", "INTEGER"), col("coach_id", "INTEGER"), col("starting_year", "INTEGER")},
			fk("player_id", "player"), fk("coach_id", "coach")),
		table("address", []schema.Column{col("id", "INTEGER"), col("city", "TEXT", "Paris"), complete(col("country", "TEXT", "France", "USA"))}),
		table("instructor", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Srinivasan")}),
		table("course", []schema.Column{col("id", "INTEGER"), complete(col("title", "TEXT", "C Programming", "Databases"))}),
		table("teaches", []schema.Column{col("id", "INTEGER"), col("instructor_id", "INTEGER"), col("course_id", "INTEGER")},
			fk("instructor_id", "instructor"), fk("course_id", "course")),
	}}
}

// A whole number, one word and a table ("five star hotels") is a value of
// the one column of that table whose name starts with the word, when the
// column may hold the number; a column's name, a number and a table ("the
// rank 1 coach") is a value of that table's column of the name.
func TestNumberModifiesTable(t *testing.T) {
	fiveStar := `{"select":[{"expr":{"col":"hotel.price_range"}}],"from":{"table":"hotel"},"where":{"op":"=","left":{"col":"hotel.star_rating_code"},"right":{"value":"5"}}}`
	rank1 := `{"select":[{"expr":{"col":"coach.coach_name"}}],"from":{"table":"coach"},"where":{"op":"=","left":{"col":"coach.rank"},"right":{"value":1}}}`
	runAnswers(t, attachSchema(), []answerCase{
		{"What are the price ranges of five star hotels?", fiveStar},
		{"What are the price ranges of 5 star hotels?", fiveStar},
		{"List the names of the rank 1 coaches.", rank1},
	})
	runRefusals(t, attachSchema(), []string{
		// No code of 7: the number is no star rating the hotels hold.
		"What are the price ranges of seven star hotels?",
		// "price" starts no column of the hotels (price_range is one, but
		// the word after the number must start the column).
		"What are the star rating codes of 100 pets hotels?",
		// The player's rank is text ("1st") that holds no 1.
		"List the names of the rank 1 players.",
	})
}

// "before" that ends the question is the adverb "previously": it compares
// nothing, so it adds no condition; followed by what it bounds, it stays a
// comparison.
func TestBeforeAsPreviously(t *testing.T) {
	runAnswers(t, attachSchema(), []answerCase{
		{"Find the names of the instructors who taught the C Programming course before.",
			`{"select":[{"expr":{"col":"instructor.name"}}],"from":{"table":"instructor"},"where":{"op":"in","left":{"col":"instructor.id"},"subquery":{"select":[{"expr":{"col":"teaches.instructor_id"}}],"from":{"table":"teaches"},"joins":[{"type":"inner","table":"course","on":[{"left":"teaches.course_id","right":"course.id"}]}],"where":{"op":"=","left":{"col":"course.title"},"right":{"value":"C Programming"}}}}}`},
	})
	runRefusals(t, attachSchema(), []string{
		"Find the names of the instructors who taught the C Programming course before the Databases course.",
	})
}

// "For which X are there more than N Y": the existential "there are" says
// only that Y's rows exist; X is grouped by the count of them.
func TestCountAfterThereAre(t *testing.T) {
	byCountry := `{"select":[{"expr":{"col":"address.country"}}],"from":{"table":"address"},"group_by":[{"col":"address.country"}],"having":{"op":">","left":{"agg":"count"},"right":{"value":4}}}`
	runAnswers(t, attachSchema(), []answerCase{
		{"For which countries are there more than four addresses?", byCountry},
		{"For which countries are there more than four distinct addresses listed?", byCountry},
		{"In which countries are there more than 4 addresses?", byCountry},
	})
	runRefusals(t, attachSchema(), []string{
		// No name before "there are": nothing to group.
		"Are there more than four addresses?",
	})
}

// A count phrase between a bound and a column's name ("more than 5000
// total number of horses") names the column, not a count of rows: the one
// numeric column of the name, with "total" in it when "total" is said.
func TestCountPhraseNamesColumn(t *testing.T) {
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("farm", []schema.Column{col("id", "INTEGER"), col("total_horses", "REAL"), col("working_horses", "REAL"), col("cows", "REAL")}),
	}}
	over := func(c string) string {
		return `{"select":[{"expr":{"agg":"avg","arg":{"col":"farm.working_horses"}}}],"from":{"table":"farm"},"where":{"op":">","left":{"col":"farm.` + c + `"},"right":{"value":5000}}}`
	}
	runAnswers(t, s, []answerCase{
		{"What is the average number of working horses of farms with more than 5000 total number of horses?", over("total_horses")},
		{"What is the average number of working horses of farms with more than 5000 number of cows?", over("cows")},
	})
	runRefusals(t, s, []string{
		// Two columns of horses, and nothing says which.
		"What is the average number of working horses of farms with more than 5000 number of horses?",
	})
}

// "at least one" before a value says only that a row with the value
// exists: the question is planned as it is without the bound.
func TestAtLeastOneBeforeValue(t *testing.T) {
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("artist", []schema.Column{col("id", "INTEGER"), col("artist_name", "TEXT", "Shrikanta")}),
		table("song", []schema.Column{col("id", "INTEGER"), col("song_name", "TEXT", "Tumi robe"), col("artist_id", "INTEGER"), complete(col("languages", "TEXT", "english", "bangla"))},
			fk("artist_id", "artist")),
	}}
	p := offline.New(s, offline.Options{Today: today})
	for _, c := range []struct{ bounded, plain string }{
		{"Find the names of artists who have at least one English song.", "Find the names of artists who have English songs."},
		{"Which artists have at least one 'bangla' song?", "Which artists have 'bangla' songs?"},
	} {
		got, want := planned(t, p, s, c.bounded), planned(t, p, s, c.plain)
		if got.Plan == nil || want.Plan == nil {
			t.Fatalf("%q: %s; %q: %s", c.bounded, describeReply(got), c.plain, describeReply(want))
		}
		if diff := cmp.Diff(planValue(t, want.Plan), planValue(t, got.Plan)); diff != "" {
			t.Errorf("%q is not planned as %q (-want +got):\n%s", c.bounded, c.plain, diff)
		}
	}
	runRefusals(t, s, []string{
		// A bound of two before a value counts rows, not read here.
		"Find the names of artists who have at least two English songs.",
	})
}
