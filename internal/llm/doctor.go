package llm

import "context"

// Finding is one check `querent doctor` reports.
type Finding struct {
	// Check names what was checked; adapters use the Check* constants.
	Check string
	OK    bool
	// Detail says what was found, in words a user can read.
	Detail string
	// Fix is a concrete next step; set whenever OK is false.
	Fix string
}

// Diagnoser is implemented by models that can check their own configuration.
// Diagnose never returns an error: every problem is a failing Finding, and
// checks that an earlier failure makes meaningless (say, the model list when
// the server cannot be reached) are left out rather than reported as failed.
type Diagnoser interface {
	Diagnose(ctx context.Context) []Finding
}

// Names of the checks the adapters report, in the order they run, so the CLI
// can group findings from different providers.
const (
	CheckReachable  = "endpoint reachable"
	CheckAPIKey     = "API key accepted"
	CheckModel      = "model present"
	CheckStructured = "structured output"
)
