package offline_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/offline"
	"querent/internal/plan"
)

// The library schema has nothing to do with the demo store: the same
// planner, with no change, answers its questions from its own names and
// values.
func TestLibraryAnswers(t *testing.T) {
	runAnswers(t, librarySchema(), []answerCase{
		{"how many books", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"books"}}`},
		{"how many authors are from Japan", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"authors"},"where":{"op":"=","left":{"col":"authors.country"},"right":{"value":"Japan"}}}`},
		{"authors from France", `{"select":[{"expr":{"col":"authors.name"}}],"from":{"table":"authors"},"where":{"op":"=","left":{"col":"authors.country"},"right":{"value":"France"}}}`},
		{"books published in 2001", `{"select":[{"expr":{"col":"books.title"}}],"from":{"table":"books"},"where":{"op":"=","left":{"col":"books.published_year"},"right":{"value":2001}}}`},
		{"books published after 2000", `{"select":[{"expr":{"col":"books.title"}}],"from":{"table":"books"},"where":{"op":">","left":{"col":"books.published_year"},"right":{"value":2000}}}`},
		{"books with more than 300 pages", `{"select":[{"expr":{"col":"books.title"}}],"from":{"table":"books"},"where":{"op":">","left":{"col":"books.pages"},"right":{"value":300}}}`},
		{"average pages of books", `{"select":[{"expr":{"agg":"avg","arg":{"col":"books.pages"}}}],"from":{"table":"books"}}`},
		{"average number of pages", `{"select":[{"expr":{"agg":"avg","arg":{"col":"books.pages"}}}],"from":{"table":"books"}}`},
		{"book with the most pages", `{"select":[{"expr":{"col":"books.title"}}],"from":{"table":"books"},"order_by":[{"expr":{"col":"books.pages"},"desc":true}],"limit":1}`},
		{"newest book", `{"select":[{"expr":{"col":"books.title"}}],"from":{"table":"books"},"order_by":[{"expr":{"col":"books.published_year"},"desc":true}],"limit":1}`},
		{"top 3 books by pages", `{"select":[{"expr":{"col":"books.title"}}],"from":{"table":"books"},"order_by":[{"expr":{"col":"books.pages"},"desc":true}],"limit":3}`},
		{"how many books per author", `{"select":[{"expr":{"col":"authors.name"}},{"expr":{"agg":"count"}}],"from":{"table":"books"},"joins":[{"type":"inner","table":"authors","on":[{"left":"books.author_id","right":"authors.id"}]}],"group_by":[{"col":"books.author_id"},{"col":"authors.name"}]}`},
		{"number of books per country", `{"select":[{"expr":{"col":"authors.country"}},{"expr":{"agg":"count"}}],"from":{"table":"books"},"joins":[{"type":"inner","table":"authors","on":[{"left":"books.author_id","right":"authors.id"}]}],"group_by":[{"col":"authors.country"}]}`},
		{"average pages per language", `{"select":[{"expr":{"col":"books.language"}},{"expr":{"agg":"avg","arg":{"col":"books.pages"}}}],"from":{"table":"books"},"group_by":[{"col":"books.language"}]}`},
		{"books by authors from Italy", `{"select":[{"expr":{"col":"books.title"}}],"from":{"table":"books"},"joins":[{"type":"inner","table":"authors","on":[{"left":"books.author_id","right":"authors.id"}]}],"where":{"op":"=","left":{"col":"authors.country"},"right":{"value":"Italy"}}}`},
		{"list all titles", `{"distinct":true,"select":[{"expr":{"col":"books.title"}}],"from":{"table":"books"}}`},
		{"show me the names", `{"distinct":true,"select":[{"expr":{"col":"authors.name"}}],"from":{"table":"authors"}}`},
		{"which author has the most books", `{"select":[{"expr":{"col":"authors.name"}}],"from":{"table":"authors"},"joins":[{"type":"inner","table":"books","on":[{"left":"authors.id","right":"books.author_id"}]}],"group_by":[{"col":"authors.id"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
		{"authors with the fewest books", `{"select":[{"expr":{"col":"authors.name"}}],"from":{"table":"authors"},"joins":[{"type":"inner","table":"books","on":[{"left":"authors.id","right":"books.author_id"}]}],"group_by":[{"col":"authors.id"}],"order_by":[{"expr":{"agg":"count"}}],"limit":1}`},
		{"list all titles in alphabetical order", `{"distinct":true,"select":[{"expr":{"col":"books.title"}}],"from":{"table":"books"},"order_by":[{"expr":{"col":"books.title"}}]}`},
		{"titles of books sorted alphabetically", `{"select":[{"expr":{"col":"books.title"}}],"from":{"table":"books"},"order_by":[{"expr":{"col":"books.title"}}]}`},
		{"books sorted by published year", `{"select":[{"expr":{"col":"books.title"}}],"from":{"table":"books"},"order_by":[{"expr":{"col":"books.published_year"}}]}`},
	})
}

func TestLibraryRefusals(t *testing.T) {
	runRefusals(t, librarySchema(), []string{
		"what is the weather",
		"delete all books",
		"how many books in French", // language or original language
		"the longest book",
		"books written in English",
		"how many customers are in Germany",
		"average salary of employees",
		"show me the orders",
	})
}

func TestLibraryClarification(t *testing.T) {
	p := offline.New(librarySchema(), offline.Options{Today: today})
	r := p.Plan("how many books in French")
	want := &plan.Clarification{Questions: []plan.Question{{
		Text:    `"French" appears in books.language and books.original_language: which one do you mean?`,
		Choices: []string{"books.language", "books.original_language"},
	}}}
	if diff := cmp.Diff(want, r.Clarification); diff != "" {
		t.Errorf("clarification (-want +got):\n%s", diff)
	}
}

// CamelCase identifiers, abbreviations (Qty, Amt, DOB), an irregular plural
// (people) and keys named after their tables.
func TestIdentifierAnswers(t *testing.T) {
	runAnswers(t, crmSchema(), []answerCase{
		{"how many people", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"Person"}}`},
		{"how many sales orders", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"SalesOrder"}}`},
		{"total qty of sales orders", `{"select":[{"expr":{"agg":"sum","arg":{"col":"SalesOrder.Qty"}}}],"from":{"table":"SalesOrder"}}`},
		{"average total amount of sales orders", `{"select":[{"expr":{"agg":"avg","arg":{"col":"SalesOrder.TotalAmt"}}}],"from":{"table":"SalesOrder"}}`},
		{"people with home town Springfield", `{"select":[{"expr":{"col":"Person.FullName"}}],"from":{"table":"Person"},"where":{"op":"=","left":{"col":"Person.HomeTown"},"right":{"value":"Springfield"}}}`},
		// The oldest has the earliest birth date.
		{"the oldest person", `{"select":[{"expr":{"col":"Person.FullName"}}],"from":{"table":"Person"},"order_by":[{"expr":{"col":"Person.DOB"}}],"limit":1}`},
		{"the youngest person", `{"select":[{"expr":{"col":"Person.FullName"}}],"from":{"table":"Person"},"order_by":[{"expr":{"col":"Person.DOB"},"desc":true}],"limit":1}`},
		{"people with date of birth in 1990", `{"select":[{"expr":{"col":"Person.FullName"}}],"from":{"table":"Person"},"where":{"and":[{"op":">=","left":{"col":"Person.DOB"},"right":{"value":"1990-01-01"}},{"op":"<","left":{"col":"Person.DOB"},"right":{"value":"1991-01-01"}}]}}`},
		{"sales orders with ship country Canada", `{"from":{"table":"SalesOrder"},"where":{"op":"=","left":{"col":"SalesOrder.ShipCountry"},"right":{"value":"Canada"}}}`},
		{"number of sales orders per person", `{"select":[{"expr":{"col":"Person.FullName"}},{"expr":{"agg":"count"}}],"from":{"table":"SalesOrder"},"joins":[{"type":"inner","table":"Person","on":[{"left":"SalesOrder.PersonID","right":"Person.PersonID"}]}],"group_by":[{"col":"SalesOrder.PersonID"},{"col":"Person.FullName"}]}`},
		{"the sales order with the highest qty", `{"from":{"table":"SalesOrder"},"order_by":[{"expr":{"col":"SalesOrder.Qty"},"desc":true}],"limit":1}`},
		{"the latest sales order", `{"from":{"table":"SalesOrder"},"order_by":[{"expr":{"col":"SalesOrder.OrderDate"},"desc":true}],"limit":1}`},
		// "born" names the birth date column through a general synonym.
		{"people born in 1990", `{"select":[{"expr":{"col":"Person.FullName"}}],"from":{"table":"Person"},"where":{"and":[{"op":">=","left":{"col":"Person.DOB"},"right":{"value":"1990-01-01"}},{"op":"<","left":{"col":"Person.DOB"},"right":{"value":"1991-01-01"}}]}}`},
		{"list the full names of people", `{"select":[{"expr":{"col":"Person.FullName"}}],"from":{"table":"Person"}}`},
	})
}

// A word that is both a question word and a column's name ("total").
func TestDualWordAnswers(t *testing.T) {
	runAnswers(t, crmSchema(), []answerCase{
		{"average total of invoices", `{"select":[{"expr":{"agg":"avg","arg":{"col":"Invoice.Total"}}}],"from":{"table":"Invoice"}}`},
		{"total of invoices by billing country", `{"select":[{"expr":{"col":"Invoice.BillingCountry"}},{"expr":{"agg":"sum","arg":{"col":"Invoice.Total"}}}],"from":{"table":"Invoice"},"group_by":[{"col":"Invoice.BillingCountry"}]}`},
		{"total qty", `{"select":[{"expr":{"agg":"sum","arg":{"col":"SalesOrder.Qty"}}}],"from":{"table":"SalesOrder"}}`},
		// The view RecentOrders has the same column: the base table wins.
		{"average total amount", `{"select":[{"expr":{"agg":"avg","arg":{"col":"SalesOrder.TotalAmt"}}}],"from":{"table":"SalesOrder"}}`},
	})
}

func TestIdentifierRefusals(t *testing.T) {
	runRefusals(t, crmSchema(), []string{
		"orders shipped to Mexico",
		"drop table Person",
	})
}
