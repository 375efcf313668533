// Package metadata reads business context: what an administrator knows about
// a database that its catalog does not say. Real schemas have cryptic names
// and rules that live in people's heads; querent.yaml (under a context: key)
// or a separate file (context_file: metadata.yaml) writes them down, and the
// planners use them: descriptions and synonyms for linking words to tables
// and columns, metric definitions as named measures, rules retrieved into the
// LLM's prompt, and example question → plan pairs.
//
// A complete file:
//
//	# Tables and columns by their names in the database. A plain string in
//	# place of the mapping is the description.
//	tables:
//	  orders:
//	    description: One row per customer order.
//	    synonyms: [purchases, sales]
//	    columns:
//	      total_amount: {description: Order total in EUR incl. VAT, synonyms: [revenue, sales amount]}
//	      status: "placed, shipped, delivered or cancelled"
//	# Named measures: an aggregate over table.column references, optionally
//	# filtered (see plan.ParseMeasure for the language). A plain string in
//	# place of the mapping is the definition.
//	metrics:
//	  revenue:
//	    description: Money from orders that were not cancelled.
//	    synonyms: [sales, turnover]
//	    definition: sum(order_items.quantity * order_items.unit_price) where orders.status != 'cancelled'
//	# Business rules, one sentence each, given to the LLM when they concern
//	# the question.
//	rules:
//	  - Fiscal year starts in April.
//	  - "Active customers are those with an order in the last 90 days."
//	# Questions with the plan that answers them (the Plan's JSON written as
//	# YAML, or as a JSON string).
//	examples:
//	  - question: How many orders were cancelled?
//	    plan: {select: [{expr: {agg: count}}], from: {table: orders}, where: {op: "=", left: {col: orders.status}, right: {value: cancelled}}}
//
// Reading is strict: an unknown key is an error naming the key, its line and
// the keys allowed there, because a misspelt "synonym:" silently ignored is a
// synonym that never works. Names are checked against the database by
// [Context.Validate], which lists every problem at once with the nearest real
// names.
//
// When the file and the database both describe a table or column, the file
// wins: it is the administrator's deliberate word, while catalog comments are
// often stale or written for other readers. Synonyms add to any the schema
// already has.
package metadata

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"querent/internal/plan"
	"querent/internal/schema"
)

// Context is the business context of one database, as read from YAML. It
// is immutable once read and safe to share between requests.
type Context struct {
	// Tables are in file order.
	Tables []Table
	// Metrics are in file order.
	Metrics  []Metric
	rules    []string
	examples []example
}

// Table is what the file says about one table.
type Table struct {
	Name        string
	Description string
	Synonyms    []string
	Columns     []Column
	// Line is where the table's entry starts, for messages.
	Line int
}

// Column is what the file says about one column.
type Column struct {
	Name        string
	Description string
	Synonyms    []string
	Line        int
}

// Metric is a named measure's definition, parsed against a schema by
// [Context.Measures].
type Metric struct {
	Name        string
	Description string
	Synonyms    []string
	Definition  string
	// Line is where the metric's entry starts.
	Line int
	// defLine is the line of the definition, where its parse errors point.
	defLine int
}

// Example is a question with the plan that answers it.
type Example struct {
	Question string
	Plan     *plan.Plan
}

type example struct {
	Example
	line int
}

// Problem is one thing wrong with the metadata: a key the format does not
// have, a value of the wrong shape, or a name the database does not have.
type Problem struct {
	// Line is the line in the YAML file; 0 when unknown.
	Line int
	// Path locates the entry, e.g. "tables.orders.columns.totl".
	Path string
	Msg  string
	// Suggestions are nearest real names or allowed keys.
	Suggestions []string
}

func (p Problem) String() string {
	var b strings.Builder
	if p.Line > 0 {
		fmt.Fprintf(&b, "line %d: ", p.Line)
	}
	if p.Path != "" {
		b.WriteString(p.Path + ": ")
	}
	b.WriteString(p.Msg)
	if len(p.Suggestions) > 0 {
		fmt.Fprintf(&b, "; did you mean %s?", strings.Join(p.Suggestions, " or "))
	}
	return b.String()
}

// Error lists every problem found in the metadata, so one run shows them
// all.
type Error struct {
	// File is the metadata file's path; empty for inline context.
	File     string
	Problems []Problem
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("business context")
	if e.File != "" {
		b.WriteString(" " + e.File)
	}
	if len(e.Problems) == 1 {
		return b.String() + ": " + e.Problems[0].String()
	}
	fmt.Fprintf(&b, ": %d problems:", len(e.Problems))
	for _, p := range e.Problems {
		b.WriteString("\n  " + p.String())
	}
	return b.String()
}

// Load reads a metadata file (context_file: in querent.yaml).
func Load(path string) (*Context, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read business context: %w", err)
	}
	c, err := Parse(data)
	var me *Error
	if errors.As(err, &me) {
		me.File = path
	}
	return c, err
}

