package plan

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"querent/internal/schema"
)

// ParseMeasure parses a metric definition written by an administrator into a
// [Measure] whose columns are checked against s. The language is a small,
// SQL-like subset, on purpose: everything it accepts maps onto Plan
// expressions, so a measure compiles on every engine and passes the same
// audit as any plan.
//
//	measure := expr [ "where" cond ]
//	expr    := term { ("+" | "-") term }
//	term    := unary { ("*" | "/") unary }
//	unary   := "-" unary | primary
//	primary := number | 'string' | true | false | null | "(" expr ")"
//	         | agg "(" [ "distinct" ] expr ")" | "count" "(" "*" ")"
//	         | func "(" [ expr { "," expr } ] ")" | table "." column
//	agg     := count | count_distinct | sum | avg | min | max
//	cond    := and { "or" and }
//	and     := not { "and" not }
//	not     := "not" not | "(" cond ")" | predicate
//	predicate := expr ( ("=" | "!=" | "<>" | "<" | "<=" | ">" | ">=") expr
//	         | [ "not" ] "in" "(" expr { "," expr } ")"
//	         | [ "not" ] "between" expr "and" expr
//	         | [ "not" ] "like" expr
//	         | "is" [ "not" ] "null" )
//
// Keywords are case-insensitive; identifiers may be double-quoted
// ("order items"."unit price"). The expression must aggregate: every column
// outside an aggregate would need a GROUP BY the measure cannot know. The
// where part filters rows and so may not aggregate. Errors are *[MeasureError]
// values naming the position and what was expected there.
//
// The returned Measure has Name and the parsed Expr and Where; callers fill
// in Description and Synonyms.
func ParseMeasure(name, definition string, s *schema.Schema) (Measure, error) {
	p := &measureParser{name: name, src: definition, s: s}
	m, err := p.measure()
	if err != nil {
		return Measure{}, err
	}
	m.Name = name
	return m, nil
}

// MeasureError is a measure definition that does not parse or names what the
// schema does not have.
type MeasureError struct {
	// Measure is the measure's name.
	Measure string
	// Pos is the 1-based character position in the definition.
	Pos int
	// Msg says what was expected or what is wrong.
	Msg string
	// Suggestions are nearest real names, for unknown tables and columns.
	Suggestions []string
}

func (e *MeasureError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "measure %q: at character %d: %s", e.Measure, e.Pos, e.Msg)
	if len(e.Suggestions) > 0 {
		fmt.Fprintf(&b, "; did you mean %s?", strings.Join(e.Suggestions, " or "))
	}
	return b.String()
}

// tokKind classifies a lexical token of a measure definition.
type tokKind int

const (
	tokEOF tokKind = iota
	tokIdent
	tokQuoted // a double-quoted identifier
	tokNumber
	tokString
	tokOp // punctuation and operators
)

type token struct {
	kind tokKind
	text string // identifier, operator, or the decoded string literal
	pos  int    // 1-based character position
}

// describe names a token the way an error message should show it.
func (t token) describe() string {
	switch t.kind {
	case tokEOF:
		return "the end of the definition"
	case tokString:
		return fmt.Sprintf("'%s'", t.text)
	case tokQuoted:
		return fmt.Sprintf("%q", t.text)
	}
	return fmt.Sprintf("%q", t.text)
}

// maxMeasureDepth bounds nesting so that a hostile definition cannot exhaust
// the stack; real metrics nest a handful of levels.
const maxMeasureDepth = 200

type measureParser struct {
	name string
	src  string
	s    *schema.Schema
	toks []token
	i    int
	// depth is the current recursion depth, checked against maxMeasureDepth.
	depth int
	// inAgg is true while parsing an aggregate's argument.
	inAgg bool
	// inWhere is true while parsing the where part.
	inWhere bool
}

