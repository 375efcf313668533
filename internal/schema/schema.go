// Package schema is querent's model of a database's structure: tables, columns,
// keys and sample values, as introspected from an engine. Every identifier that
// can reach compiled SQL must be found here first; the compiler, the audit and
// the planners all resolve names through [Schema.Table] and [Table.Column].
package schema

import (
	"sort"
	"strings"
	"sync/atomic"
)

// Schema is the introspected structure of one database.
type Schema struct {
	// Engine names the engine the schema came from ("sqlite", "postgres", ...).
	Engine string  `json:"engine"`
	Tables []Table `json:"tables"`

	// index maps lower-cased Name → position in Tables. It is built on first
	// use and rebuilt when Tables grows; atomic so a schema shared by
	// concurrent requests needs no lock.
	index atomic.Pointer[map[string]int]
}

// Table is a table or view.
type Table struct {
	// Name is how plans refer to the table: the bare name for tables in the
	// engine's default schema, "schema.name" otherwise.
	Name string `json:"name"`
	// Namespace is the engine schema (PostgreSQL "public", SQL Server "dbo");
	// empty for SQLite and DuckDB's main schema.
	Namespace string `json:"namespace,omitempty"`
	// Ident is the unqualified table name as the engine knows it.
	Ident       string `json:"ident"`
	View        bool   `json:"view,omitempty"`
	Description string `json:"description,omitempty"`
	// Synonyms are other words users call the table by ("clients" for
	// customers), from business context metadata; planners link them as names.
	Synonyms    []string     `json:"synonyms,omitempty"`
	Columns     []Column     `json:"columns"`
	PrimaryKey  []string     `json:"primary_key,omitempty"`
	ForeignKeys []ForeignKey `json:"foreign_keys,omitempty"`
	// RowCount is exact for SQLite, an estimate for servers; -1 when unknown.
	RowCount int64 `json:"row_count"`
}

// Column is one column of a table.
type Column struct {
	Name string `json:"name"`
	// Type is the declared type as the engine reports it.
	Type        string `json:"type"`
	Kind        Kind   `json:"kind"`
	Nullable    bool   `json:"nullable"`
	Description string `json:"description,omitempty"`
	// Synonyms are other words users call the column by ("revenue" for
	// total_amount), from business context metadata.
	Synonyms []string `json:"synonyms,omitempty"`
	// Samples holds distinct non-null values of text columns, used to ground
	// literals in the question and to show the LLM what values look like.
	Samples []string `json:"samples,omitempty"`
	// SamplesComplete is true when Samples holds every distinct value of the
	// column (low-cardinality columns such as status or country), so a value
	// absent from Samples is absent from the data.
	SamplesComplete bool `json:"samples_complete,omitempty"`
	// Distinct is the number of distinct non-null values; -1 when unknown.
	Distinct int64 `json:"distinct"`
}

// ForeignKey links Columns of the owning table to RefColumns of RefTable.
type ForeignKey struct {
	Columns    []string `json:"columns"`
	RefTable   string   `json:"ref_table"`
	RefColumns []string `json:"ref_columns"`
	// Inferred is true when the key was not declared but guessed from names and
	// data; Confidence is then in (0,1].
	Inferred   bool    `json:"inferred,omitempty"`
	Confidence float64 `json:"confidence,omitempty"`
	// TextMatch marks a key pairing a text column with a numeric one (SQLite
	// and MySQL compare the two loosely; other engines refuse) whose values
	// the data showed equal once both are read as text: every sampled value
	// of the referencing column occurs in the referenced one. Joins along it
	// compare the columns as text. A key across types without it is one the
	// data does not confirm, and plans may not join along it.
	TextMatch bool `json:"text_match,omitempty"`
}

// Kind is a portable classification of a column's type, used by the compiler
// (how to compare, how to bucket dates) and the planners (what can be summed).
type Kind string

// The kinds of column.
const (
	KindText     Kind = "text"
	KindInteger  Kind = "integer"
	KindReal     Kind = "real"
	KindBool     Kind = "bool"
	KindDate     Kind = "date"
	KindDateTime Kind = "datetime"
	KindBlob     Kind = "blob"
	KindOther    Kind = "other"
)

// Numeric reports whether values of the kind can be summed and averaged.
func (k Kind) Numeric() bool { return k == KindInteger || k == KindReal }

// Temporal reports whether values of the kind are dates or timestamps.
func (k Kind) Temporal() bool { return k == KindDate || k == KindDateTime }

