package metadata

import (
	"errors"
	"fmt"
	"strings"

	"querent/internal/plan"
	"querent/internal/schema"
)

// Apply returns a copy of s with the file's descriptions and synonyms set,
// and the problems found: tables and columns the database does not have
// (with the nearest real names), and synonyms that are another table's or
// column's real name, which would make linking ambiguous. Entries with
// problems are skipped; the rest still apply. s itself is not changed.
//
// A description from the file replaces the introspected one (the file
// wins); synonyms are added to the schema's, without repeats.
func (c *Context) Apply(s *schema.Schema) (*schema.Schema, []Problem) {
	out := copySchema(s)
	var problems []Problem
	for _, mt := range c.Tables {
		path := join("tables", mt.Name)
		t, ok := out.Table(mt.Name)
		if !ok {
			p := Problem{Line: mt.Line, Path: path, Msg: fmt.Sprintf("the database has no table %q", mt.Name)}
			p.Suggestions = nearest(mt.Name, out.TableNames())
			problems = append(problems, p)
			continue
		}
		if mt.Description != "" {
			t.Description = mt.Description
		}
		for _, syn := range mt.Synonyms {
			if other, ok := out.Table(syn); ok && other != t {
				problems = append(problems, Problem{Line: mt.Line, Path: join(path, "synonyms"),
					Msg: fmt.Sprintf("synonym %q is the name of table %s: a question using it could mean either", syn, other.Name)})
				continue
			}
			t.Synonyms = addWord(t.Synonyms, syn)
		}
		for _, mc := range mt.Columns {
			cpath := join(path, "columns."+mc.Name)
			col, ok := t.Column(mc.Name)
			if !ok {
				p := Problem{Line: mc.Line, Path: cpath, Msg: fmt.Sprintf("table %s has no column %q", t.Name, mc.Name)}
				p.Suggestions = nearest(mc.Name, t.ColumnNames())
				problems = append(problems, p)
				continue
			}
			if mc.Description != "" {
				col.Description = mc.Description
			}
			for _, syn := range mc.Synonyms {
				if other, ok := t.Column(syn); ok && other != col {
					problems = append(problems, Problem{Line: mc.Line, Path: join(cpath, "synonyms"),
						Msg: fmt.Sprintf("synonym %q is the name of column %s.%s: a question using it could mean either", syn, t.Name, other.Name)})
					continue
				}
				col.Synonyms = addWord(col.Synonyms, syn)
			}
		}
	}
	return out, problems
}

// Validate checks the whole context against the database and returns an
// *[Error] listing every problem, or nil: unknown tables and columns,
// ambiguous synonyms, metric definitions that do not parse or name unknown
// columns, metric names given twice through synonyms, and example plans
// that fail the audit. Run it when the configuration is loaded, so a typo is
// reported at startup instead of making one question in a hundred fail.
func (c *Context) Validate(s *schema.Schema) error {
	applied, problems := c.Apply(s)
	_, mproblems := c.measures(s)
	problems = append(problems, mproblems...)
	for i, e := range c.examples {
		_, diags := plan.Audit(e.Plan, applied)
		for _, d := range diags.Errors() {
			p := Problem{Line: e.line, Path: fmt.Sprintf("examples[%d].plan", i), Msg: d.Summary, Suggestions: d.Suggestions}
			if d.Path != "" {
				p.Path += "." + d.Path
			}
			if d.Detail != "" {
				p.Msg += " (" + d.Detail + ")"
			}
			problems = append(problems, p)
		}
	}
	if len(problems) == 0 {
		return nil
	}
	return &Error{Problems: sortedProblems(problems)}
}

// Measures parses every metric against s with [plan.ParseMeasure], with
// its description and synonyms, in file order. An error is an *[Error]
// listing every metric that does not parse.
func (c *Context) Measures(s *schema.Schema) ([]plan.Measure, error) {
	ms, problems := c.measures(s)
	if len(problems) > 0 {
		return nil, &Error{Problems: problems}
	}
	return ms, nil
}

func (c *Context) measures(s *schema.Schema) ([]plan.Measure, []Problem) {
	var out []plan.Measure
	var problems []Problem
	names := map[string]string{} // lower-cased name or synonym → metric
	for _, m := range c.Metrics {
		path := join("metrics", m.Name)
		for _, w := range append([]string{m.Name}, m.Synonyms...) {
			lw := strings.ToLower(w)
			if owner, dup := names[lw]; dup && owner != m.Name {
				problems = append(problems, Problem{Line: m.Line, Path: path,
					Msg: fmt.Sprintf("%q already names metric %s: a question using it could mean either", w, owner)})
			}
			names[lw] = m.Name
		}
		pm, err := plan.ParseMeasure(m.Name, m.Definition, s)
		if err != nil {
			p := Problem{Line: m.defLine, Path: join(path, "definition"), Msg: err.Error()}
			var me *plan.MeasureError
			if errors.As(err, &me) {
				p.Msg = fmt.Sprintf("at character %d of %q: %s", me.Pos, m.Definition, me.Msg)
				p.Suggestions = me.Suggestions
			}
			problems = append(problems, p)
			continue
		}
		pm.Description = m.Description
		pm.Synonyms = append([]string(nil), m.Synonyms...)
		out = append(out, pm)
	}
	return out, problems
}

// copySchema copies s deeply enough that setting descriptions and synonyms
// on the copy leaves s alone; samples and keys are shared, read-only.
func copySchema(s *schema.Schema) *schema.Schema {
	out := &schema.Schema{Engine: s.Engine, Tables: make([]schema.Table, len(s.Tables))}
	for i, t := range s.Tables {
		t.Columns = append([]schema.Column(nil), t.Columns...)
		t.Synonyms = append([]string(nil), t.Synonyms...)
		for j := range t.Columns {
			t.Columns[j].Synonyms = append([]string(nil), t.Columns[j].Synonyms...)
		}
		out.Tables[i] = t
	}
	return out
}

// addWord appends w unless list has it already (ignoring case).
func addWord(list []string, w string) []string {
	for _, x := range list {
		if strings.EqualFold(x, w) {
			return list
		}
	}
	return append(list, w)
}

func nearest(name string, candidates []string) []string {
	if near := schema.Nearest(name, candidates, 3); len(near) > 0 {
		return near
	}
	return nil
}
