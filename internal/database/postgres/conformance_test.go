package postgres_test

import (
	"testing"

	"querent/internal/database/dbtest"
)

// TestLiveConformance runs the engine conformance suite (introspection of
// the demo, the offline planner's questions compared with SQLite, the
// shared adversarial corpus, row cap and timeout) on the live database.
func TestLiveConformance(t *testing.T) {
	db := openLive(t)
	dbtest.Run(t, db)
}
