package database

import (
	"context"
	"fmt"

	"querent/internal/schema"
)

// DescribeOptions says how much [Describe] reads beyond the catalog.
type DescribeOptions struct {
	// InferForeignKeys adds the keys the schema does not declare, inferred
	// from names and value containment (schema.InferForeignKeys).
	InferForeignKeys bool
}

// maxValueColumns bounds the text columns whose value lists are read (one
// bounded query each): beyond it, the samples introspection took are what
// literals are grounded in.
const maxValueColumns = 2000

// valuesPerColumn is how many distinct values of a column are listed
// completely. Values are what questions name ("airports in Iceland",
// "the city of Goroka"): a column of a few hundred countries or cities
// must be listed whole for the offline planner to link them, and a value
// absent from a complete list is known not to exist. On the Spider
// training set, 1,000 rather than 50 answered 16 more questions right and
// 6 more wrong (misreadings elsewhere that the new links exposed); prompts
// stay small because rendering caps the values shown.
const valuesPerColumn = 1000

// Describe reads what querent knows of a database before any question:
// the introspected schema, the complete value lists of low-cardinality
// text columns, and (optionally) inferred foreign keys. The CLI and the
// evaluation harness both call it, so what is measured is what users get.
func Describe(ctx context.Context, db Engine, opt DescribeOptions) (*schema.Schema, error) {
	s, err := db.Introspect(ctx)
	if err != nil {
		return nil, err
	}
	if textColumns(s) <= maxValueColumns {
		// A failure here leaves the introspected samples: worth a note,
		// not the question.
		_ = LoadValues(ctx, db, s, valuesPerColumn)
	}
	p, err := NewProber(db, s)
	if err != nil {
		if opt.InferForeignKeys {
			return nil, fmt.Errorf("infer foreign keys: %w", err)
		}
		// No dialect to probe with: keys across types stay unconfirmed.
		return s, nil
	}
	if opt.InferForeignKeys {
		keys, err := schema.InferForeignKeys(ctx, s, p, schema.InferOptions{})
		if err != nil {
			return nil, fmt.Errorf("infer foreign keys: %w", err)
		}
		s = s.WithInferredKeys(keys)
	}
	// Keys pairing text with numbers join only where the data shows their
	// values equal as text; one probe per such key, none on most schemas.
	return s.WithTextKeys(ctx, p)
}

func textColumns(s *schema.Schema) int {
	n := 0
	for _, t := range s.Tables {
		for _, c := range t.Columns {
			if c.Kind == schema.KindText {
				n++
			}
		}
	}
	return n
}
