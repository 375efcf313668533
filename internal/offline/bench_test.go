package offline_test

import (
	"testing"

	"querent/internal/offline"
)

// typical are ten questions of the kinds users ask first, answered and
// refused alike.
var typical = []string{
	"How many customers are there?",
	"How many customers are in Germany?",
	"average total amount of cancelled orders",
	"top 5 products by unit price",
	"number of orders per status",
	"total amount by country",
	"how many orders in 2025",
	"names and emails of customers in Berlin",
	"show me the names",
	"what is the weather",
}

func BenchmarkPlan(b *testing.B) {
	p := offline.New(demoSchema(), offline.Options{Today: today})
	b.ReportAllocs()
	for b.Loop() {
		for _, q := range typical {
			p.Plan(q)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(typical)), "ns/question")
}

func BenchmarkNew(b *testing.B) {
	s := demoSchema()
	b.ReportAllocs()
	for b.Loop() {
		offline.New(s, offline.Options{Today: today})
	}
}
