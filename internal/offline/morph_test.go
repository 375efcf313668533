package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// musicSchema has songs and their artists, and no word for singing.
func musicSchema(extra ...schema.Table) *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: append([]schema.Table{
		table("artist", []schema.Column{col("id", "INTEGER"), col("artist_name", "TEXT", "Enrique"), complete(col("country", "TEXT", "UK", "USA"))}),
		table("song", []schema.Column{col("id", "INTEGER"), col("song_name", "TEXT", "Tumi"), col("artist_id", "INTEGER"), complete(col("languages", "TEXT", "bangla", "english"))},
			fk("artist_id", "artist")),
	}, extra...)}
}

// Another form of a word the schema uses links to its name: an
// irregular past ("sang", "sung" for song), an agent in -ator for one in
// -ant, a Latin noun for its verb ("destruction" for destroyed), and a
// closed compound for the table its last part names ("cellphones").
func TestWordForms(t *testing.T) {
	runAnswers(t, musicSchema(), []answerCase{
		{`What are the names of the songs sung in English?`, `{"from":{"table":"song"},"select":[{"expr":{"col":"song.song_name"}}],"where":{"left":{"col":"song.languages"},"op":"=","right":{"value":"english"}}}`},
		{`Which countries are the artists who sang in english from?`, `{"from":{"table":"artist"},"select":[{"expr":{"col":"artist.country"}}],"where":{"left":{"col":"artist.id"},"op":"in","subquery":{"from":{"table":"song"},"select":[{"expr":{"col":"song.artist_id"}}],"where":{"left":{"col":"song.languages"},"op":"=","right":{"value":"english"}}}}}`},
	})
	runAnswers(t, &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("participants", []schema.Column{col("participant_id", "INTEGER"), col("participant_type_code", "TEXT", "Organizer"), col("participant_details", "TEXT", "Karl")}),
	}}, []answerCase{
		{`How many participators belong to the type 'Organizer'?`, `{"from":{"table":"participants"},"select":[{"expr":{"agg":"count"}}],"where":{"left":{"col":"participants.participant_type_code"},"op":"=","right":{"value":"Organizer"}}}`},
	})
	runAnswers(t, &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("documents", []schema.Column{col("document_id", "INTEGER"), col("document_name", "TEXT", "Report"), col("date_destroyed", "DATE")}),
	}}, []answerCase{
		{`List the name and destruction date of every document.`, `{"from":{"table":"documents"},"select":[{"expr":{"col":"documents.document_name"}},{"expr":{"col":"documents.date_destroyed"}}]}`},
	})
	runAnswers(t, &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("phone", []schema.Column{col("phone_id", "INTEGER"), col("name", "TEXT", "Nokia"), col("carrier", "TEXT", "Sprint"), col("price", "REAL")}),
	}}, []answerCase{
		{`List the names of cellphones in ascending order of price.`, `{"from":{"table":"phone"},"order_by":[{"expr":{"col":"phone.price"}}],"select":[{"expr":{"col":"phone.name"}}]}`},
	})
}

// A form reaching both a table and a column is ambiguous ("sang" is the
// song table and a concert's singer), and a compound whose parts name two
// tables is too: both are refused rather than guessed.
func TestWordFormsAmbiguous(t *testing.T) {
	runRefusals(t, musicSchema(table("concert", []schema.Column{col("id", "INTEGER"), col("singer", "TEXT", "Adele")})), []string{
		`Which countries are the artists who sang in english from?`,
	})
	runRefusals(t, &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("room", []schema.Column{col("room_id", "INTEGER"), col("room_name", "TEXT", "Blue")}),
		table("bedroom", []schema.Column{col("bedroom_id", "INTEGER"), col("bedroom_name", "TEXT", "Red")}),
	}}, []string{
		`How many masterbedrooms are there?`,
	})
}

// enrolmentSchema spells the act the British way, with a date of it on
// its own table.
func enrolmentSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("students", []schema.Column{col("id", "INTEGER"), col("personal_name", "TEXT", "Karson")}),
		table("student_course_enrolment", []schema.Column{col("id", "INTEGER"), col("student_id", "INTEGER"), col("date_of_enrolment", "DATE")},
			fk("student_id", "students")),
	}}
}

// A plural of the family of a table and of its own column ("enrollments"
// beside date_of_enrolment) counts the table's rows; "enroll" and
// "enrol" are one root.
func TestWordFormsPluralRows(t *testing.T) {
	runAnswers(t, enrolmentSchema(), []answerCase{
		{`Find the personal name of the students with at least two enrollments.`, `{"from":{"table":"students"},"group_by":[{"col":"students.id"}],"having":{"left":{"agg":"count"},"op":">=","right":{"value":2}},"joins":[{"on":[{"left":"students.id","right":"student_course_enrolment.student_id"}],"table":"student_course_enrolment","type":"inner"}],"select":[{"expr":{"col":"students.personal_name"}}]}`},
	})
}

// A word heading a compound the schema closes names that table: rooms
// are the rows of a classroom table. Where two tables close compounds on
// it, or an unrelated table names it too (round8's booking with a
// room_type_code), the word is left unlinked.
func TestWordFormsCompoundOf(t *testing.T) {
	classroom := table("classroom", []schema.Column{col("id", "INTEGER"), complete(col("building", "TEXT", "Lamberton", "Taylor")), col("capacity", "INTEGER")})
	runAnswers(t, &schema.Schema{Engine: "sqlite", Tables: []schema.Table{classroom}}, []answerCase{
		{`How many rooms does the Lamberton building have?`, `{"from":{"table":"classroom"},"select":[{"expr":{"agg":"count"}}],"where":{"left":{"col":"classroom.building"},"op":"=","right":{"value":"Lamberton"}}}`},
	})
	// A section's room_number refers to its classroom: the same rooms.
	runAnswers(t, &schema.Schema{Engine: "sqlite", Tables: []schema.Table{classroom,
		table("section", []schema.Column{col("id", "INTEGER"), col("classroom_id", "INTEGER"), col("room_number", "TEXT", "101")}, fk("classroom_id", "classroom")),
	}}, []answerCase{
		{`How many rooms does the Lamberton building have?`, `{"from":{"table":"classroom"},"select":[{"expr":{"agg":"count"}}],"where":{"left":{"col":"classroom.building"},"op":"=","right":{"value":"Lamberton"}}}`},
	})
	runRefusals(t, &schema.Schema{Engine: "sqlite", Tables: []schema.Table{classroom,
		table("bathroom", []schema.Column{col("id", "INTEGER"), col("capacity", "INTEGER")}),
	}}, []string{
		`How many rooms does the Lamberton building have?`,
	})
}