// Parse reads metadata from YAML. An empty document is an empty Context.
// Errors are *[Error] values listing every problem with its line.
func Parse(data []byte) (*Context, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, &Error{Problems: []Problem{{Msg: "not valid YAML: " + strings.TrimPrefix(err.Error(), "yaml: ")}}}
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return &Context{}, nil
	}
	return decode(doc.Content[0])
}

// UnmarshalYAML reads a Context from the context: key of querent.yaml, so
// that the lines in its errors are lines of that file.
func (c *Context) UnmarshalYAML(node *yaml.Node) error {
	got, err := decode(node)
	if err != nil {
		return err
	}
	*c = *got
	return nil
}

// decoder collects problems while walking the YAML tree.
type decoder struct {
	problems []Problem
}

func (d *decoder) add(n *yaml.Node, path, format string, args ...any) {
	line := 0
	if n != nil {
		line = n.Line
	}
	d.problems = append(d.problems, Problem{Line: line, Path: path, Msg: fmt.Sprintf(format, args...)})
}

func decode(root *yaml.Node) (*Context, error) {
	d := &decoder{}
	c := &Context{}
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return c, nil
	}
	d.mapping(root, "", []string{"tables", "metrics", "rules", "examples"}, func(key string, k, v *yaml.Node) {
		switch key {
		case "tables":
			c.Tables = d.tables(v)
		case "metrics":
			c.Metrics = d.metrics(v)
		case "rules":
			c.rules = d.rules(v)
		case "examples":
			c.examples = d.examples(v)
		}
	})
	if len(d.problems) > 0 {
		return nil, &Error{Problems: d.problems}
	}
	return c, nil
}

// mapping walks a mapping node whose keys must be among allowed (nil allows
// any name), reporting unknown and repeated keys.
func (d *decoder) mapping(n *yaml.Node, path string, allowed []string, each func(key string, k, v *yaml.Node)) {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return
	}
	if n.Kind != yaml.MappingNode {
		if allowed != nil {
			d.add(n, path, "expected a mapping with the keys %s, found %s", strings.Join(allowed, ", "), kindName(n))
		} else {
			d.add(n, path, "expected a mapping of names, found %s", kindName(n))
		}
		return
	}
	seen := map[string]int{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode || strings.TrimSpace(k.Value) == "" {
			d.add(k, path, "a key must be a non-empty name")
			continue
		}
		key := k.Value
		if allowed != nil && !contains(allowed, key) {
			p := Problem{Line: k.Line, Path: join(path, key), Msg: fmt.Sprintf("unknown key %q (allowed here: %s)", key, strings.Join(allowed, ", "))}
			if near := schema.Nearest(key, allowed, 1); len(near) > 0 {
				p.Suggestions = near
			}
			d.problems = append(d.problems, p)
			continue
		}
		lk := strings.ToLower(key)
		if first, dup := seen[lk]; dup {
			d.add(k, join(path, key), "%q is given twice (first on line %d)", key, first)
			continue
		}
		seen[lk] = k.Line
		each(key, k, v)
	}
}

func (d *decoder) tables(n *yaml.Node) []Table {
	var out []Table
	d.mapping(n, "tables", nil, func(name string, k, v *yaml.Node) {
		path := join("tables", name)
		t := Table{Name: name, Line: k.Line}
		if v.Kind == yaml.ScalarNode && v.Tag != "!!null" {
			t.Description = d.text(v, path)
			out = append(out, t)
			return
		}
		d.mapping(v, path, []string{"description", "synonyms", "columns"}, func(key string, _, v *yaml.Node) {
			switch key {
			case "description":
				t.Description = d.text(v, join(path, key))
			case "synonyms":
				t.Synonyms = d.list(v, join(path, key))
			case "columns":
				t.Columns = d.columns(v, join(path, key))
			}
		})
		out = append(out, t)
	})
	return out
}

func (d *decoder) columns(n *yaml.Node, path string) []Column {
	var out []Column
	d.mapping(n, path, nil, func(name string, k, v *yaml.Node) {
		cpath := join(path, name)
		c := Column{Name: name, Line: k.Line}
		if v.Kind == yaml.ScalarNode && v.Tag != "!!null" {
			c.Description = d.text(v, cpath)
			out = append(out, c)
			return
		}
		d.mapping(v, cpath, []string{"description", "synonyms"}, func(key string, _, v *yaml.Node) {
			switch key {
			case "description":
				c.Description = d.text(v, join(cpath, key))
			case "synonyms":
				c.Synonyms = d.list(v, join(cpath, key))
			}
		})
		out = append(out, c)
	})
	return out
}

func (d *decoder) metrics(n *yaml.Node) []Metric {
	var out []Metric
	d.mapping(n, "metrics", nil, func(name string, k, v *yaml.Node) {
		path := join("metrics", name)
		m := Metric{Name: name, Line: k.Line}
		if v.Kind == yaml.ScalarNode && v.Tag != "!!null" {
			m.Definition = d.text(v, path)
			m.defLine = v.Line
			out = append(out, m)
			return
		}
		d.mapping(v, path, []string{"description", "synonyms", "definition"}, func(key string, _, v *yaml.Node) {
			switch key {
			case "description":
				m.Description = d.text(v, join(path, key))
			case "synonyms":
				m.Synonyms = d.list(v, join(path, key))
			case "definition":
				m.Definition = d.text(v, join(path, key))
				m.defLine = v.Line
			}
		})
		if strings.TrimSpace(m.Definition) == "" {
			d.add(k, path, "a metric needs a definition, e.g. definition: sum(orders.total_amount)")
		}
		out = append(out, m)
	})
	return out
}

