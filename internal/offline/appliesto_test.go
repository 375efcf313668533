package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// appliesToSchema has document structures and documents, each document
// with a type code that repeats across the documents (a category), a
// structure (a foreign key), an access count and a unique title.
func appliesToSchema() *schema.Schema {
	repeating := func(c schema.Column, n int64) schema.Column {
		c.Distinct = n
		return c
	}
	structures := table("document_structures", []schema.Column{col("id", "INTEGER"), col("description", "TEXT")})
	structures.RowCount = 5
	documents := table("documents", []schema.Column{col("id", "INTEGER"), repeating(col("title", "TEXT"), 100),
		repeating(col("document_type_code", "TEXT", "CV", "BK", "PP"), 3), col("structure_id", "INTEGER"), col("access_count", "INTEGER")},
		fk("structure_id", "document_structures"))
	documents.RowCount = 100
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{structures, documents}}
}

// TestAppliesToAnswers: an aggregate over the rows of the most (or least)
// common value of a column, or of the parent row most referred to.
func TestAppliesToAnswers(t *testing.T) {
	const sumByType = `{"select":[{"expr":{"agg":"sum","arg":{"col":"documents.access_count"}}}],"from":{"table":"documents"},"group_by":[{"col":"documents.document_type_code"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`
	runAnswers(t, appliesToSchema(), []answerCase{
		{"What is the total access count of documents that are of the most common document type?", sumByType},
		{"Find the total access count of all documents in the most popular document type.", sumByType},
		// "least common": the fewest rows first.
		{"What is the average access count of documents of the least common document type?", `{"select":[{"expr":{"agg":"avg","arg":{"col":"documents.access_count"}}}],"from":{"table":"documents"},"group_by":[{"col":"documents.document_type_code"}],"order_by":[{"expr":{"agg":"count"}}],"limit":1}`},
		// The common value named before the phrase; the aggregate a count.
		{"Count the number of documents that have the document type that is most common.", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"documents"},"group_by":[{"col":"documents.document_type_code"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
		// A parent table: its rows are counted by the one foreign key.
		{"Find the average access count of documents with the least popular structure.", `{"select":[{"expr":{"agg":"avg","arg":{"col":"documents.access_count"}}}],"from":{"table":"documents"},"group_by":[{"col":"documents.structure_id"}],"order_by":[{"expr":{"agg":"count"}}],"limit":1}`},
	})
}

// TestAppliesToRefusals: "most common" under an aggregate stays refused
// when its object has no common value among the aggregated rows.
func TestAppliesToRefusals(t *testing.T) {
	runRefusals(t, appliesToSchema(), []string{
		// Every title is different: none is the most common.
		"What is the total access count of documents with the most common title?",
		// Grouped already: the most common type of what?
		"What is the total access count for each structure of the most common document type?",
	})
}
