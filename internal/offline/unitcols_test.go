package offline_test

import (
	"strings"
	"testing"

	"querent/internal/offline"
	"querent/internal/schema"
)

// unitShopSchema: products with a price, a weight in kilograms and a count
// of parts; buildings with a height in feet and a number of floors; songs
// with a duration in seconds; aircraft and the flights they fly, each
// with a fare.
func unitShopSchema() *schema.Schema {
	product := table("product", []schema.Column{col("product_id", "INTEGER"), col("name", "TEXT"), col("price", "REAL"),
		col("weight_kg", "REAL"), col("num_of_parts", "INTEGER")})
	product.PrimaryKey = []string{"product_id"}
	building := table("building", []schema.Column{col("building_id", "INTEGER"), col("name", "TEXT"), col("height_feet", "REAL"),
		col("floors", "INTEGER")})
	building.PrimaryKey = []string{"building_id"}
	song := table("song", []schema.Column{col("song_id", "INTEGER"), col("title", "TEXT"), col("duration_seconds", "INTEGER")})
	song.PrimaryKey = []string{"song_id"}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{product, building, song}}
}

// unitAirSchema: aircraft and the flights they fly, each with a fare. A
// schema of its own: the feet of unitShopSchema's buildings would make
// "miles" another unit of a length it holds (numbers3.go).
func unitAirSchema() *schema.Schema {
	aircraft := table("aircraft", []schema.Column{col("aid", "INTEGER"), col("name", "TEXT"), col("distance", "INTEGER")})
	aircraft.PrimaryKey = []string{"aid"}
	flight := table("flight", []schema.Column{col("flno", "INTEGER"), col("aid", "INTEGER"), col("origin", "TEXT"), col("fare", "REAL")}, keyTo("aid", "aircraft"))
	flight.PrimaryKey = []string{"flno"}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{aircraft, flight}}
}

// TestUnitColumnAnswers: a number with a unit and no column named compares
// the one column of the unit's kind.
func TestUnitColumnAnswers(t *testing.T) {
	runAnswers(t, unitShopSchema(), []answerCase{
		// money: the one price
		{"names of products under 300 dollars", `{"select":[{"expr":{"col":"product.name"}}],"from":{"table":"product"},"where":{"op":"<","left":{"col":"product.price"},"right":{"value":300}}}`},
		// weight: the column's unit is the question's
		{"names of products over 5 kg", `{"select":[{"expr":{"col":"product.name"}}],"from":{"table":"product"},"where":{"op":">","left":{"col":"product.weight_kg"},"right":{"value":5}}}`},
		{"names of products of more than 5 kilograms", `{"select":[{"expr":{"col":"product.name"}}],"from":{"table":"product"},"where":{"op":">","left":{"col":"product.weight_kg"},"right":{"value":5}}}`},
		// length: a height in feet
		{"names of buildings over 100 feet", `{"select":[{"expr":{"col":"building.name"}}],"from":{"table":"building"},"where":{"op":">","left":{"col":"building.height_feet"},"right":{"value":100}}}`},
		// duration: a unit of time only where a column holds that time
		{"titles of songs of more than 200 seconds", `{"select":[{"expr":{"col":"song.title"}}],"from":{"table":"song"},"where":{"op":">","left":{"col":"song.duration_seconds"},"right":{"value":200}}}`},
	})
	runAnswers(t, unitAirSchema(), []answerCase{
		{"flights under 300 dollars", `{"from":{"table":"flight"},"where":{"op":"<","left":{"col":"flight.fare"},"right":{"value":300}}}`},
		{"flights between 100 and 300 dollars", `{"from":{"table":"flight"},"where":{"op":"between","left":{"col":"flight.fare"},"low":{"value":100},"high":{"value":300}}}`},
		{"names of aircraft of more than 5000 miles", `{"select":[{"expr":{"col":"aircraft.name"}}],"from":{"table":"aircraft"},"where":{"op":">","left":{"col":"aircraft.distance"},"right":{"value":5000}}}`},
		// never a count of the aircraft's flights
		{"aircraft with more than 5000 miles", `{"from":{"table":"aircraft"},"select":[{"expr":{"col":"aircraft.name"}}],"where":{"op":">","left":{"col":"aircraft.distance"},"right":{"value":5000}}}`},
		// a distance one key away, of a table the question names
		{"flights on aircraft with at least 5000 miles", `{"select":[{"expr":{"col":"flight.*"}}],"from":{"table":"flight"},"joins":[{"type":"inner","table":"aircraft","on":[{"left":"flight.aid","right":"aircraft.aid"}]}],"where":{"op":">=","left":{"col":"aircraft.distance"},"right":{"value":5000}}}`},
	})
}

