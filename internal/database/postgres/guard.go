package postgres

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
	pgparser "github.com/pganalyze/pg_query_go/v6/parser"
	"google.golang.org/protobuf/reflect/protoreflect"

	"querent/internal/database"
	"querent/internal/guard"
)

// maxNesting bounds how deeply a statement may nest, as estimated by
// nesting before parsing. The parser's C code turns the parse tree into
// protobuf recursively, on the calling thread's stack: a long chain of
// operators (1+1+1+…, some 20,000 deep within guard.MaxLength) overflows
// an 8 MB stack and kills the process, and a smaller stack fails sooner.
// Analytical queries nest tens of levels; 1,000 keeps the C recursion
// under half a megabyte.
const maxNesting = 1000

// checked is a statement that passed every check of Guard.
type checked struct {
	// stmt is the statement as guard.Check returned it: no trailing
	// semicolon or surrounding comments.
	stmt string
	// tables are the tables and views read, as schema names, sorted.
	tables []string
	// params is the highest $n parameter the statement uses.
	params int
}

// Guard checks that sql is one read-only SELECT (WITH, VALUES and set
// operations included) that PostgreSQL's grammar accepts, and returns the
// tables and views it reads, sorted, named as Introspect names them (bare
// in the default schema, "schema.name" elsewhere). CTE names are not
// tables and are not listed.
//
// It refuses, with CodeForbidden and a message naming what was refused:
// anything guard.Check refuses; any node type outside a read-only query
// (data-modifying statements anywhere, SELECT INTO, FOR UPDATE/SHARE, XML
// functions); calls to functions not on the allow-list of read-only
// built-ins, or schema-qualified to a schema other than pg_catalog, or
// whose name a user schema also defines; user-defined operators and casts
// to non-built-in types; reads of system catalogs (pg_catalog,
// information_schema), which hold credentials, other sessions' queries and
// server settings; and statements nested too deeply to parse safely.
// Unknown tables are CodeNoTable with Name set; what does not parse is
// CodeSyntax.
func (d *DB) Guard(ctx context.Context, sql string) ([]string, error) {
	c, err := d.check(ctx, sql)
	if err != nil {
		return nil, err
	}
	return c.tables, nil
}

// check applies every check of Guard and returns the statement to run.
func (d *DB) check(ctx context.Context, sql string) (*checked, error) {
	stmt, err := guard.Check(sql)
	if err != nil {
		return nil, err
	}
	tree, err := parse(stmt)
	if err != nil {
		return nil, err
	}
	snap, err := d.snapshot(ctx)
	if err != nil {
		return nil, err
	}
	w := &walker{snap: snap}
	if err := w.statement(tree); err != nil {
		return nil, err
	}
	tables, missing := w.resolve(snap)
	if missing != nil && d.stale(snap) {
		// A table created since the snapshot was taken: look again, once.
		if snap, err = d.reload(ctx, snap); err != nil {
			return nil, err
		}
		tables, missing = w.resolve(snap)
	}
	if missing != nil {
		return nil, missing
	}
	return &checked{stmt: stmt, tables: tables, params: w.params}, nil
}

// parse parses stmt with PostgreSQL's grammar after checking that its
// nesting is safe to parse.
func parse(stmt string) (*pg_query.ParseResult, error) {
	depth, err := nesting(stmt)
	if err != nil {
		return nil, err
	}
	if depth > maxNesting {
		return nil, database.Forbidden("the statement nests too deeply (an estimated %d levels of operators and parentheses, over the limit of %d): split long chains of operators or conditions, or use IN lists", depth, maxNesting)
	}
	tree, err := pg_query.Parse(stmt)
	if err != nil {
		return nil, parseError(err)
	}
	return tree, nil
}

// parseError classifies an error from the parser.
func parseError(err error) error {
	var pe *pgparser.Error
	if errors.As(err, &pe) {
		msg := "PostgreSQL cannot parse the statement: " + pe.Message
		if pe.Cursorpos > 0 {
			msg += fmt.Sprintf(" (at character %d)", pe.Cursorpos)
		}
		return &database.Error{Code: database.CodeSyntax, Message: msg, Err: err}
	}
	// The Go side refuses protobuf trees nested deeper than its limit.
	return database.Forbidden("the statement is too deeply nested to check: %v", err)
}

