package schema

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode"
)

// ContainmentProber measures, on the data, how well a column's values fit a
// candidate parent column. It is how [InferForeignKeys] checks what names
// suggest; database.Prober implements it for every engine.
type ContainmentProber interface {
	// Containment returns the share (0..1) of the distinct non-null values of
	// child.childCol (possibly a bounded sample of them) that occur in
	// parent.parentCol, and how many distinct child values were checked
	// (0 when the child column holds no values, in which case share is 0).
	// Errors are the engine's; a cancelled ctx returns ctx's error.
	Containment(ctx context.Context, child, childCol, parent, parentCol string) (share float64, childDistinct int64, err error)
}

// InferOptions tune [InferForeignKeys]. The zero value is usable: every
// field has a default chosen on the demo and Spider databases.
type InferOptions struct {
	// MinConfidence is the least confidence a key must reach to be returned;
	// 0 means 0.5.
	MinConfidence float64
	// MinContainment is the least share of child values that must occur in
	// the parent for a key named plausibly; 0 means 0.9. Data that
	// contradicts a name more than this rejects the key outright.
	MinContainment float64
	// OnProbeError, when set, is told about a containment probe that failed
	// (a type the engine cannot compare, a timeout). The candidate is then
	// judged by its name alone, as if the column were empty. Cancellation of
	// ctx is never reported here: it ends the inference.
	OnProbeError func(child, childCol, parent, parentCol string, err error)
}

func (o InferOptions) withDefaults() InferOptions {
	if o.MinConfidence <= 0 {
		o.MinConfidence = 0.5
	}
	if o.MinContainment <= 0 {
		o.MinContainment = 0.9
	}
	return o
}

// Name evidence, by how a column name points at its parent. The numbers are
// the name's part of the confidence; containment scales them.
const (
	evEntity       = 0.9  // customer_id → customers.id: the column names the table, with a key suffix
	evSamePK       = 0.88 // customer_id → client_details.customer_id: named as another table's key
	evPKSuffix     = 0.85 // billing_customer_id → customers.customer_id: a role, then the parent's key name
	evEntityBare   = 0.85 // customer → customers.id: names the table, no key suffix
	evGenericPK    = 0.75 // uid → user_profiles.uid: a generic key name only one table has
	evRoleEntity   = 0.75 // billing_customer_id → customers.id: a role, then the table
	evRoleBare     = 0.7  // winning_pilot → pilots.id
	evPartial      = 0.65 // accelerator_id → web_client_accelerators.id: part of one table's name
	evAbbreviation = 0.6  // cust_id → customers.id: a prefix of one table's name
	evSelfRole     = 0.45 // manager_id → employees.id: a relational role in the same table
	// strongName is the evidence from which a name needs less agreement
	// from the data: a column named exactly like a key or its table is a
	// reference even when some of its values dangle (dirty data).
	strongName     = 0.88
	strongMinShare = 0.5
	// agreeBonus is added when two rules propose the same parent.
	agreeBonus = 0.03
	// unmeasuredFactor scales the name evidence of a candidate whose column
	// holds no values, whose parent is empty, or whose probe failed: names
	// alone, trusted less.
	unmeasuredFactor = 0.7
	// selfMinShare and selfMinDistinct guard self-references, whose names
	// prove little: the data must agree completely, on more than one value.
	selfMinShare    = 0.99
	selfMinDistinct = 2
	// weakMinShare is the containment a partial or abbreviated table name
	// must reach.
	weakMinShare = 0.98
)

// keySuffixes are trailing name parts that mark a column as a reference
// rather than the thing itself ("customer_id", "country_code").
var keySuffixes = map[string]bool{
	"id": true, "ids": true, "no": true, "num": true, "nbr": true, "number": true,
	"code": true, "key": true, "fk": true, "ref": true, "uid": true,
}

// genericKeyNames are key column names too common to identify a table on
// their own: a column called "id" or "code" says nothing about its parent.
var genericKeyNames = map[string]bool{
	"id": true, "code": true, "name": true, "key": true, "no": true, "num": true,
	"number": true, "uid": true, "pk": true, "rowid": true, "oid": true, "uuid": true,
}

// tablePrefixes are naming conventions in front of table names ("tbl_orders",
// "ref_calendar", "dim_customer"), stripped when a name is left.
var tablePrefixes = map[string]bool{
	"tbl": true, "tb": true, "t": true, "dim": true, "fact": true, "ref": true,
	"lkp": true, "lu": true, "lookup": true, "mst": true,
}

