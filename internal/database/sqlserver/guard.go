package sqlserver

import (
	"context"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"querent/internal/database"
	"querent/internal/guard"
	"querent/internal/schema"
)

// Statement is a query Check accepted.
type Statement struct {
	// SQL is the statement as it is sent to the server: the input without
	// surrounding whitespace, comments and semicolons.
	SQL string
	// Tables are the tables and views named in FROM, JOIN and APPLY
	// clauses, in order of first appearance, without duplicates, and
	// without the query's own common table expressions.
	Tables []TableRef
}

// TableRef is a table or view as a query names it, brackets removed.
type TableRef struct {
	// Schema is empty when the name is unqualified.
	Schema string
	Name   string
}

// String returns the reference as schema.name, or name alone.
func (r TableRef) String() string {
	if r.Schema == "" {
		return r.Name
	}
	return r.Schema + "." + r.Name
}

// Check is the SQL Server guard: it accepts exactly one SELECT statement
// (with optional leading common table expressions, set operations and
// parentheses) that reads only tables and views through allowed built-in
// functions, and returns it with the tables it names. It needs no server;
// [DB.Guard] adds the check that every table exists.
//
// There is no T-SQL parser for Go, so Check works on tokens, in three
// layers that must all agree:
//
//   - a T-SQL lexer (strings, N'…' strings, [names]] with escapes], nested
//     comments) that refuses whatever it cannot read exactly as SQL Server
//     does;
//   - guard.Check, the engine-independent first check, run on the text with
//     the contents of [bracketed names] blanked out, since it does not know
//     the ]] escape and refuses quotes inside brackets, which compiled SQL
//     uses for odd column names;
//   - the T-SQL rules below.
//
// The rules: statement and locking keywords are refused wherever they
// appear as words, because T-SQL runs "SELECT 1 DROP TABLE t" as two
// statements without any ';'. The only words that may begin a statement
// and also appear inside one — SELECT, WITH and '(' — are accepted only
// where they continue the statement: SELECT after a set operator or as an
// operand, WITH only first (common table expressions) or as a table hint,
// WITH TIES, ROLLUP or CUBE. Function calls must name allowed built-ins;
// schema-qualified calls (user-defined functions, methods) are refused.
// Tables may be named with one or two parts; three-part names (another
// database), four-part names (a linked server), system catalog views,
// temporary tables and table variables are refused. Variable assignment,
// SELECT … INTO, locking hints, cursors, EXEC, sp_executesql and xp_ or
// sp_ procedures, OPENROWSET, OPENDATASOURCE, OPENQUERY and OPENXML are
// refused; OPENJSON, FOR XML and FOR JSON are allowed.
//
// Refusals are *database.Error values with CodeForbidden, or CodeSyntax
// for text that does not lex (an open string or comment, unbalanced
// parentheses); each message names what was refused and where.
func Check(sql string) (*Statement, error) {
	if len(sql) > guard.MaxLength {
		return nil, database.Forbidden("the statement is %d bytes, over the %d-byte limit: shorten it or split the question", len(sql), guard.MaxLength)
	}
	if !utf8.ValidString(sql) {
		return nil, database.Forbidden("the statement is not valid UTF-8 text")
	}
	if i := strings.IndexByte(sql, 0); i >= 0 {
		return nil, database.Forbidden("the statement contains a NUL byte at byte %d: SQL Server tools stop reading there, so what follows would be unchecked", i)
	}
	toks, err := lex(sql)
	if err != nil {
		return nil, err
	}
	if _, err := guard.Check(blankBrackets(sql, toks)); err != nil {
		return nil, err
	}
	// Semicolons around the statement are no statement: T-SQL code often
	// starts with ";WITH" so that a CTE cannot continue what came before.
	for len(toks) > 0 && toks[len(toks)-1].kind == tokOp && toks[len(toks)-1].text == ";" {
		toks = toks[:len(toks)-1]
	}
	for len(toks) > 0 && toks[0].kind == tokOp && toks[0].text == ";" {
		toks = toks[1:]
	}
	if len(toks) == 0 {
		return nil, syntaxError("no SQL statement: the text is empty or holds only comments")
	}
	c := &checker{src: sql, toks: toks, headerEnd: -1}
	if err := c.run(); err != nil {
		return nil, err
	}
	return &Statement{SQL: sql[toks[0].start:toks[len(toks)-1].end], Tables: c.tables}, nil
}

