package mysql

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/pingcap/tidb/pkg/parser"
	"github.com/pingcap/tidb/pkg/parser/ast"
	pmysql "github.com/pingcap/tidb/pkg/parser/mysql"
	// The parser needs a driver for literal values; the test driver is the
	// small one meant for programs that parse without executing.
	_ "github.com/pingcap/tidb/pkg/parser/test_driver"

	"querent/internal/database"
	"querent/internal/guard"
)

// Guard checks that sql is one read-only statement under the policy in the
// package comment and returns the tables and views it reads, sorted, as the
// server spells them. CTE names are not tables and are left out; a view is
// listed itself (not the tables behind it). A table of another database is
// named "db.table" and must be known like any other, which in practice
// means refused, since Introspect reads only the connected database. A
// name that is not a known table or view is an *database.Error with
// CodeNoTable and Name set to the name as written; every refusal is
// CodeForbidden (or CodeSyntax when the statement does not parse).
func (d *DB) Guard(ctx context.Context, sql string) ([]string, error) {
	_, refs, err := d.check(sql)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var tables []string
	for _, r := range refs {
		name, err := d.resolve(ctx, r)
		if err != nil {
			return nil, err
		}
		if !seen[name] {
			seen[name] = true
			tables = append(tables, name)
		}
	}
	sort.Strings(tables)
	return tables, nil
}

// resolve finds the table or view a reference names, reloading the cached
// names once on a miss (the table may be new). On a server that compares
// names case-sensitively, a name that differs only in letter case is not
// found, and the message offers the right spelling.
func (d *DB) resolve(ctx context.Context, name string) (string, error) {
	var near string
	for reload := range 2 {
		d.mu.Lock()
		objects := d.objects
		d.mu.Unlock()
		if objects == nil || reload == 1 {
			loaded, err := d.loadObjects(ctx)
			if err != nil {
				return "", err
			}
			d.mu.Lock()
			d.objects = loaded
			d.mu.Unlock()
			objects = loaded
		}
		if objects[name] {
			return name, nil
		}
		for o := range objects {
			if strings.EqualFold(o, name) {
				if d.srv.foldCase {
					return o, nil
				}
				near = o
			}
		}
	}
	msg := fmt.Sprintf("no table or view named %s in database %s", name, d.srv.database)
	if near != "" {
		msg += fmt.Sprintf("; did you mean %s? (this server compares table names case-sensitively)", near)
	}
	return "", &database.Error{Code: database.CodeNoTable, Name: name, Message: msg}
}

// listObjects reads the names of the connected database's tables and views.
func (d *DB) listObjects(ctx context.Context) (map[string]bool, error) {
	names := map[string]bool{}
	err := d.run(ctx, 0, func(qctx context.Context, c *conn) error {
		return c.each(qctx, "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE <> 'SEQUENCE'",
			func(row []any) error {
				names[text(row[0])] = true
				return nil
			})
	})
	if err != nil {
		return nil, d.queryError(ctx, "", err)
	}
	return names, nil
}

// check applies the whole policy that needs no server: guard.Check, then
// the parser. It returns the statement as guard.Check trimmed it and the
// names of the tables it reads (CTEs resolved away, the connected
// database's qualifier dropped).
func (d *DB) check(sql string) (string, []string, error) {
	stmt, err := guard.Check(sql)
	if err != nil {
		return "", nil, err
	}
	// Optimizer hints can override the statement timeout
	// (MAX_EXECUTION_TIME) and session variables (SET_VAR). Refused as
	// text, inside string literals too, so no reading of where a hint may
	// stand can differ from the server's.
	if i := strings.Index(stmt, "/*+"); i >= 0 {
		return "", nil, database.Forbidden("an optimizer hint /*+ … */ was found at byte %d: hints can lift the time limit and change session settings; remove it (write the characters differently if they are inside a string)", i)
	}
	// The TiDB lexer reads a trailing "@@" as the end of input, where the
	// server sees a syntax error; refuse it so the two never disagree on
	// what the statement holds.
	if strings.HasSuffix(stmt, "@") {
		return "", nil, &database.Error{Code: database.CodeSyntax, Message: "the statement ends with '@', which is not SQL"}
	}
	// The parser goes back to the pool only after the walk: the statement
	// list it returned is its own buffer, reused by its next parse.
	p := parsers.Get().(*parser.Parser)
	defer parsers.Put(p)
	node, err := d.parse(p, stmt)
	if err != nil {
		return "", nil, err
	}
	w := &walker{srv: &d.srv, pending: map[*ast.SubqueryExpr]cteScope{}}
	node.Accept(w)
	if w.err != nil {
		return "", nil, w.err
	}
	return stmt, w.tables, nil
}

