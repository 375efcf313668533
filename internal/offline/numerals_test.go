package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// numeralSchema has a ranked table (city) with an integer rank, rooms
// counted by an integer column (beds), and apartments whose bedroom count
// a number before "bedroom" gives.
func numeralSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("city", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Oslo"), col("regional_population", "INTEGER"), col("rank", "INTEGER")}),
		table("room", []schema.Column{col("id", "INTEGER"), col("room_name", "TEXT", "Blue"), complete(col("decor", "TEXT", "modern", "rustic")), col("base_price", "REAL"), col("beds", "INTEGER")}),
		table("apartment", []schema.Column{col("id", "INTEGER"), col("apartment_number", "TEXT", "A1"), col("bedroom_count", "INTEGER")}),
	}}
}

// A numeral other than "one" is read as the same number in digits would
// be, anywhere in the question.
func TestNumeralsReadLikeDigits(t *testing.T) {
	limit3 := `{"select":[{"expr":{"col":"city.name"}}],"from":{"table":"city"},"order_by":[{"expr":{"col":"city.regional_population"},"desc":true}],"limit":3}`
	beds := func(n string) string {
		return `{"select":[{"expr":{"col":"room.room_name"}}],"from":{"table":"room"},"where":{"and":[{"op":"=","left":{"col":"room.decor"},"right":{"value":"modern"}},{"op":"=","left":{"col":"room.beds"},"right":{"value":` + n + `}}]}}`
	}
	runAnswers(t, numeralSchema(), []answerCase{
		{"Which three cities have the largest regional population?", limit3},
		{"Which 3 cities have the largest regional population?", limit3},
		{"What are the names of modern rooms with two beds?", beds("2")},
		{"What are the names of modern rooms with 2 beds?", beds("2")},
		// A tens numeral and a unit make one number, hyphenated or not.
		{"What are the names of modern rooms with twenty-five beds?", beds("25")},
		{"What are the names of modern rooms with twenty five beds?", beds("25")},
		{"What are the names of modern rooms with thirteen beds?", beds("13")},
	})
	runRefusals(t, numeralSchema(), []string{
		// "one" stays a pronoun outside a ranking or a comparison.
		"What are the names of modern rooms with one beds?",
		// A scale word the numeral cannot be placed with.
		"What are the names of modern rooms with two hundred beds?",
	})
}

// A number written right before a noun qualifies that noun: it is never a
// value of the column named before "of" ("the price ranges of 5 star
// hotels" asks for no price range of 5).
func TestNumberBeforeNounIsNotTheColumnBefore(t *testing.T) {
	bedrooms := `{"select":[{"expr":{"col":"apartment.apartment_number"}}],"from":{"table":"apartment"},"where":{"op":"=","left":{"col":"apartment.bedroom_count"},"right":{"value":3}}}`
	runAnswers(t, numeralSchema(), []answerCase{
		{"What are the apartment numbers of 3 bedroom apartments?", bedrooms},
		{"What are the apartment numbers of three bedroom apartments?", bedrooms},
	})
	twoBeds := `{"select":[{"expr":{"col":"room.base_price"}}],"from":{"table":"room"},"where":{"op":"=","left":{"col":"room.beds"},"right":{"value":2}}}`
	runAnswers(t, numeralSchema(), []answerCase{
		{"What are the base prices of 2 bed rooms?", twoBeds},
		{"What are the base prices of two bed rooms?", twoBeds},
	})
	runRefusals(t, numeralSchema(), []string{
		// 5 qualifies "modern", which cannot take it.
		"What are the base prices of 5 modern rooms?",
		"What are the base prices of five modern rooms?",
	})
}

// A numeral right after a determiner counts the things named after it
// ("the three ranks"): it is no value of their column. The question is
// refused rather than read as rank = 3.
func TestNumeralAfterDeterminerCounts(t *testing.T) {
	runAnswers(t, numeralSchema(), []answerCase{
		{"Which cities have rank two?", `{"select":[{"expr":{"col":"city.name"}}],"from":{"table":"city"},"where":{"op":"=","left":{"col":"city.rank"},"right":{"value":2}}}`},
		{"What are the names of the rooms with three beds?", `{"select":[{"expr":{"col":"room.room_name"}}],"from":{"table":"room"},"where":{"op":"=","left":{"col":"room.beds"},"right":{"value":3}}}`},
	})
	runRefusals(t, numeralSchema(), []string{
		"What are the three ranks of cities?",
		"Which cities have the two ranks?",
		"List the names of the two cities.",
		"What are the names of their three rooms with beds?",
	})
}
