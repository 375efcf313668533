package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// labelSchema has tables named by one label column (artist.name,
// album.title), one named by two (singer's first and last names), one whose
// label's samples are all its values (genre.name), and a column of the
// counted table that questions rank by its use (customer.payment_method).
func labelSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("artist", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "AC/DC", "Accept"), col("country", "TEXT", "Australia")}),
		table("album", []schema.Column{col("id", "INTEGER"), col("title", "TEXT", "Let There Be Rock"), col("year", "INTEGER"), col("artist_id", "INTEGER")},
			fk("artist_id", "artist")),
		table("singer", []schema.Column{col("id", "INTEGER"), col("first_name", "TEXT", "Ann"), col("last_name", "TEXT", "Ray"), col("age", "INTEGER")}),
		table("genre", []schema.Column{col("id", "INTEGER"), complete(col("name", "TEXT", "Rock", "Jazz")), col("rank", "INTEGER")}),
		table("customer", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Bo"), complete(col("payment_method", "TEXT", "Cash", "Card"))}),
	}}
}

// Quoted text right after a table named in the singular is the row's one
// label ("the album 'X'" is album.title = 'X'), on the question's own table
// or a parent joined to it.
func TestQuotedLabelAfterTable(t *testing.T) {
	runAnswers(t, labelSchema(), []answerCase{
		{`what is the year of the album "Balls to the Wall"?`, `{"select":[{"expr":{"col":"album.year"}}],"distinct":true,"from":{"table":"album"},"where":{"op":"=","left":{"col":"album.title"},"right":{"value":"Balls to the Wall"}}}`},
		{`which country is the artist "Metallica" from?`, `{"select":[{"expr":{"col":"artist.country"}}],"distinct":true,"from":{"table":"artist"},"where":{"op":"=","left":{"col":"artist.name"},"right":{"value":"Metallica"}}}`},
		{`how many albums does the artist "Metallica" have?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"album"},"joins":[{"type":"inner","table":"artist","on":[{"left":"album.artist_id","right":"artist.id"}]}],"where":{"op":"=","left":{"col":"artist.name"},"right":{"value":"Metallica"}}}`},
	})
	runRefusals(t, labelSchema(), []string{
		`what is the age of the singer "Ann Ray"?`, // two label columns: first or last name
		// "the genre \"Polka\"", Polka stored nowhere, is answered (empty):
		// placevalues_test.go.
		`what is the year of the albums "Let It Be"`, // a plural names rows, not one
	})
}

// "X used by the most Y": a passive verb between the column and "by"
// ranks X's values by the count of Y's rows, as "the most common X".
func TestPassiveByRanking(t *testing.T) {
	runAnswers(t, labelSchema(), []answerCase{
		{`which payment method is used by most customers?`, `{"select":[{"expr":{"col":"customer.payment_method"}}],"from":{"table":"customer"},"group_by":[{"col":"customer.payment_method"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
		{`find the payment method that is used by the least customers`, `{"select":[{"expr":{"col":"customer.payment_method"}}],"from":{"table":"customer"},"group_by":[{"col":"customer.payment_method"}],"order_by":[{"expr":{"agg":"count"}}],"limit":1}`},
	})
	runRefusals(t, labelSchema(), []string{
		`which payment method by most customers?`, // no verb: not a passive clause
	})
}

// keyedSchema has integer keys that questions name after the table
// ("room 112") and integer columns given several values.
func keyedSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("person", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann"), col("age", "INTEGER"), col("district", "INTEGER")}),
		table("room", []schema.Column{col("id", "INTEGER"), col("building", "TEXT", "NEB")}),
		table("booking", []schema.Column{col("id", "INTEGER"), col("room_id", "INTEGER"), col("nights", "INTEGER")}, fk("room_id", "room")),
	}}
}

// A whole number right after a table named in the singular is the row's
// integer key; a number after "or" is another value of the column the
// number before it was given; "either" only announces the "or"; "aged" is
// the age.
func TestKeyNumbersAndOrValues(t *testing.T) {
	runAnswers(t, keyedSchema(), []answerCase{
		{`what is the building of room 112?`, `{"select":[{"expr":{"col":"room.building"}}],"distinct":true,"from":{"table":"room"},"where":{"op":"=","left":{"col":"room.id"},"right":{"value":112}}}`},
		{`how many bookings are there for room 112?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"booking"},"joins":[{"type":"inner","table":"room","on":[{"left":"booking.room_id","right":"room.id"}]}],"where":{"op":"=","left":{"col":"room.id"},"right":{"value":112}}}`},
		{`the names of people in district 1 or 2`, `{"select":[{"expr":{"col":"person.name"}}],"from":{"table":"person"},"where":{"or":[{"op":"=","left":{"col":"person.district"},"right":{"value":1}},{"op":"=","left":{"col":"person.district"},"right":{"value":2}}]}}`},
		{`show the names of people aged either 35 or 36`, `{"select":[{"expr":{"col":"person.name"}}],"from":{"table":"person"},"where":{"or":[{"op":"=","left":{"col":"person.age"},"right":{"value":35}},{"op":"=","left":{"col":"person.age"},"right":{"value":36}}]}}`},
	})
	runRefusals(t, keyedSchema(), []string{
		`what is the building of rooms 112?`,           // a plural names rows, not one
		`what is the building of room 1.5?`,            // a key is whole
		`the names of people in district 1 or 2 rooms`, // the second number counts rooms, not a district
	})
}
