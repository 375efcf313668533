package sqlgen_test

import (
	"testing"

	"querent/internal/sqlgen"
)

// BenchmarkCompile compiles a typical three-table join with filter, grouping,
// ordering and limit for each dialect.
func BenchmarkCompile(b *testing.B) {
	p := mustDecode(b, `{
		"select": [{"expr": {"col": "c.country"}}, {"expr": {"col": "p.category"}},
		           {"expr": {"agg": "sum", "arg": {"arith": "*", "left": {"col": "d.unit_price"}, "right": {"col": "d.quantity"}}}, "alias": "revenue"}],
		"from": {"table": "orders", "alias": "o"},
		"joins": [{"table": "customers", "alias": "c", "on": [{"left": "o.customer_id", "right": "c.id"}]},
		          {"table": "order details", "alias": "d", "on": [{"left": "d.order_id", "right": "o.id"}]},
		          {"table": "products", "alias": "p", "on": [{"left": "d.product_id", "right": "p.id"}]}],
		"where": {"and": [{"op": ">=", "left": {"col": "o.order_date"}, "right": {"value": "2024-01-01"}},
		                  {"op": "in", "left": {"col": "o.status"}, "values": [{"value": "shipped"}, {"value": "delivered"}]}]},
		"group_by": [{"col": "c.country"}, {"col": "p.category"}],
		"order_by": [{"expr": {"ref": "revenue"}, "desc": true}],
		"limit": 10
	}`)
	s := testSchema()
	for _, name := range dialects {
		d, err := sqlgen.DialectFor(name)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := sqlgen.Compile(p, s, d, sqlgen.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
