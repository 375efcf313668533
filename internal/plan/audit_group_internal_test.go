package plan

import "testing"

// TestGroupKeyAgreesWithJSON checks that the shortcuts groups take agree
// with comparing JSON forms: two expressions share a groupKey exactly when
// they share an exprKey, and expressions with the same JSON have the same
// exprFields.
func TestGroupKeyAgreesWithJSON(t *testing.T) {
	exprs := []Expr{
		{Col: "orders.status"},
		{Col: "orders.Status"},
		{Col: "a\xff"}, {Col: "a\xfe"}, {Col: "a\ufffd"}, {Col: `a\ufffd`},
		{Col: "x<y"}, {Col: "x\u003cy"},
		{Col: "orders.status", Ref: "s"},
		{Ref: "orders.status"},
		{Value: int64(3), ValueSet: true}, {Value: 3.0, ValueSet: true}, {Value: nil, ValueSet: true}, {},
		{Agg: "count"}, {Agg: "count", Distinct: true},
		{Agg: "sum", Arg: &Expr{Col: "orders.total"}}, {Agg: "sum", Arg: &Expr{Col: "orders.total"}},
		{Bucket: "month", Arg: &Expr{Col: "orders.order_date"}},
		{Func: "lower", Args: []Expr{{Col: "customers.city"}}}, {Func: "lower", Args: []Expr{}},
		{Arith: "+", Left: &Expr{Col: "a"}, Right: &Expr{Value: int64(1), ValueSet: true}},
	}
	for i := range exprs {
		for j := range exprs {
			a, b := &exprs[i], &exprs[j]
			sameJSON := exprKey(a) == exprKey(b)
			if got := groupKey(a) == groupKey(b); got != sameJSON {
				t.Errorf("%s vs %s: same groupKey %v, same JSON %v", exprKey(a), exprKey(b), got, sameJSON)
			}
			if sameJSON && exprFields(a) != exprFields(b) {
				t.Errorf("%s: same JSON but fields %b and %b", exprKey(a), exprFields(a), exprFields(b))
			}
		}
	}
}
