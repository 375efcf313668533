package mysql_test

import (
	"testing"

	"querent/internal/database/dbtest"
)

// TestLiveConformance runs the conformance suite every engine runs:
// introspection of the demo, the offline planner's questions answered as
// on SQLite, the shared adversarial corpus, the row cap and the timeout.
func TestLiveConformance(t *testing.T) {
	db, _, _ := liveDemo(t)
	dbtest.Run(t, db)
}
