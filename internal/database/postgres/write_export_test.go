package postgres

import (
	"context"

	"querent/internal/database"
)

// CheckWrite runs GuardWrite's checks on d, which may be an offline DB.
func (d *DB) CheckWrite(ctx context.Context, sql string) (database.WriteInfo, error) {
	info, _, err := d.checkWrite(ctx, sql)
	return info, err
}