// selfRoles are words that name another row of the same table: a manager is
// an employee, a parent is a category. Self-references are accepted only
// for columns named with one of them.
var selfRoles = map[string]bool{
	"manager": true, "parent": true, "boss": true, "supervisor": true, "reports": true,
	"mentor": true, "head": true, "lead": true, "leader": true, "superior": true,
	"successor": true, "predecessor": true, "previous": true, "prev": true, "next": true,
	"spouse": true, "partner": true, "referrer": true, "referred": true, "replaced": true,
	"replacement": true, "original": true, "master": true, "root": true, "ancestor": true,
}

// fkCandidate is one possible key for a child column.
type fkCandidate struct {
	child, childCol   string
	parent, parentCol string
	name              float64 // name evidence
	self              bool    // a self-reference by role
	weak              bool    // partial or abbreviated name: needs near-complete containment
	loose             bool    // text against a number: only the data can tell
	parentRows        int64
	conf              float64
	// contradicts marks a column whose declared key points back into its
	// own table although its name names another table (actor.musical_id
	// declared as referencing actor.actor_id): only the data may overrule
	// the declaration, so it must agree as fully as for a plain name.
	contradicts bool
}

// InferForeignKeys proposes foreign keys the schema does not declare, from
// column names checked against the data. Each returned key has one column,
// Inferred set and Confidence in (0,1]; it goes from a child column to a
// parent's single-column primary key (or, for a table without one, its "id"
// column), and no relation is returned in both directions or when declared
// in either direction. Columns already part of a declared key are left
// alone, except a declared self-reference that the column's name
// contradicts: actor.musical_id declared as referencing actor.actor_id
// (a known defect of real schemas) gets the key its name proposes when
// nearly all its values occur there, beside the declared one.
//
// Names propose candidates: "customer_id", "customerId", "CustomerID",
// "customer" and "cust_id" name a table "customers" or "customer" (plurals,
// camel case, prefixes such as "tbl_"); "billing_customer_id" names it after
// a role; a column named like another table's primary key ("employee_id")
// refers to it; "accelerator_id" may name the one table whose name holds
// that word; "manager_id" (a relational role) may refer to its own table.
// Kinds must be comparable; text against a number only when the data says
// so. p then measures the share of the child's distinct values found in the
// parent column; the confidence is the name's evidence scaled by that share,
// and keys below opt's thresholds are dropped (strong names tolerate some
// dangling values, weak ones need nearly all to match). A candidate whose
// parent is empty, or whose child holds no values, is judged by its name. A
// nil p judges by names alone, with lower confidence, and never returns
// self-references, partial names or text-to-number keys.
//
// The result is sorted by child table, child column. Errors come from p only
// when ctx ends.
func InferForeignKeys(ctx context.Context, s *Schema, p ContainmentProber, opt InferOptions) ([]InferredKey, error) {
	if s == nil {
		return nil, errors.New("infer foreign keys: nil schema")
	}
	opt = opt.withDefaults()
	cands := fkCandidates(s)

	type probeKey struct{ child, childCol, parent, parentCol string }
	type probeResult struct {
		share    float64
		distinct int64
		ok       bool
	}
	measured := map[probeKey]probeResult{}
	best := map[[2]string]fkCandidate{} // child table, column → best candidate
	for _, c := range cands {
		k := probeKey{c.child, c.childCol, c.parent, c.parentCol}
		r, seen := measured[k]
		// An empty parent tells nothing: every containment would be 0.
		if !seen && p != nil && c.parentRows != 0 {
			share, n, err := p.Containment(ctx, c.child, c.childCol, c.parent, c.parentCol)
			switch {
			case ctx.Err() != nil:
				return nil, fmt.Errorf("infer foreign keys: %w", ctx.Err())
			case err != nil:
				if opt.OnProbeError != nil {
					opt.OnProbeError(c.child, c.childCol, c.parent, c.parentCol, err)
				}
			default:
				r = probeResult{share: share, distinct: n, ok: true}
			}
			measured[k] = r
		}
		conf, ok := c.confidence(r.share, r.distinct, r.ok && r.distinct > 0, opt)
		if !ok {
			continue
		}
		c.conf = conf
		id := [2]string{c.child, strings.ToLower(c.childCol)}
		if prev, have := best[id]; !have || c.better(prev) {
			best[id] = c
		}
	}

	var out []InferredKey
	for _, c := range best {
		// The same relation seen from the other side: keep the stronger.
		if rev, ok := best[[2]string{c.parent, strings.ToLower(c.parentCol)}]; ok &&
			rev.parent == c.child && strings.EqualFold(rev.parentCol, c.childCol) && rev.better(c) {
			continue
		}
		out = append(out, InferredKey{Table: c.child, Key: ForeignKey{
			Columns: []string{c.childCol}, RefTable: c.parent, RefColumns: []string{c.parentCol},
			Inferred: true, Confidence: round3(c.conf),
		}})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Table != out[j].Table {
			return out[i].Table < out[j].Table
		}
		return out[i].Key.Columns[0] < out[j].Key.Columns[0]
	})
	return out, nil
}

