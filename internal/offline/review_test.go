package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// Each case below is one a guard of an earlier round decides: with the
// guard switched off the case gets another plan, or a broken one.

// reviewerSchema: reviewers give ratings of some stars; artworks are
// nominated, a nomination's result being Nominated or Won.
func reviewerSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("reviewer", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann")}),
		table("rating", []schema.Column{col("id", "INTEGER"), col("reviewer_id", "INTEGER"), complete(col("stars", "INTEGER", "3", "4"))}, fk("reviewer_id", "reviewer")),
		table("artwork", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Dawn")}),
		table("nomination", []schema.Column{col("id", "INTEGER"), col("artwork_id", "INTEGER"), complete(col("result", "TEXT", "Nominated", "Won"))}, fk("artwork_id", "artwork")),
	}}
}

// The negated value of a child is no set difference (negation3.go) when
// "only" qualifies it, when the value is a word of the child's own name
// (not nominated: no nomination at all, or none whose result is
// Nominated?), or when something else of the question reads the child,
// whose join the difference would take away.
func TestNegatedThroughChildGuards(t *testing.T) {
	runRefusals(t, reviewerSchema(), []string{
		`Find the ids of reviewers who didn't only give 4 star.`,
		`List the name of artworks that are not nominated.`,
	})
	runRefusals(t, cardSchema(), []string{
		`Which customers do not have Credit? Order by card limit amount.`,
	})
}

// pilotSchema: pilots, and a child table whose name holds a word that is
// only ever a function word in a question.
func pilotSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("pilot", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann")}),
		table("ever_list", []schema.Column{col("id", "INTEGER"), col("pilot_id", "INTEGER")}, fk("pilot_id", "pilot")),
		table("pilot_record", []schema.Column{col("id", "INTEGER"), col("pilot_id", "INTEGER")}, fk("pilot_id", "pilot")),
	}}
}

// A function word after a negation never names the child denied
// (negation4.go): "have not ever" is no "have no ever_list row", while a
// content word of the child's name is.
func TestNegatedChildWordNotFunctionWord(t *testing.T) {
	runAnswers(t, pilotSchema(), []answerCase{
		{`Which pilots have never been recorded?`, `{"select":[{"expr":{"col":"pilot.name"}}],"from":{"table":"pilot"},"where":{"op":"not_in","left":{"col":"pilot.id"},"subquery":{"select":[{"expr":{"col":"pilot_record.pilot_id"}}],"from":{"table":"pilot_record"},"where":{"op":"is_not_null","left":{"col":"pilot_record.pilot_id"}}}}}`},
	})
	runRefusals(t, pilotSchema(), []string{`Which pilots have not ever?`})
}

// detailsSchema: assets have their own details beside other details and
// refer to a maker with details; parts have their details and extra
// details; gadgets refer to a maker and have two details columns, neither
// their own.
func detailsSchema() *schema.Schema {
	maker := table("maker", []schema.Column{col("maker_id", "INTEGER"), col("maker_details", "TEXT", "big")})
	maker.PrimaryKey = []string{"maker_id"}
	assets := table("assets", []schema.Column{col("asset_id", "INTEGER"), col("maker_id", "INTEGER"), col("asset_details", "TEXT", "x"), col("other_asset_details", "TEXT", "y")}, keyTo("maker_id", "maker"))
	assets.PrimaryKey = []string{"asset_id"}
	parts := table("parts", []schema.Column{col("part_id", "INTEGER"), col("part_details", "TEXT", "x"), col("part_extra_details", "TEXT", "y")})
	parts.PrimaryKey = []string{"part_id"}
	gadgets := table("gadgets", []schema.Column{col("gadget_id", "INTEGER"), col("maker_id", "INTEGER"), col("extra_details", "TEXT", "x"), col("other_details", "TEXT", "y")}, keyTo("maker_id", "maker"))
	gadgets.PrimaryKey = []string{"gadget_id"}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{maker, assets, parts, gadgets}}
}

// "Details" are the table's own when it has any details column, even
// beside a parent's key (shape.go): the one named for the table and
// nothing more (ownDetails: part_details, not part_extra_details), and
// where no one is, a gadget's details are not its maker's.
func TestOwnDetails(t *testing.T) {
	runAnswers(t, detailsSchema(), []answerCase{
		{`List the asset id, maker id and details of all assets.`, `{"select":[{"expr":{"col":"assets.asset_id"}},{"expr":{"col":"assets.maker_id"}},{"expr":{"col":"assets.asset_details"}}],"from":{"table":"assets"}}`},
		{`What are the details of all parts?`, `{"select":[{"expr":{"col":"parts.part_details"}}],"from":{"table":"parts"}}`},
		{`What are the ids and details of all parts?`, `{"select":[{"expr":{"col":"parts.part_id"}},{"expr":{"col":"parts.part_details"}}],"from":{"table":"parts"}}`},
	})
	runRefusals(t, detailsSchema(), []string{`List the gadget id, maker id and details of all gadgets.`})
}

// quarrySchema: quarries with an ore grade and a hardware version.
func quarrySchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("quarry", []schema.Column{col("id", "INTEGER"), col("quarry_name", "TEXT", "Big"), col("ore_grade", "INTEGER"), col("hw_version", "TEXT")}),
	}}
}

// A word a column's name holds is not a slip of a fixed pair
// (unknownmany.go): "ore more" beside ore_grade, "hw many" beside
// hw_version stay refused.
func TestPairSlipSchemaWord(t *testing.T) {
	runRefusals(t, quarrySchema(), []string{
		`Which quarries have 3 ore more grade?`,
		`Hw many quarries are there?`,
	})
}

// An empty table's columns come with complete samples that are empty:
// they say nothing of the values a question gives, so "Rock" is not ruled
// out by them (whichcol.go emptyColumn), where a filled table's complete
// samples do rule it out.
func TestEmptyTableSamples(t *testing.T) {
	songs := func(rows int64, genres ...string) *schema.Schema {
		song := table("song", []schema.Column{col("id", "INTEGER"), col("title", "TEXT"), complete(col("genre", "TEXT", genres...))})
		song.RowCount = rows
		return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{song}}
	}
	runAnswers(t, songs(0), []answerCase{
		{`Which songs have the genre "Rock"?`, `{"select":[{"expr":{"col":"song.title"}}],"from":{"table":"song"},"where":{"op":"=","left":{"col":"song.genre"},"right":{"value":"Rock"}}}`},
	})
	runRefusals(t, songs(2, "Pop", "Jazz"), []string{`Which songs have the genre "Rock"?`})
}

// A duration whose name states no unit is not compared with "200 seconds"
// even where another table's duration_secs makes seconds a unit the
// schema states (unitcols.go unitFilter).
func TestUnitUnstatedBesideStated(t *testing.T) {
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("song", []schema.Column{col("id", "INTEGER"), col("title", "TEXT"), col("duration_secs", "INTEGER")}),
		table("track", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("duration", "INTEGER")}),
	}}
	runAnswers(t, s, []answerCase{
		{`titles of songs of more than 200 seconds`, `{"select":[{"expr":{"col":"song.title"}}],"from":{"table":"song"},"where":{"op":">","left":{"col":"song.duration_secs"},"right":{"value":200}}}`},
	})
	runRefusals(t, s, []string{`names of tracks over 200 seconds`})
}
