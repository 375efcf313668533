package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// clubCoachSchema has clubs with coaches, a text category and dates named for
// the events that set them.
func clubCoachSchema() *schema.Schema {
	club := table("club", []schema.Column{col("club_id", "INTEGER"), col("club_name", "TEXT", "Ajax"),
		col("phone_number", "TEXT", "555-0101"), col("region", "TEXT", "North", "South"), col("open_year", "INTEGER"),
		col("email", "TEXT", "ajax@example.com")})
	club.PrimaryKey = []string{"club_id"}
	coach := table("coach", []schema.Column{col("coach_id", "INTEGER"), col("coach_name", "TEXT", "Rui"), col("club_id", "INTEGER"),
		col("start_date", "TEXT", "2001-04-05")},
		schema.ForeignKey{Columns: []string{"club_id"}, RefTable: "club", RefColumns: []string{"club_id"}})
	coach.PrimaryKey = []string{"coach_id"}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{club, coach}}
}

func TestNameOnly(t *testing.T) {
	s := clubCoachSchema()
	// "for each club" joins the clubs, as the first sentence alone does.
	perClub := `{"select":[{"expr":{"col":"coach.club_id"}},{"expr":{"agg":"count"}}],"from":{"table":"coach"},"joins":[{"type":"inner","table":"club","on":[{"left":"coach.club_id","right":"club.club_id"}]}],"group_by":[{"col":"coach.club_id"}]}`
	runAnswers(t, s, []answerCase{
		// A count restated as the columns to list (countlist.go).
		{`How many coaches does each club have? List the number and club id.`, perClub},
		{`How many coaches does each club have? Show the club id and coach count.`, perClub},
		{`How many coaches does each club have? List the club id and the number of corresponding coaches.`, perClub},
		// A column after "have" is what a text pattern picks by.
		{`How many clubs have email that contains "example"?`,
			`{"select":[{"expr":{"agg":"count"}}],"from":{"table":"club"},"where":{"op":"like","left":{"col":"club.email"},"right":{"value":"%example%"}}}`},
		{`Count the clubs that have an email containing "example".`,
			`{"select":[{"expr":{"agg":"count"}}],"from":{"table":"club"},"where":{"op":"like","left":{"col":"club.email"},"right":{"value":"%example%"}}}`},
		// A column named again by "that" is the one named before.
		{`Show each region and the number of clubs in that region.`,
			`{"select":[{"expr":{"col":"club.region"}},{"expr":{"agg":"count"}}],"from":{"table":"club"},"group_by":[{"col":"club.region"}]}`},
		{`For each region, count the clubs in the region.`,
			`{"select":[{"expr":{"col":"club.region"}},{"expr":{"agg":"count"}}],"from":{"table":"club"},"group_by":[{"col":"club.region"}]}`},
		// A past form before the noun naming its date.
		{`What is the name of the club that opened in the most recent year?`,
			`{"select":[{"expr":{"col":"club.club_name"}}],"from":{"table":"club"},"order_by":[{"expr":{"col":"club.open_year"},"desc":true}],"limit":1}`},
		{`List the names of clubs that were opened in year 2002.`,
			`{"select":[{"expr":{"col":"club.club_name"}}],"from":{"table":"club"},"where":{"op":"=","left":{"col":"club.open_year"},"right":{"value":2002}}}`},
	})
	runRefusals(t, s, []string{
		// "phone number" is a column, not the count.
		`How many coaches does each club have? List the phone number and club id.`,
		// The list counts something the first sentence did not.
		`How many coaches does each club have? List the club id and the number of players.`,
		// A column named again with no "that", or with "the" but not
		// after "each", is still a condition with no value.
		`Which clubs have region?`,
		`Show the region and the number of clubs with the region.`,
		// A verb whose column is not a date is not an event verb.
		`List the clubs that emailed in year 2002.`,
	})
}

// A past form named for the date column of the table after it relates the
// two: customers who opened an account are those with an account.
func TestNameOnlyEventOfTable(t *testing.T) {
	customer := table("customer", []schema.Column{col("id", "INTEGER"), col("customer_name", "TEXT", "Ann")})
	account := table("account", []schema.Column{col("id", "INTEGER"), col("customer_id", "INTEGER"), col("date_account_opened", "DATETIME", "2001-04-05 10:00:00")},
		fk("customer_id", "customer"))
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{customer, account}}
	runAnswers(t, s, []answerCase{
		{`How many customers have opened an account?`,
			`{"select":[{"expr":{"agg":"count"}}],"from":{"table":"customer"},"where":{"op":"in","left":{"col":"customer.id"},` +
				`"subquery":{"select":[{"expr":{"col":"account.customer_id"}}],"from":{"table":"account"},"where":{"op":"is_not_null","left":{"col":"account.customer_id"}}}}}`},
	})
	runRefusals(t, s, []string{
		// The verb's date is of the accounts, not of the customers named
		// after it.
		`How many accounts were opened by a customer?`,
	})
}
