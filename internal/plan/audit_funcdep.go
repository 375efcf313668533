package plan

import "slices"

// A column of a table whose whole primary key is grouped has one value per
// group: it depends on the key. SQLite, PostgreSQL and MySQL accept such a
// column in the select list without grouping by it (SQL Server and DuckDB
// do not), so on those engines the audit leaves the GROUP BY as the plan
// wrote it — by the key alone — instead of adding the column. Grouping by
// the key and its label columns as well is not only longer: SQLite then
// picks another way to form the groups, so which of several groups tied
// under ORDER BY … LIMIT comes first changes from what the same query
// written by hand (GROUP BY the key) returns.

// keyDependentEngines are the engines that accept a column functionally
// dependent on a grouped primary key.
var keyDependentEngines = []string{"sqlite", "postgres", "mysql"}

// keyed reports whether the qualified column ref belongs to a schema table
// of this query's own from list whose every primary key column is grouped
// by, on an engine that accepts the column ungrouped (keyDeps).
func (g *groups) keyed(ref string) bool {
	if !g.keyDeps || g.q.sc == nil {
		return false
	}
	qual, _, ok := splitRef(ref)
	if !ok || qual == "" {
		return false
	}
	src, _, found := g.q.sc.resolve(ref)
	if !found || src.table == nil || src.opaque || len(src.table.PrimaryKey) == 0 || !slices.Contains(g.q.sc.sources, src) {
		return false
	}
	for _, k := range src.table.PrimaryKey {
		c, ok := src.column(k)
		if !ok {
			return false
		}
		key := Expr{Col: src.name + "." + c.name}
		if !g.has(&key) {
			return false
		}
	}
	return true
}
