package database

// MaxResultBytes bounds the memory one result holds, by the approximate size
// of its values, whatever the row cap: a few huge values must not exhaust
// memory any more than many small ones.
const MaxResultBytes = 32 << 20

// RowCap fills a Result up to a row cap and MaxResultBytes. Engines read one
// row past the cap, so that Admit can tell a complete result from a truncated
// one; every engine streams through one, so they all truncate alike.
type RowCap struct {
	res     *Result
	maxRows int
	size    int
}

// NewRowCap caps res at maxRows rows.
func NewRowCap(res *Result, maxRows int) *RowCap {
	return &RowCap{res: res, maxRows: maxRows}
}

// Admit reports whether another row fits. When it does not, it marks the
// result truncated, and the engine stops reading.
func (c *RowCap) Admit() bool {
	if len(c.res.Rows) >= c.maxRows || c.size > MaxResultBytes {
		c.res.Truncated = true
		return false
	}
	return true
}

// Add appends a row whose values take about n bytes.
func (c *RowCap) Add(row []any, n int) {
	c.res.Rows = append(c.res.Rows, row)
	c.size += n
}
