package answer_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/answer"
	"querent/internal/schema"
)

func TestInferKinds(t *testing.T) {
	cols := []string{"i", "r", "b", "d", "dt", "t", "null", "mixed"}
	rows := [][]any{
		{int64(1), 1.5, true, "2024-03-01", "2024-03-01 10:00:00", "x", nil, int64(1)},
		{int64(2), int64(2), false, "2024-03-02", "2024-03-01T10:00:00Z", "2024", nil, "y"},
	}
	want := []schema.Kind{schema.KindInteger, schema.KindReal, schema.KindBool, schema.KindDate, schema.KindDateTime, schema.KindText, schema.KindOther, schema.KindText}
	if diff := cmp.Diff(want, answer.InferKinds(cols, rows)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestKindsFromPlanDemo(t *testing.T) {
	d := theDemo(t)
	_, res := d.ask(t, "what is the name and price of the most expensive product")
	if diff := cmp.Diff([]schema.Kind{schema.KindText, schema.KindReal}, res.Kinds); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestFormatNumber(t *testing.T) {
	for in, want := range map[float64]string{
		0: "0", 42: "42", -1234567: "-1,234,567", 1234.5: "1,234.5", 0.3333: "0.33", 52345.678: "52,345.68",
		0.001234: "0.00123", -0.5: "-0.5", 1e20: "100,000,000,000,000,000,000",
	} {
		if got := answer.FormatNumber(in); got != want {
			t.Errorf("FormatNumber(%v) = %q, want %q", in, got, want)
		}
		res := answer.NewResult([]string{"v"}, [][]any{{in}}, false)
		if v := answer.Verify("It is "+answer.FormatNumber(in)+".", res); len(v.Findings) != 0 {
			t.Errorf("%v: formatted value flagged: %+v", in, v.Findings)
		}
	}
}
