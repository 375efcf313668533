package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// hops2Schema has physicians who head departments and are affiliated with
// departments (one affiliation flagged primary), so a department is a
// physician's child by one key and a parent of the link table by another.
func hops2Schema() *schema.Schema {
	affiliated := table("affiliated_with", []schema.Column{col("physician", "INTEGER"), col("department", "INTEGER"), col("primary_affiliation", "BOOLEAN")},
		fk("physician", "physician"), fk("department", "department"))
	affiliated.PrimaryKey = []string{"physician", "department"}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("physician", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("position", "TEXT")}),
		table("department", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("head", "INTEGER")},
			fk("head", "physician")),
		affiliated,
	}}
}

// TestJoinedParent: a table the query already joined (for a flag) that
// references the table a column belongs to is the path taken, rather than
// the subject's own key to that table: the primarily affiliated
// department is the affiliation's, not the department the physician heads.
func TestJoinedParent(t *testing.T) {
	runAnswers(t, hops2Schema(), []answerCase{
		{"What are the name and primarily affiliated department name of each physician?", `{"from":{"table":"physician"},"joins":[{"type":"inner","table":"affiliated_with","on":[{"left":"physician.id","right":"affiliated_with.physician"}]},{"type":"inner","table":"department","on":[{"left":"affiliated_with.department","right":"department.id"}]}],"select":[{"expr":{"col":"physician.name"}},{"expr":{"col":"department.name"}}],"where":{"left":{"col":"affiliated_with.primary_affiliation"},"op":"=","right":{"value":true}}}`},
	})
}

// allergyTypeSchema has students, a lookup of allergy types keyed by name, and
// the allergies each student has, whose key column copies the type's name.
func allergyTypeSchema() *schema.Schema {
	types := table("allergy_type", []schema.Column{complete(col("allergy", "TEXT", "Cat", "Milk", "Soy")), complete(col("allergy_type", "TEXT", "food", "animal"))})
	types.PrimaryKey = []string{"allergy"}
	has := table("has_allergy", []schema.Column{col("stu_id", "INTEGER"), complete(col("allergy", "TEXT", "Cat", "Milk", "Soy"))},
		fk("stu_id", "student"),
		schema.ForeignKey{Columns: []string{"allergy"}, RefTable: "allergy_type", RefColumns: []string{"allergy"}})
	has.PrimaryKey = nil
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("student", []schema.Column{col("id", "INTEGER"), col("first_name", "TEXT"), col("age", "INTEGER")}),
		types,
		has,
	}}
}

// allergyNoCopySchema is allergyTypeSchema with has_allergy.allergy not
// declared a key: its values merely coincide with the lookup's.
func allergyNoCopySchema() *schema.Schema {
	s := allergyTypeSchema()
	for i := range s.Tables {
		if s.Tables[i].Name == "has_allergy" {
			s.Tables[i].ForeignKeys = s.Tables[i].ForeignKeys[:1]
		}
	}
	return s
}

// TestChildKeyCopy: a value held by a child's key column and by the lookup
// column it refers to is read in the child, one join from the subject;
// two columns that merely share values stay refused.
func TestChildKeyCopy(t *testing.T) {
	runAnswers(t, allergyTypeSchema(), []answerCase{
		{"How many students have cat allergies?", `{"from":{"table":"student"},"joins":[{"type":"inner","table":"has_allergy","on":[{"left":"student.id","right":"has_allergy.stu_id"}]}],"select":[{"expr":{"agg":"count_distinct","arg":{"col":"student.id"}}}],"where":{"left":{"col":"has_allergy.allergy"},"op":"=","right":{"value":"Cat"}}}`},
	})
	runRefusals(t, allergyNoCopySchema(), []string{"How many students have cat allergies?"})
}