// InferredKey is an inferred foreign key and the table that owns it.
type InferredKey struct {
	// Table is the child table's Name.
	Table string
	Key   ForeignKey
}

// confidence combines name evidence with the measured containment, and
// reports whether the candidate passes opt's thresholds.
func (c fkCandidate) confidence(share float64, distinct int64, measured bool, opt InferOptions) (float64, bool) {
	if !measured {
		if c.self || c.weak || c.loose || c.contradicts {
			return 0, false // names that prove little need data
		}
		conf := c.name * unmeasuredFactor
		return conf, conf >= opt.MinConfidence
	}
	switch {
	case c.self && (share < selfMinShare || distinct < selfMinDistinct):
		return 0, false
	case c.contradicts && share < opt.MinContainment:
		return 0, false
	case c.weak && share < weakMinShare:
		return 0, false
	case c.name >= strongName && !c.loose:
		if share < strongMinShare {
			return 0, false
		}
	case share < opt.MinContainment:
		return 0, false
	}
	// Few distinct values prove little: one matching value is as likely
	// chance as design. Containment weighs in by how many values it covers.
	weight := 1 - 1/float64(distinct+1)
	conf := c.name * (1 - 0.3*weight + 0.3*weight*share)
	if c.self {
		// A complete match over many values lifts a role name over the bar.
		conf = c.name + (1-c.name)*weight*share*0.5
	}
	conf = min(conf, 1)
	return conf, conf >= opt.MinConfidence
}

// better orders candidates for one child column: higher confidence, then the
// parent with more rows (the entity rather than a detail of it), then name.
func (c fkCandidate) better(o fkCandidate) bool {
	if c.conf != o.conf {
		return c.conf > o.conf
	}
	if c.parentRows != o.parentRows {
		return c.parentRows > o.parentRows
	}
	return c.parent < o.parent
}

func round3(f float64) float64 { return float64(int(f*1000+0.5)) / 1000 }

// tableInfo is what candidate generation needs to know about one table.
type tableInfo struct {
	t      *Table
	key    string // the table's referable column: single-column PK, else "id"
	keyCol *Column
}

// nameIndex finds tables by the names columns give them.
type nameIndex struct {
	infos   []tableInfo
	byName  map[string][]int // singular table name (also without "tbl_") → tables
	partial map[string][]int // leading or trailing words of a table name → tables
	byPK    map[string][]int // PK column name, generic ones only when unique → tables
	firsts  []string         // sorted first words of table names, for abbreviations
	byFirst map[string][]int // first word → tables
}

