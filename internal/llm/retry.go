package llm

import (
	"errors"
	"fmt"
	"time"
)

// RetryAfterError records how long a server asked the client to wait before
// trying again (its Retry-After header). Adapters put it in the Err chain of a
// KindRateLimit or KindUnavailable *Error so the agent's retry policy can
// honour the server instead of guessing; read it with RetryAfter.
type RetryAfterError struct {
	Wait time.Duration
	Err  error
}

// Error describes the wait and the underlying error.
func (e *RetryAfterError) Error() string {
	return fmt.Sprintf("server asked to retry after %s: %v", e.Wait, e.Err)
}

// Unwrap returns the underlying error.
func (e *RetryAfterError) Unwrap() error { return e.Err }

// RetryAfter returns the wait a server asked for, when err carries one.
func RetryAfter(err error) (time.Duration, bool) {
	var r *RetryAfterError
	if errors.As(err, &r) {
		return r.Wait, true
	}
	return 0, false
}
