package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// besideAggSchema has a parent labelled by a title rather than a name
// (album) and its children (track), rows grouped by text columns
// (station.city, station.operator), and a parent known by its key and
// details (customer) with its children (policy).
func besideAggSchema() *schema.Schema {
	album := table("album", []schema.Column{col("album_id", "INTEGER"), col("title", "TEXT")})
	album.PrimaryKey = []string{"album_id"}
	track := table("track", []schema.Column{col("track_id", "INTEGER"), col("name", "TEXT"), col("album_id", "INTEGER"), col("milliseconds", "INTEGER")})
	track.PrimaryKey = []string{"track_id"}
	track.ForeignKeys = []schema.ForeignKey{{Columns: []string{"album_id"}, RefTable: "album", RefColumns: []string{"album_id"}}}
	station := table("station", []schema.Column{col("station_id", "INTEGER"), col("name", "TEXT"), col("city", "TEXT"), col("operator", "TEXT"), col("docks", "INTEGER")})
	station.PrimaryKey = []string{"station_id"}
	customer := table("customer", []schema.Column{col("customer_id", "INTEGER"), col("customer_details", "TEXT")})
	customer.PrimaryKey = []string{"customer_id"}
	policy := table("policy", []schema.Column{col("policy_id", "INTEGER"), col("customer_id", "INTEGER"), col("start_date", "DATE")})
	policy.PrimaryKey = []string{"policy_id"}
	policy.ForeignKeys = []schema.ForeignKey{{Columns: []string{"customer_id"}, RefTable: "customer", RefColumns: []string{"customer_id"}}}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{album, track, station, customer, policy}}
}

// TestBesideAggAnswers: a column word first read as the counted rows'
// own, shown beside an aggregate, is the groups' column when the
// question ties it to them: the label of the grouped parent ("album
// names"), the grouped text column itself ("the name of every city", "the
// operator name"), the grouped parent's key ("the customer details and
// id").
func TestBesideAggAnswers(t *testing.T) {
	runAnswers(t, besideAggSchema(), []answerCase{
		{"Show the album names, ids and the number of tracks for each album.", `{"from":{"table":"track"},"group_by":[{"col":"track.album_id"},{"col":"album.title"},{"col":"album.album_id"}],"joins":[{"on":[{"left":"track.album_id","right":"album.album_id"}],"table":"album","type":"inner"}],"select":[{"expr":{"col":"album.title"}},{"expr":{"col":"album.album_id"}},{"expr":{"agg":"count"}}]}`},
		{"What are the names and ids of the different albums, and how many tracks are on each?", `{"from":{"table":"track"},"group_by":[{"col":"track.album_id"},{"col":"album.title"},{"col":"album.album_id"}],"joins":[{"on":[{"left":"track.album_id","right":"album.album_id"}],"table":"album","type":"inner"}],"select":[{"expr":{"col":"album.title"}},{"expr":{"col":"album.album_id"}},{"expr":{"agg":"count"}}]}`},
		{"What is the name of every city that has at least 15 stations and how many stations does it have?", `{"from":{"table":"station"},"group_by":[{"col":"station.city"}],"having":{"left":{"agg":"count"},"op":">=","right":{"value":15}},"select":[{"expr":{"col":"station.city"}},{"expr":{"agg":"count"}}]}`},
		{"Show the operator name and the number of stations for each operator.", `{"from":{"table":"station"},"group_by":[{"col":"station.operator"}],"select":[{"expr":{"col":"station.operator"}},{"expr":{"agg":"count"}}]}`},
		{"List the name of station operator that has the most stations.", `{"from":{"table":"station"},"group_by":[{"col":"station.operator"}],"limit":1,"order_by":[{"desc":true,"expr":{"agg":"count"}}],"select":[{"expr":{"col":"station.operator"}}]}`},
		{"List the customer details and id for the customers who had more than one policy.", `{"from":{"table":"customer"},"group_by":[{"col":"customer.customer_id"},{"col":"customer.customer_details"}],"having":{"left":{"agg":"count"},"op":">","right":{"value":1}},"joins":[{"on":[{"left":"customer.customer_id","right":"policy.customer_id"}],"table":"policy","type":"inner"}],"select":[{"expr":{"col":"customer.customer_details"}},{"expr":{"col":"customer.customer_id"}}]}`},
		{"Show the ids for customers with at least 2 policies.", `{"from":{"table":"customer"},"group_by":[{"col":"customer.customer_id"}],"having":{"left":{"agg":"count"},"op":">=","right":{"value":2}},"joins":[{"on":[{"left":"customer.customer_id","right":"policy.customer_id"}],"table":"policy","type":"inner"}],"select":[{"expr":{"col":"customer.customer_id"}}]}`},
	})
}

// TestBesideAggRefusals: a word the question gives to the counted rows
// ("track names", "station name", "policy ids"), a name not next to the
// grouped column, and "information" beside an aggregate (no column says
// which) stay refused.
func TestBesideAggRefusals(t *testing.T) {
	runRefusals(t, besideAggSchema(), []string{
		"Show the track names and the number of tracks for each album.",
		"Show the station name and the number of stations in each city.",
		"Show the name, docks and the number of stations in each city.",
		"Show the policy ids for customers with at least 2 policies.",
		"What are the id and information of the customers who have at least 3 policies?",
	})
}
