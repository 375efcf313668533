package cli

import (
	"context"
	"fmt"
	"time"

	"querent/internal/database"
	"querent/internal/llm"
	"querent/internal/llm/providers"
	"querent/internal/plan"
	"querent/internal/sqlgen"
)

// runDoctor checks a configuration end to end and says exactly what is wrong
// and how to fix it. It exits 1 when any check fails.
func runDoctor(ctx context.Context, args []string, io IO) int {
	fs := newFlags("doctor", "doctor [--db DSN] [--llm SPEC] [--config FILE] [--json]", io.Stderr)
	var c common
	c.register(fs, true)
	pos, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return usageError(io, fs, "unexpected argument %q", pos[0])
	}
	var findings []llm.Finding
	add := func(f llm.Finding) { findings = append(findings, f) }
	cfg, serr := loadConfig(c, io)
	if serr != nil {
		add(llm.Finding{Check: "configuration", Detail: serr.err.Message, Fix: serr.err.Hint})
	} else {
		add(llm.Finding{Check: "configuration", OK: true, Detail: "valid"})
		findings = append(findings, checkDatabase(ctx, cfg.Database)...)
		pc, configured, err := llmConfig(c, cfg, io)
		switch {
		case err != nil:
			add(llm.Finding{Check: "llm", Detail: err.Error(), Fix: "use --llm ollama:MODEL, openai:MODEL or anthropic:MODEL, optionally @BASE_URL"})
		case !configured:
			add(llm.Finding{Check: "llm", OK: true, Detail: "none configured: the offline planner answers common questions; others are declined",
				Fix: "to answer more, run Ollama and pass --llm ollama:llama3.1 (or set QUERENT_LLM)"})
		default:
			m, err := providers.New(pc)
			if err != nil {
				add(llm.Finding{Check: "llm", Detail: err.Error(), Fix: "set the API key in QUERENT_LLM_API_KEY or the provider's usual variable"})
			} else if d, ok := m.(llm.Diagnoser); ok {
				cctx, cancel := context.WithTimeout(ctx, 2*pc.Timeout)
				findings = append(findings, d.Diagnose(cctx)...)
				cancel()
			}
		}
	}
	failed := 0
	for _, f := range findings {
		if !f.OK {
			failed++
		}
	}
	if c.json {
		writeJSON(io.Stdout, map[string]any{"ok": failed == 0, "findings": findings})
	} else {
		for _, f := range findings {
			mark := "ok  "
			if !f.OK {
				mark = "FAIL"
			}
			fmt.Fprintf(io.Stdout, "%s %s: %s\n", mark, f.Check, f.Detail)
			if f.Fix != "" && (!f.OK || f.Check == "llm") {
				fmt.Fprintf(io.Stdout, "     fix: %s\n", f.Fix)
			}
		}
	}
	if failed > 0 {
		return ExitFailure
	}
	return ExitOK
}

// checkDatabase opens, introspects and queries the database.
func checkDatabase(ctx context.Context, dsn string) []llm.Finding {
	if dsn == "" {
		return []llm.Finding{{Check: "database", Detail: "no database configured", Fix: "pass --db demo.db (create it with querent demo --out demo.db) or set QUERENT_DB"}}
	}
	name := describeDB(dsn)
	db, err := database.Open(ctx, dsn)
	if err != nil {
		return []llm.Finding{{Check: "database", Detail: err.Error(), Fix: "check the path or DSN"}}
	}
	defer db.Close()
	out := []llm.Finding{{Check: "database", OK: true, Detail: fmt.Sprintf("%s opened read-only (%s)", name, db.Name())}}
	s, err := db.Introspect(ctx)
	if err != nil {
		return append(out, llm.Finding{Check: "schema", Detail: err.Error(), Fix: "check that the account can read the catalog"})
	}
	if len(s.Tables) == 0 {
		return append(out, llm.Finding{Check: "schema", Detail: "the database has no tables", Fix: "point --db at a database with data"})
	}
	out = append(out, llm.Finding{Check: "schema", OK: true, Detail: fmt.Sprintf("%d tables", len(s.Tables))})
	// Count the first table's rows through the same compiler, guard and
	// executor that answers questions.
	t := s.Tables[0]
	p := &plan.Plan{Select: []plan.SelectItem{{Expr: plan.Expr{Agg: "count"}, Alias: "n"}}, From: plan.Source{Table: t.Name}}
	d, err := sqlgen.DialectFor(db.Name())
	if err != nil {
		return append(out, llm.Finding{Check: "query", Detail: err.Error()})
	}
	q, err := sqlgen.Compile(p, s, d, sqlgen.Options{})
	if err == nil {
		_, err = db.Guard(ctx, q.SQL)
	}
	if err == nil {
		_, err = db.Query(ctx, q.SQL, q.Args, database.Limits{MaxRows: 1, Timeout: 10 * time.Second})
	}
	if err != nil {
		return append(out, llm.Finding{Check: "query", Detail: err.Error(), Fix: "check the account's read permissions on " + t.Name})
	}
	return append(out, llm.Finding{Check: "query", OK: true, Detail: "read-only query on " + t.Name + " ran"})
}
