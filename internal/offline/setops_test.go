package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// allergySchema has a link table (allergies of students), a table named for
// its thing first (festival_detail) with two name columns, and a child that
// refers to its parent by a column named for a verb (host_city_id).
func allergySchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("students", []schema.Column{
			col("id", "INTEGER"), col("name", "TEXT", "Ann Lee", "Bo Chen"), col("age", "INTEGER"),
			complete(col("home_town", "TEXT", "Paris", "Rome", "Oslo")),
		}),
		table("has_allergy", []schema.Column{
			col("student_id", "INTEGER"), complete(col("allergy", "TEXT", "Milk", "Cat", "Nuts")),
		}, fk("student_id", "students")),
		table("festival_detail", []schema.Column{
			col("festival_id", "INTEGER"), col("festival_name", "TEXT", "Spring Gala"), col("chair_name", "TEXT", "Kim Ode"),
			col("year", "INTEGER"), col("location", "TEXT", "Lyon"),
		}),
		table("cities", []schema.Column{
			col("id", "INTEGER"), col("name", "TEXT", "Aston", "Brill"), complete(col("status", "TEXT", "Town", "Village")),
			col("population", "INTEGER"),
		}),
		table("competitions", []schema.Column{
			col("id", "INTEGER"), col("host_city_id", "INTEGER"), col("theme", "TEXT", "Carnival"),
		}, fk("host_city_id", "cities")),
	}}
}

// The shapes of this round: sets combined, tables named by their first
// word, counts bound after the number and rankings by a verb's key.
func TestAllergyAnswers(t *testing.T) {
	runAnswers(t, allergySchema(), []answerCase{
		{"names of students with allergy to both Milk and Cat", `{"select":[{"expr":{"col":"students.name"}}],"from":{"table":"students"},"where":{"op":"in","left":{"col":"students.id"},"subquery":{"select":[{"expr":{"col":"has_allergy.student_id"}}],"from":{"table":"has_allergy"},"where":{"op":"=","left":{"col":"has_allergy.allergy"},"right":{"value":"Milk"}}}},"set_op":{"op":"intersect","right":{"select":[{"expr":{"col":"students.name"}}],"from":{"table":"students"},"where":{"op":"in","left":{"col":"students.id"},"subquery":{"select":[{"expr":{"col":"has_allergy.student_id"}}],"from":{"table":"has_allergy"},"where":{"op":"=","left":{"col":"has_allergy.allergy"},"right":{"value":"Cat"}}}}}}}`},
		{"names of students with allergy Milk but not Cat", `{"select":[{"expr":{"col":"students.name"}}],"from":{"table":"students"},"where":{"op":"in","left":{"col":"students.id"},"subquery":{"select":[{"expr":{"col":"has_allergy.student_id"}}],"from":{"table":"has_allergy"},"where":{"op":"=","left":{"col":"has_allergy.allergy"},"right":{"value":"Milk"}}}},"set_op":{"op":"except","right":{"select":[{"expr":{"col":"students.name"}}],"from":{"table":"students"},"where":{"op":"in","left":{"col":"students.id"},"subquery":{"select":[{"expr":{"col":"has_allergy.student_id"}}],"from":{"table":"has_allergy"},"where":{"op":"=","left":{"col":"has_allergy.allergy"},"right":{"value":"Cat"}}}}}}}`},
		{"statuses of cities with population over 1500 and cities with population under 500", `{"select":[{"expr":{"col":"cities.status"}}],"from":{"table":"cities"},"where":{"op":">","left":{"col":"cities.population"},"right":{"value":1500}},"set_op":{"op":"intersect","right":{"select":[{"expr":{"col":"cities.status"}}],"from":{"table":"cities"},"where":{"op":"<","left":{"col":"cities.population"},"right":{"value":500}}}}}`},
		{"names of festivals held in 2007", `{"select":[{"expr":{"col":"festival_detail.festival_name"}}],"from":{"table":"festival_detail"},"where":{"op":"=","left":{"col":"festival_detail.year"},"right":{"value":2007}}}`},
		{"how many festivals are there", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"festival_detail"}}`},
		{"names of cities with 3 or more competitions", `{"select":[{"expr":{"col":"cities.name"}}],"from":{"table":"cities"},"joins":[{"type":"inner","table":"competitions","on":[{"left":"cities.id","right":"competitions.host_city_id"}]}],"group_by":[{"col":"cities.id"}],"having":{"op":">=","left":{"agg":"count"},"right":{"value":3}}}`},
		{"names of cities with two or more competitions", `{"select":[{"expr":{"col":"cities.name"}}],"from":{"table":"cities"},"joins":[{"type":"inner","table":"competitions","on":[{"left":"cities.id","right":"competitions.host_city_id"}]}],"group_by":[{"col":"cities.id"}],"having":{"op":">=","left":{"agg":"count"},"right":{"value":2}}}`},
		{"the status of the city that has hosted the most competitions", `{"select":[{"expr":{"col":"cities.status"}}],"from":{"table":"cities"},"joins":[{"type":"inner","table":"competitions","on":[{"left":"cities.id","right":"competitions.host_city_id"}]}],"group_by":[{"col":"cities.id"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
		{"which status appears the most times", `{"select":[{"expr":{"col":"cities.status"}}],"from":{"table":"cities"},"group_by":[{"col":"cities.status"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
	})
}

func TestAllergyRefusals(t *testing.T) {
	runRefusals(t, allergySchema(), []string{
		"how many students have allergy to both Milk and Cat",
		"names of students from Paris but not older than 20",
		"names of students with allergy to Milk but who did not visit Rome and Oslo",
		"names of students with allergy to both Milk or Cat",
	})
}
