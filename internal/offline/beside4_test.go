package offline_test

import "testing"

// TestListedDistinctCounts: columns listed after a count of distinct
// values are counted the same way, each of the same table; a count not
// said to be of distinct values, a grouping, or a column of another
// table is not extended.
func TestListedDistinctCounts(t *testing.T) {
	cd := func(cols ...string) string {
		s := `{"select":[`
		for k, c := range cols {
			if k > 0 {
				s += ","
			}
			s += `{"expr":{"agg":"count_distinct","arg":{"col":"employee.` + c + `"}}}`
		}
		return s + `],"from":{"table":"employee"}}`
	}
	runAnswers(t, gradedSchema(), []answerCase{
		{`Find the number of different names and ages of employees.`, cd("name", "age")},
		{`Find the numbers of different ages and salaries of employees.`, cd("age", "salary")},
		{`How many different names and ages are there for employees?`, cd("name", "age")},
		{`What is the number of distinct names, ages and salaries of employees?`, cd("name", "age", "salary")},
	})
	runRefusals(t, gradedSchema(), []string{
		`Find the number of different names and ages of employees in each department.`,
		`Find the number of different names of employees and departments.`,
	})
}