func newNameIndex(s *Schema) *nameIndex {
	ix := &nameIndex{
		infos: make([]tableInfo, len(s.Tables)), byName: map[string][]int{}, partial: map[string][]int{},
		byPK: map[string][]int{}, byFirst: map[string][]int{},
	}
	genericPK := map[string][]int{}
	for i := range s.Tables {
		t := &s.Tables[i]
		ix.infos[i] = tableInfo{t: t}
		if t.View {
			continue
		}
		toks := tableTokens(t.Ident)
		for _, k := range tableKeys(t.Ident) {
			ix.byName[k] = appendOnce(ix.byName[k], i)
		}
		for j := 1; j < len(toks); j++ {
			for _, part := range [][]string{toks[:j], toks[j:]} {
				k := singularKey(part)
				ix.partial[k] = appendOnce(ix.partial[k], i)
			}
		}
		if len(toks) > 0 {
			f := Singular(toks[0])
			if len(ix.byFirst[f]) == 0 {
				ix.firsts = append(ix.firsts, f)
			}
			ix.byFirst[f] = appendOnce(ix.byFirst[f], i)
		}
		ix.findKey(i)
	}
	for i := range s.Tables {
		t := &s.Tables[i]
		if c := ix.infos[i].keyCol; c != nil && len(t.PrimaryKey) == 1 {
			toks := nameTokens(c.Name)
			k := strings.Join(toks, "")
			switch {
			case k == "id" || k == "rowid" || k == "oid":
			case ix.namesOther(i, toks):
				// csu_fees.campus: a key named after another table refers
				// to that table (one-to-one); columns named so refer there.
			case len(toks) == 1 && genericKeyNames[toks[0]]:
				genericPK[k] = append(genericPK[k], i)
			default:
				ix.byPK[k] = appendOnce(ix.byPK[k], i)
			}
		}
	}
	for k, tis := range genericPK {
		if len(tis) == 1 {
			ix.byPK[k] = tis
		}
	}
	sort.Strings(ix.firsts)
	return ix
}

// namesOther reports whether a key column of table i, split into toks,
// names another table.
func (ix *nameIndex) namesOther(i int, toks []string) bool {
	entity, _ := entityTokens(toks)
	if len(entity) == 0 {
		return false
	}
	for _, pi := range ix.byName[singularKey(entity)] {
		if pi != i {
			return true
		}
	}
	return false
}

// findKey picks table i's referable column: its single-column primary key;
// without a declared key, a column called "id" or "<table>_id".
func (ix *nameIndex) findKey(i int) {
	t := ix.infos[i].t
	switch len(t.PrimaryKey) {
	case 1:
		if c, ok := t.Column(t.PrimaryKey[0]); ok {
			ix.infos[i].key, ix.infos[i].keyCol = c.Name, c
		}
		return
	case 0:
	default:
		return // a composite key is not referable by one column
	}
	own := singularKey(tableTokens(t.Ident)) + "id"
	for ci := range t.Columns {
		c := &t.Columns[ci]
		if k := strings.Join(nameTokens(c.Name), ""); k == "id" || k == own {
			ix.infos[i].key, ix.infos[i].keyCol = c.Name, c
			return
		}
	}
}

// fkCandidates lists the candidates names suggest.
func fkCandidates(s *Schema) []fkCandidate {
	ix := newNameIndex(s)
	var out []fkCandidate
	for i := range s.Tables {
		t := &s.Tables[i]
		if t.View {
			continue
		}
		declared := declaredColumns(t)
		for ci := range t.Columns {
			col := &t.Columns[ci]
			if !declared[strings.ToLower(col.Name)] {
				out = append(out, ix.columnCandidates(s, i, col)...)
				continue
			}
			if !contradictedSelfReference(t, col.Name) {
				continue
			}
			for _, c := range ix.columnCandidates(s, i, col) {
				if !c.self && !c.weak && c.parent != t.Name {
					c.contradicts = true
					out = append(out, c)
				}
			}
		}
	}
	return out
}

// declaredColumns returns the lower-cased columns of t that take part in a
// declared key: their relation is known, and a column refers to one parent.
func declaredColumns(t *Table) map[string]bool {
	cols := map[string]bool{}
	for _, fk := range t.ForeignKeys {
		if !fk.Inferred {
			for _, c := range fk.Columns {
				cols[strings.ToLower(c)] = true
			}
		}
	}
	return cols
}

// contradictedSelfReference reports whether every declared key of column
// col of t points back into t at another column, while col's name holds no
// relational role ("manager", "parent") that would make a self-reference
// meant: actor.musical_id declared as referencing actor.actor_id.
func contradictedSelfReference(t *Table, col string) bool {
	for _, w := range nameTokens(col) {
		if selfRoles[w] {
			return false
		}
	}
	n := 0
	for _, fk := range t.ForeignKeys {
		if fk.Inferred {
			continue
		}
		for k, c := range fk.Columns {
			if !strings.EqualFold(c, col) {
				continue
			}
			if !strings.EqualFold(fk.RefTable, t.Name) || k >= len(fk.RefColumns) || strings.EqualFold(fk.RefColumns[k], col) {
				return false
			}
			n++
		}
	}
	return n > 0
}