// blankBrackets returns sql with the contents of every [bracketed name]
// replaced by 'x', keeping every byte offset.
func blankBrackets(sql string, toks []token) string {
	var b []byte
	for _, t := range toks {
		if t.kind != tokQuoted || sql[t.start] != '[' {
			continue
		}
		if b == nil {
			b = []byte(sql)
		}
		for j := t.start + 1; j < t.end-1; j++ {
			b[j] = 'x'
		}
	}
	if b == nil {
		return sql
	}
	return string(b)
}

// checker applies the T-SQL rules to the tokens of one statement.
type checker struct {
	src  string
	toks []token
	// match pairs each parenthesis with its partner; depth is the nesting
	// of each token, a '(' and its ')' counting as outside.
	match []int
	depth []int
	// ctes holds the upper-cased names of the WITH clause's common table
	// expressions; headerEnd is the index of the SELECT after them.
	ctes      map[string]bool
	headerEnd int
	// names marks tokens that name a CTE or its columns, which '(' may
	// follow without a call.
	names map[int]bool

	tables []TableRef
	seen   map[TableRef]bool
}

func (c *checker) word(i int, words ...string) bool {
	if i < 0 || i >= len(c.toks) || c.toks[i].kind != tokWord {
		return false
	}
	for _, w := range words {
		if c.toks[i].text == w {
			return true
		}
	}
	return false
}

func (c *checker) op(i int, op string) bool {
	return i >= 0 && i < len(c.toks) && c.toks[i].kind == tokOp && c.toks[i].text == op
}

// spelling returns token i as written for a word, unescaped for a quoted
// name.
func (c *checker) spelling(i int) string {
	t := c.toks[i]
	if t.kind == tokWord {
		return c.src[t.start:t.end]
	}
	return t.text
}

func (c *checker) isName(i int) bool {
	return i >= 0 && i < len(c.toks) && (c.toks[i].kind == tokWord || c.toks[i].kind == tokQuoted)
}

// at describes token i for a message: its text, clipped, and its offset.
func (c *checker) at(i int) string {
	t := c.toks[i]
	return quoteClip(c.src[t.start:t.end]) + " at byte " + strconv.Itoa(t.start)
}

func (c *checker) run() error {
	if err := c.pairParens(); err != nil {
		return err
	}
	first := 0
	for c.op(first, "(") {
		first++
	}
	switch {
	case c.word(first, "SELECT"):
	case first == 0 && c.word(0, "WITH"):
		if err := c.header(); err != nil {
			return err
		}
	default:
		return database.Forbidden("the statement starts with %s: only a SELECT query (optionally WITH common table expressions first) is allowed", c.at(first))
	}
	return c.walk()
}

// pairParens fills match and depth, refusing unbalanced parentheses.
func (c *checker) pairParens() error {
	c.match = make([]int, len(c.toks))
	c.depth = make([]int, len(c.toks))
	var open []int
	for i, t := range c.toks {
		c.match[i] = -1
		c.depth[i] = len(open)
		if t.kind != tokOp {
			continue
		}
		switch t.text {
		case "(":
			open = append(open, i)
		case ")":
			if len(open) == 0 {
				return syntaxError("the ')' at byte %d closes nothing: check the parentheses", t.start)
			}
			o := open[len(open)-1]
			open = open[:len(open)-1]
			c.match[o], c.match[i] = i, o
			c.depth[i] = len(open)
		}
	}
	if len(open) > 0 {
		return syntaxError("the '(' at byte %d is never closed: check the parentheses", c.toks[open[len(open)-1]].start)
	}
	return nil
}