// nesting estimates, from PostgreSQL's own lexer (which has no recursion),
// an upper bound of the parse tree's depth: within each parenthesised or
// bracketed group, every token other than names, literals, parameters,
// dots and commas may add a level (an operator, a keyword), commas start a
// sibling, and a nested group adds its own depth to its position. AND and
// OR count too, although PostgreSQL flattens their chains: a chain of
// joins or unions can span them, and it does nest.
func nesting(stmt string) (int, error) {
	scan, err := pg_query.Scan(stmt)
	if err != nil {
		return 0, parseError(err)
	}
	type group struct{ best, ops, inner int }
	depthOf := func(g group) int { return max(g.best, g.ops+g.inner) + 1 }
	stack := []group{{}}
	for _, t := range scan.Tokens {
		top := &stack[len(stack)-1]
		switch t.Token {
		case pg_query.Token_ASCII_40, pg_query.Token_ASCII_91: // ( [
			stack = append(stack, group{})
		case pg_query.Token_ASCII_41, pg_query.Token_ASCII_93: // ) ]
			if len(stack) == 1 {
				continue // unbalanced: the parser reports it
			}
			d := depthOf(*top)
			stack = stack[:len(stack)-1]
			parent := &stack[len(stack)-1]
			parent.inner = max(parent.inner, d)
		case pg_query.Token_ASCII_44: // ,
			top.best = max(top.best, top.ops+top.inner)
			top.ops, top.inner = 0, 0
		case pg_query.Token_IDENT, pg_query.Token_UIDENT, pg_query.Token_FCONST, pg_query.Token_SCONST,
			pg_query.Token_USCONST, pg_query.Token_BCONST, pg_query.Token_XCONST, pg_query.Token_ICONST,
			pg_query.Token_PARAM, pg_query.Token_SQL_COMMENT, pg_query.Token_C_COMMENT, pg_query.Token_ASCII_59,
			pg_query.Token_ASCII_46: // a.b.c is one flat list of names
		default:
			top.ops++
		}
	}
	depth := 0
	for len(stack) > 0 {
		depth = max(depth, depthOf(stack[len(stack)-1]))
		stack = stack[:len(stack)-1]
	}
	return depth, nil
}

// tableRef is a table reference found in the statement.
type tableRef struct {
	schema, name string
}

func (r tableRef) String() string {
	if r.schema != "" {
		return r.schema + "." + r.name
	}
	return r.name
}

// walker walks a parse tree, refusing what a read-only query may not hold
// and collecting the tables it reads.
type walker struct {
	snap *snapshot
	// scopes are the CTE names visible at the current node, innermost last.
	scopes [][]string
	refs   []tableRef
	params int
}

// statement checks the one statement of tree.
func (w *walker) statement(tree *pg_query.ParseResult) error {
	if len(tree.Stmts) != 1 {
		return database.Forbidden("PostgreSQL parsed %d statements; send a single SELECT", len(tree.Stmts))
	}
	node := tree.Stmts[0].GetStmt()
	if node == nil || node.GetSelectStmt() == nil {
		return database.Forbidden("the statement is %s: only SELECT, WITH and VALUES queries are allowed", describeNode(node))
	}
	return w.walk(node.ProtoReflect())
}

// describeNode names the kind of a top-level statement for a message.
func describeNode(n *pg_query.Node) string {
	if n == nil {
		return "empty"
	}
	m := n.ProtoReflect()
	var kind string
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		if fd.Kind() == protoreflect.MessageKind {
			kind = string(v.Message().Descriptor().Name())
		}
		return false
	})
	if kind == "" {
		return "unknown"
	}
	return "a " + strings.TrimSuffix(kind, "Stmt") + " statement"
}