// parsers reuses TiDB parsers, which are costly to build and not safe for
// concurrent use.
var parsers = sync.Pool{New: func() any { return parser.New() }}

// parse parses stmt with p under the server's sql_mode and returns its
// only statement, which must be a query.
func (d *DB) parse(p *parser.Parser, stmt string) (ast.StmtNode, error) {
	p.SetSQLMode(parserMode(d.srv.sqlMode))
	stmts, _, err := p.ParseSQL(stmt)
	if err != nil {
		return nil, &database.Error{Code: database.CodeSyntax, Err: err,
			Message: "MySQL syntax error: " + clip(err.Error(), 200) + " (querent checks statements with a MySQL parser that does not know every MariaDB-only form: use standard MySQL syntax)"}
	}
	if len(stmts) != 1 {
		return nil, database.Forbidden("the MySQL parser found %d statements: send a single SELECT", len(stmts))
	}
	switch s := stmts[0].(type) {
	case *ast.SelectStmt, *ast.SetOprStmt:
		return s, nil
	default:
		return nil, database.Forbidden("%s statements are not allowed: only SELECT, UNION/INTERSECT/EXCEPT, TABLE and VALUES queries are", statementName(s))
	}
}

// parserMode turns an sql_mode into the parser's flags. Modes the parser
// does not know (MariaDB's own, such as SIMULTANEOUS_ASSIGNMENT) change
// nothing about how text is tokenised, so they are skipped.
func parserMode(mode string) pmysql.SQLMode {
	var m pmysql.SQLMode
	for _, name := range strings.Split(mode, ",") {
		if v, ok := pmysql.Str2SQLMode[name]; ok {
			m |= v
		}
	}
	return m
}

// statementName names a statement type for a refusal: *ast.DoStmt → "DO".
func statementName(n ast.Node) string {
	name := strings.TrimPrefix(fmt.Sprintf("%T", n), "*ast.")
	name = strings.TrimSuffix(name, "Stmt")
	switch name {
	case "Insert":
		if s, ok := n.(*ast.InsertStmt); ok && s.IsReplace {
			return "REPLACE"
		}
	case "Explain", "ExplainFor":
		return "EXPLAIN"
	case "LoadData":
		return "LOAD DATA"
	}
	return strings.ToUpper(name)
}

// systemSchemas are the server's own databases, refused with a reason.
var systemSchemas = map[string]string{
	"mysql":              "holds accounts and password hashes",
	"performance_schema": "exposes other sessions' statements and server internals",
	"sys":                "exposes other sessions' statements and server internals",
	"information_schema": "describes every database this account can see; querent introspects the schema itself",
}

// cteScope is the set of CTE names visible at a point of the statement,
// lower-cased (MariaDB compares CTE names case-insensitively).
type cteScope map[string]bool

// walker visits a parsed statement, refusing what the policy forbids and
// collecting the tables it reads.
type walker struct {
	srv *server
	err error
	// scopes is the stack of visible CTE names; pushed records which node
	// pushed each entry, so Leave pops it.
	scopes []cteScope
	pushed []ast.Node
	// pending holds the scope of each CTE body, computed when its WITH
	// clause is entered: a non-recursive CTE sees only the CTEs before it.
	pending map[*ast.SubqueryExpr]cteScope
	tables  []string
}

func (w *walker) fail(format string, args ...any) {
	if w.err == nil {
		w.err = database.Forbidden(format, args...)
	}
}

