// Package eval measures how well querent answers questions: it runs a
// Spider-format dataset through the agent and scores each answer by
// execution accuracy, the way Spider does, so every change to a planner is
// measured on the same footing.
//
// A dataset is a JSON list of {"db_id", "question", "query"} objects (the
// gold SQL is "query"); Spider-Syn's "question_syn" paraphrase may sit
// beside the question. Databases live at DIR/<db_id>/<db_id>.sqlite. For
// each question, [Run] executes the gold SQL read-only, asks the agent, and
// compares the two results with [Match]; [HardnessOf] puts each question in
// Spider's difficulty levels. The [Summary] is what gets reported and
// compared between runs; the [Record] of each question says why it scored as
// it did.
package eval

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// The question fields a dataset may be read with.
const (
	FieldQuestion    = "question"
	FieldQuestionSyn = "question_syn"
)

// Item is one question of a dataset.
type Item struct {
	// Index is the item's position in the dataset file, from 0.
	Index    int
	DBID     string
	Question string
	// Gold is the reference SQL.
	Gold string
}

// Dataset is the questions to evaluate.
type Dataset struct {
	// Field is the question field the items were read from.
	Field string
	Items []Item
	// MissingField counts entries that lack the field (or have it empty):
	// they are skipped, not scored.
	MissingField int
}

// LoadOptions say which part of a dataset file to read.
type LoadOptions struct {
	// Field is FieldQuestion (the default) or FieldQuestionSyn.
	Field string
	// Limit keeps only the first Limit entries of the file (before entries
	// lacking the field are skipped), so a limit always names the same
	// questions; zero or less keeps all.
	Limit int
}

// Load reads the dataset file at path.
func Load(path string, opt LoadOptions) (*Dataset, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ds, err := Decode(f, opt)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ds, nil
}

// Decode reads a dataset from r. Every entry needs a db_id and a query;
// entries without the question field are counted in MissingField.
func Decode(r io.Reader, opt LoadOptions) (*Dataset, error) {
	field := opt.Field
	if field == "" {
		field = FieldQuestion
	}
	if field != FieldQuestion && field != FieldQuestionSyn {
		return nil, fmt.Errorf("unknown question field %q: use %s or %s", field, FieldQuestion, FieldQuestionSyn)
	}
	var raw []map[string]any
	if err := json.NewDecoder(r).Decode(&raw); err != nil {
		return nil, fmt.Errorf("not a JSON list of questions: %w", err)
	}
	if opt.Limit > 0 && len(raw) > opt.Limit {
		raw = raw[:opt.Limit]
	}
	ds := &Dataset{Field: field, Items: make([]Item, 0, len(raw))}
	var errs []error
	for i, e := range raw {
		db, _ := e["db_id"].(string)
		gold, _ := e["query"].(string)
		if strings.TrimSpace(db) == "" || strings.TrimSpace(gold) == "" {
			errs = append(errs, fmt.Errorf("entry %d: needs a db_id and a query", i))
			if len(errs) == 5 {
				errs = append(errs, errors.New("(further entries not checked)"))
				break
			}
			continue
		}
		q, _ := e[field].(string)
		if strings.TrimSpace(q) == "" {
			ds.MissingField++
			continue
		}
		ds.Items = append(ds.Items, Item{Index: i, DBID: db, Question: q, Gold: gold})
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return ds, nil
}

// DBPath is where the database of dbID lives under dir.
func DBPath(dir, dbID string) string {
	return filepath.Join(dir, dbID, dbID+".sqlite")
}

// MissingDatabases returns the db_ids of items whose database file is not
// at [DBPath] under dir, sorted.
func MissingDatabases(dir string, items []Item) []string {
	seen := map[string]bool{}
	var missing []string
	for _, it := range items {
		if _, ok := seen[it.DBID]; ok {
			continue
		}
		fi, err := os.Stat(DBPath(dir, it.DBID))
		ok := err == nil && fi.Mode().IsRegular()
		seen[it.DBID] = ok
		if !ok {
			missing = append(missing, it.DBID)
		}
	}
	slices.Sort(missing)
	return missing
}
