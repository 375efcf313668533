package plan

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"
)

// exprJSON mirrors Expr without its methods so the default codec can do the
// field work while MarshalJSON/UnmarshalJSON handle "value".
type exprJSON Expr

// MarshalJSON writes "value" whenever the expression is a literal, including
// an explicit null.
func (e Expr) MarshalJSON() ([]byte, error) {
	b, err := json.Marshal(exprJSON(e))
	if err != nil || !e.ValueSet || e.Value != nil {
		return b, err
	}
	// json omitted the nil Value; add it back as an explicit null.
	if bytes.Equal(b, []byte("{}")) {
		return []byte(`{"value":null}`), nil
	}
	return append([]byte(`{"value":null,`), b[1:]...), nil
}

// UnmarshalJSON accepts the object form and, leniently, a bare JSON scalar as
// a literal: small local models often write "right": "Germany" for
// "right": {"value": "Germany"}.
func (e *Expr) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	if len(data) == 0 {
		return fmt.Errorf("empty expression")
	}
	if data[0] != '{' {
		if data[0] == '[' {
			return fmt.Errorf("an expression must be an object such as {\"col\": \"table.column\"} or {\"value\": 3}, not a list")
		}
		v, err := decodeScalar(data)
		if err != nil {
			return err
		}
		*e = Expr{Value: v, ValueSet: true}
		return nil
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	var x exprJSON
	if err := json.Unmarshal(data, &x); err != nil {
		return err
	}
	*e = Expr(x)
	if rv, ok := raw["value"]; ok {
		v, err := decodeScalar(rv)
		if err != nil {
			return fmt.Errorf("value: %w", err)
		}
		e.Value, e.ValueSet = v, true
	}
	return nil
}

// decodeScalar decodes a JSON scalar, keeping integral numbers as int64 so
// that 2024 binds as an integer, not 2024.0.
func decodeScalar(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	switch x := v.(type) {
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return i, nil
		}
		f, err := x.Float64()
		if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return nil, fmt.Errorf("number %s is out of range", x)
		}
		return f, nil
	case nil, string, bool:
		return x, nil
	default:
		return nil, fmt.Errorf("a value must be a string, number, boolean or null, got %s", kindOfJSON(data))
	}
}

func kindOfJSON(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte("{")):
		return "an object"
	case bytes.HasPrefix(data, []byte("[")):
		return "a list"
	}
	return "something else"
}

// Decode parses a Plan from JSON, rejecting unknown fields so that a model's
// invented key ("filters" for "where") is reported instead of ignored.
func Decode(data []byte) (*Plan, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var p Plan
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("decode plan: %s", describeJSONError(err))
	}
	if dec.More() {
		return nil, fmt.Errorf("decode plan: unexpected data after the plan object")
	}
	return &p, nil
}

// describeJSONError turns encoding/json's messages into ones that name the
// field in the Plan's own terms.
func describeJSONError(err error) string {
	msg := err.Error()
	msg = strings.TrimPrefix(msg, "json: ")
	msg = strings.ReplaceAll(msg, "Go struct field ", "field ")
	msg = strings.ReplaceAll(msg, "exprJSON.", "")
	msg = strings.ReplaceAll(msg, "of type plan.exprJSON", "")
	return msg
}

// String renders the plan as indented JSON, for logs, traces and `/plan`.
func (p *Plan) String() string {
	b, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return fmt.Sprintf("<plan: %v>", err)
	}
	return string(b)
}
