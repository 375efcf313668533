package plan_test

import (
	"testing"

	"querent/internal/plan"
)

// BenchmarkAudit audits a typical three-table plan (join, filter, group,
// order, limit) against the demo schema.
func BenchmarkAudit(b *testing.B) {
	p := mustDecode(b, typical)
	s := testSchema()
	b.ReportAllocs()
	for b.Loop() {
		if _, ds := plan.Audit(p, s); len(ds) != 0 {
			b.Fatalf("typical plan has findings: %v", ds)
		}
	}
}
