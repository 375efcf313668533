package eval

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"querent/internal/database"
)

// Value comparison tolerances. Two numbers are equal when both are integers
// and identical, or when they differ by at most RelTolerance of the larger
// magnitude (or AbsTolerance, for values near zero). The tolerance only
// absorbs rounding: the same average computed by two query shapes can differ
// in the last bits, and an integer 3 must equal a float 3.0. It is far too
// small to make two different counts or amounts equal.
const (
	RelTolerance = 1e-9
	AbsTolerance = 1e-12
)

// MaxColumnOrders bounds the column permutations [Match] verifies. Columns
// are paired by their values first, so only columns holding the same
// multiset of values (two copies of one id, say) leave a choice; past this
// many orders the prediction is judged wrong rather than searched for ever.
const MaxColumnOrders = 1000

// Match reports whether pred, the result of a predicted query, answers the
// question as gold does, under Spider's execution accuracy: the same rows as
// multisets (duplicates count), in the same order only when ordered (the
// gold query has a top-level ORDER BY), with the columns in any order but
// neither more nor fewer of them. NULL equals NULL, numbers compare within
// [RelTolerance] whatever their type, strings exactly. When the results
// differ, reason says how, for the report.
//
// Two empty results match when they have the same number of columns.
func Match(gold, pred *database.Result, ordered bool) (ok bool, reason string) {
	k := len(gold.Columns)
	if len(pred.Columns) != k {
		return false, fmt.Sprintf("%d %s, gold has %d", len(pred.Columns), plural(len(pred.Columns), "column"), k)
	}
	if len(pred.Rows) != len(gold.Rows) {
		return false, fmt.Sprintf("%d %s, gold has %d", len(pred.Rows), plural(len(pred.Rows), "row"), len(gold.Rows))
	}
	if len(gold.Rows) == 0 {
		return true, ""
	}
	gcols, pcols := columns(gold.Rows, k), columns(pred.Rows, k)
	if !ordered {
		for _, c := range gcols {
			slices.SortFunc(c, compareValues)
		}
		for _, c := range pcols {
			slices.SortFunc(c, compareValues)
		}
	}
	// cands[j] lists the prediction's columns that hold gold column j's
	// values (as sequences when ordered, else as multisets), the same
	// position first so the usual case is tried first.
	cands := make([][]int, k)
	for j := range k {
		if equalSeq(gcols[j], pcols[j]) {
			cands[j] = append(cands[j], j)
		}
		for p := range k {
			if p != j && equalSeq(gcols[j], pcols[p]) {
				cands[j] = append(cands[j], p)
			}
		}
		if len(cands[j]) == 0 {
			order := ""
			if ordered {
				order = " in the gold order"
			}
			return false, fmt.Sprintf("no column holds the values of gold column %d (%s)%s", j+1, gold.Columns[j], order)
		}
	}

	var sortedGold [][]any
	if !ordered {
		sortedGold = slices.Clone(gold.Rows)
		slices.SortFunc(sortedGold, compareRows)
	}
	perm := make([]int, k)
	used := make([]bool, k)
	tried := 0
	var search func(j int) bool
	search = func(j int) bool {
		if j == k {
			tried++
			// Ordered: each column equals its gold column as a sequence, so
			// every row is equal already. Unordered: equal columns do not
			// make equal rows; compare the permuted rows as multisets.
			return ordered || equalRows(sortedGold, permuted(pred.Rows, perm))
		}
		for _, p := range cands[j] {
			if used[p] || tried >= MaxColumnOrders {
				continue
			}
			used[p], perm[j] = true, p
			if search(j + 1) {
				return true
			}
			used[p] = false
		}
		return false
	}
	if search(0) {
		return true, ""
	}
	switch {
	case tried == 0:
		return false, "the columns hold the gold values but cannot be paired one to one"
	case tried >= MaxColumnOrders:
		return false, fmt.Sprintf("no match in the first %d column orders", MaxColumnOrders)
	case ordered:
		return false, "rows differ"
	}
	return false, "rows differ (as multisets, in any column order)"
}

// columns transposes rows into k columns.
func columns(rows [][]any, k int) [][]any {
	cols := make([][]any, k)
	for j := range cols {
		cols[j] = make([]any, len(rows))
		for i, r := range rows {
			if j < len(r) {
				cols[j][i] = r[j]
			}
		}
	}
	return cols
}

// permuted returns rows with column j taken from column perm[j], sorted.
func permuted(rows [][]any, perm []int) [][]any {
	out := make([][]any, len(rows))
	for i, r := range rows {
		pr := make([]any, len(perm))
		for j, p := range perm {
			pr[j] = r[p]
		}
		out[i] = pr
	}
	slices.SortFunc(out, compareRows)
	return out
}

func equalSeq(a, b []any) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if compareValues(a[i], b[i]) != 0 {
			return false
		}
	}
	return true
}

func equalRows(a, b [][]any) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if compareRows(a[i], b[i]) != 0 {
			return false
		}
	}
	return true
}

func compareRows(a, b []any) int {
	for j := range min(len(a), len(b)) {
		if c := compareValues(a[j], b[j]); c != 0 {
			return c
		}
	}
	return len(a) - len(b)
}

// compareValues orders values for sorting and equality: NULL, then
// numbers by value (equal within the tolerance), then text, then anything
// else by its printed form. Sorting with a tolerance is not a strict total
// order when distinct values lie within the tolerance of each other; values
// that close are one value for this comparison anyway.
func compareValues(a, b any) int {
	ra, rb := rank(a), rank(b)
	if ra != rb {
		return ra - rb
	}
	switch ra {
	case rankNull:
		return 0
	case rankNumber:
		if x, ok := a.(int64); ok {
			if y, ok := b.(int64); ok {
				return cmpOrdered(x, y)
			}
		}
		x, y := toFloat(a), toFloat(b)
		if approxEqual(x, y) {
			return 0
		}
		return cmpOrdered(x, y)
	case rankText:
		return strings.Compare(a.(string), b.(string))
	}
	return strings.Compare(fmt.Sprint(a), fmt.Sprint(b))
}

const (
	rankNull = iota
	rankNumber
	rankText
	rankOther
)

func rank(v any) int {
	switch v.(type) {
	case nil:
		return rankNull
	case int64, float64, bool:
		return rankNumber
	case string:
		return rankText
	}
	return rankOther
}

// toFloat reads a number; a boolean is 0 or 1, as SQL stores it.
func toFloat(v any) float64 {
	switch x := v.(type) {
	case int64:
		return float64(x)
	case float64:
		return x
	case bool:
		if x {
			return 1
		}
	}
	return 0
}

func approxEqual(x, y float64) bool {
	if x == y {
		return true
	}
	d := math.Abs(x - y)
	return d <= AbsTolerance || d <= RelTolerance*math.Max(math.Abs(x), math.Abs(y))
}

func cmpOrdered[T int64 | float64](x, y T) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
