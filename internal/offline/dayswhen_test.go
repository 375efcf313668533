package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// shipmentSchema has a table with one ISO date (shipment.sent_at), one with
// two (booking: made_on and starts_on) and one whose only date is written
// month first (ride.ride_date).
func shipmentSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("shipment", []schema.Column{col("id", "INTEGER"), col("code", "TEXT", "S1"), col("sent_at", "DATETIME", "2018-03-17 07:13:53")}),
		table("booking", []schema.Column{col("id", "INTEGER"), col("made_on", "DATE", "2018-03-17"), col("starts_on", "DATE", "2018-04-01")}),
		table("ride", []schema.Column{col("id", "INTEGER"), col("ride_date", "DATE", "8/21/2015", "12/1/2014")}),
	}}
}

// A calendar day compared with no column named applies to the subject's
// only date column, as a bare year does.
func TestDayWithoutColumn(t *testing.T) {
	runAnswers(t, shipmentSchema(), []answerCase{
		{`How many shipments before 2018-03-17 07:13:53?`, `{"from":{"table":"shipment"},"select":[{"expr":{"agg":"count"}}],"where":{"left":{"col":"shipment.sent_at"},"op":"<","right":{"value":"2018-03-17 07:13:53"}}}`},
		{`How many shipments after 2018-01-01 and before 2018-03-17?`, `{"from":{"table":"shipment"},"select":[{"expr":{"agg":"count"}}],"where":{"and":[{"left":{"col":"shipment.sent_at"},"op":">","right":{"value":"2018-01-01"}},{"left":{"col":"shipment.sent_at"},"op":"<","right":{"value":"2018-03-17"}}]}}`},
		{`List the codes of shipments after March 1, 2018.`, `{"from":{"table":"shipment"},"select":[{"expr":{"col":"shipment.code"}}],"where":{"left":{"col":"shipment.sent_at"},"op":">","right":{"value":"2018-03-01"}}}`},
	})
}

// Two date columns leave the day's column open, a date column written
// month first does not order as text, and a verb before the comparison
// may name an event recorded in another table: all refused.
func TestDayWithoutColumnRefused(t *testing.T) {
	runRefusals(t, shipmentSchema(), []string{
		`How many bookings before 2018-03-17?`,
		`How many rides after June 21, 2015?`,
		`Which shipments were delivered after 2018-03-01?`,
	})
}

// documentSchema has one table with two dates, each named after its event.
func documentSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("document", []schema.Column{col("id", "INTEGER"), col("document_name", "TEXT", "Marry CV", "Tax form"), col("date_stored", "DATE", "2018-03-17"), col("date_signed", "DATE", "2018-04-01")}),
	}}
}

// "When" asks for the date column a later word names ("signed" is
// date_signed; "named" merges with "document" into the name column, so
// no table is named and the dates are listed once each); with no such
// word it stays refused.
func TestWhenQuestions(t *testing.T) {
	runAnswers(t, documentSchema(), []answerCase{
		{`When was the document named "Marry CV" signed?`, `{"distinct":true,"from":{"table":"document"},"select":[{"expr":{"col":"document.date_signed"}}],"where":{"left":{"col":"document.document_name"},"op":"=","right":{"value":"Marry CV"}}}`},
		{`When was the document "Tax form" signed?`, `{"from":{"table":"document"},"select":[{"expr":{"col":"document.date_signed"}}],"where":{"left":{"col":"document.document_name"},"op":"=","right":{"value":"Tax form"}}}`},
	})
	runRefusals(t, documentSchema(), []string{
		`When was the document named "Marry CV" written?`,
		`When is the document named "Marry CV"?`,
		`Why was the document named "Marry CV" stored?`,
	})
}
