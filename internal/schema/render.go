package schema

import (
	"fmt"
	"strings"
)

// Render writes a compact text form of the schema for a model's prompt: one
// line per table with its columns, types, keys and a few sample values.
// Compactness matters: small local models have small context windows, and
// every token spent on schema is one not spent on reasoning.
//
//	orders (4000 rows): id integer PK, customer_id integer → customers.id,
//	  status text [shipped, delivered, cancelled], order_date date
func (s *Schema) Render() string {
	var b strings.Builder
	for i := range s.Tables {
		s.Tables[i].render(&b)
	}
	return b.String()
}

// Subset returns a schema holding only the named tables (in the receiver's
// order), sharing their definitions.
func (s *Schema) Subset(names []string) *Schema {
	keep := make(map[string]bool, len(names))
	for _, n := range names {
		keep[strings.ToLower(n)] = true
	}
	out := &Schema{Engine: s.Engine}
	for _, t := range s.Tables {
		if keep[strings.ToLower(t.Name)] {
			out.Tables = append(out.Tables, t)
		}
	}
	return out
}

const maxRenderedSamples = 8

func (t *Table) render(b *strings.Builder) {
	b.WriteString(t.Name)
	var notes []string
	if t.View {
		notes = append(notes, "view")
	}
	if t.RowCount >= 0 {
		notes = append(notes, fmt.Sprintf("%d rows", t.RowCount))
	}
	if len(notes) > 0 {
		fmt.Fprintf(b, " (%s)", strings.Join(notes, ", "))
	}
	if t.Description != "" {
		fmt.Fprintf(b, " -- %s", t.Description)
	}
	b.WriteString(":\n")
	refs := map[string]string{}
	for _, fk := range t.ForeignKeys {
		for i, c := range fk.Columns {
			if i < len(fk.RefColumns) {
				refs[strings.ToLower(c)] = fk.RefTable + "." + fk.RefColumns[i]
			}
		}
	}
	pk := map[string]bool{}
	for _, c := range t.PrimaryKey {
		pk[strings.ToLower(c)] = true
	}
	for _, c := range t.Columns {
		fmt.Fprintf(b, "  %s %s", c.Name, c.Kind)
		if pk[strings.ToLower(c.Name)] {
			b.WriteString(" PK")
		}
		if r, ok := refs[strings.ToLower(c.Name)]; ok {
			b.WriteString(" → " + r)
		}
		if len(c.Samples) > 0 {
			n := min(len(c.Samples), maxRenderedSamples)
			quoted := make([]string, n)
			for i := range n {
				quoted[i] = fmt.Sprintf("%q", c.Samples[i])
			}
			more := ""
			if len(c.Samples) > n || !c.SamplesComplete {
				more = ", …"
			}
			fmt.Fprintf(b, " [%s%s]", strings.Join(quoted, ", "), more)
		}
		if c.Description != "" {
			b.WriteString(" -- " + c.Description)
		}
		b.WriteByte('\n')
	}
}
