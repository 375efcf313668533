package schema_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/schema"
)

// theatre declares actor.musical_id as referencing actor.actor_id, a
// defect of real schemas: the name says musical, the declaration says actor.
func theatre(declared schema.ForeignKey) *schema.Schema {
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("musical", []string{"musical_id"}, col("musical_id", i), col("name", x)),
		table("actor", []string{"actor_id"}, col("actor_id", i), col("musical_id", i), col("manager_id", i), col("name", x)),
		table("stage", []string{"id"}, col("id", i)),
	}}
	s.Tables[1].ForeignKeys = []schema.ForeignKey{declared}
	return s
}

func TestInferForeignKeysContradictedSelfReference(t *testing.T) {
	selfRef := schema.ForeignKey{Columns: []string{"musical_id"}, RefTable: "actor", RefColumns: []string{"actor_id"}}
	tests := []struct {
		name     string
		declared schema.ForeignKey
		share    float64 // containment of actor.musical_id in musical.musical_id
		noData   bool
		want     []key
	}{
		{name: "name and data overrule a self-reference", declared: selfRef, share: 1,
			want: []key{{"actor.musical_id", "musical.musical_id"}}},
		{name: "data that disagrees keeps the declaration", declared: selfRef, share: 0.8},
		{name: "names alone never overrule a declaration", declared: selfRef, noData: true},
		{name: "a role names a self-reference meant", share: 1,
			declared: schema.ForeignKey{Columns: []string{"manager_id"}, RefTable: "actor", RefColumns: []string{"actor_id"}},
			want:     []key{{"actor.musical_id", "musical.musical_id"}}},
		{name: "a key declared to another table stands", share: 1,
			declared: schema.ForeignKey{Columns: []string{"musical_id"}, RefTable: "stage", RefColumns: []string{"id"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := theatre(tc.declared)
			var p schema.ContainmentProber
			if !tc.noData {
				p = &fakeProber{shares: map[string]float64{"actor.musical_id>musical.musical_id": tc.share}}
			}
			got, err := schema.InferForeignKeys(context.Background(), s, p, schema.InferOptions{})
			if err != nil {
				t.Fatal(err)
			}
			var keys []key
			for _, k := range keysOf(got) {
				if k.From == "actor.musical_id" || k.From == tc.declared.Columns[0] {
					keys = append(keys, k)
				}
			}
			if diff := cmp.Diff(tc.want, keys); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if len(got) > 0 {
				for _, k := range got {
					if !k.Key.Inferred {
						t.Errorf("%s.%v is not marked inferred", k.Table, k.Key.Columns)
					}
				}
			}
		})
	}
}

func TestWithInferredKeysKeepsContradictedDeclaration(t *testing.T) {
	// The inferred key joins actor to musical; the declared one stays for
	// whoever reads declarations, marked as declared.
	s := theatre(schema.ForeignKey{Columns: []string{"musical_id"}, RefTable: "actor", RefColumns: []string{"actor_id"}})
	got, err := schema.InferForeignKeys(context.Background(), s, &fakeProber{}, schema.InferOptions{})
	if err != nil {
		t.Fatal(err)
	}
	out := s.WithInferredKeys(got)
	if !out.EdgeBetween("actor", "musical_id", "musical", "musical_id") {
		t.Error("no edge between actor.musical_id and musical.musical_id")
	}
	actor, _ := out.Table("actor")
	var declared, inferred int
	for _, fk := range actor.ForeignKeys {
		if fk.Columns[0] != "musical_id" {
			continue
		}
		switch {
		case !fk.Inferred && fk.RefTable == "actor":
			declared++
		case fk.Inferred && fk.RefTable == "musical":
			inferred++
		}
	}
	if declared != 1 || inferred != 1 {
		t.Errorf("actor's keys = %+v, want the declared self-reference and the inferred key to musical", actor.ForeignKeys)
	}
}
