package sqlgen_test

import (
	"fmt"

	"querent/internal/plan"
	"querent/internal/schema"
	"querent/internal/sqlgen"
)

func ExampleCompile() {
	s := &schema.Schema{Engine: "postgres", Tables: []schema.Table{
		{Name: "customers", Namespace: "public", Ident: "customers", Columns: []schema.Column{
			{Name: "id", Kind: schema.KindInteger}, {Name: "name", Kind: schema.KindText}, {Name: "country", Kind: schema.KindText},
		}},
		{Name: "orders", Namespace: "public", Ident: "orders", Columns: []schema.Column{
			{Name: "customer_id", Kind: schema.KindInteger}, {Name: "total", Kind: schema.KindReal},
		}},
	}}
	// Top 3 customers in Germany by revenue.
	p, err := plan.Decode([]byte(`{
		"select": [{"expr": {"col": "c.name"}}, {"expr": {"agg": "sum", "arg": {"col": "o.total"}}, "alias": "revenue"}],
		"from": {"table": "customers", "alias": "c"},
		"joins": [{"table": "orders", "alias": "o", "on": [{"left": "o.customer_id", "right": "c.id"}]}],
		"where": {"op": "=", "left": {"col": "c.country"}, "right": {"value": "Germany"}},
		"group_by": [{"col": "c.name"}],
		"order_by": [{"expr": {"ref": "revenue"}, "desc": true}],
		"limit": 3
	}`))
	if err != nil {
		panic(err)
	}
	d, err := sqlgen.DialectFor("postgres")
	if err != nil {
		panic(err)
	}
	q, err := sqlgen.Compile(p, s, d, sqlgen.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(q.SQL)
	fmt.Println(q.Args)
	fmt.Println(q.Tables)
	// Output:
	// SELECT "c"."name", SUM("o"."total") AS "revenue" FROM "public"."customers" AS "c" INNER JOIN "public"."orders" AS "o" ON "o"."customer_id" = "c"."id" WHERE "c"."country" = $1 GROUP BY "c"."name" ORDER BY "revenue" DESC LIMIT 3
	// [Germany]
	// [customers orders]
}
