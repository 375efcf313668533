package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// channelSchema: customers, their addresses with a postcode, and their
// contact channels with a channel code: "codes" fits both code columns.
func channelSchema() *schema.Schema {
	customer := table("customers", []schema.Column{col("customer_id", "INTEGER"), col("customer_name", "TEXT")})
	customer.PrimaryKey = []string{"customer_id"}
	address := table("addresses", []schema.Column{col("address_id", "INTEGER"), col("zip_postcode", "TEXT"), col("city", "TEXT")})
	address.PrimaryKey = []string{"address_id"}
	channel := table("customer_contact_channels", []schema.Column{col("customer_id", "INTEGER"), col("channel_code", "TEXT"), col("contact_number", "TEXT")},
		keyTo("customer_id", "customers"))
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{customer, address, channel}}
}

// TestValueTimesOwnedAnswers: a count of times of a column's values
// ("codes used less than 5 times") with no table named among the rows
// asked about is of the rows of the grouped column's table; the table
// written before a column whose name fits several tables says which.
func TestValueTimesOwnedAnswers(t *testing.T) {
	want := `{"select":[{"expr":{"col":"customer_contact_channels.channel_code"}}],"from":{"table":"customer_contact_channels"},"group_by":[{"col":"customer_contact_channels.channel_code"}],"having":{"op":"<","left":{"agg":"count"},"right":{"value":5}}}`
	runAnswers(t, channelSchema(), []answerCase{
		{"Which contact channel codes were used less than 5 times?", want},
		{"List all the contact channel codes that were used less than 5 times.", want},
	})
}

// TestValueTimesOwnedRefusals: with no table before it, the column's
// name still fits two tables.
func TestValueTimesOwnedRefusals(t *testing.T) {
	runRefusals(t, channelSchema(), []string{
		"Which codes were used less than 5 times?",
	})
}