// Enter checks one node. Node types not listed are refused, so a construct
// this guard has not considered is never let through by default.
func (w *walker) Enter(n ast.Node) (ast.Node, bool) {
	if w.err != nil {
		return n, true
	}
	switch n := n.(type) {
	case *ast.SelectStmt:
		w.selectStmt(n)
		w.with(n, n.With)
	case *ast.SetOprStmt:
		w.with(n, n.With)
	case *ast.SetOprSelectList:
		w.with(n, n.With)
	case *ast.SubqueryExpr:
		if s, ok := w.pending[n]; ok {
			w.push(n, s)
		}
	case *ast.TableName:
		w.tableName(n)
	case *ast.FuncCallExpr:
		w.function(n)
	case *ast.AggregateFuncExpr:
		if !aggregates[strings.ToLower(n.F)] {
			w.fail("the aggregate %s() is not allowed: use COUNT, SUM, AVG, MIN, MAX, GROUP_CONCAT, STDDEV or VARIANCE", strings.ToUpper(n.F))
		}
	case *ast.WindowFuncExpr:
		name := strings.ToLower(n.Name)
		if !windowFunctions[name] && !aggregates[name] {
			w.fail("the window function %s() is not allowed", strings.ToUpper(n.Name))
		}
	case *ast.VariableExpr:
		switch {
		case n.Value != nil:
			w.fail("assigning to the variable @%s is not allowed: queries may not change session state", n.Name)
		case n.IsSystem:
			w.fail("reading the system variable @@%s is not allowed: server settings are not data", n.Name)
		default:
			w.fail("the user variable @%s is not allowed: use a literal or a parameter", n.Name)
		}
	case *ast.TableOptimizerHint:
		w.fail("optimizer hints are not allowed: they can lift the time limit and change session settings")
	case *ast.SelectIntoOption:
		w.fail("SELECT … INTO is not allowed: it writes files or variables")
	case *ast.AsOfClause:
		w.fail("AS OF is not allowed: it is TiDB syntax that MySQL and MariaDB do not have")
	case *ast.TableNameExpr:
		w.fail("a table name used as a value (sequence functions) is not allowed")
	case *ast.ValuesExpr:
		w.fail("VALUES(column) is only meaningful in INSERT … ON DUPLICATE KEY UPDATE, which writes")
	case *ast.MaxValueExpr:
		w.fail("MAXVALUE is only meaningful in partition definitions")
	case *ast.WithClause, *ast.CommonTableExpression,
		*ast.FieldList, *ast.SelectField, *ast.WildCardField,
		*ast.TableRefsClause, *ast.Join, *ast.TableSource, *ast.OnCondition,
		*ast.ColumnNameExpr, *ast.ColumnName,
		*ast.GroupByClause, *ast.HavingClause, *ast.OrderByClause, *ast.ByItem, *ast.Limit,
		*ast.WindowSpec, *ast.PartitionByClause, *ast.FrameClause, *ast.FrameBound,
		*ast.BinaryOperationExpr, *ast.UnaryOperationExpr, *ast.BetweenExpr,
		*ast.CaseExpr, *ast.WhenClause, *ast.CompareSubqueryExpr, *ast.ExistsSubqueryExpr,
		*ast.PatternInExpr, *ast.IsNullExpr, *ast.IsTruthExpr, *ast.PatternLikeOrIlikeExpr,
		*ast.PatternRegexpExpr, *ast.ParenthesesExpr, *ast.PositionExpr, *ast.RowExpr,
		*ast.FuncCastExpr, *ast.TimeUnitExpr, *ast.TrimDirectionExpr, *ast.GetFormatSelectorExpr,
		*ast.SetCollationExpr, *ast.MatchAgainst, *ast.DefaultExpr:
	case ast.ValueExpr, ast.ParamMarkerExpr:
	default:
		w.fail("%s is not allowed in a query checked by querent's MySQL guard", exprName(n))
	}
	return n, w.err != nil
}