func (p *measureParser) errAt(pos int, format string, args ...any) *MeasureError {
	return &MeasureError{Measure: p.name, Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

func (p *measureParser) peek() token { return p.toks[p.i] }

func (p *measureParser) next() token {
	t := p.toks[p.i]
	if t.kind != tokEOF {
		p.i++
	}
	return t
}

// isKeyword reports whether t is the (unquoted, case-insensitive) keyword kw.
func isKeyword(t token, kw string) bool {
	return t.kind == tokIdent && strings.EqualFold(t.text, kw)
}

func isOp(t token, op string) bool { return t.kind == tokOp && t.text == op }

func (p *measureParser) expectOp(op, what string) error {
	t := p.next()
	if !isOp(t, op) {
		return p.errAt(t.pos, "expected %q %s, found %s", op, what, t.describe())
	}
	return nil
}

func (p *measureParser) enter(pos int) error {
	p.depth++
	if p.depth > maxMeasureDepth {
		return p.errAt(pos, "nested more than %d levels deep", maxMeasureDepth)
	}
	return nil
}

func (p *measureParser) leave() { p.depth-- }

func (p *measureParser) measure() (Measure, error) {
	if strings.TrimSpace(p.src) == "" {
		return Measure{}, p.errAt(1, "the definition is empty: write an aggregate such as sum(orders.total_amount)")
	}
	toks, err := p.lex()
	if err != nil {
		return Measure{}, err
	}
	p.toks = toks
	start := p.peek()
	e, err := p.expr()
	if err != nil {
		return Measure{}, err
	}
	if !e.IsAggregate() {
		return Measure{}, p.errAt(start.pos, "a measure must aggregate: wrap the expression in count, count_distinct, sum, avg, min or max")
	}
	if err := p.checkUngrouped(&e, start.pos); err != nil {
		return Measure{}, err
	}
	m := Measure{Expr: e}
	if t := p.peek(); isKeyword(t, "where") {
		p.next()
		p.inWhere = true
		c, err := p.cond()
		if err != nil {
			return Measure{}, err
		}
		m.Where = &c
	}
	if t := p.peek(); t.kind != tokEOF {
		want := "an operator or \"where\""
		if m.Where != nil {
			want = "\"and\", \"or\" or an operator"
		}
		return Measure{}, p.errAt(t.pos, "expected %s, found %s", want, t.describe())
	}
	return m, nil
}

// checkUngrouped rejects columns outside every aggregate: sum(x) + y has no
// meaning without a GROUP BY on y.
func (p *measureParser) checkUngrouped(e *Expr, pos int) error {
	var bad string
	e.Walk(func(x *Expr) bool {
		if x.Agg != "" {
			return false
		}
		if x.Col != "" && bad == "" {
			bad = x.Col
		}
		return true
	})
	if bad != "" {
		return p.errAt(pos, "column %s is used outside an aggregate: a measure is one number per group, so put it inside sum(…), min(…) or another aggregate", bad)
	}
	return nil
}

// expr := term { ("+" | "-") term }
func (p *measureParser) expr() (Expr, error) {
	if err := p.enter(p.peek().pos); err != nil {
		return Expr{}, err
	}
	defer p.leave()
	left, err := p.term()
	if err != nil {
		return Expr{}, err
	}
	for {
		t := p.peek()
		if !isOp(t, "+") && !isOp(t, "-") {
			return left, nil
		}
		p.next()
		right, err := p.term()
		if err != nil {
			return Expr{}, err
		}
		l := left // a fresh variable: &left would point at the result itself
		left = Expr{Arith: t.text, Left: &l, Right: &right}
	}
}

// term := unary { ("*" | "/") unary }
func (p *measureParser) term() (Expr, error) {
	left, err := p.unary()
	if err != nil {
		return Expr{}, err
	}
	for {
		t := p.peek()
		if !isOp(t, "*") && !isOp(t, "/") {
			return left, nil
		}
		p.next()
		right, err := p.unary()
		if err != nil {
			return Expr{}, err
		}
		l := left // a fresh variable: &left would point at the result itself
		left = Expr{Arith: t.text, Left: &l, Right: &right}
	}
}

// unary := "-" unary | primary. A minus before a number folds into the
// literal, so "-5" is the value -5 and not 0 - 5.
func (p *measureParser) unary() (Expr, error) {
	t := p.peek()
	if !isOp(t, "-") {
		return p.primary()
	}
	p.next()
	if err := p.enter(t.pos); err != nil {
		return Expr{}, err
	}
	defer p.leave()
	e, err := p.unary()
	if err != nil {
		return Expr{}, err
	}
	switch v := e.Value; {
	case !e.IsLiteral():
	case isInt(v):
		if n := v.(int64); n != math.MinInt64 {
			return Val(-n), nil
		}
	case isFloat(v):
		return Val(-v.(float64)), nil
	default:
		return Expr{}, p.errAt(t.pos, "a minus sign must come before a number or a numeric expression")
	}
	zero := Val(int64(0))
	return Expr{Arith: "-", Left: &zero, Right: &e}, nil
}

func isInt(v any) bool   { _, ok := v.(int64); return ok }
func isFloat(v any) bool { _, ok := v.(float64); return ok }

func (p *measureParser) primary() (Expr, error) {
	t := p.next()
	switch t.kind {
	case tokNumber:
		return numberLiteral(t.text), nil
	case tokString:
		return Val(t.text), nil
	case tokOp:
		if t.text == "(" {
			if err := p.enter(t.pos); err != nil {
				return Expr{}, err
			}
			defer p.leave()
			e, err := p.expr()
			if err != nil {
				return Expr{}, err
			}
			return e, p.expectOp(")", "to close the parenthesis")
		}
	case tokIdent, tokQuoted:
		if t.kind == tokIdent {
			switch strings.ToLower(t.text) {
			case "true":
				return Val(true), nil
			case "false":
				return Val(false), nil
			case "null":
				return Val(nil), nil
			}
			if isOp(p.peek(), "(") {
				return p.call(t)
			}
		}
		return p.column(t)
	}
	return Expr{}, p.errAt(t.pos, "expected a column (table.column), a number, a 'string', an aggregate or \"(\", found %s", t.describe())
}

// numberLiteral keeps integral numbers as int64 so they bind as integers,
// as decoded plans do.
func numberLiteral(text string) Expr {
	if n, err := strconv.ParseInt(text, 10, 64); err == nil {
		return Val(n)
	}
	f, _ := strconv.ParseFloat(text, 64) // the lexer accepted only finite decimal forms
	return Val(f)
}

func isAggName(name string) bool {
	for _, a := range Aggs {
		if a == name {
			return true
		}
	}
	return false
}

// call parses an aggregate or a portable scalar function; name has been
// consumed and "(" is next.
func (p *measureParser) call(name token) (Expr, error) {
	fn := strings.ToLower(name.text)
	p.next() // "("
	if err := p.enter(name.pos); err != nil {
		return Expr{}, err
	}
	defer p.leave()
	if isAggName(fn) {
		return p.aggregate(name, fn)
	}
	arity, ok := Funcs[fn]
	if !ok {
		known := append(append([]string(nil), Aggs...), sortedKeys(Funcs)...)
		err := p.errAt(name.pos, "unknown function %q: use one of %s", name.text, strings.Join(known, ", "))
		if near := schema.Nearest(fn, known, 2); len(near) > 0 {
			err.Suggestions = near
		}
		return Expr{}, err
	}
	var args []Expr
	if !isOp(p.peek(), ")") {
		for {
			a, err := p.expr()
			if err != nil {
				return Expr{}, err
			}
			args = append(args, a)
			if !isOp(p.peek(), ",") {
				break
			}
			p.next()
		}
	}
	if err := p.expectOp(")", "after the arguments of "+fn); err != nil {
		return Expr{}, err
	}
	if (arity >= 0 && len(args) != arity) || (arity < 0 && len(args) == 0) {
		want := strconv.Itoa(arity)
		if arity < 0 {
			want = "one or more"
		}
		return Expr{}, p.errAt(name.pos, "%s takes %s argument(s), got %d", fn, want, len(args))
	}
	return Expr{Func: fn, Args: args}, nil
}

func (p *measureParser) aggregate(name token, fn string) (Expr, error) {
	if p.inWhere {
		return Expr{}, p.errAt(name.pos, "%s is an aggregate and the where part filters single rows: move the condition into the aggregate, e.g. sum(…) where …", fn)
	}
	if p.inAgg {
		return Expr{}, p.errAt(name.pos, "aggregates cannot be nested: %s inside another aggregate", fn)
	}
	if fn == "count" && isOp(p.peek(), "*") {
		p.next()
		if err := p.expectOp(")", "after count(*"); err != nil {
			return Expr{}, err
		}
		return Expr{Agg: "count"}, nil
	}
	distinct := false
	if isKeyword(p.peek(), "distinct") {
		p.next()
		distinct = true
	}
	if isOp(p.peek(), ")") {
		return Expr{}, p.errAt(p.peek().pos, "expected the argument of %s, found \")\"", fn)
	}
	p.inAgg = true
	arg, err := p.expr()
	p.inAgg = false
	if err != nil {
		return Expr{}, err
	}
	if err := p.expectOp(")", "after the argument of "+fn); err != nil {
		return Expr{}, err
	}
	e := Expr{Agg: fn, Arg: &arg}
	switch {
	case fn == "count" && distinct:
		e.Agg = "count_distinct"
	case fn == "count_distinct":
	case distinct:
		e.Distinct = true
	}
	return e, nil
}

// column resolves table.column against the schema; first is the first
// identifier, already consumed.
func (p *measureParser) column(first token) (Expr, error) {
	parts := []token{first}
	for isOp(p.peek(), ".") {
		p.next()
		t := p.next()
		if t.kind != tokIdent && t.kind != tokQuoted {
			return Expr{}, p.errAt(t.pos, "expected a column name after \".\", found %s", t.describe())
		}
		parts = append(parts, t)
	}
	if len(parts) == 1 {
		return Expr{}, p.bareColumn(first)
	}
	names := make([]string, len(parts)-1)
	for i, t := range parts[:len(parts)-1] {
		names[i] = t.text
	}
	tname, cname := strings.Join(names, "."), parts[len(parts)-1].text
	tbl, ok := p.s.Table(tname)
	if !ok {
		err := p.errAt(first.pos, "unknown table %q", tname)
		if near := schema.Nearest(tname, p.s.TableNames(), 3); len(near) > 0 {
			err.Suggestions = near
		}
		return Expr{}, err
	}
	c, ok := tbl.Column(cname)
	if !ok {
		last := parts[len(parts)-1]
		err := p.errAt(last.pos, "table %s has no column %q", tbl.Name, cname)
		for _, n := range schema.Nearest(cname, tbl.ColumnNames(), 3) {
			err.Suggestions = append(err.Suggestions, tbl.Name+"."+n)
		}
		return Expr{}, err
	}
	return Col(tbl.Name + "." + c.Name), nil
}

// bareColumn explains that a column needs its table, naming the tables that
// have it: a measure is used in plans over several tables, where a bare name
// can be ambiguous.
func (p *measureParser) bareColumn(t token) error {
	var owners []string
	for i := range p.s.Tables {
		if c, ok := p.s.Tables[i].Column(t.text); ok {
			owners = append(owners, p.s.Tables[i].Name+"."+c.Name)
		}
	}
	if len(owners) > 0 {
		err := p.errAt(t.pos, "column %q needs its table: write table.column", t.text)
		err.Suggestions = owners
		return err
	}
	return p.errAt(t.pos, "expected a column as table.column, a number, a 'string' or an aggregate, found %s", t.describe())
}

// cond := and { "or" and }
func (p *measureParser) cond() (Cond, error) {
	if err := p.enter(p.peek().pos); err != nil {
		return Cond{}, err
	}
	defer p.leave()
	first, err := p.andCond()
	if err != nil {
		return Cond{}, err
	}
	parts := []Cond{first}
	for isKeyword(p.peek(), "or") {
		p.next()
		c, err := p.andCond()
		if err != nil {
			return Cond{}, err
		}
		parts = append(parts, c)
	}
	if len(parts) == 1 {
		return first, nil
	}
	return Cond{Or: parts}, nil
}

// and := not { "and" not }
func (p *measureParser) andCond() (Cond, error) {
	first, err := p.notCond()
	if err != nil {
		return Cond{}, err
	}
	parts := []Cond{first}
	for isKeyword(p.peek(), "and") {
		p.next()
		c, err := p.notCond()
		if err != nil {
			return Cond{}, err
		}
		parts = append(parts, c)
	}
	if len(parts) == 1 {
		return first, nil
	}
	return Cond{And: parts}, nil
}

// not := "not" not | "(" cond ")" | predicate. A "(" may open a grouped
// condition or an arithmetic operand ("(a + b) > 3"): the predicate reading
// is tried first and the grouped one after it, and when both fail the error
// that got further into the text is the one reported.
func (p *measureParser) notCond() (Cond, error) {
	t := p.peek()
	if err := p.enter(t.pos); err != nil {
		return Cond{}, err
	}
	defer p.leave()
	if isKeyword(t, "not") {
		p.next()
		c, err := p.notCond()
		if err != nil {
			return Cond{}, err
		}
		return Cond{Not: &c}, nil
	}
	if !isOp(t, "(") {
		return p.predicate()
	}
	start := p.i
	c, perr := p.predicate()
	if perr == nil {
		return c, nil
	}
	predEnd := p.i
	p.i = start + 1
	c, gerr := p.cond()
	if gerr == nil {
		gerr = p.expectOp(")", "to close the parenthesis")
	}
	if gerr == nil {
		return c, nil
	}
	if errPos(perr) > errPos(gerr) {
		p.i = predEnd
		return Cond{}, perr
	}
	return Cond{}, gerr
}

// errPos is the position a parse error points at, for choosing between the
// errors of two readings.
func errPos(err error) int {
	if me, ok := err.(*MeasureError); ok {
		return me.Pos
	}
	return 0
}

var compareOps = map[string]string{"=": "=", "!=": "!=", "<>": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}

func (p *measureParser) predicate() (Cond, error) {
	left, err := p.expr()
	if err != nil {
		return Cond{}, err
	}
	t := p.next()
	if t.kind == tokOp {
		if op, ok := compareOps[t.text]; ok {
			right, err := p.expr()
			if err != nil {
				return Cond{}, err
			}
			return Cond{Op: op, Left: &left, Right: &right}, nil
		}
	}
	negate := false
	if isKeyword(t, "not") {
		negate = true
		t = p.next()
	}
	switch {
	case isKeyword(t, "in"):
		return p.inList(left, negate)
	case isKeyword(t, "between"):
		low, err := p.expr()
		if err != nil {
			return Cond{}, err
		}
		if a := p.next(); !isKeyword(a, "and") {
			return Cond{}, p.errAt(a.pos, "expected \"and\" between the bounds of between, found %s", a.describe())
		}
		high, err := p.expr()
		if err != nil {
			return Cond{}, err
		}
		op := "between"
		if negate {
			op = "not_between"
		}
		return Cond{Op: op, Left: &left, Low: &low, High: &high}, nil
	case isKeyword(t, "like"):
		right, err := p.expr()
		if err != nil {
			return Cond{}, err
		}
		op := "like"
		if negate {
			op = "not_like"
		}
		return Cond{Op: op, Left: &left, Right: &right}, nil
	case isKeyword(t, "is") && !negate:
		op := "is_null"
		n := p.next()
		if isKeyword(n, "not") {
			op = "is_not_null"
			n = p.next()
		}
		if !isKeyword(n, "null") {
			return Cond{}, p.errAt(n.pos, "expected \"null\" after \"is\", found %s", n.describe())
		}
		return Cond{Op: op, Left: &left}, nil
	}
	if negate {
		return Cond{}, p.errAt(t.pos, "expected \"in\", \"between\" or \"like\" after \"not\", found %s", t.describe())
	}
	return Cond{}, p.errAt(t.pos, "expected a comparison (= != <> < <= > >=), in, between, like or is null, found %s", t.describe())
}

func (p *measureParser) inList(left Expr, negate bool) (Cond, error) {
	if err := p.expectOp("(", "to open the list after in"); err != nil {
		return Cond{}, err
	}
	var vals []Expr
	for {
		if isOp(p.peek(), ")") && len(vals) == 0 {
			return Cond{}, p.errAt(p.peek().pos, "expected at least one value in the in list, found \")\"")
		}
		v, err := p.expr()
		if err != nil {
			return Cond{}, err
		}
		vals = append(vals, v)
		t := p.next()
		if isOp(t, ")") {
			break
		}
		if !isOp(t, ",") {
			return Cond{}, p.errAt(t.pos, "expected \",\" or \")\" in the in list, found %s", t.describe())
		}
	}
	op := "in"
	if negate {
		op = "not_in"
	}
	return Cond{Op: op, Left: &left, Values: vals}, nil
}

// lex splits the definition into tokens. Positions count characters, not
// bytes, so they match what an editor shows.
func (p *measureParser) lex() ([]token, error) {
	var toks []token
	src := p.src
	pos := 1 // character position of src[i]
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRuneInString(src[i:])
		start := pos
		switch {
		case r == utf8.RuneError && size == 1:
			return nil, p.errAt(start, "the definition is not valid UTF-8")
		case unicode.IsSpace(r):
			i += size
			pos++
			continue
		case r == '_' || unicode.IsLetter(r):
			j, n := i, 0
			for j < len(src) {
				r2, s2 := utf8.DecodeRuneInString(src[j:])
				if r2 != '_' && !unicode.IsLetter(r2) && !unicode.IsDigit(r2) {
					break
				}
				j += s2
				n++
			}
			toks = append(toks, token{kind: tokIdent, text: src[i:j], pos: start})
			i, pos = j, pos+n
			continue
		case r >= '0' && r <= '9' || r == '.' && i+1 < len(src) && src[i+1] >= '0' && src[i+1] <= '9' && !afterName(toks):
			j := scanNumber(src, i)
			text := src[i:j]
			if f, err := strconv.ParseFloat(text, 64); err != nil || math.IsInf(f, 0) {
				return nil, p.errAt(start, "number %s is out of range", text)
			}
			toks = append(toks, token{kind: tokNumber, text: text, pos: start})
			pos += j - i
			i = j
			continue
		case r == '\'' || r == '"':
			text, n, ok := scanQuoted(src[i:], byte(r))
			if !ok {
				what := "string"
				if r == '"' {
					what = "quoted name"
				}
				return nil, p.errAt(start, "%s is not closed: add the closing %c", what, r)
			}
			kind := tokString
			if r == '"' {
				kind = tokQuoted
				if text == "" {
					return nil, p.errAt(start, "a quoted name cannot be empty")
				}
			}
			toks = append(toks, token{kind: kind, text: text, pos: start})
			pos += utf8.RuneCountInString(src[i : i+n])
			i += n
			continue
		}
		if op := opAt(src[i:]); op != "" {
			toks = append(toks, token{kind: tokOp, text: op, pos: start})
			i += len(op)
			pos += len(op)
			continue
		}
		return nil, p.errAt(start, "unexpected character %q", r)
	}
	return append(toks, token{kind: tokEOF, pos: pos}), nil
}

// afterName reports whether the last token is a name, so that ".5" after
// it is a qualifier dot and not a number (t.5 is never a number).
func afterName(toks []token) bool {
	if len(toks) == 0 {
		return false
	}
	k := toks[len(toks)-1].kind
	return k == tokIdent || k == tokQuoted
}

// scanNumber returns the end of the decimal number starting at i: digits,
// an optional fraction and an optional exponent.
func scanNumber(src string, i int) int {
	digits := func(j int) int {
		for j < len(src) && src[j] >= '0' && src[j] <= '9' {
			j++
		}
		return j
	}
	j := digits(i)
	if j < len(src) && src[j] == '.' {
		j = digits(j + 1)
	}
	if j < len(src) && (src[j] == 'e' || src[j] == 'E') {
		k := j + 1
		if k < len(src) && (src[k] == '+' || src[k] == '-') {
			k++
		}
		if e := digits(k); e > k {
			j = e
		}
	}
	return j
}

// scanQuoted reads a literal quoted with q where a doubled q stands for one,
// as in SQL. It returns the decoded text, the bytes consumed and whether the
// quote was closed.
func scanQuoted(s string, q byte) (string, int, bool) {
	var b strings.Builder
	for j := 1; j < len(s); j++ {
		if s[j] != q {
			b.WriteByte(s[j])
			continue
		}
		if j+1 < len(s) && s[j+1] == q {
			b.WriteByte(q)
			j++
			continue
		}
		return b.String(), j + 1, true
	}
	return "", len(s), false
}

var measureOps = []string{"<=", ">=", "<>", "!=", "=", "<", ">", "+", "-", "*", "/", "(", ")", ",", "."}

func opAt(s string) string {
	for _, op := range measureOps {
		if strings.HasPrefix(s, op) {
			return op
		}
	}
	return ""
}
