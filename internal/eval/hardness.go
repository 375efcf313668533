package eval

// Hardness is Spider's difficulty level of a question, computed from its gold
// SQL.
type Hardness string

// The four levels, from the fewest SQL components to the most.
const (
	Easy   Hardness = "easy"
	Medium Hardness = "medium"
	Hard   Hardness = "hard"
	Extra  Hardness = "extra"
)

// Hardnesses lists the levels in order.
var Hardnesses = []Hardness{Easy, Medium, Hard, Extra}

// HardnessOf classifies gold SQL the way Spider's evaluation does, so
// per-level figures compare with published ones. It counts three things on
// the main query (the first SELECT of a compound, never inside a subquery):
//
//   - component1: WHERE, GROUP BY, ORDER BY and LIMIT present (one each), one
//     per joined table (tables in FROM minus one), and each OR and LIKE in
//     the join conditions, WHERE and HAVING;
//   - component2: one for a set operation (UNION, INTERSECT, EXCEPT), plus
//     each subquery used as a value in the join conditions, WHERE or HAVING
//     (a subquery in FROM is a table, as in Spider);
//   - others: one each for more than one aggregate, more than one selected
//     column, more than one WHERE condition and more than one GROUP BY
//     column.
//
// Then: easy when component1 ≤ 1, others = 0 and component2 = 0; medium
// when component2 = 0 and either others ≤ 2 with component1 ≤ 1, or
// component1 ≤ 2 with others < 2; hard when component2 = 0 and either
// others > 2 with component1 ≤ 2, or 2 < component1 ≤ 3 with others ≤ 2, or
// when component1 ≤ 1, others = 0 and component2 ≤ 1; extra otherwise.
//
// One detail follows Spider's code rather than its intent, again so labels
// match: the aggregate count reads aggregates in SELECT items, GROUP BY and
// ORDER BY, but in WHERE and HAVING it counts negated conditions (NOT IN,
// NOT LIKE, NOT BETWEEN) instead of aggregates, because Spider's counter
// reads the first field of a condition, which is its negation flag.
//
// SQL with no SELECT at depth zero (VALUES) is easy.
func HardnessOf(sql string) Hardness {
	c1, c2, others := components(sql)
	switch {
	case c1 <= 1 && others == 0 && c2 == 0:
		return Easy
	case c2 == 0 && (others <= 2 && c1 <= 1 || c1 <= 2 && others < 2):
		return Medium
	case c2 == 0 && (others > 2 && c1 <= 2 || c1 > 2 && c1 <= 3 && others <= 2),
		c1 <= 1 && others == 0 && c2 <= 1:
		return Hard
	}
	return Extra
}

// components returns Spider's component1, component2 and others counts.
func components(sql string) (c1, c2, others int) {
	s := newStmt(sql)
	core, setOp, ok := s.top()
	if !ok {
		return 0, 0, 0
	}
	for _, has := range []bool{core.hasWhere, core.hasGroupBy, core.hasOrderBy, core.hasLimit} {
		if has {
			c1++
		}
	}
	if setOp {
		c2++
	}

	// FROM: table units are separated by JOIN or commas at the clause's own
	// depth; subqueries only count inside ON conditions.
	inOn := false
	s.walk(core.from, func(i int) {
		switch {
		case s.depth[i] == s.depth[core.from.from] && (s.word(i, "JOIN") || s.toks[i].is(",")):
			c1++
			inOn = false
		case s.word(i, "ON"):
			inOn = true
		case inOn && (s.word(i, "OR") || s.word(i, "LIKE")):
			c1++
		}
	}, func(i int) {
		if inOn {
			c2++
		}
	})

	// WHERE and HAVING: ORs, LIKEs, value subqueries and negations; WHERE
	// also counts its conditions, telling BETWEEN's AND from a connective.
	aggs := 0
	whereConds := 1
	for k, sp := range []span{core.where, core.having} {
		between := false
		s.walk(sp, func(i int) {
			switch {
			case s.word(i, "OR"), s.word(i, "LIKE"):
				c1++
			case s.word(i, "NOT") && !s.word(i-1, "IS"):
				aggs++
			}
			switch {
			case s.word(i, "BETWEEN"):
				between = true
			case s.word(i, "AND") && between:
				between = false
			case k == 0 && (s.word(i, "AND") || s.word(i, "OR")):
				whereConds++
			}
		}, func(int) { c2++ })
	}

	// SELECT items and GROUP BY columns count when they are an aggregate;
	// ORDER BY counts every aggregate call in it.
	selItems := s.items(core.sel)
	for _, it := range selItems {
		if s.aggCall(it.from) {
			aggs++
		}
	}
	groupItems := s.items(core.groupBy)
	for _, it := range groupItems {
		if s.aggCall(it.from) {
			aggs++
		}
	}
	s.walk(core.orderBy, func(i int) {
		if s.aggCall(i) {
			aggs++
		}
	}, nil)

	if aggs > 1 {
		others++
	}
	if len(selItems) > 1 {
		others++
	}
	if core.hasWhere && whereConds > 1 {
		others++
	}
	if len(groupItems) > 1 {
		others++
	}
	return c1, c2, others
}

// items splits a comma-separated clause (a select list, GROUP BY columns)
// into its items, after a leading DISTINCT or ALL.
func (s *stmt) items(sp span) []span {
	if sp.empty() {
		return nil
	}
	if s.word(sp.from, "DISTINCT") || s.word(sp.from, "ALL") {
		sp.from++
	}
	if sp.empty() {
		return nil
	}
	var out []span
	base := s.depth[sp.from]
	from := sp.from
	for i := sp.from; i < sp.to; i++ {
		if s.depth[i] == base && s.toks[i].is(",") {
			out = append(out, span{from, i})
			from = i + 1
		}
	}
	return append(out, span{from, sp.to})
}
