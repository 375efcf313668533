package schema

import (
	"context"
	"fmt"
)

// TextContainmentProber measures, like [ContainmentProber], the share of a
// column's distinct values found in another, but with both columns read as
// text: the comparison every engine can make between a text column and a
// numeric one. database.Prober implements it.
type TextContainmentProber interface {
	TextContainment(ctx context.Context, child, childCol, parent, parentCol string) (share float64, childDistinct int64, err error)
}

// Thresholds of [Schema.WithTextKeys].
const (
	// TextKeyMinShare is the least share of a referencing column's sampled
	// values that must occur, as text, among the referenced key's: the
	// containment an inferred key needs.
	TextKeyMinShare = 0.9
	// TextKeyMinValues is the least number of distinct referencing values
	// that must be checked: an empty column, or a single value, shows
	// nothing about how two kinds of value correspond.
	TextKeyMinValues = 2
)

// WithTextKeys returns a copy of s in which each foreign key pairing a text
// column with a numeric one (declared across types, as SQLite and MySQL
// allow, or inferred from SQLite's loose typing) is marked TextMatch when p
// finds the referencing values among the referenced ones once both are read
// as text, for every column of the key. Keys p does not confirm stay
// unmarked, which keeps plans from joining along them. s is not modified. A
// probe that fails leaves its key unmarked; only ctx's end is an error.
func (s *Schema) WithTextKeys(ctx context.Context, p TextContainmentProber) (*Schema, error) {
	out := &Schema{Engine: s.Engine, Tables: make([]Table, len(s.Tables))}
	copy(out.Tables, s.Tables)
	for ti := range out.Tables {
		t := &out.Tables[ti]
		var fks []ForeignKey
		for ki, fk := range t.ForeignKeys {
			if !acrossTypes(s, t, fk) {
				continue
			}
			ok, err := textConfirmed(ctx, p, t.Name, fk)
			if err != nil {
				return nil, err
			}
			if !ok {
				continue
			}
			if fks == nil {
				// Copy before marking: the slice is shared with s.
				fks = make([]ForeignKey, len(t.ForeignKeys))
				copy(fks, t.ForeignKeys)
			}
			fks[ki].TextMatch = true
		}
		if fks != nil {
			t.ForeignKeys = fks
		}
	}
	return out, nil
}

// acrossTypes reports whether fk, a key of t, pairs a text column with a
// numeric one in at least one of its columns.
func acrossTypes(s *Schema, t *Table, fk ForeignKey) bool {
	if !validKey(s, t, fk) {
		return false
	}
	p, _ := s.Table(fk.RefTable)
	for i := range fk.Columns {
		c, _ := t.Column(fk.Columns[i])
		pc, _ := p.Column(fk.RefColumns[i])
		if TextAgainstNumber(c.Kind, pc.Kind) {
			return true
		}
	}
	return false
}

// textConfirmed probes every column pair of fk as text.
func textConfirmed(ctx context.Context, p TextContainmentProber, child string, fk ForeignKey) (bool, error) {
	for i := range fk.Columns {
		share, n, err := p.TextContainment(ctx, child, fk.Columns[i], fk.RefTable, fk.RefColumns[i])
		switch {
		case ctx.Err() != nil:
			return false, fmt.Errorf("text keys: %w", ctx.Err())
		case err != nil, n < TextKeyMinValues, share < TextKeyMinShare:
			return false, nil
		}
	}
	return true, nil
}

// TextAgainstNumber reports whether kinds a and b are text and a number, in
// either order: values an engine without loose typing will not compare.
func TextAgainstNumber(a, b Kind) bool {
	return (a == KindText && b.Numeric()) || (a.Numeric() && b == KindText)
}