// header reads the common table expressions after a leading WITH:
// name [(columns)] AS (query) [, …] followed by SELECT.
func (c *checker) header() error {
	c.ctes, c.names = map[string]bool{}, map[int]bool{}
	i := 1
	for {
		if !c.isName(i) || (c.toks[i].kind == tokWord && deniedWords[c.toks[i].text] != "") {
			if i < len(c.toks) && c.word(i, "XMLNAMESPACES") {
				return database.Forbidden("WITH XMLNAMESPACES at byte %d is not supported: declare no namespaces, or use FOR XML without them", c.toks[i].start)
			}
			return c.headerError(i)
		}
		c.ctes[strings.ToUpper(c.toks[i].text)] = true
		c.names[i] = true
		i++
		if c.op(i, "(") {
			i = c.match[i] + 1
		}
		if !c.word(i, "AS") || !c.op(i+1, "(") {
			return c.headerError(i)
		}
		i = c.match[i+1] + 1
		if c.op(i, ",") {
			i++
			continue
		}
		if !c.word(i, "SELECT") {
			if i < len(c.toks) {
				return database.Forbidden("the common table expressions are followed by %s: only a SELECT may follow them", c.at(i))
			}
			return c.headerError(i)
		}
		c.headerEnd = i
		return nil
	}
}

func (c *checker) headerError(i int) error {
	where := "the end of the statement"
	if i < len(c.toks) {
		where = c.at(i)
	}
	return syntaxError("WITH must introduce common table expressions (WITH name AS (SELECT …) SELECT …); found %s", where)
}