// walk checks the node m and everything under it.
func (w *walker) walk(m protoreflect.Message) error {
	kind := string(m.Descriptor().Name())
	if !allowedNodes[kind] {
		if what, ok := nodeRefusals[kind]; ok {
			return database.Forbidden("the query contains %s; only reading is allowed", what)
		}
		return database.Forbidden("the query contains a %s, which is not allowed in a read-only query", kind)
	}
	var skip protoreflect.Name
	switch n := m.Interface().(type) {
	case *pg_query.SelectStmt:
		if n.WithClause != nil {
			if err := w.with(n.WithClause); err != nil {
				return err
			}
			names := cteNames(n.WithClause)
			w.scopes = append(w.scopes, names)
			defer func() { w.scopes = w.scopes[:len(w.scopes)-1] }()
			skip = "with_clause"
		}
	case *pg_query.FuncCall:
		if err := w.function(n.Funcname); err != nil {
			return err
		}
	case *pg_query.RangeVar:
		w.rangeVar(n)
	case *pg_query.TypeName:
		if err := w.typeName(n); err != nil {
			return err
		}
	case *pg_query.A_Expr:
		if err := w.operator(n.Name); err != nil {
			return err
		}
	case *pg_query.SubLink:
		if err := w.operator(n.OperName); err != nil {
			return err
		}
	case *pg_query.SortBy:
		if err := w.operator(n.UseOp); err != nil {
			return err
		}
	case *pg_query.RangeTableSample:
		if err := w.sampleMethod(n.Method); err != nil {
			return err
		}
	case *pg_query.ColumnRef:
		if len(n.Fields) > 1 {
			if err := w.attribute(n.Fields[len(n.Fields)-1]); err != nil {
				return err
			}
		}
	case *pg_query.A_Indirection:
		for _, f := range n.Indirection {
			if err := w.attribute(f); err != nil {
				return err
			}
		}
	case *pg_query.ParamRef:
		w.params = max(w.params, int(n.Number))
	}
	var err error
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		if fd.Kind() != protoreflect.MessageKind || fd.Name() == skip {
			return true
		}
		if fd.IsList() {
			l := v.List()
			for i := 0; i < l.Len() && err == nil; i++ {
				err = w.walk(l.Get(i).Message())
			}
		} else {
			err = w.walk(v.Message())
		}
		return err == nil
	})
	return err
}

// with checks the CTEs of a WITH clause, each in its own scope: in a
// plain WITH a CTE sees the ones before it, in WITH RECURSIVE all of them.
func (w *walker) with(wc *pg_query.WithClause) error {
	names := cteNames(wc)
	for i, n := range wc.Ctes {
		visible := names[:i]
		if wc.Recursive {
			visible = names
		}
		w.scopes = append(w.scopes, visible)
		err := w.walk(n.ProtoReflect())
		w.scopes = w.scopes[:len(w.scopes)-1]
		if err != nil {
			return err
		}
	}
	return nil
}

func cteNames(wc *pg_query.WithClause) []string {
	var names []string
	for _, n := range wc.Ctes {
		if cte := n.GetCommonTableExpr(); cte != nil {
			names = append(names, cte.Ctename)
		}
	}
	return names
}

// isCTE reports whether an unqualified name refers to a CTE in scope.
func (w *walker) isCTE(name string) bool {
	for i := len(w.scopes) - 1; i >= 0; i-- {
		for _, n := range w.scopes[i] {
			if n == name {
				return true
			}
		}
	}
	return false
}

// rangeVar records a table reference; an unqualified name that a CTE in
// scope defines is that CTE.
func (w *walker) rangeVar(rv *pg_query.RangeVar) {
	if rv.Catalogname == "" && rv.Schemaname == "" && w.isCTE(rv.Relname) {
		return
	}
	ref := tableRef{schema: rv.Schemaname, name: rv.Relname}
	if rv.Catalogname != "" {
		ref.schema = rv.Catalogname + "." + rv.Schemaname
	}
	w.refs = append(w.refs, ref)
}

// names returns the strings of a qualified-name list.
func names(list []*pg_query.Node) []string {
	out := make([]string, 0, len(list))
	for _, n := range list {
		out = append(out, n.GetString_().GetSval())
	}
	return out
}

