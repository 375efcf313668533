package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// paraphraseSchema names its things in one set of words that questions
// written without seeing it put in others: trips a question calls tours,
// papers it calls articles, a type it calls a category, faculty it calls
// teachers, actors it calls performers, a manager it calls the head, a
// body_builder written as one word, a birth_place as "birthplace",
// descriptions it calls "describing content", a title it calls a name.
func paraphraseSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("trip", []schema.Column{col("id", "INTEGER"), col("duration", "INTEGER"), col("bike_id", "INTEGER")}),
		table("paper", []schema.Column{col("id", "INTEGER"), col("title", "TEXT", "Monads"), col("year", "INTEGER")}),
		table("allergy", []schema.Column{col("id", "INTEGER"), col("allergy_name", "TEXT", "Cat"), col("type", "TEXT", "animal")}),
		table("faculty", []schema.Column{col("id", "INTEGER"), col("fname", "TEXT", "Ann"), col("building", "TEXT", "NEB")}),
		table("actor", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Bo"), col("age", "INTEGER")}),
		table("station", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Main"), col("manager_name", "TEXT", "Kim"),
			col("vice_manager_name", "TEXT", "Lee")}),
		table("body_builder", []schema.Column{col("id", "INTEGER"), col("snatch", "REAL"), col("birth_place", "TEXT", "Oslo")}),
		table("role", []schema.Column{col("id", "INTEGER"), col("role_name", "TEXT", "Clerk"), col("role_description", "TEXT", "Files")}),
		table("colour", []schema.Column{col("id", "INTEGER"), col("colour_description", "TEXT", "Red")}),
		table("product", []schema.Column{col("id", "INTEGER"), col("product_name", "TEXT", "Mint"), col("product_description", "TEXT", "Herb"),
			col("colour_id", "INTEGER")}, fk("colour_id", "colour")),
		table("book", []schema.Column{col("id", "INTEGER"), col("title", "TEXT", "Dune"), col("writer", "TEXT", "Herbert")}),
		table("film", []schema.Column{col("id", "INTEGER"), col("title", "TEXT", "Up"), col("director", "TEXT", "Pete Docter"), col("year", "INTEGER")}),
	}}
}

// Synonyms either way ("tours" are trips, "articles" papers) and words a
// question uses for a schema's word in one direction only ("category"
// for a type, "teachers" for the faculty, "performers" for actors).
func TestParaphraseSynonyms(t *testing.T) {
	runAnswers(t, paraphraseSchema(), []answerCase{
		{`what is the total duration of all tours?`, `{"select":[{"expr":{"agg":"sum","arg":{"col":"trip.duration"}}}],"from":{"table":"trip"}}`},
		{`how many articles are there?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"paper"}}`},
		{`what is the category of the allergy named Cat?`, `{"distinct":true,"select":[{"expr":{"col":"allergy.type"}}],"from":{"table":"allergy"},"where":{"op":"=","left":{"col":"allergy.allergy_name"},"right":{"value":"Cat"}}}`},
		{`list the first names of all teachers`, `{"select":[{"expr":{"col":"faculty.fname"}}],"from":{"table":"faculty"}}`},
		{`how many performers are older than 30?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"actor"},"where":{"op":">","left":{"col":"actor.age"},"right":{"value":30}}}`},
	})
	runRefusals(t, paraphraseSchema(), []string{
		`how many stars are there?`, // not every word has a synonym here
	})
}

// A word two groups lead to different columns is ambiguous, not a guess:
// a category may be a race's type or its class.
func TestParaphraseAmbiguous(t *testing.T) {
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("race", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Rolex"), col("type", "TEXT", "Sprint"), col("class", "TEXT", "GT")}),
	}}
	runRefusals(t, s, []string{
		`what is the category of the race named Rolex?`,
		`list the names of races in each category`,
	})
	runAnswers(t, s, []answerCase{
		{`what is the type of the race named Rolex?`, `{"select":[{"expr":{"col":"race.type"}}],"from":{"table":"race"},"where":{"op":"=","left":{"col":"race.name"},"right":{"value":"Rolex"}}}`},
	})
}