// walk applies the rules token by token.
func (c *checker) walk() error {
	var (
		open      []int           // indexes of the open '(' around the current token
		inFrom    = []bool{false} // whether each depth is inside a FROM clause
		tablePos  = -1            // index of a token where a table source starts
		caseDepth = 0
		format    = false // after FOR XML or FOR JSON
	)
	innermost := func() int {
		if len(open) == 0 {
			return -1
		}
		return open[len(open)-1]
	}
	for i := 0; i < len(c.toks); i++ {
		t := c.toks[i]
		d := c.depth[i]
		for len(inFrom) <= d+1 {
			inFrom = append(inFrom, false)
		}
		if i == tablePos {
			if err := c.tableSource(i, inFrom, &tablePos); err != nil {
				return err
			}
		}
		switch t.kind {
		case tokWord:
			if why := deniedWords[t.text]; why != "" {
				return database.Forbidden("the keyword %s at byte %d is not allowed in a read-only query (it %s); if it is a column or table name, write it in brackets: [%s]", t.text, t.start, why, c.src[t.start:t.end])
			}
			if err := c.procName(i); err != nil {
				return err
			}
			switch t.text {
			case "SELECT":
				if err := c.selectContinues(i); err != nil {
					return err
				}
				inFrom[d] = false
			case "WITH":
				next, err := c.with(i)
				if err != nil {
					return err
				}
				i = next
				continue
			case "FROM":
				// FOR SYSTEM_TIME FROM x TO y and TRIM(x FROM y) are not
				// FROM clauses.
				if !c.word(i-1, "SYSTEM_TIME") && !c.word(innermost()-1, "TRIM") {
					inFrom[d] = true
					tablePos = i + 1
				}
			case "JOIN", "APPLY":
				tablePos = i + 1
			case "FETCH":
				if !c.word(i-1, "ROW", "ROWS") || !c.word(i+1, "NEXT", "FIRST") {
					return database.Forbidden("FETCH at byte %d reads a cursor: only OFFSET … ROWS FETCH NEXT … ROWS ONLY is allowed", t.start)
				}
			case "NEXT":
				if c.word(i+1, "VALUE") {
					return database.Forbidden("NEXT VALUE FOR at byte %d advances a sequence, which is a write", t.start)
				}
			case "CASE":
				caseDepth++
			case "END":
				if caseDepth == 0 {
					return database.Forbidden("END at byte %d closes no CASE: it would end a block or a conversation, which are separate statements", t.start)
				}
				caseDepth--
			case "WHEN", "THEN", "ELSE":
				if caseDepth == 0 {
					return database.Forbidden("%s at byte %d is outside any CASE expression: IF … ELSE and MERGE … WHEN are not queries", t.text, t.start)
				}
			case "VALUES":
				if !c.op(i-1, "(") {
					return database.Forbidden("VALUES at byte %d is only allowed as a derived table: FROM (VALUES (…), (…)) AS v(col, …)", t.start)
				}
			case "FOR":
				switch {
				case c.word(i+1, "XML", "JSON"):
					format = true
					inFrom[d] = false
				case c.word(i+1, "SYSTEM_TIME"):
				case c.word(innermost()-1, "PIVOT", "UNPIVOT"):
				default:
					return database.Forbidden("FOR at byte %d is only allowed as FOR XML, FOR JSON, FOR SYSTEM_TIME or inside PIVOT", t.start)
				}
			case "OPTION":
				return c.option(i)
			}
			if clauseEnds[t.text] {
				inFrom[d] = false
			}
			if c.op(i+1, "(") {
				if err := c.call(i, i == tablePos, format); err != nil {
					return err
				}
			}
		case tokQuoted:
			if err := c.procName(i); err != nil {
				return err
			}
			if c.op(i+1, "(") && !c.names[i] && !c.word(i-1, "AS") && !c.op(i-1, ")") {
				return database.Forbidden("the quoted name %s is followed by '(': that calls a user-defined function or procedure, which is not allowed", c.at(i))
			}
		case tokVar:
			if c.op(i+1, "=") && !c.assignmentSafe(i-1) {
				return database.Forbidden("%s = … at byte %d assigns to a variable (SELECT @x = …); select the value with an alias instead: SELECT … AS name", t.text, t.start)
			}
			if c.op(i+1, ".") {
				return database.Forbidden("%s. at byte %d calls a method on a variable, which is not allowed", t.text, t.start)
			}
		case tokSysVar:
			if !systemVariables[t.text] {
				return database.Forbidden("%s at byte %d reports server or session state; only @@DATEFIRST, @@LANGUAGE and @@LANGID may be read", t.text, t.start)
			}
		case tokOp:
			switch t.text {
			case ";":
				return database.Forbidden("more than one statement: a ';' at byte %d is followed by more SQL; send a single SELECT", t.start)
			case "(":
				open = append(open, i)
			case ")":
				inFrom[d+1] = false
				open = open[:len(open)-1]
			case ".":
				if err := c.dot(i); err != nil {
					return err
				}
			}
		}
		if c.isName(i) && !c.op(i-1, ".") {
			if err := c.nameParts(i); err != nil {
				return err
			}
		}
		if t.kind == tokOp && t.text == "," && inFrom[d] {
			tablePos = i + 1
		}
	}
	return nil
}

// selectContinues refuses a SELECT that would start a second statement.
func (c *checker) selectContinues(i int) error {
	p := i - 1
	switch {
	case p < 0:
		return nil
	case c.word(p, "UNION", "INTERSECT", "EXCEPT"):
		return nil
	case c.word(p, "ALL") && c.word(p-1, "UNION"):
		return nil
	case c.op(p, ")") && i == c.headerEnd:
		return nil
	case c.op(p, "("):
		// Only the outermost of a run of '(' at the top level can begin a
		// statement; inside parentheses no statement can start.
		q := p
		for c.op(q-1, "(") {
			q--
		}
		if c.depth[q] > 0 || q == 0 || c.opens(q-1) {
			return nil
		}
		if c.toks[q-1].kind == tokWord && allowedFunctions[c.toks[q-1].text] && (q-2 < 0 || (c.opens(q-2) && !c.word(q-2, "AS"))) {
			return nil // an argument: COALESCE((SELECT …), 0)
		}
		return database.Forbidden("the parenthesised SELECT at byte %d follows %s: T-SQL would run it as a second statement (statements need no ';'); send a single SELECT", c.toks[i].start, c.at(q-1))
	}
	return database.Forbidden("the SELECT at byte %d follows %s: T-SQL would run it as a second statement (statements need no ';'); send a single SELECT", c.toks[i].start, c.at(p))
}