// columnCandidates proposes parents for one column of table ti.
func (ix *nameIndex) columnCandidates(s *Schema, ti int, col *Column) []fkCandidate {
	t := ix.infos[ti].t
	toks := nameTokens(col.Name)
	if len(toks) == 0 {
		return nil
	}
	entity, suffixed := entityTokens(toks)
	ownKey := len(t.PrimaryKey) == 1 && strings.EqualFold(t.PrimaryKey[0], col.Name)
	// A table's own identifier ("id", or "order_id" in customer_orders) is
	// referenced, never a reference.
	if ownKey && (len(entity) == 0 || namesTable(tableTokens(t.Ident), entity)) {
		return nil
	}

	var out []fkCandidate
	add := func(pi int, ev float64, self, weak bool) {
		pt := ix.infos[pi]
		if pt.keyCol == nil || (pi == ti && !self) || (pi == ti && strings.EqualFold(pt.key, col.Name)) {
			return
		}
		ok, loose := comparable(col.Kind, pt.keyCol.Kind)
		if !ok || (pi != ti && hasDeclaredTo(pt.t, t, col.Name)) {
			return
		}
		for j := range out {
			if out[j].parent == pt.t.Name {
				// Two readings of the name agree (customer_id is both
				// customers' key name and names the table): a little more
				// sure than either.
				out[j].name = min(max(out[j].name, ev)+agreeBonus, 0.99)
				out[j].weak = out[j].weak && weak
				return
			}
		}
		out = append(out, fkCandidate{
			child: t.Name, childCol: col.Name, parent: pt.t.Name, parentCol: pt.key,
			name: ev, self: self, weak: weak, loose: loose, parentRows: pt.t.RowCount,
		})
	}

	// Named like another table's primary key, whole or after a role.
	for _, pi := range ix.byPK[strings.Join(toks, "")] {
		if pi != ti {
			ev := evSamePK
			if len(toks) == 1 && genericKeyNames[toks[0]] {
				ev = evGenericPK
			}
			add(pi, ev, false, false)
		}
	}
	for k := 1; k < len(toks); k++ {
		if k == len(toks)-1 && genericKeyNames[toks[k]] {
			break // "src_code" says nothing about which table's code
		}
		for _, pi := range ix.byPK[strings.Join(toks[k:], "")] {
			if pi != ti {
				add(pi, evPKSuffix, false, false)
			}
		}
	}
	if len(entity) == 0 {
		return out
	}
	// A plural after a role and without a key suffix counts or lists
	// things ("home_games"): it is not a reference to one of them.
	last := entity[len(entity)-1]
	pluralRole := !suffixed && Singular(last) != last
	// Naming a table, whole or after a role.
	matched := false
	for k := range entity {
		if k > 0 && pluralRole {
			break
		}
		for _, pi := range ix.byName[singularKey(entity[k:])] {
			if pi == ti {
				continue
			}
			matched = true
			switch {
			case k == 0 && suffixed:
				add(pi, evEntity, false, false)
			case k == 0:
				add(pi, evEntityBare, false, false)
			case suffixed:
				add(pi, evRoleEntity, false, false)
			default:
				add(pi, evRoleBare, false, false)
			}
		}
	}
	if !matched && suffixed && len(entity) > 1 {
		// The table, then what the row is to it: "member_in_charge_id".
		for k := len(entity) - 1; k > 0 && !matched; k-- {
			for _, pi := range ix.byName[singularKey(entity[:k])] {
				if pi != ti {
					matched = true
					add(pi, evRoleBare, false, false)
				}
			}
		}
	}
	if !matched && suffixed && len(out) == 0 {
		// Part of exactly one table's name ("accelerator_id" for
		// web_client_accelerator, "claim_id" for claim_headers), or an
		// abbreviation of its first word ("cust_id" for customers).
		key := singularKey(entity)
		var hits []int
		for _, pi := range ix.partial[key] {
			if pi != ti {
				hits = append(hits, pi)
			}
		}
		ev := evPartial
		if len(hits) == 0 && len(entity) == 1 && len(key) >= 3 {
			for i := sort.SearchStrings(ix.firsts, key); i < len(ix.firsts) && strings.HasPrefix(ix.firsts[i], key); i++ {
				if len(ix.firsts[i]) > len(key) {
					for _, pi := range ix.byFirst[ix.firsts[i]] {
						hits = appendOnce(hits, pi)
					}
				}
			}
			ev = evAbbreviation
		}
		if len(hits) == 1 && hits[0] != ti {
			add(hits[0], ev, false, true)
		}
	}
	// A relational role pointing back into the same table.
	if len(out) == 0 {
		for _, w := range entity {
			if selfRoles[w] {
				add(ti, evSelfRole, true, false)
				break
			}
		}
	}
	return out
}

