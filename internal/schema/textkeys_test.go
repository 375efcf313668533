package schema_test

import (
	"context"
	"errors"
	"testing"

	"querent/internal/schema"
)

// textProber answers TextContainment from a table of results by
// "child.col>parent.col", counting its calls.
type textProber struct {
	results map[string]textResult
	calls   int
}

type textResult struct {
	share float64
	n     int64
	err   error
}

func (p *textProber) TextContainment(_ context.Context, child, childCol, parent, parentCol string) (float64, int64, error) {
	p.calls++
	r := p.results[child+"."+childCol+">"+parent+"."+parentCol]
	return r.share, r.n, r.err
}

func textKeysSchema() *schema.Schema {
	c := func(name string, k schema.Kind) schema.Column { return schema.Column{Name: name, Kind: k} }
	key := func(col, table string) schema.ForeignKey {
		return schema.ForeignKey{Columns: []string{col}, RefTable: table, RefColumns: []string{"id"}}
	}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		{Name: "track", Columns: []schema.Column{c("id", schema.KindInteger), c("name", schema.KindText)}},
		{Name: "code", Columns: []schema.Column{c("id", schema.KindText)}},
		{Name: "race", Columns: []schema.Column{c("id", schema.KindInteger), c("track_id", schema.KindText), c("code_id", schema.KindText)},
			ForeignKeys: []schema.ForeignKey{key("track_id", "track"), key("code_id", "code")}},
	}}
}

func TestWithTextKeys(t *testing.T) {
	cases := []struct {
		name   string
		result textResult
		want   bool
	}{
		{"every value found as text", textResult{share: 1, n: 6}, true},
		{"nearly every value", textResult{share: 0.95, n: 20}, true},
		{"values that do not match", textResult{share: 0.2, n: 6}, false},
		{"a single value tells nothing", textResult{share: 1, n: 1}, false},
		{"an empty column", textResult{}, false},
		{"a probe that failed", textResult{err: errors.New("timeout")}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := textKeysSchema()
			p := &textProber{results: map[string]textResult{"race.track_id>track.id": c.result}}
			out, err := s.WithTextKeys(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			race, _ := out.Table("race")
			if got := race.ForeignKeys[0].TextMatch; got != c.want {
				t.Errorf("TextMatch = %v, want %v", got, c.want)
			}
			if race.ForeignKeys[1].TextMatch {
				t.Error("a text key against a text key was marked")
			}
			if p.calls != 1 {
				t.Errorf("%d probes, want 1: only keys across types are probed", p.calls)
			}
			if orig, _ := s.Table("race"); orig.ForeignKeys[0].TextMatch {
				t.Error("the original schema was modified")
			}
			if e := out.Edges(); len(e) != 2 || e[0].TextMatch != c.want {
				t.Errorf("edges %+v do not carry TextMatch %v", e, c.want)
			}
		})
	}
}

func TestWithTextKeysCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := &textProber{results: map[string]textResult{"race.track_id>track.id": {err: context.Canceled}}}
	if _, err := textKeysSchema().WithTextKeys(ctx, p); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func TestTextAgainstNumber(t *testing.T) {
	for _, c := range []struct {
		a, b schema.Kind
		want bool
	}{
		{schema.KindText, schema.KindInteger, true},
		{schema.KindReal, schema.KindText, true},
		{schema.KindText, schema.KindText, false},
		{schema.KindInteger, schema.KindReal, false},
		{schema.KindText, schema.KindDate, false},
	} {
		if got := schema.TextAgainstNumber(c.a, c.b); got != c.want {
			t.Errorf("TextAgainstNumber(%s, %s) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
