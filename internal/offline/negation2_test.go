package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// catalogSchema holds products and the orders that refer to them, members
// and the events they are in charge of, and addresses whose cities repeat
// with the customers living at them.
func catalogSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("product", []schema.Column{col("id", "INTEGER"), col("product_name", "TEXT", "Chair"), col("price", "INTEGER")}),
		table("orders", []schema.Column{col("id", "INTEGER"), col("product_id", "INTEGER"), col("quantity", "INTEGER")}, fk("product_id", "product")),
		table("member", []schema.Column{col("id", "INTEGER"), col("member_name", "TEXT", "Ann Lee")}),
		table("event", []schema.Column{col("id", "INTEGER"), col("event_name", "TEXT", "Gala"), col("member_in_charge_id", "INTEGER")},
			fk("member_in_charge_id", "member")),
		table("address", []schema.Column{col("id", "INTEGER"), col("city", "TEXT", "Oslo", "Bergen")}),
		table("customer", []schema.Column{col("id", "INTEGER"), col("customer_name", "TEXT", "Bo Ek"), col("address_id", "INTEGER")},
			fk("address_id", "address")),
	}}
}

// TestRowsNamedByColumnWithout: "X without Y" where only a column shown of
// X names its rows: the X no row of Y refers to, when the column names one
// row each (a name, a key), so leaving rows out leaves their values out.
func TestRowsNamedByColumnWithout(t *testing.T) {
	runAnswers(t, catalogSchema(), []answerCase{
		{"Show all product names without an order.", `{"select":[{"expr":{"col":"product.product_name"}}],"distinct":true,"from":{"table":"product"},"where":{"op":"not_in","left":{"col":"product.id"},"subquery":{"select":[{"expr":{"col":"orders.product_id"}}],"from":{"table":"orders"},"where":{"op":"is_not_null","left":{"col":"orders.product_id"}}}}}`},
		{"Show all member names who are not in charge of any event.", `{"select":[{"expr":{"col":"member.member_name"}}],"distinct":true,"from":{"table":"member"},"where":{"op":"not_in","left":{"col":"member.id"},"subquery":{"select":[{"expr":{"col":"event.member_in_charge_id"}}],"from":{"table":"event"},"where":{"op":"is_not_null","left":{"col":"event.member_in_charge_id"}}}}}`},
	})
	// Cities repeat across addresses: a city with a customer at one
	// address and none at another is not a city no customer lives in, so
	// "the cities that no customer lives in" is a difference of values,
	// not of rows (negation5_test.go, TestWithoutValues).
}

// TestNotBeforeNamedColumn: "not" before the column a number is given
// reads as != on it, as "age is not 20" does; a column named an age right
// before "older than" is the one compared, not also shown.
func TestNotBeforeNamedColumn(t *testing.T) {
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("student", []schema.Column{col("id", "INTEGER"), col("fname", "TEXT", "Ann"), col("age", "INTEGER"),
			col("major", "INTEGER"), complete(col("sex", "TEXT", "F", "M"))}),
	}}
	runAnswers(t, s, []answerCase{
		{"the first names of students who are not majoring in 600", `{"select":[{"expr":{"col":"student.fname"}}],"from":{"table":"student"},"where":{"op":"!=","left":{"col":"student.major"},"right":{"value":600}}}`},
		{"List the female students age is older than 18 who are not majoring in 600. List their first names.", `{"select":[{"expr":{"col":"student.fname"}}],"from":{"table":"student"},"where":{"and":[{"op":"=","left":{"col":"student.sex"},"right":{"value":"F"}},{"op":"\u003e","left":{"col":"student.age"},"right":{"value":18}},{"op":"!=","left":{"col":"student.major"},"right":{"value":600}}]}}`},
	})
}