// opens reports whether token i is one after which a subquery continues
// the statement.
func (c *checker) opens(i int) bool {
	t := c.toks[i]
	return (t.kind == tokOp || t.kind == tokWord) && subqueryOpeners[t.text]
}

// assignmentSafe reports whether "@p = …" after token p is a comparison.
func (c *checker) assignmentSafe(p int) bool {
	if p < 0 {
		return false
	}
	t := c.toks[p]
	return (t.kind == tokOp || t.kind == tokWord) && assignmentOK[t.text]
}

// with checks a WITH after the first token: a table hint WITH (…), the
// schema of OPENJSON(…) WITH (…), or WITH TIES, ROLLUP or CUBE. It returns
// the index of the last token it consumed.
func (c *checker) with(i int) (int, error) {
	if i == 0 {
		return i, nil // the common table expressions, read by header
	}
	switch {
	case c.word(i+1, "TIES", "ROLLUP", "CUBE"):
		return i, nil
	case c.op(i+1, "("):
		if c.op(i-1, ")") && c.word(c.match[i-1]-1, "OPENJSON") {
			return i, nil // OPENJSON(…) WITH (column type 'path', …)
		}
		end := c.match[i+1]
		for k := i + 2; k < end; k++ {
			t := c.toks[k]
			if t.kind == tokOp && t.text == "," {
				continue
			}
			if t.kind == tokWord && tableHints[t.text] {
				continue
			}
			return 0, database.Forbidden("the table hint %s is not allowed: only NOLOCK, READUNCOMMITTED, READCOMMITTED, NOWAIT, NOEXPAND, FORCESCAN and FORCESEEK may be given, since the others take or hold locks", c.at(k))
		}
		return end, nil
	}
	return 0, database.Forbidden("WITH at byte %d starts common table expressions after a complete query: T-SQL would run them as a second statement; put all common table expressions first", c.toks[i].start)
}

// option checks OPTION (…), which must end the statement.
func (c *checker) option(i int) error {
	if c.depth[i] != 0 || !c.op(i+1, "(") {
		return database.Forbidden("OPTION at byte %d must end the statement as OPTION (hint, …)", c.toks[i].start)
	}
	end := c.match[i+1]
	for k := i + 2; k < end; k++ {
		t := c.toks[k]
		if t.kind == tokNumber || (t.kind == tokOp && t.text == ",") || (t.kind == tokWord && queryHintWords[t.text]) {
			continue
		}
		return database.Forbidden("the query hint %s is not allowed: OPTION may hold MAXDOP n, MAXRECURSION n, RECOMPILE, FAST n, FORCE ORDER, HASH or ORDER GROUP, CONCAT or HASH UNION, LOOP or HASH JOIN, OPTIMIZE FOR UNKNOWN, KEEP PLAN, KEEPFIXED PLAN, EXPAND VIEWS, ROBUST PLAN and NO_PERFORMANCE_SPOOL", c.at(k))
	}
	if end != len(c.toks)-1 {
		return database.Forbidden("%s follows OPTION (…), which must end the statement", c.at(end+1))
	}
	return nil
}

// call checks the word at i, which '(' follows.
func (c *checker) call(i int, inFrom, format bool) error {
	w, spelt := c.toks[i].text, c.spelling(i)
	switch {
	case notCalls[w], c.names[i]:
		return nil
	case c.word(i-1, "AS") || c.op(i-1, ")"):
		return nil // column names of an alias: AS v(a, b), (VALUES …) v(a)
	case c.op(i-1, "."):
		return nil // nameParts refuses qualified calls
	case inFrom:
		if tableFunctions[w] {
			return nil
		}
		return database.Forbidden("%s(…) at byte %d in FROM would call a table-valued function (perhaps a user-defined one); only OPENJSON, STRING_SPLIT and GENERATE_SERIES are allowed, and table hints need WITH: t WITH (NOLOCK)", spelt, c.toks[i].start)
	case format && formatCalls[w], allowedFunctions[w]:
		return nil
	case tableFunctions[w]:
		return database.Forbidden("%s(…) at byte %d is a table-valued function: use it in FROM or APPLY", spelt, c.toks[i].start)
	}
	return database.Forbidden("%s() at byte %d is not an allowed built-in function; querent allows aggregate, window, math, string, date, conversion, logical and JSON built-ins", spelt, c.toks[i].start)
}