// namesTable reports whether entity names a table called by tableToks, in
// whole or as its last words ("order" for customer_orders).
func namesTable(tableToks, entity []string) bool {
	key := singularKey(entity)
	for j := range tableToks {
		if singularKey(tableToks[j:]) == key {
			return true
		}
	}
	return false
}

// hasDeclaredTo reports whether parent declares a key to child's col, so the
// candidate would be that declared relation reversed.
func hasDeclaredTo(parent, child *Table, col string) bool {
	for _, fk := range parent.ForeignKeys {
		if fk.Inferred || !strings.EqualFold(fk.RefTable, child.Name) {
			continue
		}
		for _, rc := range fk.RefColumns {
			if strings.EqualFold(rc, col) {
				return true
			}
		}
	}
	return false
}

// comparable reports whether values of kinds a and b can be equal: the same
// kind, two numeric or two temporal kinds, or an untyped side. loose marks
// text against a number: databases with loose typing (SQLite) hold numeric
// keys in text columns, which only the data can confirm.
func comparable(a, b Kind) (ok, loose bool) {
	switch {
	case a == b:
		return a != KindBlob && a != KindBool, false
	case a.Numeric() && b.Numeric(), a.Temporal() && b.Temporal():
		return true, false
	case a == KindOther || b == KindOther || a == "" || b == "":
		return true, false
	case a == KindText && b.Numeric(), a.Numeric() && b == KindText:
		return true, true
	}
	return false, false
}

// entityTokens strips trailing numbers and one key suffix from a column's
// name parts: "club_id_2" → [club], true. suffixed reports a key suffix.
func entityTokens(toks []string) (entity []string, suffixed bool) {
	end := len(toks)
	for end > 0 && isDigits(toks[end-1]) {
		end--
	}
	if end > 0 && keySuffixes[toks[end-1]] {
		end--
		suffixed = true
	} else if end > 0 && len(toks[end-1]) > 3 && strings.HasSuffix(toks[end-1], "id") {
		// "dormid", "stuid": a key suffix run into the name.
		out := append(append([]string(nil), toks[:end-1]...), strings.TrimSuffix(toks[end-1], "id"))
		return out, true
	}
	for end > 0 && isDigits(toks[end-1]) {
		end--
	}
	return toks[:end], suffixed
}

// tableKeys are the normalized forms under which a table can be named: its
// singularized name parts run together, with and without a convention
// prefix ("tbl_", "ref_").
func tableKeys(name string) []string {
	toks := nameTokens(name)
	if len(toks) == 0 {
		return nil
	}
	var keys []string
	forms := [][]string{toks}
	if len(toks) > 1 && tablePrefixes[toks[0]] {
		forms = append(forms, toks[1:])
	}
	for _, f := range forms {
		keys = append(keys, singularKey(f))
		// "campuses" may be the plural of "campus" as well as of
		// "campuse": index both readings of a final -es.
		if last := f[len(f)-1]; strings.HasSuffix(last, "ses") && len(last) > 4 {
			keys = append(keys, singularKey(f[:len(f)-1])+last[:len(last)-2])
		}
	}
	return keys
}

// tableTokens are the words of a table name without a convention prefix.
func tableTokens(name string) []string {
	toks := nameTokens(name)
	if len(toks) > 1 && tablePrefixes[toks[0]] {
		toks = toks[1:]
	}
	return toks
}

// singularKey joins name parts with each part singular: [order items] →
// "orderitem".
func singularKey(toks []string) string {
	var b strings.Builder
	for _, t := range toks {
		b.WriteString(Singular(t))
	}
	return b.String()
}

// nameTokens splits an identifier into lower-case parts at underscores,
// other punctuation, case changes ("customerId", "CustomerID", "HTTPCode")
// and letter-digit boundaries.
func nameTokens(name string) []string {
	var toks []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			toks = append(toks, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(name)
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush()
			continue
		}
		if len(cur) > 0 {
			prev := rs[i-1]
			switch {
			case unicode.IsUpper(r) && unicode.IsLower(prev):
				flush() // customerId
			case unicode.IsUpper(r) && unicode.IsUpper(prev) && i+1 < len(rs) && unicode.IsLower(rs[i+1]):
				flush() // HTTPCode → HTTP Code
			case unicode.IsDigit(r) != unicode.IsDigit(prev):
				flush() // club2 → club 2
			}
		}
		cur = append(cur, r)
	}
	flush()
	return toks
}

