package plan

// Measure is a named business metric from the business context metadata
// ("revenue = sum(order_items.quantity * order_items.unit_price) where
// orders.status != 'cancelled'"). Planners use it as an aggregate when the
// question names it or one of its synonyms, so the definition an analyst wrote
// is the one every answer uses.
type Measure struct {
	Name        string   `json:"name"`
	Description string   `json:"description,omitempty"`
	Synonyms    []string `json:"synonyms,omitempty"`
	// Expr is the aggregate expression, e.g. {"agg":"sum","arg":{...}}.
	Expr Expr `json:"expr"`
	// Where, when set, is ANDed into the filters of any plan using the measure.
	Where *Cond `json:"where,omitempty"`
}