// procName refuses names of system procedures: xp_ (extended procedures
// such as xp_cmdshell) and sp_ (system procedures such as sp_executesql).
func (c *checker) procName(i int) error {
	n := strings.ToLower(c.toks[i].text)
	if strings.HasPrefix(n, "xp_") || strings.HasPrefix(n, "sp_") {
		return database.Forbidden("%s names a system or extended stored procedure (sp_…, xp_…); procedures are never run", c.at(i))
	}
	return nil
}

// dot checks that '.' joins parts of a name: a name before it, and a name
// or '*' after it. Anything else is a method call on a value (x.value(…))
// or an omitted part (db..table).
func (c *checker) dot(i int) error {
	if !c.isName(i - 1) {
		return database.Forbidden("'.' at byte %d does not follow a name: methods on values and variables are not allowed", c.toks[i].start)
	}
	if c.op(i+1, ".") {
		return database.Forbidden("'..' at byte %d omits a part of a name (db..table reaches another database's default schema); name tables as table or schema.table", c.toks[i].start)
	}
	if !c.isName(i+1) && !c.op(i+1, "*") {
		return database.Forbidden("'.' at byte %d must be followed by a name or *", c.toks[i].start)
	}
	return nil
}

// nameParts checks the dotted name starting at i: at most three parts
// (schema.table.column), and no call through a qualified name.
func (c *checker) nameParts(i int) error {
	parts, j := 1, i
	for c.op(j+1, ".") && c.isName(j+2) {
		parts++
		j += 2
	}
	if parts >= 4 {
		return database.Forbidden("the %d-part name at byte %d reaches another server (server.database.schema.object); name tables as table or schema.table", parts, c.toks[i].start)
	}
	if parts >= 2 && c.op(j+1, "(") {
		return database.Forbidden("%s(…) at byte %d calls a schema-qualified function or a method (a user-defined function, a CLR method or a system function); only built-in functions are allowed", c.src[c.toks[i].start:c.toks[j].end], c.toks[i].start)
	}
	return nil
}

// tableSource checks the table source starting at token i (after FROM,
// JOIN, APPLY or a comma in a FROM clause) and records a named table.
func (c *checker) tableSource(i int, inFrom []bool, tablePos *int) error {
	t := c.toks[i]
	switch t.kind {
	case tokVar:
		return database.Forbidden("the table variable %s at byte %d is not allowed: querent reads only the database's tables and views", t.text, t.start)
	case tokOp:
		if t.text == "(" && !c.word(i+1, "SELECT", "WITH", "VALUES") && !c.op(i+1, "(") {
			// (a JOIN b ON …): the first token inside is a table too.
			inFrom[c.depth[i]+1] = true
			*tablePos = i + 1
		} else if t.text == "(" && c.op(i+1, "(") {
			inFrom[c.depth[i]+1] = true
			*tablePos = i + 1
		}
		return nil
	case tokWord, tokQuoted:
	default:
		return nil
	}
	if t.kind == tokWord && (notCalls[t.text] || deniedWords[t.text] != "") {
		return nil // LATERAL-style keywords are handled by their own rules
	}
	var parts []string
	j := i
	for {
		parts = append(parts, c.spelling(j))
		if !c.op(j+1, ".") || !c.isName(j+2) {
			break
		}
		j += 2
	}
	if c.op(j+1, "(") {
		return nil // a table-valued function: call() and nameParts decide
	}
	if len(parts) == 3 {
		return database.Forbidden("the three-part name %s at byte %d reads another database; name tables as table or schema.table", c.src[t.start:c.toks[j].end], t.start)
	}
	if len(parts) > 3 {
		return nil // nameParts refuses it
	}
	ref := TableRef{Name: parts[len(parts)-1]}
	if len(parts) == 2 {
		ref.Schema = parts[0]
		if systemSchemas[strings.ToUpper(ref.Schema)] {
			return database.Forbidden("%s at byte %d is a system catalog view; querent answers from the database's own tables and views", ref, t.start)
		}
	} else if c.ctes[strings.ToUpper(ref.Name)] {
		return nil
	}
	if c.seen == nil {
		c.seen = map[TableRef]bool{}
	}
	key := TableRef{Schema: strings.ToUpper(ref.Schema), Name: strings.ToUpper(ref.Name)}
	if !c.seen[key] {
		c.seen[key] = true
		c.tables = append(c.tables, ref)
	}
	return nil
}

