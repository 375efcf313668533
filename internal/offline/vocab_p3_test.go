package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// Round twenty-one: the everyday words of each domain a database stores,
// asked of a small schema that names its things in another word.

// p3Count and p3Names are the plans of "how many Xs are there?" and "list
// the names of all Xs" over one table.
func p3Count(tbl string) string {
	return `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"` + tbl + `"}}`
}

func p3Names(tbl string) string {
	return `{"select":[{"expr":{"col":"` + tbl + `.name"}}],"from":{"table":"` + tbl + `"}}`
}

func p3Named(tbls ...string) *schema.Schema {
	s := &schema.Schema{Engine: "sqlite"}
	for _, t := range tbls {
		s.Tables = append(s.Tables, table(t, []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann")}))
	}
	return s
}

// Sports: a club for a team, a fixture for a game, a venue for a stadium.
func TestP3Sports(t *testing.T) {
	s := p3Named("team", "game", "stadium")
	s.Tables = append(s.Tables, table("player", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Bo"), col("age", "INTEGER")}))
	runAnswers(t, s, []answerCase{
		{`how many clubs are there?`, p3Count("team")},
		{`how many fixtures are there?`, p3Count("game")},
		{`list the names of all venues`, p3Names("stadium")},
		{`how many sportspersons are older than 30?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"player"},"where":{"op":">","left":{"col":"player.age"},"right":{"value":30}}}`},
	})
	// One way: a schema's own "standing" is not what a question calls a
	// rank.
	runRefusals(t, p3Named("standing"), []string{`how many ranks are there?`})
}

// Music and media: a record album for an album, a painter for an artist, a motion
// picture for a film, a cast member for an actor.
func TestP3Media(t *testing.T) {
	s := p3Named("album", "artist", "film", "actor")
	runAnswers(t, s, []answerCase{
		{`how many record albums are there?`, p3Count("album")},
		{`list the names of all painters`, p3Names("artist")},
		{`how many motion pictures are there?`, p3Count("film")},
		{`how many cast members are there?`, p3Count("actor")},
	})
	runRefusals(t, p3Named("painter"), []string{`how many artists are there?`})
}

// Education: a subject for a course, a grade point average for a GPA, a
// hall of residence for a dorm.
func TestP3Education(t *testing.T) {
	s := p3Named("course", "dorm")
	s.Tables = append(s.Tables, table("student", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Bo"), col("gpa", "REAL")}))
	runAnswers(t, s, []answerCase{
		{`how many subjects are there?`, p3Count("course")},
		{`what is the average grade point average of students?`, `{"select":[{"expr":{"agg":"avg","arg":{"col":"student.gpa"}}}],"from":{"table":"student"}}`},
		{`how many halls of residence are there?`, p3Count("dorm")},
	})
}

// Business: an office for a branch, a distributor for a supplier, a
// valuation for a market value, a fee for a price.
func TestP3Business(t *testing.T) {
	s := p3Named("branch", "supplier")
	s.Tables = append(s.Tables,
		table("company", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Acme"), col("market_value", "REAL")}),
		table("service", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Wash"), col("price", "REAL")}))
	runAnswers(t, s, []answerCase{
		{`how many offices are there?`, p3Count("branch")},
		{`list the names of all distributors`, p3Names("supplier")},
		{`what is the highest valuation of companies?`, `{"select":[{"expr":{"agg":"max","arg":{"col":"company.market_value"}}}],"from":{"table":"company"}}`},
		{`what is the average fee of services?`, `{"select":[{"expr":{"agg":"avg","arg":{"col":"service.price"}}}],"from":{"table":"service"}}`},
	})
}

// Transport: an itinerary for a route, a ride for a trip.
func TestP3Transport(t *testing.T) {
	s := p3Named("route")
	s.Tables = append(s.Tables, table("trip", []schema.Column{col("id", "INTEGER"), col("duration", "INTEGER")}))
	runAnswers(t, s, []answerCase{
		{`how many itineraries are there?`, p3Count("route")},
		{`what is the average duration of rides?`, `{"select":[{"expr":{"agg":"avg","arg":{"col":"trip.duration"}}}],"from":{"table":"trip"}}`},
	})
}

// Healthcare: a practitioner for a doctor, a clinic for a hospital, a
// consultation for an appointment.
func TestP3Healthcare(t *testing.T) {
	runAnswers(t, p3Named("doctor", "hospital", "appointment"), []answerCase{
		{`how many practitioners are there?`, p3Count("doctor")},
		{`list the names of all clinics`, p3Names("hospital")},
		{`how many consultations are there?`, p3Count("appointment")},
	})
}

// Government and politics: a lawmaker for a representative, an elector
// for a voter, a shire for a county.
func TestP3Politics(t *testing.T) {
	s := p3Named("representative", "county")
	s.Tables = append(s.Tables, table("voter", []schema.Column{col("id", "INTEGER"), col("age", "INTEGER")}))
	runAnswers(t, s, []answerCase{
		{`how many lawmakers are there?`, p3Count("representative")},
		{`how many electors are older than 40?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"voter"},"where":{"op":">","left":{"col":"voter.age"},"right":{"value":40}}}`},
		{`list the names of all shires`, p3Names("county")},
	})
	// A legislator could be a representative or a senator: ambiguous.
	runRefusals(t, p3Named("representative", "senator"), []string{`how many legislators are there?`})
}

// Geography: a peak for a mountain, a stream for a river, a territory for
// a region.
func TestP3Geography(t *testing.T) {
	s := p3Named("mountain", "region")
	s.Tables = append(s.Tables, table("river", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Po"), col("length", "REAL")}))
	runAnswers(t, s, []answerCase{
		{`list the names of all peaks`, p3Names("mountain")},
		{`what is the average length of streams?`, `{"select":[{"expr":{"agg":"avg","arg":{"col":"river.length"}}}],"from":{"table":"river"}}`},
		{`how many territories are there?`, p3Count("region")},
	})
}

// Technology: a programmer for a developer, an edition for a version, a
// chip for a processor.
func TestP3Technology(t *testing.T) {
	runAnswers(t, p3Named("developer", "version", "processor"), []answerCase{
		{`how many programmers are there?`, p3Count("developer")},
		{`how many editions are there?`, p3Count("version")},
		{`how many chips are there?`, p3Count("processor")},
	})
}

// Housing and events: a carnival for a festival, a convention for a
// conference, a suite for a room, the occupancy for its capacity.
func TestP3HousingAndEvents(t *testing.T) {
	s := p3Named("festival", "conference")
	s.Tables = append(s.Tables, table("room", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Blue"), col("capacity", "INTEGER")}))
	runAnswers(t, s, []answerCase{
		{`how many carnivals are there?`, p3Count("festival")},
		{`how many conventions are there?`, p3Count("conference")},
		{`list the names of all suites`, p3Names("room")},
		{`which rooms have an occupancy above 4?`, `{"select":[{"expr":{"col":"room.name"}}],"from":{"table":"room"},"where":{"op":">","left":{"col":"room.capacity"},"right":{"value":4}}}`},
	})
}

// Occupations, money, social media and wine.
func TestP3Other(t *testing.T) {
	runAnswers(t, p3Named("chef", "transaction", "tweet", "winery", "loan"), []answerCase{
		{`how many cooks are there?`, p3Count("chef")},
		{`how many trades are there?`, p3Count("transaction")},
		{`how many posts are there?`, p3Count("tweet")},
		{`list the names of all vineyards`, p3Names("winery")},
		{`how many borrowings are there?`, p3Count("loan")},
	})
}

// Plurals no suffix rule reaches: compounds of man and person, -ves and
// Latin plurals.
func TestP3IrregularPlurals(t *testing.T) {
	s := p3Named("chairman", "salesperson", "shelf", "alumnus")
	s.Tables = append(s.Tables, table("sportsman", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Bo"), col("age", "INTEGER")}))
	runAnswers(t, s, []answerCase{
		{`how many chairmen are there?`, p3Count("chairman")},
		{`list the names of all salespeople`, p3Names("salesperson")},
		{`how many shelves are there?`, p3Count("shelf")},
		{`list the names of all alumni`, p3Names("alumnus")},
		{`how many sportsmen are older than 30?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"sportsman"},"where":{"op":">","left":{"col":"sportsman.age"},"right":{"value":30}}}`},
	})
	// A plural means its singular only: "alumni" is not a chairman.
	runRefusals(t, p3Named("chairman"), []string{`how many alumni are there?`})
}

// A show is a cartoon or a series, one way; where a schema has both it is
// ambiguous, not a guess.
func TestP3GeneralForParticular(t *testing.T) {
	runAnswers(t, p3Named("cartoon", "submission"), []answerCase{
		{`how many shows are there?`, p3Count("cartoon")},
		{`how many papers are there?`, p3Count("submission")},
	})
	runRefusals(t, p3Named("cartoon", "series"), []string{`how many shows are there?`})
	runRefusals(t, p3Named("show"), []string{`how many cartoons are there?`})
}

// Attributes in other words: the box office for the gross, the tempo for
// the beats per minute, a shirt number for a jersey number.
func TestP3Attributes(t *testing.T) {
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("film", []schema.Column{col("id", "INTEGER"), col("title", "TEXT", "Heat"), col("gross", "REAL")}),
		table("song", []schema.Column{col("id", "INTEGER"), col("title", "TEXT", "Yes"), col("bpm", "INTEGER")}),
		table("player", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Bo"), col("jersey_number", "INTEGER")}),
	}}
	runAnswers(t, s, []answerCase{
		{`what is the average box office of films?`, `{"select":[{"expr":{"agg":"avg","arg":{"col":"film.gross"}}}],"from":{"table":"film"}}`},
		{`what is the highest tempo of songs?`, `{"select":[{"expr":{"agg":"max","arg":{"col":"song.bpm"}}}],"from":{"table":"song"}}`},
		{`what is the shirt number of the player named Bo?`, `{"select":[{"expr":{"col":"player.jersey_number"}}],"from":{"table":"player"},"where":{"op":"=","left":{"col":"player.name"},"right":{"value":"Bo"}}}`},
	})
}