func (d *decoder) rules(n *yaml.Node) []string {
	if n.Kind != yaml.SequenceNode {
		d.add(n, "rules", "expected a list of sentences, found %s", kindName(n))
		return nil
	}
	var out []string
	for i, r := range n.Content {
		path := fmt.Sprintf("rules[%d]", i)
		if t := d.text(r, path); t != "" {
			out = append(out, t)
		} else if r.Kind == yaml.ScalarNode {
			d.add(r, path, "a rule cannot be empty")
		}
	}
	return out
}

func (d *decoder) examples(n *yaml.Node) []example {
	if n.Kind != yaml.SequenceNode {
		d.add(n, "examples", "expected a list of {question, plan} entries, found %s", kindName(n))
		return nil
	}
	var out []example
	for i, e := range n.Content {
		path := fmt.Sprintf("examples[%d]", i)
		ex := example{line: e.Line}
		var planNode *yaml.Node
		d.mapping(e, path, []string{"question", "plan"}, func(key string, _, v *yaml.Node) {
			switch key {
			case "question":
				ex.Question = d.text(v, join(path, key))
			case "plan":
				planNode = v
			}
		})
		if e.Kind != yaml.MappingNode {
			continue
		}
		if strings.TrimSpace(ex.Question) == "" {
			d.add(e, path, "an example needs a question")
		}
		if planNode == nil {
			d.add(e, path, "an example needs a plan")
			continue
		}
		p, err := decodePlan(planNode)
		if err != nil {
			d.add(planNode, join(path, "plan"), "%s", err)
			continue
		}
		ex.Plan = p
		out = append(out, ex)
	}
	return out
}

// decodePlan turns a plan written as YAML (or as a JSON string) into a Plan
// through the plan package's strict JSON decoder, so an example accepts
// exactly what an LLM's reply may contain.
func decodePlan(n *yaml.Node) (*plan.Plan, error) {
	var data []byte
	switch n.Kind {
	case yaml.ScalarNode:
		data = []byte(n.Value)
	case yaml.MappingNode:
		var v any
		if err := n.Decode(&v); err != nil {
			return nil, err
		}
		b, err := json.Marshal(v)
		if err != nil {
			return nil, fmt.Errorf("a plan's keys must be names: %w", err)
		}
		data = b
	default:
		return nil, fmt.Errorf("expected a plan as a mapping or a JSON string, found %s", kindName(n))
	}
	if !bytes.HasPrefix(bytes.TrimSpace(data), []byte("{")) {
		return nil, errors.New("expected a plan object such as {from: {table: orders}}")
	}
	return plan.Decode(data)
}

// text reads a scalar as text; null is empty.
func (d *decoder) text(n *yaml.Node, path string) string {
	if n.Kind != yaml.ScalarNode {
		d.add(n, path, "expected text, found %s", kindName(n))
		return ""
	}
	if n.Tag == "!!null" {
		return ""
	}
	return strings.TrimSpace(n.Value)
}

// list reads a list of words; a single word is a list of one.
func (d *decoder) list(n *yaml.Node, path string) []string {
	if n.Kind == yaml.ScalarNode {
		if t := d.text(n, path); t != "" {
			return []string{t}
		}
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		d.add(n, path, "expected a list such as [clients, buyers], found %s", kindName(n))
		return nil
	}
	var out []string
	for i, item := range n.Content {
		ipath := fmt.Sprintf("%s[%d]", path, i)
		t := d.text(item, ipath)
		if t == "" {
			if item.Kind == yaml.ScalarNode {
				d.add(item, ipath, "a synonym cannot be empty")
			}
			continue
		}
		out = append(out, t)
	}
	return out
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return "nothing"
		}
		return fmt.Sprintf("%q", n.Value)
	}
	return "something else"
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// AllRules returns every rule in file order; [Context.Rules] picks those
// that concern a question.
func (c *Context) AllRules() []string { return append([]string(nil), c.rules...) }

// Examples returns the example question → plan pairs in file order. The
// plans were decoded strictly when the file was read; [Context.Validate]
// audits them against the schema.
func (c *Context) Examples() []Example {
	out := make([]Example, len(c.examples))
	for i, e := range c.examples {
		// A copy: a caller that patches an example's plan must not change
		// what the next request sees.
		out[i] = Example{Question: e.Question, Plan: e.Plan.Clone()}
	}
	return out
}

// sortedProblems orders problems by line, then path, so a listing reads
// top to bottom.
func sortedProblems(ps []Problem) []Problem {
	sort.SliceStable(ps, func(i, j int) bool {
		if ps[i].Line != ps[j].Line {
			return ps[i].Line < ps[j].Line
		}
		return ps[i].Path < ps[j].Path
	})
	return ps
}
