package eval_test

import (
	"testing"

	"querent/internal/eval"
)

// TestHardnessOf checks hand-labelled gold SQL. Each comment gives the
// counts the label follows from: c1 (WHERE, GROUP BY, ORDER BY, LIMIT,
// joins, OR, LIKE), c2 (set operations, value subqueries) and others (more
// than one aggregate, selected column, WHERE condition, GROUP BY column).
func TestHardnessOf(t *testing.T) {
	tests := []struct {
		sql  string
		want eval.Hardness
	}{
		// c1 0, others 0.
		{`SELECT count(*) FROM singer`, eval.Easy},
		// c1 1 (WHERE).
		{`SELECT DISTINCT country FROM singer WHERE age > 20`, eval.Easy},
		// c1 1: BETWEEN's AND is not a second condition.
		{`SELECT name FROM singer WHERE age BETWEEN 20 AND 30`, eval.Easy},
		// A subquery in FROM is a table, not a nested query: c1 0, c2 0.
		{`SELECT count(*) FROM (SELECT DISTINCT country FROM singer)`, eval.Easy},
		// Keywords inside literals and quoted names count for nothing.
		{`SELECT "order" FROM singer WHERE note = 'a or b, join c like d'`, eval.Easy},
		// Spider counts negations, not aggregates, in HAVING: others 0.
		{`SELECT count(*) FROM singer GROUP BY country HAVING count(*) > 1`, eval.Easy},
		// c1 1 (ORDER BY), others 1 (columns).
		{`SELECT name, country, age FROM singer ORDER BY age DESC`, eval.Medium},
		// c1 1, others 2 (aggregates, columns).
		{`SELECT avg(age), min(age), max(age) FROM singer WHERE country = 'France'`, eval.Medium},
		// c1 2 (WHERE, OR), others 1 (conditions).
		{`SELECT name FROM singer WHERE age > 20 OR country = 'France'`, eval.Medium},
		// c1 2 (WHERE, LIKE).
		{`SELECT name FROM singer WHERE name LIKE '%Jo%'`, eval.Medium},
		// c1 2 (GROUP BY, one join), others 1 (columns).
		{`SELECT T2.name, count(*) FROM concert AS T1 JOIN stadium AS T2 ON T1.stadium_id = T2.stadium_id GROUP BY T1.stadium_id`, eval.Medium},
		// c1 2 (WHERE, a comma join).
		{`SELECT a.x FROM a, b WHERE a.id = b.id`, eval.Medium},
		// c1 2 (GROUP BY, ORDER BY), others 1 (two aggregates in ORDER BY).
		{`SELECT a FROM t GROUP BY a ORDER BY sum(b) - sum(c) DESC`, eval.Medium},
		// c1 3 (GROUP BY, ORDER BY, LIMIT).
		{`SELECT type FROM vocals GROUP BY type ORDER BY count(*) DESC LIMIT 1`, eval.Hard},
		// c1 3 (WHERE, two joins).
		{`SELECT T3.name FROM physician AS T1 JOIN trained_in AS T2 ON T1.id = T2.physician JOIN procedures AS T3 ON T3.code = T2.treatment WHERE T1.name = 'John Wen'`, eval.Hard},
		// c1 1, c2 1 (subquery), others 0: NOT counts as one aggregate, not more.
		{`SELECT name FROM stadium WHERE stadium_id NOT IN (SELECT stadium_id FROM concert)`, eval.Hard},
		// c1 1, c2 1 (subquery compared to).
		{`SELECT name FROM singer WHERE age > (SELECT avg(age) FROM singer)`, eval.Hard},
		// c1 1, c2 1 (INTERSECT); the second query's clauses are not counted.
		{`SELECT country FROM singer WHERE age > 40 INTERSECT SELECT country FROM singer WHERE age < 30 ORDER BY country LIMIT 3`, eval.Hard},
		// c1 2, others 4 (aggregates, columns, conditions, GROUP BY columns).
		{`SELECT a, count(*), max(b) FROM t WHERE x = 1 AND y = 2 GROUP BY a, c`, eval.Hard},
		// c1 1, c2 1, others 1 (columns).
		{`SELECT fname, major FROM student WHERE stuid NOT IN (SELECT stuid FROM has_allergy WHERE allergy = 'Soy')`, eval.Extra},
		// c1 4 (GROUP BY, ORDER BY, LIMIT, one join).
		{`SELECT T1.booking_id, T1.amount FROM bookings AS T1 JOIN payments AS T2 ON T1.booking_id = T2.booking_id GROUP BY T1.booking_id ORDER BY count(*) DESC LIMIT 1`, eval.Extra},
		// c1 1, c2 2 (two subqueries).
		{`SELECT name FROM t WHERE id IN (SELECT id FROM u) AND id NOT IN (SELECT id FROM v)`, eval.Extra},
		// c1 1, c2 2 (EXCEPT, and a subquery in the first query's WHERE).
		{`SELECT a FROM t WHERE b IN (SELECT b FROM u) EXCEPT SELECT a FROM t WHERE c = 1`, eval.Extra},
	}
	for _, tt := range tests {
		if got := eval.HardnessOf(tt.sql); got != tt.want {
			t.Errorf("HardnessOf(%q) = %s, want %s", tt.sql, got, tt.want)
		}
	}
}
