package answer

import (
	"math"
	"slices"
	"strings"
)

// poolCap bounds how many values of one column take part in the pairwise
// checks (differences, ratios, changes), which are quadratic. Results shown
// to people are short; the cap keeps Verify fast on a 10,000-row result.
const poolCap = 200

// facts are the numbers a result supports, precomputed once per Verify.
type facts struct {
	res   Result
	plain []float64 // sorted: cells, counts, column aggregates
	cells []float64 // sorted: numeric cells and numbers inside text cells
	// diffs are groups within which a difference or a ratio of two values
	// is a natural claim: the values of one column, the values of one row.
	diffs [][]float64
	// shares are the pairs (part, whole) and (before, after) a percentage
	// may be computed from, flattened as consecutive pairs.
	shares   []float64
	changes  []float64
	measures []int // numeric columns that are not keys
	labels   []int // text columns that name rows
	aggs     map[int]colAggs
}

// colAggs are the aggregates of one numeric column.
type colAggs struct {
	sum, avg, min, max float64
	count              int
}

func newFacts(res Result) *facts {
	f := &facts{res: res, aggs: map[int]colAggs{}}
	add := func(v float64, cell bool) {
		if !math.IsNaN(v) && !math.IsInf(v, 0) {
			f.plain = append(f.plain, v)
			if cell {
				f.cells = append(f.cells, v)
			}
		}
	}
	rows := float64(len(res.Rows))
	add(rows, false)
	var totals []float64 // row count, distinct counts, column totals
	totals = append(totals, rows)
	for c := range res.Columns {
		numeric := res.Numeric(c)
		if numeric && !keyLike(res.Columns[c]) {
			f.measures = append(f.measures, c)
		}
		if k := res.Kind(c); !numeric && !k.Temporal() && k != "other" {
			f.labels = append(f.labels, c)
		}
		distinct := map[string]int{}
		var col []float64
		var a colAggs
		a.min, a.max = math.Inf(1), math.Inf(-1)
		nonNull := 0
		for _, row := range res.Rows {
			if c >= len(row) || row[c] == nil {
				continue
			}
			nonNull++
			v := row[c]
			distinct[FormatValue(v)]++
			if x, ok := number(v); ok {
				add(x, true)
				a.sum += x
				a.count++
				a.min, a.max = math.Min(a.min, x), math.Max(a.max, x)
				if len(col) < poolCap {
					col = append(col, x)
				}
				continue
			}
			if s, ok := v.(string); ok {
				// Numbers inside text cells ("Order 42", "2024-03") back
				// prose that quotes them.
				for _, t := range scanNumbers(s) {
					add(t.value(), true)
				}
				for _, y := range datePartsOf(s) {
					add(y, true)
				}
			}
		}
		add(float64(len(distinct)), false)
		add(float64(nonNull), false)
		totals = append(totals, float64(len(distinct)))
		for _, n := range distinct {
			add(float64(n), false) // how many rows hold each value
		}
		if a.count == 0 {
			continue
		}
		a.avg = a.sum / float64(a.count)
		f.aggs[c] = a
		for _, v := range []float64{a.sum, a.avg, a.min, a.max, float64(a.count)} {
			add(v, false)
		}
		totals = append(totals, a.sum)
		f.diffs = append(f.diffs, col)
		if !res.Truncated {
			for _, v := range col {
				f.shares = append(f.shares, v, a.sum)
			}
		}
		// Changes between neighbouring rows and from the first to the last.
		for i := 1; i < len(col); i++ {
			f.changes = append(f.changes, col[i-1], col[i])
		}
		if len(col) > 2 {
			f.changes = append(f.changes, col[0], col[len(col)-1])
		}
	}
	// Values of one row across columns (sales 2024 vs 2025 side by side,
	// cancelled vs all orders).
	for r, row := range res.Rows {
		if r >= poolCap {
			break
		}
		var pool []float64
		for c, v := range row {
			if x, ok := number(v); ok && !keyLike(res.Columns[c]) {
				pool = append(pool, x)
			}
		}
		if len(pool) > 1 {
			f.diffs = append(f.diffs, pool)
			for i := range pool {
				for j := range pool {
					if i != j {
						f.shares = append(f.shares, pool[i], pool[j])
						f.changes = append(f.changes, pool[i], pool[j])
					}
				}
			}
		}
	}
	for i := range totals {
		for j := range totals {
			if i != j {
				f.shares = append(f.shares, totals[i], totals[j])
			}
		}
	}
	slices.Sort(f.plain)
	f.plain = slices.Compact(f.plain)
	slices.Sort(f.cells)
	f.cells = slices.Compact(f.cells)
	return f
}

// keyLike reports whether a column name is an identifier, whose values are
// never summed or averaged.
func keyLike(name string) bool {
	n := strings.ToLower(name)
	return n == "id" || strings.HasSuffix(n, "_id") ||
		len(name) > 2 && (strings.HasSuffix(name, "ID") || strings.HasSuffix(name, "Id")) // PersonID, customerId
}

// datePartsOf returns the year and month/quarter numbers of a date-like text
// ("2024-03-01", "2024-Q1"), which prose may name on their own.
func datePartsOf(s string) []float64 {
	if len(s) < 4 || !isDigit(s[0]) || !isDigit(s[1]) || !isDigit(s[2]) || !isDigit(s[3]) || (len(s) > 4 && s[4] != '-') {
		return nil
	}
	y := float64(int(s[0]-'0')*1000 + int(s[1]-'0')*100 + int(s[2]-'0')*10 + int(s[3]-'0'))
	return []float64{y}
}

// supports reports whether the result backs the written number.
func (f *facts) supports(t numToken) bool {
	lo, hi := t.interval()
	signed := t.negative
	within := func(v float64) bool {
		if !signed {
			v = math.Abs(v)
		}
		return v >= lo && v <= hi
	}
	if t.times {
		return f.anyPair(func(a, b float64) bool { return b != 0 && within(a/b) })
	}
	if t.percent {
		// A percentage column, a fraction column, a share of a total, a
		// ratio or a change between two values.
		if in(f.cells, lo, hi, signed) || in(f.cells, lo/100, hi/100, signed) {
			return true
		}
		for i := 0; i+1 < len(f.shares); i += 2 {
			if b := f.shares[i+1]; b != 0 && within(100*f.shares[i]/b) {
				return true
			}
		}
		for i := 0; i+1 < len(f.changes); i += 2 {
			if a := f.changes[i]; a != 0 && within(100*(f.changes[i+1]-a)/a) {
				return true
			}
		}
		return false
	}
	if in(f.plain, lo, hi, signed) {
		return true
	}
	return f.anyPair(func(a, b float64) bool { return within(a - b) })
}

// in reports whether a value of the sorted slice lies in [lo, hi] (by
// magnitude when the number is unsigned).
func in(sorted []float64, lo, hi float64, signed bool) bool {
	within := func(lo, hi float64) bool {
		i, _ := slices.BinarySearch(sorted, lo)
		return i < len(sorted) && sorted[i] <= hi
	}
	return within(lo, hi) || !signed && within(-hi, -lo)
}

// anyPair reports whether fn holds for two distinct values of one
// difference group.
func (f *facts) anyPair(fn func(a, b float64) bool) bool {
	for _, p := range f.diffs {
		for i, a := range p {
			for j, b := range p {
				if i != j && fn(a, b) {
					return true
				}
			}
		}
	}
	return false
}
