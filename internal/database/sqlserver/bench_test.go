package sqlserver_test

import (
	"strings"
	"testing"

	"querent/internal/database/sqlserver"
)

// joinQuery is a typical compiled query: four tables, a filter, a group.
const joinQuery = `SELECT TOP 10 [c].[country], [p].[category], SUM(([d].[unit_price] * [d].[quantity])) AS [revenue] FROM [orders] AS [o] INNER JOIN [customers] AS [c] ON [o].[customer_id] = [c].[id] INNER JOIN [order details] AS [d] ON [d].[order_id] = [o].[id] INNER JOIN [products] AS [p] ON [d].[product_id] = [p].[id] WHERE [o].[order_date] >= @p1 GROUP BY [c].[country], [p].[category] ORDER BY [revenue] DESC`

func BenchmarkGuard(b *testing.B) {
	s := demoSchema()
	b.SetBytes(int64(len(joinQuery)))
	for b.Loop() {
		st, err := sqlserver.Check(joinQuery)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := sqlserver.Resolve(s, st.Tables); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGuardLong checks a query near the size limit, which bounds the
// guard's worst case.
func BenchmarkGuardLong(b *testing.B) {
	q := "SELECT id FROM orders WHERE status IN (" + strings.Repeat("N'paid', ", 9000) + "N'x')"
	b.SetBytes(int64(len(q)))
	for b.Loop() {
		if _, err := sqlserver.Check(q); err != nil {
			b.Fatal(err)
		}
	}
}