// TestUnitColumnRefusals: no one column of the kind, or one in another
// unit or scale, leaves the number unplaced.
func TestUnitColumnRefusals(t *testing.T) {
	runRefusals(t, unitShopSchema(), []string{
		// another unit of the kind than the column's
		"names of buildings over 100 meters",
		"names of products over 5 lbs",
		"titles of songs longer than 3 minutes",
		// no column of the kind
		"names of buildings with more than 20 dollars",
	})
	// A duration whose name states no unit may hold seconds or minutes.
	track := table("track", []schema.Column{col("track_id", "INTEGER"), col("name", "TEXT"), col("duration", "INTEGER")})
	track.PrimaryKey = []string{"track_id"}
	runRefusals(t, &schema.Schema{Engine: "sqlite", Tables: []schema.Table{track}}, []string{
		"names of tracks of more than 3 minutes",
		"names of tracks over 200 seconds",
	})
	// A count is no measure, whatever it counts.
	offer := table("offer", []schema.Column{col("offer_id", "INTEGER"), col("name", "TEXT"), col("price_change_count", "INTEGER")})
	offer.PrimaryKey = []string{"offer_id"}
	runRefusals(t, &schema.Schema{Engine: "sqlite", Tables: []schema.Table{offer}}, []string{
		"names of offers under 300 dollars",
	})
	item := table("item", []schema.Column{col("item_id", "INTEGER"), col("name", "TEXT"), col("price", "REAL"), col("cost", "REAL")})
	item.PrimaryKey = []string{"item_id"}
	storm := table("storm", []schema.Column{col("storm_id", "INTEGER"), col("name", "TEXT"), col("damage_millions_usd", "REAL")})
	storm.PrimaryKey = []string{"storm_id"}
	org := table("organisation", []schema.Column{col("organisation_id", "INTEGER"), col("details", "TEXT")})
	org.PrimaryKey = []string{"organisation_id"}
	grant := table("grant", []schema.Column{col("grant_id", "INTEGER"), col("organisation_id", "INTEGER"), col("budget", "REAL")},
		keyTo("organisation_id", "organisation"))
	grant.PrimaryKey = []string{"grant_id"}
	payment := table("payment", []schema.Column{col("payment_id", "INTEGER"), col("amount", "REAL")})
	payment.PrimaryKey = []string{"payment_id"}
	runRefusals(t, &schema.Schema{Engine: "sqlite", Tables: []schema.Table{item, storm, org, grant, payment}}, []string{
		// a price and a cost could both be it
		"names of items under 300 dollars",
		// a column in millions does not hold the number as written
		"names of storms over 10 dollars",
		// many grants per organisation: any of them, or their sum?
		"details of organisations with grants over 6000 dollars",
		// an amount may be a quantity
		"ids of payments over 100 dollars",
	})
	// Each gate says why, so that none of them is passed by another.
	for _, c := range []struct {
		s         *schema.Schema
		q, reason string
	}{
		{&schema.Schema{Engine: "sqlite", Tables: []schema.Table{item, storm, org, grant, payment}}, "names of storms over 10 dollars", "is held in a scale"},
		{&schema.Schema{Engine: "sqlite", Tables: []schema.Table{item, storm, org, grant, payment}}, "names of items under 300 dollars", "could hold it"},
	} {
		p := offline.New(c.s, offline.Options{Today: today})
		if _, tr := p.PlanWithTrace(c.q); !strings.Contains(tr.Reason, c.reason) {
			t.Errorf("%q: reason %q should contain %q", c.q, tr.Reason, c.reason)
		}
	}
}

// TestUnitNarrowsAnswers: a unit that is a word of a column's name picks
// that column among those the word before names.
func TestUnitNarrowsAnswers(t *testing.T) {
	entry := table("catalog_entry", []schema.Column{col("entry_id", "INTEGER"), col("entry_name", "TEXT"),
		col("price_in_dollars", "REAL"), col("price_in_euros", "REAL")})
	entry.PrimaryKey = []string{"entry_id"}
	lens := table("camera_lens", []schema.Column{col("lens_id", "INTEGER"), col("name", "TEXT"), col("focal_length_mm", "REAL")})
	lens.PrimaryKey = []string{"lens_id"}
	runAnswers(t, &schema.Schema{Engine: "sqlite", Tables: []schema.Table{entry, lens}}, []answerCase{
		{"names of catalog entries with price above 700 dollars", `{"select":[{"expr":{"col":"catalog_entry.entry_name"}}],"from":{"table":"catalog_entry"},"where":{"op":">","left":{"col":"catalog_entry.price_in_dollars"},"right":{"value":700}}}`},
		{"names of catalog entries with price above 700 euros", `{"select":[{"expr":{"col":"catalog_entry.entry_name"}}],"from":{"table":"catalog_entry"},"where":{"op":">","left":{"col":"catalog_entry.price_in_euros"},"right":{"value":700}}}`},
		{"how many camera lenses have a focal length longer than 15 mm", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"camera_lens"},"where":{"op":">","left":{"col":"camera_lens.focal_length_mm"},"right":{"value":15}}}`},
	})
}