// Leave pops the CTE scope n pushed, and stops the walk after a refusal.
func (w *walker) Leave(n ast.Node) (ast.Node, bool) {
	if k := len(w.pushed); k > 0 && w.pushed[k-1] == n {
		w.pushed = w.pushed[:k-1]
		w.scopes = w.scopes[:k-1]
	}
	return n, w.err == nil
}

func (w *walker) push(n ast.Node, s cteScope) {
	w.pushed = append(w.pushed, n)
	w.scopes = append(w.scopes, s)
}

func (w *walker) visible() cteScope {
	if len(w.scopes) == 0 {
		return nil
	}
	return w.scopes[len(w.scopes)-1]
}

// with makes the CTEs of a WITH clause visible in the statement n that
// carries it, and records what each CTE body may see: the CTEs before it,
// and itself when the clause is RECURSIVE. A name a body cannot see as a
// CTE is a table, so `WITH orders AS (SELECT * FROM orders) …` reads the
// table orders.
func (w *walker) with(n ast.Node, wc *ast.WithClause) {
	if wc == nil {
		return
	}
	outer := w.visible()
	all := cteScope{}
	for k := range outer {
		all[k] = true
	}
	for i, cte := range wc.CTEs {
		body := cteScope{}
		for k := range outer {
			body[k] = true
		}
		for _, prev := range wc.CTEs[:i] {
			body[prev.Name.L] = true
		}
		if wc.IsRecursive {
			body[cte.Name.L] = true
		}
		w.pending[cte.Query] = body
		all[cte.Name.L] = true
	}
	w.push(n, all)
}

// selectStmt refuses the clauses of a SELECT that write or lock.
func (w *walker) selectStmt(n *ast.SelectStmt) {
	switch {
	case n.SelectIntoOpt != nil:
		w.fail("SELECT … INTO is not allowed: it writes files or variables")
	case n.LockInfo != nil && n.LockInfo.LockType != ast.SelectLockNone:
		w.fail("locking reads (%s) are not allowed: they take row locks", strings.ToUpper(n.LockInfo.LockType.String()))
	case len(n.TableHints) > 0 || n.SelectStmtOpts != nil && len(n.SelectStmtOpts.TableHints) > 0:
		w.fail("optimizer hints are not allowed: they can lift the time limit and change session settings")
	}
}

// tableName records a table reference. The server's own schemas are
// refused; a table of another database is recorded as "db.table", which
// Guard then looks for among the known tables (introspection covers the
// connected database only, so in practice Guard reports it as unknown,
// and the account's privileges decide for Query).
func (w *walker) tableName(n *ast.TableName) {
	schema := n.Schema.O
	if schema == "" {
		if w.visible()[n.Name.L] {
			return // a CTE
		}
		w.tables = append(w.tables, n.Name.O)
		return
	}
	if why, ok := systemSchemas[strings.ToLower(schema)]; ok {
		w.fail("reading %s.%s is not allowed: the %s schema %s", schema, n.Name.O, strings.ToLower(schema), why)
		return
	}
	if schema == w.srv.database || w.srv.foldCase && strings.EqualFold(schema, w.srv.database) {
		w.tables = append(w.tables, n.Name.O)
		return
	}
	w.tables = append(w.tables, schema+"."+n.Name.O)
}

// function refuses calls to anything but the allowed built-ins.
func (w *walker) function(n *ast.FuncCallExpr) {
	name := n.FnName.L
	if n.Schema.L != "" {
		w.fail("the stored function %s.%s() is not allowed: functions defined in a database can write or have other side effects; use built-in functions", n.Schema.O, n.FnName.O)
		return
	}
	if why, ok := refusedFunctions[name]; ok {
		w.fail("the function %s() is not allowed: it %s", strings.ToUpper(name), why)
		return
	}
	if !allowedFunctions[name] {
		w.fail("the function %s() is not on querent's list of read-only MySQL built-ins: stored functions and plugins (UDFs) can have side effects; use built-in date, string, math, JSON and control-flow functions", n.FnName.O)
	}
}

// exprName names a node type for a refusal.
func exprName(n ast.Node) string {
	return strings.TrimPrefix(fmt.Sprintf("%T", n), "*ast.")
}

// clip shortens text quoted in a message.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
