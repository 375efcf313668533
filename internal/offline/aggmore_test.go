package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// aggMoreSchema has wards, each with a capacity, and their nurses, each
// with a salary, an age, a foreign key to the ward and two counts of
// their own (hours per week, patients seen).
func aggMoreSchema() *schema.Schema {
	ward := table("ward", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("capacity", "INTEGER")})
	ward.PrimaryKey = []string{"id"}
	nurse := table("nurse", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("salary", "REAL"), col("age", "INTEGER"), col("ward_id", "INTEGER"),
		col("hours_per_week", "INTEGER"), col("patients_seen", "INTEGER")})
	nurse.PrimaryKey = []string{"id"}
	nurse.ForeignKeys = []schema.ForeignKey{{Columns: []string{"ward_id"}, RefTable: "ward", RefColumns: []string{"id"}}}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{ward, nurse}}
}

// TestAggMoreAnswers: an aggregate shown for groups kept by their count
// of rows, and an aggregate over the rows of the top-ranked parent.
func TestAggMoreAnswers(t *testing.T) {
	runAnswers(t, aggMoreSchema(), []answerCase{
		// The count keeps the groups; the total of the same rows is shown.
		{"the ward id and the total salary for those wards which contain at least two nurses", `{"select":[{"expr":{"col":"nurse.ward_id"}},{"expr":{"agg":"sum","arg":{"col":"nurse.salary"}}}],"from":{"table":"nurse"},"joins":[{"type":"inner","table":"ward","on":[{"left":"nurse.ward_id","right":"ward.id"}]}],"group_by":[{"col":"nurse.ward_id"}],"having":{"op":">=","left":{"agg":"count"},"right":{"value":2}}}`},
		// "for each ward" names the counted groups again; a ward is
		// shown by its name.
		{"Find the average salary for each ward that has more than 3 nurses.", `{"select":[{"expr":{"agg":"avg","arg":{"col":"nurse.salary"}}},{"expr":{"col":"ward.name"}}],"from":{"table":"nurse"},"joins":[{"type":"inner","table":"ward","on":[{"left":"nurse.ward_id","right":"ward.id"}]}],"group_by":[{"col":"nurse.ward_id"},{"col":"ward.name"}],"having":{"op":">","left":{"agg":"count"},"right":{"value":3}}}`},
		// The top ward is every ward with the largest capacity.
		{"What is the average age of nurses in the ward with the largest capacity?", `{"select":[{"expr":{"agg":"avg","arg":{"col":"nurse.age"}}}],"from":{"table":"nurse"},"joins":[{"type":"inner","table":"ward","on":[{"left":"nurse.ward_id","right":"ward.id"}]}],"where":{"op":"=","left":{"col":"ward.capacity"},"right":{"subquery":{"select":[{"expr":{"agg":"max","arg":{"col":"ward.capacity"}}}],"from":{"table":"ward"}}}}}`},
		{"the maximum salary of nurses in the ward with the smallest capacity", `{"select":[{"expr":{"agg":"max","arg":{"col":"nurse.salary"}}}],"from":{"table":"nurse"},"joins":[{"type":"inner","table":"ward","on":[{"left":"nurse.ward_id","right":"ward.id"}]}],"where":{"op":"=","left":{"col":"ward.capacity"},"right":{"subquery":{"select":[{"expr":{"agg":"min","arg":{"col":"ward.capacity"}}}],"from":{"table":"ward"}}}}}`},
		// The wards are read each once, as those some top nurse is in:
		// a ward's capacity is not summed once per nurse.
		{"the total capacity of the wards of the nurses with the highest salary", `{"select":[{"expr":{"agg":"sum","arg":{"col":"ward.capacity"}}}],"from":{"table":"ward"},"where":{"op":"in","left":{"col":"ward.id"},"subquery":{"select":[{"expr":{"col":"nurse.ward_id"}}],"from":{"table":"nurse"},"where":{"op":"=","left":{"col":"nurse.salary"},"right":{"subquery":{"select":[{"expr":{"agg":"max","arg":{"col":"nurse.salary"}}}],"from":{"table":"nurse"}}}}}}}`},
		// "total" reaches over the list; the number of patients seen by
		// many nurses is the sum of their counts.
		{"Show total hours per week and number of patients seen for nurses older than 50.", `{"select":[{"expr":{"agg":"sum","arg":{"col":"nurse.hours_per_week"}}},{"expr":{"agg":"sum","arg":{"col":"nurse.patients_seen"}}}],"from":{"table":"nurse"},"where":{"op":">","left":{"col":"nurse.age"},"right":{"value":50}}}`},
	})
}

// TestAggMoreRefusals: readings these mechanisms leave alone.
func TestAggMoreRefusals(t *testing.T) {
	runRefusals(t, aggMoreSchema(), []string{
		// A parent's column summed over the counted rows repeats it.
		"the total capacity of wards with at least two nurses",
		// The top 2 wards: no single maximum to compare with.
		"the average age of nurses in the 2 wards with the largest capacity",
		// Read from the nurses, a ward's capacity would be summed once per
		// top nurse of it.
		"Find the total capacity of the nurse with the highest salary.",
		// Beside an average, "number of patients seen" could be the
		// average count or the total.
		"Show average hours per week and number of patients seen for nurses older than 50.",
		// Another condition would have to restrict the maximum too.
		"the average age of nurses older than 30 in the ward with the largest capacity",
	})
}