// Singular returns the English singular of a lower-case word by the common
// rules (customers → customer, categories → category, addresses → address,
// people → person). Words it cannot tell are returned unchanged.
func Singular(w string) string {
	if irr, ok := irregularPlurals[w]; ok {
		return irr
	}
	n := len(w)
	switch {
	case n > 4 && strings.HasSuffix(w, "ies"):
		return w[:n-3] + "y"
	case n > 4 && (strings.HasSuffix(w, "sses") || strings.HasSuffix(w, "ches") ||
		strings.HasSuffix(w, "shes") || strings.HasSuffix(w, "xes") || strings.HasSuffix(w, "zzes")):
		return w[:n-2]
	case n > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") &&
		!strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		return w[:n-1]
	}
	return w
}

var irregularPlurals = map[string]string{
	"people": "person", "children": "child", "men": "man", "women": "woman",
	"staff": "staff", "data": "data", "media": "media", "series": "series",
	"indices": "index", "matrices": "matrix", "mice": "mouse", "geese": "goose",
	"feet": "foot", "teeth": "tooth", "criteria": "criterion", "analyses": "analysis",
	"statuses": "status", "buses": "bus", "addresses": "address",
}

func isDigits(s string) bool {
	for _, r := range s {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return s != ""
}

func appendOnce(xs []int, x int) []int {
	for _, y := range xs {
		if y == x {
			return xs
		}
	}
	return append(xs, x)
}

// WithInferredKeys returns a copy of s in which each key of keys is added to
// its table's ForeignKeys, so [Schema.Edges] and [Schema.EdgeBetween] offer
// them for joins (after the declared ones). Keys naming an unknown table or
// column, and keys already present, are skipped. s is not modified.
func (s *Schema) WithInferredKeys(keys []InferredKey) *Schema {
	out := &Schema{Engine: s.Engine, Tables: make([]Table, len(s.Tables))}
	copy(out.Tables, s.Tables)
	for _, k := range keys {
		t, ok := out.Table(k.Table)
		if !ok || !validKey(out, t, k.Key) {
			continue
		}
		dup := false
		for _, fk := range t.ForeignKeys {
			if strings.EqualFold(fk.RefTable, k.Key.RefTable) && EqualFoldAll(fk.Columns, k.Key.Columns) && EqualFoldAll(fk.RefColumns, k.Key.RefColumns) {
				dup = true
				break
			}
		}
		if dup {
			continue
		}
		// Copy before appending: the original's slice may have spare
		// capacity shared with s.
		fks := make([]ForeignKey, len(t.ForeignKeys), len(t.ForeignKeys)+1)
		copy(fks, t.ForeignKeys)
		t.ForeignKeys = append(fks, k.Key)
	}
	return out
}

// WithoutInferredKeys returns a copy of s holding only declared keys.
func (s *Schema) WithoutInferredKeys() *Schema {
	out := &Schema{Engine: s.Engine, Tables: make([]Table, len(s.Tables))}
	copy(out.Tables, s.Tables)
	for i := range out.Tables {
		var kept []ForeignKey
		for _, fk := range out.Tables[i].ForeignKeys {
			if !fk.Inferred {
				kept = append(kept, fk)
			}
		}
		out.Tables[i].ForeignKeys = kept
	}
	return out
}

func validKey(s *Schema, t *Table, fk ForeignKey) bool {
	p, ok := s.Table(fk.RefTable)
	if !ok || len(fk.Columns) == 0 || len(fk.Columns) != len(fk.RefColumns) {
		return false
	}
	for i := range fk.Columns {
		if _, ok := t.Column(fk.Columns[i]); !ok {
			return false
		}
		if _, ok := p.Column(fk.RefColumns[i]); !ok {
			return false
		}
	}
	return true
}

// EqualFoldAll reports whether two name lists (a key's columns) are equal
// up to case, as SQL identifiers compare.
func EqualFoldAll(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !strings.EqualFold(a[i], b[i]) {
			return false
		}
	}
	return true
}
