package plan_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/plan"
)

// summarise renders a table option as one line per column:
// "source[+via] ref kind role [selected]".
func summarise(ts []plan.TableOption) []string {
	var out []string
	for _, t := range ts {
		head := t.Source
		if !t.InPlan {
			head += " via " + strings.Join(t.Via, ",")
		}
		for _, c := range t.Columns {
			line := fmt.Sprintf("%s: %s %s %s", head, c.Ref, c.Kind, c.Role)
			if c.Selected {
				line += " selected"
			}
			out = append(out, line)
		}
	}
	return out
}

func TestModificationOptions(t *testing.T) {
	s := shopSchema()
	p, err := plan.ApplyPatch(decodePlan(t, countryPlan), s, decodeOps(t, `[
		{"op":"add_filter","column":"orders.order_date","operator":"year","value":2024},
		{"op":"add_filter","column":"orders.status","operator":"in","values":["shipped","pending"]},
		{"op":"add_filter","column":"revenue","operator":">","value":10},
		{"op":"modify_order_by","order_by":[{"column":"revenue","desc":true}]},
		{"op":"modify_limit","limit":5}]`)...)
	if err != nil {
		t.Fatal(err)
	}
	o := plan.ModificationOptions(p, s)
	if !o.Patchable {
		t.Fatalf("not patchable: %s", o.Reason)
	}
	wantTables := []string{
		"orders: orders.id integer key",
		"orders: orders.customer_id integer key",
		"orders: orders.order_date date time",
		"orders: orders.status text dimension",
		"orders: orders.total real measure",
		"customers: customers.id integer key",
		"customers: customers.name text text",
		"customers: customers.email text text",
		"customers: customers.country text dimension selected",
		"order_items via orders: order_items.id integer key",
		"order_items via orders: order_items.order_id integer key",
		"order_items via orders: order_items.product_id integer key",
		"order_items via orders: order_items.quantity integer measure",
		"order_items via orders: order_items.unit_price real measure",
	}
	if diff := cmp.Diff(wantTables, summarise(o.Tables)); diff != "" {
		t.Errorf("tables (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"country", "count", "revenue"}, o.Sortable); diff != "" {
		t.Errorf("sortable (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"customers.country"}, o.GroupBy); diff != "" {
		t.Errorf("group_by (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]plan.PatchOrder{{Column: "revenue", Desc: true}}, o.OrderBy); diff != "" {
		t.Errorf("order_by (-want +got):\n%s", diff)
	}
	if o.Limit == nil || *o.Limit != 5 {
		t.Errorf("limit = %v, want 5", o.Limit)
	}
	type filt struct {
		Clause, Column, Operator string
		Value                    any
		Values                   []any
	}
	var got []filt
	for _, f := range o.Filters {
		if f.Cond == nil {
			t.Errorf("filter %+v has no condition", f)
		}
		got = append(got, filt{f.Clause, f.Column, f.Operator, f.Value, f.Values})
	}
	want := []filt{
		{"where", "orders.order_date", "year", int64(2024), nil},
		{"where", "orders.status", "in", nil, []any{"shipped", "pending"}},
		{"having", "revenue", ">", int64(10), nil},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("filters (-want +got):\n%s", diff)
	}
	// The options are JSON-ready, and the same plan gives the same options.
	if a, b := mustJSON(t, o), mustJSON(t, plan.ModificationOptions(p, s)); a != b {
		t.Errorf("options are not stable:\n%s\n%s", a, b)
	}
}

// TestModificationOptionsAreUsable applies every offered column and sort
// key: a UI must never offer what ApplyPatch then refuses.
func TestModificationOptionsAreUsable(t *testing.T) {
	s := shopSchema()
	for _, base := range []string{listPlan, countryPlan, categoryPlan} {
		p := decodePlan(t, base)
		o := plan.ModificationOptions(p, s)
		for _, tb := range o.Tables {
			for _, c := range tb.Columns {
				if _, err := plan.ApplyPatch(p, s, plan.PatchOp{Op: plan.PatchAddColumn, Column: c.Ref}); err != nil {
					t.Errorf("offered column %s cannot be added: %v", c.Ref, err)
				}
			}
		}
		for _, name := range o.Sortable {
			if _, err := plan.ApplyPatch(p, s, plan.PatchOp{Op: plan.PatchModifyOrderBy, OrderBy: []plan.PatchOrder{{Column: name}}}); err != nil {
				t.Errorf("offered sort key %s cannot be used: %v", name, err)
			}
		}
	}
}

func TestModificationOptionsRefusals(t *testing.T) {
	o := plan.ModificationOptions(decodePlan(t, `{"raw_sql":"SELECT 1"}`), shopSchema())
	if o.Patchable || !strings.Contains(o.Reason, "raw SQL") || len(o.Tables) != 0 {
		t.Errorf("raw SQL plan offered options: %+v", o)
	}
	if o := plan.ModificationOptions(nil, nil); o.Patchable {
		t.Errorf("nil plan is patchable")
	}
	// SELECT * shows every column of its source.
	o = plan.ModificationOptions(decodePlan(t, `{"from":{"table":"customers"}}`), shopSchema())
	for _, c := range o.Tables[0].Columns {
		if !c.Selected {
			t.Errorf("%s is shown by SELECT * but not marked selected", c.Ref)
		}
	}
}