// "The number of attendees" is an attendance column, unless attendees
// are a table of their own: then they are counted.
func TestParaphraseAttendees(t *testing.T) {
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("performance", []schema.Column{col("id", "INTEGER"), col("date", "TEXT", "May 1"), col("attendance", "INTEGER")}),
	}}
	runAnswers(t, s, []answerCase{
		{`what is the average number of attendees of performances?`, `{"select":[{"expr":{"agg":"avg","arg":{"col":"performance.attendance"}}}],"from":{"table":"performance"}}`},
	})
	s.Tables = append(s.Tables, table("attendee", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann")}))
	runAnswers(t, s, []answerCase{
		{`show number of attendees`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"attendee"}}`},
	})
}

// One-way words stay one way: a schema's "performer" is not what a
// question calls an actor, nor its "teacher" the faculty.
func TestParaphraseOneWay(t *testing.T) {
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("performer", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Bo")}),
		table("teacher", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann")}),
	}}
	runAnswers(t, s, []answerCase{
		{`how many performers are there?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"performer"}}`},
	})
	runRefusals(t, s, []string{
		`how many actors are there?`,
		`how many faculty are there?`,
	})
}

// A synonym of a whole name outranks one of its tail, as the literal
// words would: "head name" is manager_name, not vice_manager_name. A
// literal column in a table next to the question's outranks a synonym in
// the question's own table: "positions in the club" are its members'.
func TestParaphraseWholeAndNear(t *testing.T) {
	runAnswers(t, paraphraseSchema(), []answerCase{
		{`show the head name of all stations`, `{"select":[{"expr":{"col":"station.manager_name"}}],"from":{"table":"station"}}`},
	})
	club := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("club", []schema.Column{col("id", "INTEGER"), col("club_name", "TEXT", "Bootup"), col("club_location", "TEXT", "AKW")}),
		table("member_of_club", []schema.Column{col("id", "INTEGER"), col("club_id", "INTEGER"), col("position", "TEXT", "President")}, fk("club_id", "club")),
	}}
	runAnswers(t, club, []answerCase{
		// The members' literal position, not the club's location through
		// "position" ↔ "location" (the members' rows are the question's:
		// children.go).
		{`count the number of different positions in the club "Bootup"`, `{"select":[{"expr":{"agg":"count_distinct","arg":{"col":"member_of_club.position"}}}],"from":{"table":"member_of_club"},"joins":[{"type":"inner","table":"club","on":[{"left":"member_of_club.club_id","right":"club.id"}]}],"where":{"op":"=","left":{"col":"club.club_name"},"right":{"value":"Bootup"}}}`},
	})
}

// A word the schema writes as two ("birthplace", "bodybuilders") links
// to that name; a cut that names nothing leaves the word unknown.
func TestParaphraseCompounds(t *testing.T) {
	runAnswers(t, paraphraseSchema(), []answerCase{
		{`how many bodybuilders are there?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"body_builder"}}`},
		{`what is the most common birthplace of bodybuilders?`, `{"select":[{"expr":{"col":"body_builder.birth_place"}}],"from":{"table":"body_builder"},"group_by":[{"col":"body_builder.birth_place"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
	})
	runRefusals(t, paraphraseSchema(), []string{
		`how many bodyguards are there?`, // "body" + "guards" names nothing
	})
}

// "Describing content" is a description: the word of its family, with a
// text noun after it; a name before it says whose ("colour describing
// content" of a product is its colour's).
func TestParaphraseDescribingContent(t *testing.T) {
	runAnswers(t, paraphraseSchema(), []answerCase{
		{`what is the describing content of the role named Clerk?`, `{"distinct":true,"select":[{"expr":{"col":"role.role_description"}}],"from":{"table":"role"},"where":{"op":"=","left":{"col":"role.role_name"},"right":{"value":"Clerk"}}}`},
		{`what is the colour describing content of the product named Mint?`, `{"select":[{"expr":{"col":"colour.colour_description"}}],"from":{"table":"colour"},"where":{"op":"in","left":{"col":"colour.id"},"subquery":{"select":[{"expr":{"col":"product.colour_id"}}],"from":{"table":"product"},"where":{"op":"=","left":{"col":"product.product_name"},"right":{"value":"Mint"}}}}}`},
	})
}

// Where nothing is called a name, a title is: "the names of books". A
// text column's "names" are its values ("director names"), and so are
// "the names of all writers".
func TestParaphraseNameTitle(t *testing.T) {
	runAnswers(t, paraphraseSchema(), []answerCase{
		{`list the names of all books`, `{"select":[{"expr":{"col":"book.title"}}],"from":{"table":"book"}}`},
		{`show all director names of films from 1999`, `{"select":[{"expr":{"col":"film.director"}}],"from":{"table":"film"},"where":{"op":"=","left":{"col":"film.year"},"right":{"value":1999}}}`},
		{`what are the names of all writers of books?`, `{"select":[{"expr":{"col":"book.writer"}}],"from":{"table":"book"}}`},
	})
}
