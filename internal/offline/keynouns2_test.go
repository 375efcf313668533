package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// nameKey is a foreign key from col to column ref of table to.
func nameKey(col, to, ref string) schema.ForeignKey {
	return schema.ForeignKey{Columns: []string{col}, RefTable: to, RefColumns: []string{ref}}
}

// buddySchema keys its people by name, as a text key: a buddy row names
// the person and the buddy, both people, so the key value is the name.
func buddySchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		{Name: "member", Ident: "member", PrimaryKey: []string{"name"}, RowCount: -1, Columns: []schema.Column{
			col("name", "TEXT", "Ann", "Bob", "Cleo"), col("age", "INTEGER"),
			complete(col("city", "TEXT", "Oslo", "Bergen")),
		}},
		{Name: "buddy_link", Ident: "buddy_link", RowCount: -1, Columns: []schema.Column{
			col("name", "TEXT", "Ann", "Bob", "Cleo"), col("buddy", "TEXT", "Ann", "Bob", "Cleo"), col("since", "INTEGER"),
		}, ForeignKeys: []schema.ForeignKey{nameKey("name", "member", "name"), nameKey("buddy", "member", "name")}},
	}}
}

// mentorSchema keys its people by number: a mentoring row refers to the
// mentee and the mentor, both people, whose names are reached through the
// keys, once per role.
func mentorSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("person", []schema.Column{
			col("id", "INTEGER"), complete(col("name", "TEXT", "Ann", "Bob", "Cleo")), col("age", "INTEGER"),
			complete(col("city", "TEXT", "Oslo", "Bergen")),
		}),
		table("pairing", []schema.Column{col("id", "INTEGER"), col("mentee_id", "INTEGER"), col("mentor_id", "INTEGER")},
			fk("mentee_id", "person"), fk("mentor_id", "person")),
	}}
}

// One of two keys to one table, named as a noun: shown, counted, and the
// rows it refers to filtered, with the other key as whose they are —
// both sides of the self-join, whichever key the word names.
func TestLinkNouns(t *testing.T) {
	runAnswers(t, buddySchema(), []answerCase{
		{`Who are the buddies of Bob?`, `{"distinct":true,"select":[{"expr":{"col":"buddy_link.buddy"}}],"from":{"table":"buddy_link"},"where":{"op":"=","left":{"col":"buddy_link.name"},"right":{"value":"Bob"}}}`},
		{`Who are Bob's buddies?`, `{"distinct":true,"select":[{"expr":{"col":"buddy_link.buddy"}}],"from":{"table":"buddy_link"},"where":{"op":"=","left":{"col":"buddy_link.name"},"right":{"value":"Bob"}}}`},
		{`List all the buddies of Ann.`, `{"distinct":true,"select":[{"expr":{"col":"buddy_link.buddy"}}],"from":{"table":"buddy_link"},"where":{"op":"=","left":{"col":"buddy_link.name"},"right":{"value":"Ann"}}}`},
		{`How many buddies does Ann have?`, `{"select":[{"expr":{"agg":"count","arg":{"col":"buddy_link.buddy"}}}],"from":{"table":"buddy_link"},"where":{"op":"=","left":{"col":"buddy_link.name"},"right":{"value":"Ann"}}}`},
		{`How many different buddies does Ann have?`, `{"select":[{"expr":{"agg":"count","distinct":true,"arg":{"col":"buddy_link.buddy"}}}],"from":{"table":"buddy_link"},"where":{"op":"=","left":{"col":"buddy_link.name"},"right":{"value":"Ann"}}}`},
		{`Who has a buddy that is from Oslo?`, `{"distinct":true,"select":[{"expr":{"col":"buddy_link.name"}}],"from":{"table":"buddy_link"},"where":{"op":"in","left":{"col":"buddy_link.buddy"},"subquery":{"select":[{"expr":{"col":"member.name"}}],"from":{"table":"member"},"where":{"op":"=","left":{"col":"member.city"},"right":{"value":"Oslo"}}}}}`},
		{`Who has buddies with age above 40?`, `{"distinct":true,"select":[{"expr":{"col":"buddy_link.name"}}],"from":{"table":"buddy_link"},"where":{"op":"in","left":{"col":"buddy_link.buddy"},"subquery":{"select":[{"expr":{"col":"member.name"}}],"from":{"table":"member"},"where":{"op":">","left":{"col":"member.age"},"right":{"value":40}}}}}`},
		// Two ages no one row has: two buddies, some of each.
		{`Find the name of the member who has buddies with age above 40 and under age 30.`, `{"distinct":true,"select":[{"expr":{"col":"buddy_link.name"}}],"from":{"table":"buddy_link"},"where":{"op":"in","left":{"col":"buddy_link.buddy"},"subquery":{"select":[{"expr":{"col":"member.name"}}],"from":{"table":"member"},"where":{"op":">","left":{"col":"member.age"},"right":{"value":40}}}},` +
			`"set_op":{"op":"intersect","right":{"distinct":true,"select":[{"expr":{"col":"buddy_link.name"}}],"from":{"table":"buddy_link"},"where":{"op":"in","left":{"col":"buddy_link.buddy"},"subquery":{"select":[{"expr":{"col":"member.name"}}],"from":{"table":"member"},"where":{"op":"<","left":{"col":"member.age"},"right":{"value":30}}}}}}}`},
		// Some buddy of the first kind, none of the second.
		{`Who has buddies with age above 40 but not under age 30?`, `{"distinct":true,"select":[{"expr":{"col":"buddy_link.name"}}],"from":{"table":"buddy_link"},"where":{"op":"in","left":{"col":"buddy_link.buddy"},"subquery":{"select":[{"expr":{"col":"member.name"}}],"from":{"table":"member"},"where":{"op":">","left":{"col":"member.age"},"right":{"value":40}}}},` +
			`"set_op":{"op":"except","right":{"distinct":true,"select":[{"expr":{"col":"buddy_link.name"}}],"from":{"table":"buddy_link"},"where":{"op":"in","left":{"col":"buddy_link.buddy"},"subquery":{"select":[{"expr":{"col":"member.name"}}],"from":{"table":"member"},"where":{"op":"<","left":{"col":"member.age"},"right":{"value":30}}}}}}}`},
	})
	mentee := `{"type":"inner","table":"person","alias":"owner_rows","on":[{"left":"pairing.mentee_id","right":"owner_rows.id"}]}`
	mentor := `{"type":"inner","table":"person","alias":"owner_rows","on":[{"left":"pairing.mentor_id","right":"owner_rows.id"}]}`
	runAnswers(t, mentorSchema(), []answerCase{
		// The mentors of Bob: rows whose mentee is Bob, showing the mentor.
		{`Who are the mentors of Bob?`, `{"distinct":true,"select":[{"expr":{"col":"named_rows.name"}}],"from":{"table":"pairing"},"joins":[` + mentee + `,{"type":"inner","table":"person","alias":"named_rows","on":[{"left":"pairing.mentor_id","right":"named_rows.id"}]}],"where":{"op":"=","left":{"col":"owner_rows.name"},"right":{"value":"Bob"}}}`},
		// The other side of the same join: Bob's mentees.
		{`Who are Bob's mentees?`, `{"distinct":true,"select":[{"expr":{"col":"named_rows.name"}}],"from":{"table":"pairing"},"joins":[` + mentor + `,{"type":"inner","table":"person","alias":"named_rows","on":[{"left":"pairing.mentee_id","right":"named_rows.id"}]}],"where":{"op":"=","left":{"col":"owner_rows.name"},"right":{"value":"Bob"}}}`},
		{`How many mentees does Ann have?`, `{"select":[{"expr":{"agg":"count","arg":{"col":"pairing.mentee_id"}}}],"from":{"table":"pairing"},"joins":[` + mentor + `],"where":{"op":"=","left":{"col":"owner_rows.name"},"right":{"value":"Ann"}}}`},
		// "mentee": the other key's rows, by the table's own name.
		{`Find the name of the person who has a mentor from Bergen.`, `{"distinct":true,"select":[{"expr":{"col":"owner_rows.name"}}],"from":{"table":"pairing"},"joins":[` + mentee + `],"where":{"op":"in","left":{"col":"pairing.mentor_id"},"subquery":{"select":[{"expr":{"col":"person.id"}}],"from":{"table":"person"},"where":{"op":"=","left":{"col":"person.city"},"right":{"value":"Bergen"}}}}}`},
		{`Who has a mentor that is from Bergen?`, `{"distinct":true,"select":[{"expr":{"col":"owner_rows.name"}}],"from":{"table":"pairing"},"joins":[` + mentee + `],"where":{"op":"in","left":{"col":"pairing.mentor_id"},"subquery":{"select":[{"expr":{"col":"person.id"}}],"from":{"table":"person"},"where":{"op":"=","left":{"col":"person.city"},"right":{"value":"Bergen"}}}}}`},
	})
}