// KindOf classifies a declared SQL type name. It follows SQLite's affinity
// rules first (which are deliberately loose) and then the names used by the
// server engines, so it works for every dialect's type names.
func KindOf(declared string) Kind {
	t := strings.ToLower(strings.TrimSpace(declared))
	switch {
	case t == "":
		return KindOther
	case strings.Contains(t, "bool") || t == "bit":
		return KindBool
	case strings.Contains(t, "timestamp") || strings.Contains(t, "datetime"):
		return KindDateTime
	case t == "date":
		return KindDate
	case strings.Contains(t, "int"):
		return KindInteger
	case strings.Contains(t, "char") || strings.Contains(t, "text") || strings.Contains(t, "clob") ||
		strings.Contains(t, "string") || strings.Contains(t, "uuid") || strings.Contains(t, "json") ||
		strings.Contains(t, "enum"):
		return KindText
	case strings.Contains(t, "real") || strings.Contains(t, "floa") || strings.Contains(t, "doub") ||
		strings.Contains(t, "dec") || strings.Contains(t, "numeric") || strings.Contains(t, "money"):
		return KindReal
	case strings.Contains(t, "blob") || strings.Contains(t, "binary") || strings.Contains(t, "bytea"):
		return KindBlob
	case strings.Contains(t, "time"):
		return KindDateTime
	}
	return KindOther
}

// Table returns the table with the given name, matched case-insensitively, and
// whether it exists. Both "name" and the unqualified Ident of a table in a
// non-default namespace match when that is unambiguous.
func (s *Schema) Table(name string) (*Table, bool) {
	idx := s.index.Load()
	if idx == nil || len(*idx) != len(s.Tables) {
		idx = s.reindex()
	}
	if i, ok := (*idx)[strings.ToLower(name)]; ok && i < len(s.Tables) {
		return &s.Tables[i], true
	}
	var found *Table
	for i := range s.Tables {
		if strings.EqualFold(s.Tables[i].Ident, name) {
			if found != nil {
				return nil, false // ambiguous across namespaces
			}
			found = &s.Tables[i]
		}
	}
	return found, found != nil
}

func (s *Schema) reindex() *map[string]int {
	m := make(map[string]int, len(s.Tables))
	for i, t := range s.Tables {
		m[strings.ToLower(t.Name)] = i
	}
	s.index.Store(&m)
	return &m
}

// TableNames returns the names of all tables, sorted.
func (s *Schema) TableNames() []string {
	names := make([]string, len(s.Tables))
	for i, t := range s.Tables {
		names[i] = t.Name
	}
	sort.Strings(names)
	return names
}

// Column returns the named column, matched case-insensitively.
func (t *Table) Column(name string) (*Column, bool) {
	for i := range t.Columns {
		if strings.EqualFold(t.Columns[i].Name, name) {
			return &t.Columns[i], true
		}
	}
	return nil, false
}

// ColumnNames returns the table's column names in declaration order.
func (t *Table) ColumnNames() []string {
	names := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		names[i] = c.Name
	}
	return names
}

// Edge is one direction-agnostic join path between two tables: the columns of
// From equal the columns of To.
type Edge struct {
	From, To string
	FromCols []string
	ToCols   []string
	Inferred bool
	// TextMatch is the key's [ForeignKey.TextMatch].
	TextMatch bool
}

// Edges returns every foreign key of the schema as an edge, declared first.
func (s *Schema) Edges() []Edge {
	var edges []Edge
	for _, t := range s.Tables {
		for _, fk := range t.ForeignKeys {
			edges = append(edges, Edge{From: t.Name, To: fk.RefTable, FromCols: fk.Columns, ToCols: fk.RefColumns, Inferred: fk.Inferred, TextMatch: fk.TextMatch})
		}
	}
	sort.SliceStable(edges, func(i, j int) bool { return !edges[i].Inferred && edges[j].Inferred })
	return edges
}

// EdgeBetween reports whether a foreign key joins a.acol to b.bcol in either
// direction (single-column keys; composite keys match on any of their pairs).
func (s *Schema) EdgeBetween(a, acol, b, bcol string) bool {
	for _, e := range s.Edges() {
		for i := range e.FromCols {
			if i >= len(e.ToCols) {
				break
			}
			if strings.EqualFold(e.From, a) && strings.EqualFold(e.FromCols[i], acol) &&
				strings.EqualFold(e.To, b) && strings.EqualFold(e.ToCols[i], bcol) {
				return true
			}
			if strings.EqualFold(e.From, b) && strings.EqualFold(e.FromCols[i], bcol) &&
				strings.EqualFold(e.To, a) && strings.EqualFold(e.ToCols[i], acol) {
				return true
			}
		}
	}
	return false
}