// sectionSchema has instructors teaching sections and students taking
// them; both link tables refer to a section by its four-column key, so
// their semester columns copy the section's.
func sectionSchema() *schema.Schema {
	sectionKey := func() schema.ForeignKey {
		return schema.ForeignKey{Columns: []string{"course_id", "sec_id", "semester", "year"}, RefTable: "section",
			RefColumns: []string{"course_id", "sec_id", "semester", "year"}}
	}
	semester := func() schema.Column { return complete(col("semester", "TEXT", "Fall", "Spring")) }
	section := table("section", []schema.Column{col("course_id", "TEXT"), col("sec_id", "TEXT"), semester(), col("year", "INTEGER"), col("building", "TEXT")})
	section.PrimaryKey = []string{"course_id", "sec_id", "semester", "year"}
	teaches := table("teaches", []schema.Column{col("instructor_id", "INTEGER"), col("course_id", "TEXT"), col("sec_id", "TEXT"), semester(), col("year", "INTEGER")},
		fk("instructor_id", "instructor"), sectionKey())
	takes := table("takes", []schema.Column{col("student_id", "INTEGER"), col("course_id", "TEXT"), col("sec_id", "TEXT"), semester(), col("year", "INTEGER")},
		fk("student_id", "student"), sectionKey())
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("instructor", []schema.Column{col("id", "INTEGER"), col("name", "TEXT")}),
		table("student", []schema.Column{col("id", "INTEGER"), col("name", "TEXT")}),
		section, teaches, takes,
	}}
}

// TestCompositeKeyCopy: a value in a column several link tables copy
// from their parent through a key of several columns is read in the copy
// of the table that refers to the subject.
func TestCompositeKeyCopy(t *testing.T) {
	runAnswers(t, sectionSchema(), []answerCase{
		{"How many instructors taught in the Fall?", `{"from":{"table":"instructor"},"joins":[{"type":"inner","table":"teaches","on":[{"left":"instructor.id","right":"teaches.instructor_id"}]}],"select":[{"expr":{"agg":"count_distinct","arg":{"col":"instructor.id"}}}],"where":{"left":{"col":"teaches.semester"},"op":"=","right":{"value":"Fall"}}}`},
		{"How many students studied in the Spring?", `{"from":{"table":"student"},"joins":[{"type":"inner","table":"takes","on":[{"left":"student.id","right":"takes.student_id"}]}],"select":[{"expr":{"agg":"count_distinct","arg":{"col":"student.id"}}}],"where":{"left":{"col":"takes.semester"},"op":"=","right":{"value":"Spring"}}}`},
	})
}

// staySchema has patients staying in rooms: stay refers to both, and a
// room is known by its number alone.
func staySchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("patient", []schema.Column{col("id", "INTEGER"), col("name", "TEXT")}),
		table("room", []schema.Column{col("id", "INTEGER"), col("floor", "INTEGER")}),
		table("stay", []schema.Column{col("id", "INTEGER"), col("patient_id", "INTEGER"), col("room_id", "INTEGER"), col("stay_start", "DATE")},
			fk("patient_id", "patient"), fk("room_id", "room")),
	}}
}

// visitSchema is staySchema with a second child of patients, visits,
// also held in a room.
func visitSchema() *schema.Schema {
	s := staySchema()
	s.Tables = append(s.Tables, table("visit", []schema.Column{col("id", "INTEGER"), col("patient_id", "INTEGER"), col("room_id", "INTEGER")},
		fk("patient_id", "patient"), fk("room_id", "room")))
	return s
}

// TestKeyCopyCondition: a condition on the key of a table only a child of
// the subject refers to compares the child's copy of that key; when two
// children refer to it, which one is meant is a guess and stays refused.
func TestKeyCopyCondition(t *testing.T) {
	runAnswers(t, staySchema(), []answerCase{
		{"How many patients stayed in room 112?", `{"from":{"table":"patient"},"select":[{"expr":{"agg":"count_distinct","arg":{"col":"patient.id"}}}],"where":{"left":{"col":"patient.id"},"op":"in","subquery":{"from":{"table":"stay"},"select":[{"expr":{"col":"stay.patient_id"}}],"where":{"left":{"col":"stay.room_id"},"op":"=","right":{"value":112}}}}}`},
	})
	runRefusals(t, visitSchema(), []string{"How many patients stayed in room 112?"})
}