// What the shapes do not say is left to the other readings, which refuse
// it here: two conditions on two columns (one buddy or two?), "or",
// words beyond the shape, a value that is no row of the referred table,
// and columns asked for besides the label.
func TestLinkNounsRefused(t *testing.T) {
	runRefusals(t, buddySchema(), []string{
		`Who has buddies from Oslo and with age above 40?`,
		`Who has buddies with age above 40 or under age 30?`,
		`Who are the buddies of Oslo?`,
		`How many buddies does Bob have in Oslo?`,
		`Find the name and age of the member who has buddies from Oslo.`,
	})
}

// facultyRankSchema has a key named as a noun (student.advisor) to a table
// whose rank is stored in the singular, and whose name "instructor" the
// word "professor" is a synonym of.
func facultyRankSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("instructor", []schema.Column{col("id", "INTEGER"), complete(col("name", "TEXT", "Smith", "Jones")),
			complete(col("rank", "TEXT", "Professor", "Lecturer")), col("age", "INTEGER")}),
		table("student", []schema.Column{col("id", "INTEGER"), complete(col("name", "TEXT", "Ann", "Bob")), col("gpa", "REAL"),
			col("advisor", "INTEGER")}, fk("advisor", "instructor")),
	}}
}

// A plural predicate names a value stored in the singular, after the key
// noun too, and under a negation; a plural that is no value is left
// refused.
func TestPluralPredicateValue(t *testing.T) {
	join := `"joins":[{"type":"inner","table":"instructor","on":[{"left":"student.advisor","right":"instructor.id"}]}]`
	runAnswers(t, facultyRankSchema(), []answerCase{
		{`Find the names of students whose advisors are professors.`, `{"select":[{"expr":{"col":"student.name"}}],"from":{"table":"student"},` + join + `,"where":{"op":"=","left":{"col":"instructor.rank"},"right":{"value":"Professor"}}}`},
		{`Find the names of students whose advisors are not professors.`, `{"select":[{"expr":{"col":"student.name"}}],"from":{"table":"student"},` + join + `,"where":{"op":"!=","left":{"col":"instructor.rank"},"right":{"value":"Professor"}}}`},
		{`How many students have advisors who are lecturers?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"student"},` + join + `,"where":{"op":"=","left":{"col":"instructor.rank"},"right":{"value":"Lecturer"}}}`},
	})
	runRefusals(t, facultyRankSchema(), []string{
		`Find the names of students whose advisors are deans.`,
	})
}
