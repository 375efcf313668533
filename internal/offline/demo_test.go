package offline_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"querent/internal/offline"
	"querent/internal/plan"
)

// TestDemoAnswers covers every question shape of this version on the demo
// store's schema.
func TestDemoAnswers(t *testing.T) {
	runAnswers(t, demoSchema(), []answerCase{
		// Rankings of groups by a count: a column of the counted table, or
		// a table it references, shown by its name.
		{"which country has the most customers", `{"select":[{"expr":{"col":"customers.country"}}],"from":{"table":"customers"},"group_by":[{"col":"customers.country"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
		{"which city has the fewest customers", `{"select":[{"expr":{"col":"customers.city"}}],"from":{"table":"customers"},"group_by":[{"col":"customers.city"}],"order_by":[{"expr":{"agg":"count"}}],"limit":1}`},
		{"the customer with the most orders", `{"select":[{"expr":{"col":"customers.first_name"}},{"expr":{"col":"customers.last_name"}}],"from":{"table":"customers"},"joins":[{"type":"inner","table":"orders","on":[{"left":"customers.id","right":"orders.customer_id"}]}],"group_by":[{"col":"customers.id"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
		{"customers with more than 3 orders", `{"select":[{"expr":{"col":"customers.first_name"}},{"expr":{"col":"customers.last_name"}}],"from":{"table":"customers"},"joins":[{"type":"inner","table":"orders","on":[{"left":"customers.id","right":"orders.customer_id"}]}],"group_by":[{"col":"customers.id"}],"having":{"op":">","left":{"agg":"count"},"right":{"value":3}}}`},
		// Several aggregates, of one column or each of its own.
		{"what is the total salary and average salary", `{"select":[{"expr":{"agg":"sum","arg":{"col":"employees.salary"}}},{"expr":{"agg":"avg","arg":{"col":"employees.salary"}}}],"from":{"table":"employees"}}`},
		{"average unit price and maximum unit price of products", `{"select":[{"expr":{"agg":"avg","arg":{"col":"products.unit_price"}}},{"expr":{"agg":"max","arg":{"col":"products.unit_price"}}}],"from":{"table":"products"}}`},
		// A table listed beside a column is shown by its labels.
		{"list employees and their salaries", `{"select":[{"expr":{"col":"employees.first_name"}},{"expr":{"col":"employees.last_name"}},{"expr":{"col":"employees.salary"}}],"from":{"table":"employees"}}`},
		{"salaries and employees", `{"select":[{"expr":{"col":"employees.salary"}},{"expr":{"col":"employees.first_name"}},{"expr":{"col":"employees.last_name"}}],"from":{"table":"employees"}}`},
		// "either A or B" of one column.
		{"customers from either France or Spain", `{"select":[{"expr":{"col":"customers.first_name"}},{"expr":{"col":"customers.last_name"}}],"from":{"table":"customers"},"where":{"op":"in","left":{"col":"customers.country"},"values":[{"value":"France"},{"value":"Spain"}]}}`},
		// "X without Y": no row of Y refers to the row of X.
		{"customers who have never ordered", `{"select":[{"expr":{"col":"customers.first_name"}},{"expr":{"col":"customers.last_name"}}],"from":{"table":"customers"},"where":{"op":"not_in","left":{"col":"customers.id"},"subquery":{"select":[{"expr":{"col":"orders.customer_id"}}],"from":{"table":"orders"},"where":{"op":"is_not_null","left":{"col":"orders.customer_id"}}}}}`},
		{"customers without orders", `{"select":[{"expr":{"col":"customers.first_name"}},{"expr":{"col":"customers.last_name"}}],"from":{"table":"customers"},"where":{"op":"not_in","left":{"col":"customers.id"},"subquery":{"select":[{"expr":{"col":"orders.customer_id"}}],"from":{"table":"orders"},"where":{"op":"is_not_null","left":{"col":"orders.customer_id"}}}}}`},
		{"how many customers have no orders", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"customers"},"where":{"op":"not_in","left":{"col":"customers.id"},"subquery":{"select":[{"expr":{"col":"orders.customer_id"}}],"from":{"table":"orders"},"where":{"op":"is_not_null","left":{"col":"orders.customer_id"}}}}}`},
		{"customers without orders in 2024", `{"select":[{"expr":{"col":"customers.first_name"}},{"expr":{"col":"customers.last_name"}}],"from":{"table":"customers"},"where":{"op":"not_in","left":{"col":"customers.id"},"subquery":{"select":[{"expr":{"col":"orders.customer_id"}}],"from":{"table":"orders"},"where":{"and":[{"op":">=","left":{"col":"orders.order_date"},"right":{"value":"2024-01-01"}},{"op":"<","left":{"col":"orders.order_date"},"right":{"value":"2025-01-01"}},{"op":"is_not_null","left":{"col":"orders.customer_id"}}]}}}}`},
		{"customers who have no orders with status cancelled", `{"select":[{"expr":{"col":"customers.first_name"}},{"expr":{"col":"customers.last_name"}}],"from":{"table":"customers"},"where":{"op":"not_in","left":{"col":"customers.id"},"subquery":{"select":[{"expr":{"col":"orders.customer_id"}}],"from":{"table":"orders"},"where":{"and":[{"op":"=","left":{"col":"orders.status"},"right":{"value":"cancelled"}},{"op":"is_not_null","left":{"col":"orders.customer_id"}}]}}}}`},
		{"categories that do not have any products", `{"select":[{"expr":{"col":"categories.name"}}],"from":{"table":"categories"},"where":{"op":"not_in","left":{"col":"categories.id"},"subquery":{"select":[{"expr":{"col":"products.category_id"}}],"from":{"table":"products"},"where":{"op":"is_not_null","left":{"col":"products.category_id"}}}}}`},
		// A plain "not" before a value is !=; several values, not_in.
		{"customers who do not have the country France", `{"select":[{"expr":{"col":"customers.first_name"}},{"expr":{"col":"customers.last_name"}}],"from":{"table":"customers"},"where":{"op":"!=","left":{"col":"customers.country"},"right":{"value":"France"}}}`},
		{"orders that are not cancelled", `{"from":{"table":"orders"},"where":{"op":"!=","left":{"col":"orders.status"},"right":{"value":"cancelled"}}}`},
		{"orders whose status is not shipped or delivered", `{"from":{"table":"orders"},"where":{"op":"not_in","left":{"col":"orders.status"},"values":[{"value":"shipped"},{"value":"delivered"}]}}`},
		{"products with unit price not 10", `{"select":[{"expr":{"col":"products.name"}}],"from":{"table":"products"},"where":{"op":"!=","left":{"col":"products.unit_price"},"right":{"value":10}}}`},
		{"which category has the most products", `{"select":[{"expr":{"col":"categories.name"}}],"from":{"table":"categories"},"joins":[{"type":"inner","table":"products","on":[{"left":"categories.id","right":"products.category_id"}]}],"group_by":[{"col":"categories.id"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
		// Counting a table.
		{"How many customers are there?", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"customers"}}`},
		{"number of products", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"products"}}`},
		{"count the orders", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"orders"}}`},
		// Counting with a sampled value.
		{"How many customers are in Germany?", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"customers"},"where":{"op":"=","left":{"col":"customers.country"},"right":{"value":"Germany"}}}`},
		{"how many orders were cancelled", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"orders"},"where":{"op":"=","left":{"col":"orders.status"},"right":{"value":"cancelled"}}}`},
		// Listing a table: every column; the executor caps the rows.
		{"list all customers", `{"select":[{"expr":{"col":"customers.first_name"}},{"expr":{"col":"customers.last_name"}}],"from":{"table":"customers"}}`},
		{"show me the categories", `{"select":[{"expr":{"col":"categories.name"}}],"from":{"table":"categories"}}`},
		{"products", `{"select":[{"expr":{"col":"products.name"}}],"from":{"table":"products"}}`},
		// Rankings: the rows with the highest or lowest value, one unless a count is given.
		{"which employee has the highest salary", `{"select":[{"expr":{"col":"employees.first_name"}},{"expr":{"col":"employees.last_name"}}],"from":{"table":"employees"},"order_by":[{"expr":{"col":"employees.salary"},"desc":true}],"limit":1}`},
		{"employees with the highest salary", `{"select":[{"expr":{"col":"employees.first_name"}},{"expr":{"col":"employees.last_name"}}],"from":{"table":"employees"},"order_by":[{"expr":{"col":"employees.salary"},"desc":true}],"limit":1}`},
		{"top 5 products by unit price", `{"select":[{"expr":{"col":"products.name"}}],"from":{"table":"products"},"order_by":[{"expr":{"col":"products.unit_price"},"desc":true}],"limit":5}`},
		{"the 3 cheapest products", `{"select":[{"expr":{"col":"products.name"}}],"from":{"table":"products"},"order_by":[{"expr":{"col":"products.unit_price"}}],"limit":3}`},
		{"the most expensive product", `{"select":[{"expr":{"col":"products.name"}}],"from":{"table":"products"},"order_by":[{"expr":{"col":"products.unit_price"},"desc":true}],"limit":1}`},
		{"what is the name and price of the most expensive product", `{"select":[{"expr":{"col":"products.name"}},{"expr":{"col":"products.unit_price"}}],"from":{"table":"products"},"order_by":[{"expr":{"col":"products.unit_price"},"desc":true}],"limit":1}`},
		{"the latest order", `{"from":{"table":"orders"},"order_by":[{"expr":{"col":"orders.order_date"},"desc":true}],"limit":1}`},
		{"what are the top 3 highest salaries", `{"select":[{"expr":{"col":"employees.salary"}}],"from":{"table":"employees"},"order_by":[{"expr":{"col":"employees.salary"},"desc":true}],"limit":3}`},
		{"the 5 employees with the lowest salary", `{"select":[{"expr":{"col":"employees.first_name"}},{"expr":{"col":"employees.last_name"}}],"from":{"table":"employees"},"order_by":[{"expr":{"col":"employees.salary"}}],"limit":5}`},
		// Aggregates of a numeric column, alone or filtered.
		{"what is the total amount of cancelled orders", `{"select":[{"expr":{"agg":"sum","arg":{"col":"orders.total_amount"}}}],"from":{"table":"orders"},"where":{"op":"=","left":{"col":"orders.status"},"right":{"value":"cancelled"}}}`},
		{"average total amount of cancelled orders", `{"select":[{"expr":{"agg":"avg","arg":{"col":"orders.total_amount"}}}],"from":{"table":"orders"},"where":{"op":"=","left":{"col":"orders.status"},"right":{"value":"cancelled"}}}`},
		{"average salary of employees", `{"select":[{"expr":{"agg":"avg","arg":{"col":"employees.salary"}}}],"from":{"table":"employees"}}`},
		{"what is the maximum salary", `{"select":[{"expr":{"agg":"max","arg":{"col":"employees.salary"}}}],"from":{"table":"employees"}}`},
		{"minimum unit price of products", `{"select":[{"expr":{"agg":"min","arg":{"col":"products.unit_price"}}}],"from":{"table":"products"}}`},
		{"sum of payment amounts last month", `{"select":[{"expr":{"agg":"sum","arg":{"col":"payments.amount"}}}],"from":{"table":"payments"},"where":{"and":[{"op":">=","left":{"col":"payments.paid_at"},"right":{"value":"2025-05-01"}},{"op":"<","left":{"col":"payments.paid_at"},"right":{"value":"2025-06-01"}}]}}`},
		// Grouping by a column, by a parent's column or by a parent table (its name columns, kept apart by the key).
		{"number of orders per status", `{"select":[{"expr":{"col":"orders.status"}},{"expr":{"agg":"count"}}],"from":{"table":"orders"},"group_by":[{"col":"orders.status"}]}`},
		{"how many customers per country", `{"select":[{"expr":{"col":"customers.country"}},{"expr":{"agg":"count"}}],"from":{"table":"customers"},"group_by":[{"col":"customers.country"}]}`},
		{"total amount of orders per customer country", `{"select":[{"expr":{"col":"customers.country"}},{"expr":{"agg":"sum","arg":{"col":"orders.total_amount"}}}],"from":{"table":"orders"},"joins":[{"type":"inner","table":"customers","on":[{"left":"orders.customer_id","right":"customers.id"}]}],"group_by":[{"col":"customers.country"}]}`},
		{"how many orders per customer city", `{"select":[{"expr":{"col":"customers.city"}},{"expr":{"agg":"count"}}],"from":{"table":"orders"},"joins":[{"type":"inner","table":"customers","on":[{"left":"orders.customer_id","right":"customers.id"}]}],"group_by":[{"col":"customers.city"}]}`},
		{"average amount of payments per method", `{"select":[{"expr":{"col":"payments.method"}},{"expr":{"agg":"avg","arg":{"col":"payments.amount"}}}],"from":{"table":"payments"},"group_by":[{"col":"payments.method"}]}`},
		{"how many orders per customer", `{"select":[{"expr":{"col":"customers.first_name"}},{"expr":{"col":"customers.last_name"}},{"expr":{"agg":"count"}}],"from":{"table":"orders"},"joins":[{"type":"inner","table":"customers","on":[{"left":"orders.customer_id","right":"customers.id"}]}],"group_by":[{"col":"orders.customer_id"},{"col":"customers.first_name"},{"col":"customers.last_name"}]}`},
		{"how many employees does each client have", `{"select":[{"expr":{"col":"clients.name"}},{"expr":{"agg":"count"}}],"from":{"table":"employees"},"joins":[{"type":"inner","table":"clients","on":[{"left":"employees.client_id","right":"clients.id"}]}],"group_by":[{"col":"employees.client_id"},{"col":"clients.name"}]}`},
		{"average price by category", `{"select":[{"expr":{"col":"categories.name"}},{"expr":{"agg":"avg","arg":{"col":"products.unit_price"}}}],"from":{"table":"products"},"joins":[{"type":"inner","table":"categories","on":[{"left":"products.category_id","right":"categories.id"}]}],"group_by":[{"col":"products.category_id"},{"col":"categories.name"}]}`},
		{"how many payments per method in 2024", `{"select":[{"expr":{"col":"payments.method"}},{"expr":{"agg":"count"}}],"from":{"table":"payments"},"where":{"and":[{"op":">=","left":{"col":"payments.paid_at"},"right":{"value":"2024-01-01"}},{"op":"<","left":{"col":"payments.paid_at"},"right":{"value":"2025-01-01"}}]},"group_by":[{"col":"payments.method"}]}`},
		// Filters: sampled values (several of one column become IN), values of a parent table, named columns with numbers or text.
		{"payments made by paypal", `{"from":{"table":"payments"},"where":{"op":"=","left":{"col":"payments.method"},"right":{"value":"paypal"}}}`},
		{"count payments with method gift card", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"payments"},"where":{"op":"=","left":{"col":"payments.method"},"right":{"value":"gift_card"}}}`},
		{"customers from France and Spain", `{"select":[{"expr":{"col":"customers.first_name"}},{"expr":{"col":"customers.last_name"}}],"from":{"table":"customers"},"where":{"op":"in","left":{"col":"customers.country"},"values":[{"value":"France"},{"value":"Spain"}]}}`},
		{"orders with status shipped or delivered", `{"from":{"table":"orders"},"where":{"op":"in","left":{"col":"orders.status"},"values":[{"value":"shipped"},{"value":"delivered"}]}}`},
		{"which products are in the Electronics category", `{"select":[{"expr":{"col":"products.name"}}],"from":{"table":"products"},"joins":[{"type":"inner","table":"categories","on":[{"left":"products.category_id","right":"categories.id"}]}],"where":{"op":"=","left":{"col":"categories.name"},"right":{"value":"Electronics"}}}`},
		{"how many orders from customers in Germany", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"orders"},"joins":[{"type":"inner","table":"customers","on":[{"left":"orders.customer_id","right":"customers.id"}]}],"where":{"op":"=","left":{"col":"customers.country"},"right":{"value":"Germany"}}}`},
		{"order items with quantity 3", `{"from":{"table":"order_items"},"where":{"op":"=","left":{"col":"order_items.quantity"},"right":{"value":3}}}`},
		{"employees with a salary over 50000", `{"select":[{"expr":{"col":"employees.first_name"}},{"expr":{"col":"employees.last_name"}}],"from":{"table":"employees"},"where":{"op":">","left":{"col":"employees.salary"},"right":{"value":50000}}}`},
		{"customers named Anna", `{"select":[{"expr":{"col":"customers.first_name"}},{"expr":{"col":"customers.last_name"}}],"from":{"table":"customers"},"where":{"op":"=","left":{"col":"customers.first_name"},"right":{"value":"Anna"}}}`},
		{"orders with status 'Shipped'", `{"from":{"table":"orders"},"where":{"op":"=","left":{"col":"orders.status"},"right":{"value":"shipped"}}}`},
		{"customers with last name 'Smith'", `{"select":[{"expr":{"col":"customers.first_name"}},{"expr":{"col":"customers.last_name"}}],"from":{"table":"customers"},"where":{"op":"=","left":{"col":"customers.last_name"},"right":{"value":"Smith"}}}`},
		{"names and emails of customers in Berlin", `{"select":[{"expr":{"col":"customers.first_name"}},{"expr":{"col":"customers.last_name"}},{"expr":{"col":"customers.email"}}],"from":{"table":"customers"},"where":{"op":"=","left":{"col":"customers.city"},"right":{"value":"Berlin"}}}`},
		// Years and relative dates on the table's only date column, or the one named.
		{"orders in 2024", `{"from":{"table":"orders"},"where":{"and":[{"op":">=","left":{"col":"orders.order_date"},"right":{"value":"2024-01-01"}},{"op":"<","left":{"col":"orders.order_date"},"right":{"value":"2025-01-01"}}]}}`},
		{"how many orders in 2025", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"orders"},"where":{"and":[{"op":">=","left":{"col":"orders.order_date"},"right":{"value":"2025-01-01"}},{"op":"<","left":{"col":"orders.order_date"},"right":{"value":"2026-01-01"}}]}}`},
		{"how many employees were hired in 2020", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"employees"},"where":{"and":[{"op":">=","left":{"col":"employees.hire_date"},"right":{"value":"2020-01-01"}},{"op":"<","left":{"col":"employees.hire_date"},"right":{"value":"2021-01-01"}}]}}`},
		{"employees hired after 2020", `{"select":[{"expr":{"col":"employees.first_name"}},{"expr":{"col":"employees.last_name"}}],"from":{"table":"employees"},"where":{"op":">=","left":{"col":"employees.hire_date"},"right":{"value":"2021-01-01"}}}`},
		{"orders this year", `{"from":{"table":"orders"},"where":{"and":[{"op":">=","left":{"col":"orders.order_date"},"right":{"value":"2025-01-01"}},{"op":"<","left":{"col":"orders.order_date"},"right":{"value":"2026-01-01"}}]}}`},
		{"customers created this month", `{"select":[{"expr":{"col":"customers.first_name"}},{"expr":{"col":"customers.last_name"}}],"from":{"table":"customers"},"where":{"and":[{"op":">=","left":{"col":"customers.created_at"},"right":{"value":"2025-06-01"}},{"op":"<","left":{"col":"customers.created_at"},"right":{"value":"2025-07-01"}}]}}`},
		// Ranking within a year, distinct values, sorting.
		{"top 3 orders by total amount in 2024", `{"from":{"table":"orders"},"where":{"and":[{"op":">=","left":{"col":"orders.order_date"},"right":{"value":"2024-01-01"}},{"op":"<","left":{"col":"orders.order_date"},"right":{"value":"2025-01-01"}}]},"order_by":[{"expr":{"col":"orders.total_amount"},"desc":true}],"limit":3}`},
		{"how many different cities are there", `{"select":[{"expr":{"agg":"count_distinct","arg":{"col":"customers.city"}}}],"from":{"table":"customers"}}`},
		{"list all cities", `{"distinct":true,"select":[{"expr":{"col":"customers.city"}}],"from":{"table":"customers"}}`},
		// A singular table name before a column says whose column it is.
		{"average employee salary", `{"select":[{"expr":{"agg":"avg","arg":{"col":"employees.salary"}}}],"from":{"table":"employees"}}`},
		{"customer emails in Germany", `{"select":[{"expr":{"col":"customers.email"}}],"from":{"table":"customers"},"where":{"op":"=","left":{"col":"customers.country"},"right":{"value":"Germany"}}}`},
		{"products of clients in Germany", `{"select":[{"expr":{"col":"products.name"}}],"from":{"table":"products"},"joins":[{"type":"inner","table":"clients","on":[{"left":"products.client_id","right":"clients.id"}]}],"where":{"op":"=","left":{"col":"clients.country"},"right":{"value":"Germany"}}}`},
		{"products sorted by unit price descending", `{"select":[{"expr":{"col":"products.name"}}],"from":{"table":"products"},"order_by":[{"expr":{"col":"products.unit_price"},"desc":true}]}`},
		{"employees by hire date", `{"select":[{"expr":{"col":"employees.first_name"}},{"expr":{"col":"employees.last_name"}}],"from":{"table":"employees"},"order_by":[{"expr":{"col":"employees.hire_date"}}]}`},
	})
}

// TestDemoRefusals holds questions the demo database cannot answer, that
// are ambiguous, or that ask to write: none may get a plan.
func TestDemoRefusals(t *testing.T) {
	runRefusals(t, demoSchema(), demoRefusals)
}

// demoRefusals are shared with TestDemoRefusalsWithWordNet (wordnet_test.go).
var demoRefusals = []string{
	// Nothing in the schema.
	"what is the weather",
	"show me the employees' favourite colours",
	"who will win the election",
	"what is the meaning of life",
	"how many unicorns are there",
	"tell me a joke",
	"hello",
	"how are you",
	"what is the capital of France",
	"what is the stock level of products",
	"show me the products' colors",
	"what is the salary of the CEO",
	"how many customers are in Atlantis",
	"how many payments were made by bitcoin",
	"show orders with status lost",
	"top 5 customers by revenue",
	"average salary of employees per department",
	"what is the average salary of managers",
	"who is the best employee",
	"what percentage of orders were cancelled",
	// Writes.
	"delete all orders",
	"drop the customers table",
	"update the price of product 3",
	"insert a new customer named Bob",
	"remove cancelled orders",
	"set the salary of all employees to 0",
	"change the status of order 5 to shipped",
	"truncate payments",
	"create a table of customers",
	"please delete every payment",
	// Ambiguous: a clarification, not a guess.
	"show me the names",
	"what is the average price",
	"top 3 orders",
	// Shapes this version does not build.
	// A set difference needs the child to refer to the rows asked about.
	"customers without clients",
	"customers without orders in Germany",
	"customers who ordered both electronics and books",
	"average number of orders per customer",
	"show me orders or payments",
	"list customers with more orders than average",
	"how many customers and orders are there",
	"the cheapest product in each category",
	"why are orders cancelled",
	// "when was the last order placed" is answered now: orders has one
	// date column (whenwhere_test.go).
	"where do customers live",
	"show me the second highest salary",
	"how many orders per customer per month",
	"orders in March",
	"customers with an email",
	"salary by title",
	"products per category",
	"which film has the highest rating? and what is the rating?",
	// Numbers and names it cannot place.
	"product 3",
	"show me customer 42",
	"products over 100",
	"what is the email of Anna",
	"payments in Germany",
	"total amount by country", // the customer's or the client's?
	"how many orders did Anna place",
	"orders with status 'lost'",
	"how many customers in the US",
	"how many customers in the us",
	"the IT department",
}

// TestDemoClarifications checks what the planner asks back when it cannot
// choose: the question and every choice.
func TestDemoClarifications(t *testing.T) {
	p := offline.New(demoSchema(), offline.Options{Today: today})
	for _, c := range []struct {
		question string
		want     plan.Question
	}{
		{"show me the names", plan.Question{Text: "Which names do you mean?", Choices: []string{
			"clients (name)", "customers (first_name, last_name)", "categories (name)", "products (name)",
			"employees (first_name, last_name)"}}},
		{"what is the average unit price", plan.Question{Text: "Which unit price do you mean?", Choices: []string{
			"products (unit_price)", "order_items (unit_price)"}}},
		{"top 3 orders", plan.Question{Text: "Rank orders by which column?", Choices: []string{"orders.order_date", "orders.total_amount"}}},
		{"total amount by country", plan.Question{Text: "Which country do you mean?", Choices: []string{"clients.country", "customers.country"}}},
		// The customers' own country wins over their client's; a value of
		// two parents is a question.
		{"how many orders in Germany", plan.Question{Text: `"Germany" appears in clients.country and customers.country: which one do you mean?`,
			Choices: []string{"clients.country", "customers.country"}}},
	} {
		t.Run(c.question, func(t *testing.T) {
			r, tr := p.PlanWithTrace(c.question)
			if r.Clarification == nil {
				t.Fatalf("want a clarification, got %s\n%s", describeReply(r), tr)
			}
			if diff := cmp.Diff(&plan.Clarification{Questions: []plan.Question{c.want}}, r.Clarification); diff != "" {
				t.Errorf("clarification (-want +got):\n%s", diff)
			}
			if tr.Refusal != offline.RefusedAmbiguous || tr.Outcome != "clarification" {
				t.Errorf("trace: refusal %q outcome %q", tr.Refusal, tr.Outcome)
			}
		})
	}
}

// TestRefusalReasons checks that a refusal names what could not be
// resolved and, unless the request was a write, how an LLM would help.
func TestRefusalReasons(t *testing.T) {
	p := offline.New(demoSchema(), offline.Options{Today: today})
	for _, c := range []struct {
		question string
		kind     offline.RefusalKind
		contains []string
	}{
		{"what is the weather", offline.RefusedUnlinked, []string{`"weather"`, offline.LLMHint}},
		{"show me the employees' favourite colours", offline.RefusedUnlinked, []string{`"favourite colours"`, "--llm ollama:llama3.1", "QUERENT_LLM"}},
		{"who will win the election", offline.RefusedUnlinked, []string{`"win"`, `"election"`}},
		{"delete all orders", offline.RefusedWrite, []string{"only reads data", `"delete"`}},
		{"drop the customers table", offline.RefusedWrite, []string{`"drop"`}},
		{"orders except the cancelled ones", offline.RefusedUnsupported, []string{"negation", offline.LLMHint}},
		{"top 3 countries by number of customers", offline.RefusedUnsupported, []string{"rankings by a count"}},
		{"payments in Germany", offline.RefusedUnresolved, []string{`"Germany"`, "customers.country", "payments"}},
		{"product 3", offline.RefusedUnresolved, []string{"3"}},
		{"orders with status 'lost'", offline.RefusedUnresolved, []string{`"lost" is not a value of orders.status`, `"shipped"`}},
	} {
		t.Run(c.question, func(t *testing.T) {
			r, tr := p.PlanWithTrace(c.question)
			if r.CannotAnswer == "" {
				t.Fatalf("want cannot_answer, got %s", describeReply(r))
			}
			if tr.Refusal != c.kind {
				t.Errorf("refusal kind %q, want %q", tr.Refusal, c.kind)
			}
			for _, s := range c.contains {
				if !strings.Contains(r.CannotAnswer, s) {
					t.Errorf("reason %q does not contain %q", r.CannotAnswer, s)
				}
			}
			if c.kind == offline.RefusedWrite && strings.Contains(r.CannotAnswer, offline.LLMHint) {
				t.Errorf("a write refusal suggests an LLM: %q", r.CannotAnswer)
			}
		})
	}
}

// TestTrace checks what a trace says about a planned question.
func TestTrace(t *testing.T) {
	p := offline.New(demoSchema(), offline.Options{Today: today})
	r, tr := p.PlanWithTrace("How many customers are in Germany?")
	if r.Plan == nil {
		t.Fatalf("no plan: %s", describeReply(r))
	}
	want := offline.Trace{
		Question: "How many customers are in Germany?",
		Links: []offline.Link{
			{Words: "How many", Kind: "keyword"},
			{Words: "customers", Kind: "table", Targets: []string{"customers"}, Match: "exact"},
			// Germany is also a client's country; the customers' own wins.
			{Words: "Germany", Kind: "value", Targets: []string{`clients.country = "Germany"`, `customers.country = "Germany"`}},
		},
		Table:   "customers",
		Outcome: "plan",
		Reason:  `offline planner: number of customers where customers.country = "Germany"`,
	}
	if diff := cmp.Diff(want, tr); diff != "" {
		t.Errorf("trace (-want +got):\n%s", diff)
	}
	if r.Plan.Reason != want.Reason {
		t.Errorf("plan reason %q, want %q", r.Plan.Reason, want.Reason)
	}
}

// TestReasons checks the one-line account each plan carries for users.
func TestReasons(t *testing.T) {
	p := offline.New(demoSchema(), offline.Options{Today: today})
	for q, want := range map[string]string{
		"number of orders per status":              "offline planner: number of orders per orders.status",
		"the 3 cheapest products":                  "offline planner: products ranked by products.unit_price, lowest first, 3 rows, showing products.name",
		"which country has the most customers":     "offline planner: customers.country with the most customers, 1 row",
		"average salary of employees":              "offline planner: average of employees.salary",
		"orders in 2024":                           "offline planner: all columns of orders where orders.order_date is from 2024-01-01 up to 2025-01-01",
		"list all cities":                          "offline planner: distinct customers.city",
		"customers from France and Spain":          `offline planner: customers.first_name, customers.last_name where customers.country is one of "France", "Spain"`,
		"products sorted by unit price descending": "offline planner: products.name, sorted by products.unit_price descending",
	} {
		r := p.Plan(q)
		if r.Plan == nil {
			t.Errorf("%q: no plan: %s", q, describeReply(r))
			continue
		}
		if r.Plan.Reason != want {
			t.Errorf("%q: reason %q, want %q", q, r.Plan.Reason, want)
		}
	}
}

// TestOddInput checks that any input gets exactly one outcome.
func TestOddInput(t *testing.T) {
	p := offline.New(demoSchema(), offline.Options{Today: today})
	for _, q := range []string{
		"", "   ", "???", "'", `"unterminated`, "12345", "-- ; DROP TABLE orders", "SELECT * FROM customers",
		"how many how many", "top", "per", "by", "the", "' OR 1=1 --",
		"ÄÖÜ ñ 漢字", strings.Repeat("how many orders ", 40),
	} {
		r := p.Plan(q)
		if !exactlyOne(r) {
			t.Errorf("%q: reply %+v has not exactly one outcome", q, r)
		}
		if r.Plan != nil {
			t.Errorf("%q: planned %s", q, r.Plan)
		}
	}
}

// TestTodayDefault checks that a zero Today means the day the planner was
// built.
func TestTodayDefault(t *testing.T) {
	p := offline.New(demoSchema(), offline.Options{})
	r := p.Plan("orders this year")
	if r.Plan == nil {
		t.Fatalf("no plan: %s", describeReply(r))
	}
	year := time.Now().Year()
	if !strings.Contains(r.Plan.Reason, fmt.Sprintf("%d-01-01 up to %d-01-01", year, year+1)) {
		t.Errorf("reason %q is not this year", r.Plan.Reason)
	}
}

// TestConcurrent checks that one Planner serves many goroutines (run with
// -race to see it).
func TestConcurrent(t *testing.T) {
	p := offline.New(demoSchema(), offline.Options{Today: today})
	want := make([]string, len(typical))
	for i, q := range typical {
		want[i] = describeReply(p.Plan(q))
	}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Go(func() {
			for i, q := range typical {
				if got := describeReply(p.Plan(q)); got != want[i] {
					t.Errorf("%q: %s, want %s", q, got, want[i])
				}
			}
		})
	}
	wg.Wait()
}
