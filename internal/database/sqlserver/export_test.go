package sqlserver

import "time"

// Normalize exposes normalize, which needs a server to reach otherwise.
func Normalize(v any, dbType string, guidConversion bool) any {
	out, _ := normalize(v, dbType, guidConversion)
	return out
}

// SessionSetup returns the batch a pooled connection starts with for a row
// cap and a lock timeout.
func SessionSetup(rowCount int, lockTimeout time.Duration) string {
	return sessionOptions{rowCount: rowCount, lockTimeout: lockTimeout}.setup()
}

// TypeText and KindOf expose how Introspect describes a column type.
var (
	TypeText = typeText
	KindOf   = kindOf
)
