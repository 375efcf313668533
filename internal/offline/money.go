package offline

import (
	"slices"
	"strings"

	"querent/internal/plan"
)

// Money verbs: "which customers spent the most", "how much did each
// customer spend", and "total payments by method". A verb of paying that
// the schema's names do not claim means the sum of the one money column
// of the table that refers to the subject by exactly one key (an order's
// total_amount for a customer); "total <table>" means the sum of that
// table's one money column. The question is rewritten with the column's
// own words ("which customers have the most total amount") and planned
// again, read only when it cannot be planned as written; several money
// columns to choose from are refused, never guessed.

// moneyVerbs are the verbs of paying and earning.
var moneyVerbs = setOf("spend", "spends", "spent", "spending", "pay", "pays", "paid", "paying", "earn", "earns", "earned", "cost", "costs")

// moneyWords end or start the names of columns that hold money which adds
// up across rows: an order's total, a payment's amount, a sale's revenue.
// Prices are left out: a unit price does not add up.
var moneyWords = setOf("amount", "total", "revenue", "sales", "cost", "fee", "charge", "payment", "paid", "spend", "spent")

// auxiliaries are the helping verbs of a question ("how much did …").
var auxiliaries = setOf("did", "does", "do", "has", "have", "had", "will")

// moneyCols lists the money columns of table t: numeric, not keys, named
// with a money word.
func (lx *lexicon) moneyCols(t int) []*colInfo {
	var out []*colInfo
	for _, c := range lx.tables[t].cols {
		if c.numeric && !c.id && !c.year && slices.ContainsFunc(c.words, func(w string) bool { return moneyWords[w] }) {
			out = append(out, c)
		}
	}
	return out
}

// childMoney returns the money columns of the tables that refer to table
// x by exactly one key.
func (lx *lexicon) childMoney(x int) []*colInfo {
	var out []*colInfo
	for _, t := range lx.tables {
		if t.refersOnce(x) {
			out = append(out, lx.moneyCols(t.idx)...)
		}
	}
	return out
}

// planByMoney plans a question that speaks of money as described above;
// ok false when it does not, when it cannot be rewritten, or when the
// rewritten question does not sum the money column. A refusal comes back
// with ok true when the money could be several columns.
func (p *Planner) planByMoney(toks []token, tr *Trace) (*plan.Plan, *refusal, bool) {
	spoken := false
	for _, t := range toks {
		if t.kind == tokQuoted {
			return nil, nil, false
		}
		spoken = spoken || moneyVerbs[t.text] || t.text == "total" || t.text == "sum"
	}
	if !spoken {
		return nil, nil, false // most refusals: no need to link again
	}
	ms := p.lx.link(toks)
	words, col, rf := p.moneyRewrite(toks, ms)
	if rf != nil {
		return nil, rf, true
	}
	if col == nil {
		return nil, nil, false
	}
	pl, rf := p.planTokens(tokenize(strings.Join(words, " ")), tr)
	if rf != nil || !strings.Contains(pl.Reason, "sum of "+col.ref) {
		return nil, nil, false
	}
	return pl, nil, true
}

// moneyRewrite returns the question's words with the money verb or
// "total <table>" replaced by the money column's words, and that column.
func (p *Planner) moneyRewrite(toks []token, ms []mention) ([]string, *colInfo, *refusal) {
	raw := func(ts []token) []string {
		out := make([]string, len(ts))
		for i, t := range ts {
			out[i] = t.raw
		}
		return out
	}
	colWords := func(c *colInfo) []string { return strings.Fields(strings.ReplaceAll(c.name, "_", " ")) }
	one := func(cs []*colInfo, what string) (*colInfo, *refusal) {
		switch len(cs) {
		case 0:
			return nil, nil
		case 1:
			return cs[0], nil
		}
		refs := make([]string, len(cs))
		for i, c := range cs {
			refs[i] = c.ref
		}
		return nil, refuseUnresolved("%q could mean the sum of %s: name the column to add up.", what, strings.Join(refs, " or "))
	}
	for k, m := range ms {
		// "total payments by method": the sum of the table's money column.
		if m.kind == mKeyword && m.kw.kind == kwSum && k+1 < len(ms) {
			n := ms[k+1]
			ts := strongest(n.tables, classExact)
			if n.kind != mName || len(n.cols) > 0 || len(ts) != 1 || !n.plural || n.from != m.to {
				continue
			}
			if !moneyTable(p.lx.tables[ts[0].table].ident) {
				// "total orders" is as often a count as a sum of order
				// totals: only a table whose rows are money ("total
				// payments") is read as the sum of its money column.
				continue
			}
			c, rf := one(p.lx.moneyCols(ts[0].table), m.text+" "+n.text)
			if c == nil || rf != nil {
				return nil, nil, rf
			}
			w := append(raw(toks[:m.to]), colWords(c)...)
			w = append(w, "of")
			return append(w, raw(toks[n.from:])...), c, nil
		}
		if m.kind != mUnknown || m.to-m.from != 1 || !moneyVerbs[toks[m.from].text] {
			continue
		}
		x := -1
		for j := k - 1; j >= 0; j-- {
			if ts := strongest(ms[j].tables, classExact); ms[j].kind == mName && len(ms[j].cols) == 0 && len(ts) == 1 {
				x = ts[0].table
				break
			}
		}
		if x < 0 {
			return nil, nil, nil
		}
		c, rf := one(p.lx.childMoney(x), toks[m.from].raw)
		if c == nil || rf != nil {
			return nil, nil, rf
		}
		v := m.from
		r := v + 1
		if r < len(toks) && toks[r].text == "the" {
			r++
		}
		if r < len(toks) {
			if kw, ok := keywords[toks[r].text]; ok && (kw.kind == kwMax || kw.kind == kwMin) {
				// "customers who spent the most (money)".
				w := append(raw(toks[:v]), "have")
				w = append(w, raw(toks[v+1:r+1])...)
				w = append(w, colWords(c)...)
				rest := toks[r+1:]
				if len(rest) > 0 && rest[0].text == "money" {
					rest = rest[1:]
				}
				return append(w, raw(rest)...), c, nil
			}
		}
		if len(toks) > 2 && toks[0].text == "how" && toks[1].text == "much" {
			// "how much did each customer spend": the sum for each.
			w := append([]string{"sum", "of"}, colWords(c)...)
			w = append(w, "for")
			for _, t := range toks[2:v] {
				if !auxiliaries[t.text] {
					w = append(w, t.raw)
				}
			}
			return append(w, raw(toks[v+1:])...), c, nil
		}
		return nil, nil, nil
	}
	return nil, nil, nil
}

// moneyNouns name tables whose rows are amounts of money, so "total
// <table>" can only mean the sum of their money column.
var moneyNouns = setOf("payment", "transaction", "sale", "invoice", "charge", "fee", "expense",
	"revenue", "income", "donation", "refund", "deposit", "withdrawal", "salary", "wage", "payout", "bill")

// moneyTable reports whether a table's name says its rows are money.
func moneyTable(ident string) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(ident), func(r rune) bool { return r == '_' || r == ' ' || r == '-' }) {
		if moneyNouns[strings.TrimSuffix(w, "s")] || moneyNouns[w] {
			return true
		}
	}
	return false
}
