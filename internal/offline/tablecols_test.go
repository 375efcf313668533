package offline_test

import (
	"fmt"
	"testing"

	"querent/internal/schema"
)

// depotSchema: depots and the shelves in them, each with a details column
// named after its table.
func depotSchema() *schema.Schema {
	depot := table("depots", []schema.Column{col("depot_id", "INTEGER"), col("depot_details", "TEXT")})
	depot.PrimaryKey = []string{"depot_id"}
	shelf := table("shelves", []schema.Column{col("shelf_id", "INTEGER"), col("depot_id", "INTEGER"), col("shelf_details", "TEXT")}, keyTo("depot_id", "depots"))
	shelf.PrimaryKey = []string{"shelf_id"}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{depot, shelf}}
}

// screeningSchema: theaters and movies joined through screenings.
func screeningSchema() *schema.Schema {
	theater := table("theater", []schema.Column{col("theater_id", "INTEGER"), col("name", "TEXT"), col("city", "TEXT")})
	theater.PrimaryKey = []string{"theater_id"}
	movie := table("movie", []schema.Column{col("movie_id", "INTEGER"), col("title", "TEXT"), col("genre", "TEXT")})
	movie.PrimaryKey = []string{"movie_id"}
	screening := table("screening", []schema.Column{col("theater_id", "INTEGER"), col("movie_id", "INTEGER"), col("show_date", "TEXT"), col("price", "REAL")},
		keyTo("theater_id", "theater"), keyTo("movie_id", "movie"))
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{theater, movie, screening}}
}

// innSchema: inns refer to a table of star rating codes with no label
// column, and to a manager by a number; reviews refer to inns.
func innSchema() *schema.Schema {
	rating := table("ref_star_ratings", []schema.Column{col("star_rating_code", "TEXT"), col("star_rating_description", "TEXT")})
	rating.PrimaryKey = []string{"star_rating_code"}
	manager := table("manager", []schema.Column{col("manager_id", "INTEGER"), col("name", "TEXT")})
	manager.PrimaryKey = []string{"manager_id"}
	inn := table("inn", []schema.Column{col("inn_id", "INTEGER"), col("name", "TEXT"), col("price", "REAL"), col("star_rating_code", "TEXT"), col("manager_id", "INTEGER")},
		keyTo("star_rating_code", "ref_star_ratings"), keyTo("manager_id", "manager"))
	inn.PrimaryKey = []string{"inn_id"}
	review := table("review", []schema.Column{col("review_id", "INTEGER"), col("inn_id", "INTEGER"), col("stars", "INTEGER")}, keyTo("inn_id", "inn"))
	review.PrimaryKey = []string{"review_id"}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{rating, manager, inn, review}}
}

// keyTo is a foreign key to the column of the same name in table t.
func keyTo(col, t string) schema.ForeignKey {
	return schema.ForeignKey{Columns: []string{col}, RefTable: t, RefColumns: []string{col}}
}

// TestTableAfterColumnsAnswers: a table after a list of columns is the
// rows they belong to when a preposition introduces it ("for all
// depots"), and a table before a column it holds ("movie title") is that
// column's table, not an item of the list shown by its labels; a table
// that owns the column before it ("the titles of movies and …") closes
// that column's phrase.
func TestTableAfterColumnsAnswers(t *testing.T) {
	runAnswers(t, depotSchema(), []answerCase{
		{"List ids and details for all depots.", `{"select":[{"expr":{"col":"depots.depot_id"}},{"expr":{"col":"depots.depot_details"}}],"from":{"table":"depots"}}`},
		{"What are the ids and details of all shelves?", `{"select":[{"expr":{"col":"shelves.shelf_id"}},{"expr":{"col":"shelves.shelf_details"}}],"from":{"table":"shelves"}}`},
		{"What are the shelf ids, shelf details, and depot details, for all shelves?", `{"select":[{"expr":{"col":"shelves.shelf_id"}},{"expr":{"col":"shelves.shelf_details"}},{"expr":{"col":"depots.depot_details"}}],"from":{"table":"shelves"},"joins":[{"type":"inner","table":"depots","on":[{"left":"shelves.depot_id","right":"depots.depot_id"}]}]}`},
	})
	const through = `"joins":[{"type":"inner","table":"screening","on":[{"left":"%s.%s_id","right":"screening.%s_id"}]},{"type":"inner","table":"%s","on":[{"left":"screening.%s_id","right":"%s.%s_id"}]}]`
	runAnswers(t, screeningSchema(), []answerCase{
		{"Show theater name, movie title, show date, and price for each record in screening.", `{"select":[{"expr":{"col":"theater.name"}},{"expr":{"col":"movie.title"}},{"expr":{"col":"screening.show_date"}},{"expr":{"col":"screening.price"}}],"from":{"table":"screening"},"joins":[{"type":"inner","table":"theater","on":[{"left":"screening.theater_id","right":"theater.theater_id"}]},{"type":"inner","table":"movie","on":[{"left":"screening.movie_id","right":"movie.movie_id"}]}]}`},
		{"Show the titles of movies and the names of the theaters.", `{"select":[{"expr":{"col":"movie.title"}},{"expr":{"col":"theater.name"}}],"from":{"table":"movie"},` + fmt.Sprintf(through, "movie", "movie", "movie", "theater", "theater", "theater", "theater") + `}`},
		{"Show the cities of theaters and the genres of movies.", `{"select":[{"expr":{"col":"theater.city"}},{"expr":{"col":"movie.genre"}}],"from":{"table":"theater"},` + fmt.Sprintf(through, "theater", "theater", "theater", "movie", "movie", "movie", "movie") + `}`},
	})
}

// TestTableInOwnedListAnswers: a table listed among the columns of a list
// closed by "of each inn" is a parent of the inns: shown by the inns' own
// key to it when that key is a code named for it (star_rating_code), by
// its labels when the key is a number (manager_id), in the order named.
func TestTableInOwnedListAnswers(t *testing.T) {
	runAnswers(t, innSchema(), []answerCase{
		{"Show the id and star rating of each inn.", `{"select":[{"expr":{"col":"inn.inn_id"}},{"expr":{"col":"inn.star_rating_code"}}],"from":{"table":"inn"}}`},
		{"Show the star rating and price of the inn named 'Blue'.", `{"select":[{"expr":{"col":"inn.star_rating_code"}},{"expr":{"col":"inn.price"}}],"from":{"table":"inn"},"where":{"op":"=","left":{"col":"inn.name"},"right":{"value":"Blue"}}}`},
		{"Show the name and manager of each inn.", `{"select":[{"expr":{"col":"inn.name"}},{"expr":{"col":"manager.name"}}],"from":{"table":"inn"},"joins":[{"type":"inner","table":"manager","on":[{"left":"inn.manager_id","right":"manager.manager_id"}]}]}`},
	})
}

// TestTableInOwnedListRefusals: a table listed beside columns that the
// rows do not refer to (an inn's reviews are many) is not one value per
// row.
func TestTableInOwnedListRefusals(t *testing.T) {
	runRefusals(t, innSchema(), []string{
		"Show the name and review of each inn.",
	})
}