// function checks a function call's name.
func (w *walker) function(list []*pg_query.Node) error {
	parts := names(list)
	if len(parts) == 0 {
		return database.Forbidden("a function call without a name is not allowed")
	}
	name := parts[len(parts)-1]
	shown := strings.Join(parts, ".")
	switch {
	case len(parts) > 2:
		return database.Forbidden("the function %s() is qualified with a database name; call PostgreSQL's built-in functions by name", shown)
	case len(parts) == 2 && parts[0] != "pg_catalog":
		return database.Forbidden("the function %s() is not allowed: functions outside pg_catalog are user-defined and may change data or settings; only PostgreSQL's read-only built-in functions may be called", shown)
	}
	if !allowedFunctions[name] {
		if why := forbiddenReason(name); why != "" {
			return database.Forbidden("the function %s() is not allowed: it %s", shown, why)
		}
		return database.Forbidden("the function %s() is not on the list of read-only built-in functions querent allows (aggregates, window, math, string, date/time, JSON, array and range functions)", shown)
	}
	if len(parts) == 1 {
		if schema, ok := w.snap.userFuncs[name]; ok {
			return database.Forbidden("the function %s() is also defined in schema %q, and PostgreSQL might pick that one; write pg_catalog.%s(…) to call the built-in", name, schema, name)
		}
	}
	return nil
}

// operator checks an operator's name; an empty list is no operator.
func (w *walker) operator(list []*pg_query.Node) error {
	if len(list) == 0 {
		return nil
	}
	parts := names(list)
	op := parts[len(parts)-1]
	if len(parts) > 1 && (len(parts) > 2 || parts[0] != "pg_catalog") {
		return database.Forbidden("the operator OPERATOR(%s) is not allowed: operators outside pg_catalog are user-defined and may call any function", strings.Join(parts, "."))
	}
	if !allowedOperators[op] {
		return database.Forbidden("the operator %s is not one of PostgreSQL's built-in operators querent allows", op)
	}
	if len(parts) == 1 {
		if schema, ok := w.snap.userOps[op]; ok {
			return database.Forbidden("the operator %s is also defined in schema %q, and PostgreSQL might pick that one; write OPERATOR(pg_catalog.%s) to use the built-in", op, schema, op)
		}
	}
	return nil
}

// typeName checks the target of a cast or a column definition list.
func (w *walker) typeName(t *pg_query.TypeName) error {
	parts := names(t.Names)
	shown := strings.Join(parts, ".")
	switch {
	case t.PctType:
		return database.Forbidden("%%TYPE references are not allowed in a query")
	case len(parts) == 2 && parts[0] == "pg_catalog":
		return nil
	case len(parts) == 1 && allowedTypes[parts[0]]:
		return nil
	}
	return database.Forbidden("the type %s is not one of PostgreSQL's built-in types: casting to a user-defined type or domain can run user-defined functions; cast to a built-in type such as text, numeric, date or timestamp", shown)
}

// sampleMethod checks a TABLESAMPLE method.
func (w *walker) sampleMethod(list []*pg_query.Node) error {
	parts := names(list)
	if len(parts) == 1 && allowedSampleMethods[parts[0]] {
		return nil
	}
	return database.Forbidden("TABLESAMPLE %s is not allowed: use SYSTEM or BERNOULLI", strings.Join(parts, "."))
}

// attribute refuses the field f of x.f (or (x).f) when f is a
// user-defined function of one row argument: PostgreSQL reads x.f as f(x)
// when x has no column f (attribute notation), which would call it.
func (w *walker) attribute(field *pg_query.Node) error {
	name := field.GetString_().GetSval()
	if schema, ok := w.snap.rowFuncs[name]; ok && name != "" {
		return database.Forbidden("the reference .%s may call the user-defined function %s.%s() (PostgreSQL reads x.f as f(x) when x has no column f); only PostgreSQL's built-in functions may be called", name, schema, name)
	}
	return nil
}

// resolve names the tables the statement reads, sorted, or returns the
// first reference that is refused (a system catalog) or unknown.
func (w *walker) resolve(s *snapshot) ([]string, error) {
	seen := map[string]bool{}
	var tables []string
	for _, r := range w.refs {
		name, err := s.resolve(r)
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

// isSystemSchema reports whether a schema belongs to PostgreSQL itself.
func isSystemSchema(schema string) bool {
	return strings.HasPrefix(schema, "pg_") || schema == "information_schema"
}

// catalogRefusal refuses reading a system catalog.
func catalogRefusal(r tableRef) error {
	why := systemCatalogs[r.name]
	if why == "" {
		why = "is part of PostgreSQL's system catalog"
	}
	return database.Forbidden("reading %s is not allowed: it %s; querent reads only the database's own tables (their structure is already known from introspection)", r, why)
}
