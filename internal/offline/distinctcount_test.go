package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// orderItemsSchema: customers place orders, each order has items, each item is
// one product; a product meets a customer through order items and orders,
// where both repeat. Suppliers supply products through a link table.
func orderItemsSchema() *schema.Schema {
	customer := table("customers", []schema.Column{col("customer_id", "INTEGER"), col("customer_name", "TEXT")})
	customer.PrimaryKey = []string{"customer_id"}
	order := table("customer_orders", []schema.Column{col("order_id", "INTEGER"), col("customer_id", "INTEGER"), col("order_date", "DATE")}, keyTo("customer_id", "customers"))
	order.PrimaryKey = []string{"order_id"}
	product := table("products", []schema.Column{col("product_id", "INTEGER"), col("product_name", "TEXT"), col("price", "REAL")})
	product.PrimaryKey = []string{"product_id"}
	item := table("order_items", []schema.Column{col("order_item_id", "INTEGER"), col("order_id", "INTEGER"), col("product_id", "INTEGER")},
		keyTo("order_id", "customer_orders"), keyTo("product_id", "products"))
	item.PrimaryKey = []string{"order_item_id"}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{customer, order, product, item}}
}

// TestDistinctThroughChildAnswers: "at least N distinct Y" where Y meets
// the groups through a child counts each Y once, by its key, over the
// rows of the table where the two meet.
func TestDistinctThroughChildAnswers(t *testing.T) {
	runAnswers(t, orderItemsSchema(), []answerCase{
		// Through order items and orders, where both repeat.
		{"names of products bought by at least two distinct customers", `{"select":[{"expr":{"col":"products.product_name"}}],"from":{"table":"order_items"},"joins":[{"type":"inner","table":"products","on":[{"left":"order_items.product_id","right":"products.product_id"}]},{"type":"inner","table":"customer_orders","on":[{"left":"order_items.order_id","right":"customer_orders.order_id"}]},{"type":"inner","table":"customers","on":[{"left":"customer_orders.customer_id","right":"customers.customer_id"}]}],"group_by":[{"col":"order_items.product_id"},{"col":"products.product_name"}],"having":{"op":">=","left":{"agg":"count_distinct","arg":{"col":"customers.customer_id"}},"right":{"value":2}}}`},
		// "ordered" names the orders, a table on the way.
		{"names of customers who ordered at least 3 different products", `{"select":[{"expr":{"col":"customers.customer_name"}}],"from":{"table":"order_items"},"joins":[{"type":"inner","table":"customer_orders","on":[{"left":"order_items.order_id","right":"customer_orders.order_id"}]},{"type":"inner","table":"customers","on":[{"left":"customer_orders.customer_id","right":"customers.customer_id"}]},{"type":"inner","table":"products","on":[{"left":"order_items.product_id","right":"products.product_id"}]}],"group_by":[{"col":"customer_orders.customer_id"},{"col":"customers.customer_name"}],"having":{"op":">=","left":{"agg":"count_distinct","arg":{"col":"products.product_id"}},"right":{"value":3}}}`},
	})
	// Through one link table: a customer buying a product twice is
	// still one customer.
	runAnswers(t, staffSchema(), []answerCase{
		{"names of products bought by at least two distinct customers", `{"select":[{"expr":{"col":"product.product_name"}}],"from":{"table":"purchase"},"joins":[{"type":"inner","table":"product","on":[{"left":"purchase.product_id","right":"product.product_id"}]},{"type":"inner","table":"customer","on":[{"left":"purchase.customer_id","right":"customer.customer_id"}]}],"group_by":[{"col":"purchase.product_id"},{"col":"product.product_name"}],"having":{"op":">=","left":{"agg":"count_distinct","arg":{"col":"customer.customer_id"}},"right":{"value":2}}}`},
	})
}

// TestDistinctThroughChildRefusals: only one table may meet both.
func TestDistinctThroughChildRefusals(t *testing.T) {
	s := staffSchema()
	wish := table("wishlist", []schema.Column{col("wishlist_id", "INTEGER"), col("customer_id", "INTEGER"), col("product_id", "INTEGER")},
		keyTo("customer_id", "customer"), keyTo("product_id", "product"))
	wish.PrimaryKey = []string{"wishlist_id"}
	s.Tables = append(s.Tables, wish)
	runRefusals(t, s, []string{
		// Purchases and wish lists both meet products and customers:
		// which relation counts is not said.
		"names of products bought by at least two distinct customers",
	})
	// Reviews meet customers and products too, more closely than order
	// items: which relation counts is still not said.
	s = orderItemsSchema()
	review := table("reviews", []schema.Column{col("review_id", "INTEGER"), col("customer_id", "INTEGER"), col("product_id", "INTEGER")},
		keyTo("customer_id", "customers"), keyTo("product_id", "products"))
	review.PrimaryKey = []string{"review_id"}
	s.Tables = append(s.Tables, review)
	runRefusals(t, s, []string{
		"names of products bought by at least two distinct customers",
		"names of customers who ordered at least 3 different products",
	})
}
