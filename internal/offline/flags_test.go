package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// flagSchema holds yes/no columns stored each way schemas store them: Y/N
// behind a _yn mark, 1/0 in a phrasal noun, Yes/No in a participle, a
// declared boolean negated by its prefix, and an is_ mark over values that
// are no yes/no pair.
func flagSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("hotels", []schema.Column{
			col("id", "INTEGER"), col("hotel_name", "TEXT"), col("price", "INTEGER"),
			complete(col("pets_allowed_yn", "CHAR(1)", "Y", "N")),
			complete(col("is_certified", "TEXT", "A", "B")),
		}),
		table("users", []schema.Column{
			col("id", "INTEGER"), col("user_name", "TEXT"),
			complete(col("user_login", "VARCHAR(1)", "1", "0")),
		}),
		table("medicines", []schema.Column{
			col("id", "INTEGER"), col("name", "TEXT"),
			complete(col("fda_approved", "TEXT", "Yes", "No")),
		}),
		table("rooms", []schema.Column{
			col("id", "INTEGER"), col("room_number", "INTEGER"), col("unavailable", "BOOLEAN"),
		}),
		table("shops", []schema.Column{
			col("id", "INTEGER"), col("shop_name", "TEXT"),
			complete(col("open_yn", "CHAR(1)", "1", "")),
		}),
		table("students", []schema.Column{col("id", "INTEGER"), col("last_name", "TEXT")}),
		table("sports", []schema.Column{
			col("id", "INTEGER"), col("student_id", "INTEGER"), col("sport_name", "TEXT"),
			complete(col("on_scholarship", "CHAR(1)", "Y", "N")),
		}, fk("student_id", "students")),
		table("accounts", []schema.Column{
			col("id", "INTEGER"), col("account_name", "TEXT"),
			complete(col("closed", "TEXT", "T", "F")),
		}),
		table("ledgers", []schema.Column{
			col("id", "INTEGER"), col("ledger_name", "TEXT"),
			complete(col("closed", "TEXT", "Y", "N")),
			complete(col("closed_flag", "TEXT", "1", "0")),
		}),
		table("patients", []schema.Column{
			col("id", "INTEGER"), col("patient_name", "TEXT"),
			complete(col("smoker", "TEXT", "no", "yes")),
		}),
		table("heads", []schema.Column{col("id", "INTEGER"), col("age", "INTEGER")}),
		table("departments", []schema.Column{col("id", "INTEGER"), col("department_name", "TEXT")}),
		table("management", []schema.Column{
			col("id", "INTEGER"), col("head_id", "INTEGER"), col("department_id", "INTEGER"),
			complete(col("temporary_acting", "TEXT", "Yes", "No")),
		}, fk("head_id", "heads"), fk("department_id", "departments")),
	}}
}

// TestFlagAnswers: the verb, participle or adjective of a flag's name is
// the flag equal to its yes value as stored, "not" its no value.
func TestFlagAnswers(t *testing.T) {
	runAnswers(t, flagSchema(), []answerCase{
		// A participle's object before it becomes the verb's object.
		{"Which hotels allow pets?", `{"select":[{"expr":{"col":"hotels.hotel_name"}}],"from":{"table":"hotels"},"where":{"op":"=","left":{"col":"hotels.pets_allowed_yn"},"right":{"value":"Y"}}}`},
		{"What is the average price of hotels that do not allow pets?", `{"select":[{"expr":{"agg":"avg","arg":{"col":"hotels.price"}}}],"from":{"table":"hotels"},"where":{"op":"=","left":{"col":"hotels.pets_allowed_yn"},"right":{"value":"N"}}}`},
		// A phrasal noun as its verb, the stored 1 as stored.
		{"How many users are logged in?", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"users"},"where":{"op":"=","left":{"col":"users.user_login"},"right":{"value":"1"}}}`},
		{"Count the users that have not logged in.", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"users"},"where":{"op":"=","left":{"col":"users.user_login"},"right":{"value":"0"}}}`},
		// The participle after its agent, and before it.
		{"How many medicines were approved by the FDA?", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"medicines"},"where":{"op":"=","left":{"col":"medicines.fda_approved"},"right":{"value":"Yes"}}}`},
		{"How many medicines are not FDA approved?", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"medicines"},"where":{"op":"=","left":{"col":"medicines.fda_approved"},"right":{"value":"No"}}}`},
		// A declared boolean negated by its prefix: "available" is false.
		{"How many rooms are available?", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"rooms"},"where":{"op":"=","left":{"col":"rooms.unavailable"},"right":{"value":false}}}`},
		{"How many rooms are unavailable?", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"rooms"},"where":{"op":"=","left":{"col":"rooms.unavailable"},"right":{"value":true}}}`},
		{"List the numbers of rooms that are not available.", `{"select":[{"expr":{"col":"rooms.room_number"}}],"from":{"table":"rooms"},"where":{"op":"=","left":{"col":"rooms.unavailable"},"right":{"value":true}}}`},
		// An agent noun in the plural; yes/no read whatever their order.
		{"How many patients are smokers?", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"patients"},"where":{"op":"=","left":{"col":"patients.smoker"},"right":{"value":"yes"}}}`},
		// T/F as stored, "not" as the other value.
		{"Which accounts are not closed?", `{"select":[{"expr":{"col":"accounts.account_name"}}],"from":{"table":"accounts"},"where":{"op":"=","left":{"col":"accounts.closed"},"right":{"value":"F"}}}`},
		// A flag of a link table describes the link: heads with some
		// acting management.
		{"What are the ages of the heads who are acting?", `{"select":[{"expr":{"col":"heads.age"}}],"from":{"table":"heads"},"where":{"op":"in","left":{"col":"heads.id"},"subquery":{"select":[{"expr":{"col":"management.head_id"}}],"from":{"table":"management"},"where":{"op":"=","left":{"col":"management.temporary_acting"},"right":{"value":"Yes"}}}}}`},
		// Naming the column, not testing it: a group by the flag.
		{"Show the average price of hotels for different pet policy.", `{"select":[{"expr":{"col":"hotels.pets_allowed_yn"}},{"expr":{"agg":"avg","arg":{"col":"hotels.price"}}}],"from":{"table":"hotels"},"group_by":[{"col":"hotels.pets_allowed_yn"}]}`},
	})
}

// TestFlagRefusals: a flag whose yes value cannot be told, whose no value
// is not stored, or that is recorded per row of another table than the
// one asked about is no condition to guess.
func TestFlagRefusals(t *testing.T) {
	runRefusals(t, flagSchema(), []string{
		// is_certified holds A and B: which is "certified"?
		"How many certified hotels are there?",
		// open_yn holds 1 and blanks: "not open" has no stored value.
		"Which shops are not open?",
		// A student may hold several sports records, not all on scholarship.
		"What are the last names of students on scholarship?",
		// closed and closed_flag both say "closed".
		"How many ledgers are closed?",
	})
}