// Resolve maps the tables a statement names to the tables of s, as
// [schema.Table.Name] spells them, sorted and without duplicates. An
// unqualified name is looked up in dbo, the default schema querent's login
// is documented to have; matching ignores letter case, as SQL Server's
// default collations do. A name s lacks is a *database.Error with
// CodeNoTable and the name.
func Resolve(s *schema.Schema, refs []TableRef) ([]string, error) {
	out := make([]string, 0, len(refs))
	seen := map[string]bool{}
	for _, ref := range refs {
		t, err := lookup(s, ref)
		if err != nil {
			return nil, err
		}
		if !seen[t.Name] {
			seen[t.Name] = true
			out = append(out, t.Name)
		}
	}
	sort.Strings(out)
	return out, nil
}

// defaultSchema is the schema unqualified names resolve to.
const defaultSchema = "dbo"

func lookup(s *schema.Schema, ref TableRef) (*schema.Table, error) {
	ns := ref.Schema
	if ns == "" {
		ns = defaultSchema
	}
	var elsewhere []string
	for i := range s.Tables {
		t := &s.Tables[i]
		if !strings.EqualFold(t.Ident, ref.Name) {
			continue
		}
		tns := t.Namespace
		if tns == "" {
			tns = defaultSchema
		}
		if strings.EqualFold(tns, ns) {
			return t, nil
		}
		elsewhere = append(elsewhere, t.Name)
	}
	msg := "no table or view named " + ref.String()
	if ref.Schema == "" {
		msg += " in the default schema dbo"
	}
	if len(elsewhere) > 0 {
		msg += "; did you mean " + strings.Join(elsewhere, " or ") + "?"
	}
	return nil, &database.Error{Code: database.CodeNoTable, Message: msg, Name: ref.String()}
}

// Guard checks sql with [Check] and resolves the tables it names against
// the database's tables and views, which it reads once and again whenever a
// name is missing (a table created since). It returns their names as
// [DB.Introspect] spells them. A name that is neither a table, a view nor
// one of the query's common table expressions is a *database.Error with
// CodeNoTable.
func (d *DB) Guard(ctx context.Context, sql string) ([]string, error) {
	_, tables, err := d.guard(ctx, sql)
	return tables, err
}

// guard is Guard returning the checked statement as well.
func (d *DB) guard(ctx context.Context, sql string) (*Statement, []string, error) {
	st, err := Check(sql)
	if err != nil {
		return nil, nil, err
	}
	if len(st.Tables) == 0 {
		return st, []string{}, nil
	}
	s := d.catalog()
	if s != nil {
		if tables, err := Resolve(s, st.Tables); err == nil {
			return st, tables, nil
		}
	}
	s, err = d.loadCatalog(ctx)
	if err != nil {
		return nil, nil, err
	}
	tables, err := Resolve(s, st.Tables)
	if err != nil {
		return nil, nil, err
	}
	return st, tables, nil
}

// quoteClip quotes text for a message, shortened.
func quoteClip(s string) string {
	const max = 40
	if len(s) > max {
		cut := max
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return "'" + s + "'"
}
