package cli

import (
	"fmt"

	"querent/internal/agent"
	"querent/internal/answer"
	"querent/internal/chart"
)

// chartWidth is the terminal bar chart's width in characters.
const chartWidth = 60

// printChart draws the response's rows as horizontal bars, or says why it
// cannot (one number, no numeric column).
func printChart(io IO, r *agent.Response) {
	res := answer.NewResult(r.Columns, r.Rows, r.Truncated)
	fmt.Fprintln(io.Stdout)
	if err := chart.RenderBars(io.Stdout, res, chartWidth); err != nil {
		fmt.Fprintf(io.Stdout, "(no chart: %v)\n", err)
	}
}
