package retrieve

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	_ "github.com/mattn/go-sqlite3" // reads Spider's databases for sample values

	"querent/internal/schema"
)

// The Spider measurement pools every training database into ONE schema
// (table names prefixed "<db_id>__") and asks each training question of
// it: the retriever must find the question's tables among ~800 without
// being told which database it is about. It needs /work/shared/data and
// QUERENT_SPIDER_RECALL=1 (it takes a minute or two), and skips otherwise.
// QUERENT_SPIDER_RANK_ONLY=1 measures stage 1 alone (quick, for tuning);
// QUERENT_SPIDER_QUICK=1 measures k=4 and k=8 after foreign-key expansion
// only (for tuning what is shown in full); QUERENT_SPIDER_MISSES=1 logs the
// questions whose tables were missed.
//
//	QUERENT_SPIDER_RECALL=1 go test ./internal/retrieve -run SpiderPooled -v

const spiderDir = "/work/shared/data/spider-train"

type spiderQuestion struct {
	DB       string
	Question string
	Gold     []string // prefixed table names
}

var (
	spiderOnce   sync.Once
	spiderSchema *schema.Schema
	spiderQs     []spiderQuestion
	spiderErr    error
)

func loadSpider(t testing.TB) (*schema.Schema, []spiderQuestion) {
	t.Helper()
	if testing.Short() {
		t.Skip("Spider pooled retrieval: skipped in -short mode")
	}
	if _, bench := t.(*testing.B); !bench && os.Getenv("QUERENT_SPIDER_RECALL") == "" {
		t.Skip("Spider pooled retrieval: set QUERENT_SPIDER_RECALL=1 to measure (needs " + spiderDir + ")")
	}
	if _, err := os.Stat(filepath.Join(spiderDir, "tables.json")); err != nil {
		t.Skipf("Spider pooled retrieval: %s is absent (%v); it holds Spider's training set", spiderDir, err)
	}
	spiderOnce.Do(func() {
		spiderSchema, spiderQs, spiderErr = buildSpider(spiderDir, true)
	})
	if spiderErr != nil {
		t.Fatal(spiderErr)
	}
	return spiderSchema, spiderQs
}

type spiderDB struct {
	DBID        string       `json:"db_id"`
	TableNames  []string     `json:"table_names_original"`
	ColumnNames [][2]any     `json:"column_names_original"`
	ColumnTypes []string     `json:"column_types"`
	PrimaryKeys []any        `json:"primary_keys"`
	ForeignKeys [][2]float64 `json:"foreign_keys"`
}

// buildSpider builds the pooled schema from tables.json (and sample values
// from the SQLite files when samples is set) and the questions with their
// gold tables.
func buildSpider(dir string, samples bool) (*schema.Schema, []spiderQuestion, error) {
	raw, err := os.ReadFile(filepath.Join(dir, "tables.json"))
	if err != nil {
		return nil, nil, err
	}
	var dbs []spiderDB
	if err := json.Unmarshal(raw, &dbs); err != nil {
		return nil, nil, fmt.Errorf("tables.json: %w", err)
	}
	s := &schema.Schema{Engine: "sqlite"}
	tablesOf := map[string]map[string]string{} // db → lower table → prefixed name
	for _, db := range dbs {
		tablesOf[db.DBID] = map[string]string{}
		base := len(s.Tables)
		for _, tn := range db.TableNames {
			name := db.DBID + "__" + tn
			tablesOf[db.DBID][strings.ToLower(tn)] = name
			// One database with a namespace per Spider database, as
			// PostgreSQL schemas would hold them.
			s.Tables = append(s.Tables, schema.Table{Name: name, Namespace: db.DBID, Ident: tn, RowCount: -1})
		}
		type loc struct{ t, c int }
		cols := make([]loc, len(db.ColumnNames))
		for i, cn := range db.ColumnNames {
			ti := int(cn[0].(float64))
			if ti < 0 {
				continue
			}
			name := cn[1].(string)
			kind := map[string]schema.Kind{"text": schema.KindText, "number": schema.KindReal, "time": schema.KindDateTime, "boolean": schema.KindBool}[db.ColumnTypes[i]]
			if kind == "" {
				kind = schema.KindOther
			}
			tb := &s.Tables[base+ti]
			cols[i] = loc{base + ti, len(tb.Columns)}
			tb.Columns = append(tb.Columns, schema.Column{Name: name, Type: db.ColumnTypes[i], Kind: kind, Nullable: true, Distinct: -1})
		}
		for _, pk := range db.PrimaryKeys {
			var ids []float64
			switch v := pk.(type) {
			case float64:
				ids = []float64{v}
			case []any:
				for _, x := range v {
					ids = append(ids, x.(float64))
				}
			}
			for _, id := range ids {
				l := cols[int(id)]
				tb := &s.Tables[l.t]
				tb.PrimaryKey = append(tb.PrimaryKey, tb.Columns[l.c].Name)
			}
		}
		for _, fk := range db.ForeignKeys {
			from, to := cols[int(fk[0])], cols[int(fk[1])]
			tb := &s.Tables[from.t]
			tb.ForeignKeys = append(tb.ForeignKeys, schema.ForeignKey{
				Columns: []string{tb.Columns[from.c].Name}, RefTable: s.Tables[to.t].Name, RefColumns: []string{s.Tables[to.t].Columns[to.c].Name}})
		}
		if samples {
			if err := addSamples(filepath.Join(dir, "database", db.DBID, db.DBID+".sqlite"), s.Tables[base:], db.TableNames); err != nil {
				return nil, nil, fmt.Errorf("samples of %s: %w", db.DBID, err)
			}
		}
	}

	raw, err = os.ReadFile(filepath.Join(dir, "train.json"))
	if err != nil {
		return nil, nil, err
	}
	var train []struct {
		DBID     string `json:"db_id"`
		Question string `json:"question"`
		Query    string `json:"query"`
	}
	if err := json.Unmarshal(raw, &train); err != nil {
		return nil, nil, fmt.Errorf("train.json: %w", err)
	}
	var qs []spiderQuestion
	for _, q := range train {
		gold := goldTables(q.Query, tablesOf[q.DBID])
		if len(gold) == 0 {
			continue
		}
		qs = append(qs, spiderQuestion{DB: q.DBID, Question: q.Question, Gold: gold})
	}
	return s, qs, nil
}

// addSamples reads up to five short distinct values of each text column,
// most frequent first, as introspection does.
func addSamples(path string, tables []schema.Table, idents []string) error {
	if _, err := os.Stat(path); err != nil {
		return nil // a few Spider databases ship without their file
	}
	db, err := sql.Open("sqlite3", "file:"+path+"?mode=ro&immutable=1")
	if err != nil {
		return err
	}
	defer db.Close()
	for i := range tables {
		for j := range tables[i].Columns {
			c := &tables[i].Columns[j]
			if c.Kind != schema.KindText {
				continue
			}
			// As introspection does: every value of a low-cardinality
			// column, the five most frequent of others.
			var distinct int
			if err := db.QueryRow(fmt.Sprintf(`SELECT count(DISTINCT "%s") FROM "%s"`, c.Name, idents[i])).Scan(&distinct); err != nil {
				continue // Spider's metadata and files disagree in places
			}
			limit := 5
			if distinct <= 64 {
				limit = 64
				c.SamplesComplete = true
			}
			q := fmt.Sprintf(`SELECT "%s" FROM "%s" WHERE typeof("%s") = 'text' AND length("%s") BETWEEN 1 AND 64 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT %d`,
				c.Name, idents[i], c.Name, c.Name, limit)
			rows, err := db.Query(q)
			if err != nil {
				continue
			}
			for rows.Next() {
				var v string
				if rows.Scan(&v) == nil {
					c.Samples = append(c.Samples, v)
				}
			}
			rows.Close()
		}
	}
	return nil
}

// goldTables lists the tables a gold query reads: the names after FROM and
// JOIN, and after commas in a FROM list, that are tables of its database.
func goldTables(query string, tables map[string]string) []string {
	toks := sqlWords(query)
	seen := map[string]bool{}
	var out []string
	addIf := func(w string) bool {
		name, ok := tables[strings.ToLower(w)]
		if ok && !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
		return ok
	}
	for i := 0; i < len(toks); i++ {
		up := strings.ToUpper(toks[i])
		if up != "FROM" && up != "JOIN" {
			continue
		}
		for j := i + 1; j < len(toks) && addIf(toks[j]); {
			// skip "AS alias" or a bare alias, then follow a comma list
			k := j + 1
			if k < len(toks) && strings.EqualFold(toks[k], "AS") {
				k += 2
			} else if k < len(toks) && isIdent(toks[k]) && !isKeyword(toks[k]) {
				k++
			}
			if k < len(toks) && toks[k] == "," {
				j = k + 1
				continue
			}
			break
		}
	}
	sort.Strings(out)
	return out
}

// sqlWords splits SQL into identifiers, punctuation and literal markers.
func sqlWords(q string) []string {
	var out []string
	for i := 0; i < len(q); {
		c := q[i]
		switch {
		case c == '\'' || c == '"':
			j := strings.IndexByte(q[i+1:], c)
			if j < 0 {
				return out
			}
			out = append(out, "'lit'")
			i += j + 2
		case c == '`':
			j := strings.IndexByte(q[i+1:], c)
			if j < 0 {
				return out
			}
			out = append(out, q[i+1:i+1+j])
			i += j + 2
		case isWordByte(c):
			j := i
			for j < len(q) && isWordByte(q[j]) {
				j++
			}
			out = append(out, q[i:j])
			i = j
		case c == ' ' || c == '\t' || c == '\n':
			i++
		default:
			out = append(out, string(c))
			i++
		}
	}
	return out
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func isIdent(s string) bool { return s != "" && isWordByte(s[0]) }

func isKeyword(s string) bool {
	switch strings.ToUpper(s) {
	case "WHERE", "JOIN", "ON", "GROUP", "ORDER", "LIMIT", "UNION", "INTERSECT", "EXCEPT", "HAVING", "INNER", "LEFT", "RIGHT", "OUTER", "CROSS", "NATURAL":
		return true
	}
	return false
}

func TestGoldTables(t *testing.T) {
	tables := map[string]string{"student": "s__student", "has_pet": "s__has_pet", "pets": "s__pets"}
	for _, tc := range []struct{ q, want string }{
		{"SELECT count(*) FROM student WHERE age > 20", "s__student"},
		{"SELECT T1.fname FROM student AS T1 JOIN has_pet AS T2 ON T1.stuid = T2.stuid JOIN pets AS T3 ON T3.petid = T2.petid", "s__has_pet,s__pets,s__student"},
		{"SELECT a FROM student, pets WHERE x = 'from pets'", "s__pets,s__student"},
		{"SELECT a FROM student s , has_pet h", "s__has_pet,s__student"},
		{"SELECT x FROM (SELECT * FROM pets) AS sub", "s__pets"},
	} {
		if got := strings.Join(goldTables(tc.q, tables), ","); got != tc.want {
			t.Errorf("goldTables(%q) = %s, want %s", tc.q, got, tc.want)
		}
	}
}

// recallStats measures one configuration over the questions: recall of
// the gold tables among the rendered ones (in full or in one line), and
// among those rendered in full.
type recallStats struct {
	hit, hitFull, n int
	tokens          int
	tables, briefs  int
	missExamples    []string
}

func (r recallStats) String() string {
	return fmt.Sprintf("recall %.2f%% (%d/%d; in full %.2f%%), mean %.0f tokens, mean %.1f tables (%.1f in one line)",
		100*float64(r.hit)/float64(r.n), r.hit, r.n, 100*float64(r.hitFull)/float64(r.n),
		float64(r.tokens)/float64(r.n), float64(r.tables)/float64(r.n), float64(r.briefs)/float64(r.n))
}

func (r *recallStats) add(res *Result, q spiderQuestion) {
	r.n++
	r.tokens += res.Tokens
	r.tables += len(res.Tables)
	r.briefs += len(res.Brief)
	var full []string
	for _, t := range res.Tables {
		if !t.Brief {
			full = append(full, t.Name)
		}
	}
	if containsAll(full, q.Gold) {
		r.hitFull++
	}
	if containsAll(res.Names(), q.Gold) {
		r.hit++
	} else if len(r.missExamples) < 15 {
		r.missExamples = append(r.missExamples, fmt.Sprintf("%q gold %v got %v", q.Question, q.Gold, res.Names()))
	}
}

func containsAll(have []string, want []string) bool {
	set := map[string]bool{}
	for _, h := range have {
		set[h] = true
	}
	for _, w := range want {
		if !set[w] {
			return false
		}
	}
	return true
}

// spiderHalf splits the databases by their id's first letter: a–r for
// tuning, s–z held out to check that what was tuned carries over.
func spiderHalf(db string) int {
	if db != "" && strings.ToLower(db[:1]) >= "s" {
		return 1
	}
	return 0
}

// TestSpiderPooledRecall reports recall@k of stage 1 alone, after
// foreign-key expansion (all in full), under a token budget of 5% of the
// full schema (all in full), with the next tables in one line (default
// BriefK, no budget), and with one-line tables filling the 5% budget.
// Each line is given for all questions and for the databases a–r and s–z.
func TestSpiderPooledRecall(t *testing.T) {
	s, qs := loadSpider(t)
	x := New(s, Options{})
	ctx := context.Background()
	full := x.FullTokens()
	t.Logf("pooled schema: %d tables, %d columns in %d column documents, full rendering %d tokens (estimate); %d questions",
		len(s.Tables), len(x.colTable), len(x.colTable), full, len(qs))

	budget := full * 5 / 100
	ks := []int{4, 8, 12, 16, 24, 32, 48}
	fast := os.Getenv("QUERENT_SPIDER_RANK_ONLY") != "" // stage 1 alone: quick, for tuning
	configs := []struct {
		name string
		q    func(k int) Query
	}{
		{"+ FK expansion", func(k int) Query { return Query{TopK: k, BriefK: -1} }},
		{fmt.Sprintf("+ budget %d", budget), func(k int) Query { return Query{TopK: k, BriefK: -1, TokenBudget: budget} }},
		{"+ one-line next", func(k int) Query { return Query{TopK: k, BriefK: DefaultBriefK} }},
		{fmt.Sprintf("+ one-line fill %d", budget), func(k int) Query { return Query{TopK: k, BriefK: 256, TokenBudget: budget} }},
	}
	if fast {
		configs = nil
	}
	quick := os.Getenv("QUERENT_SPIDER_QUICK") != ""
	if quick {
		ks, configs = []int{4, 8}, configs[:min(1, len(configs))]
	}
	rankOnly := make([][3]recallStats, len(ks))
	stats := make([][][3]recallStats, len(configs))
	for i := range stats {
		stats[i] = make([][3]recallStats, len(ks))
	}
	for _, q := range qs {
		half := spiderHalf(q.DB)
		ranked := x.rank(ctx, q.Question, nil, &Result{})
		for i, k := range ks {
			var names []string
			for _, c := range ranked[:min(k, len(ranked))] {
				names = append(names, s.Tables[c.table].Name)
			}
			for _, h := range []int{2, half} {
				rankOnly[i][h].n++
				if containsAll(names, q.Gold) {
					rankOnly[i][h].hit++
				}
			}
			if !containsAll(names, q.Gold) && k == 32 && os.Getenv("QUERENT_SPIDER_MISSES") != "" {
				pos := map[string]int{}
				for r, c := range ranked {
					pos[s.Tables[c.table].Name] = r + 1
				}
				var where []string
				for _, g := range q.Gold {
					where = append(where, fmt.Sprintf("%s@%d", g, pos[g]))
				}
				t.Logf("MISS %q: %s top: %v", q.Question, strings.Join(where, " "), names[:min(3, len(names))])
			}
			for c, cfg := range configs {
				res, err := x.Retrieve(ctx, q.Question, cfg.q(k))
				if err != nil {
					t.Fatal(err)
				}
				stats[c][i][2].add(res, q)
				stats[c][i][half].add(res, q)
				if quick && k == 8 && half == 0 && os.Getenv("QUERENT_SPIDER_MISSES") != "" && !containsAll(res.Names(), q.Gold) {
					pos := map[string]int{}
					for r, c := range ranked {
						pos[s.Tables[c.table].Name] = r + 1
					}
					var where, top []string
					for _, g := range q.Gold {
						where = append(where, fmt.Sprintf("%s@%d", g, pos[g]))
					}
					for _, c := range ranked[:min(4, len(ranked))] {
						top = append(top, s.Tables[c.table].Name)
					}
					t.Logf("MISS8 %q: %s top: %v", q.Question, strings.Join(where, " "), top)
				}
			}
		}
	}
	halves := []string{"a-r", "s-z", "all"}
	for i, k := range ks {
		r := rankOnly[i]
		t.Logf("k=%2d  stage 1 only: recall %.2f%% (a-r %.2f%%, s-z %.2f%%)", k,
			100*float64(r[2].hit)/float64(r[2].n), 100*float64(r[0].hit)/float64(r[0].n), 100*float64(r[1].hit)/float64(r[1].n))
		for c, cfg := range configs {
			for _, h := range []int{2, 0, 1} {
				st := stats[c][i][h]
				t.Logf("k=%2d  %s [%s]: %s (%.2f%% of full)", k, cfg.name, halves[h], st, 100*float64(st.tokens)/float64(st.n)/float64(full))
			}
		}
	}
	if os.Getenv("QUERENT_SPIDER_MISSES") != "" && len(configs) > 0 {
		for _, m := range stats[len(configs)-1][1][2].missExamples {
			t.Log("miss:", m)
		}
	}
}

// TestSpiderPooledTiers reports what the pooled schema costs at each
// rendering tier, whole and as the subsets the agent's prompt gets: 8
// tables in full, and 8 in full with one-line tables filling 5% of the
// full schema's tokens.
func TestSpiderPooledTiers(t *testing.T) {
	s, qs := loadSpider(t)
	x := New(s, Options{})
	ctx := context.Background()
	tiers := []string{schema.TierMinimal, schema.TierStandard, schema.TierFull}
	for _, tier := range tiers {
		t.Logf("whole pooled schema, %s tier: %d tokens", tier, Tokens(s.RenderWith(schema.RenderOptions{Tier: tier})))
	}
	budget := x.FullTokens() * 5 / 100
	for _, cfg := range []struct {
		name string
		q    Query
	}{
		{"k=8", Query{TopK: 8, BriefK: -1}},
		{fmt.Sprintf("k=8 + one-line fill %d", budget), Query{TopK: 8, BriefK: 256, TokenBudget: budget}},
	} {
		sum := make([]int, len(tiers))
		for _, q := range qs {
			res, err := x.Retrieve(ctx, q.Question, cfg.q)
			if err != nil {
				t.Fatal(err)
			}
			for i, tier := range tiers {
				text := res.Subset.RenderWith(schema.RenderOptions{Tier: tier, Brief: res.Brief})
				if tier == schema.TierFull && text != res.Rendered {
					t.Fatalf("%q: the full tier with Brief differs from Rendered", q.Question)
				}
				sum[i] += Tokens(text)
			}
		}
		for i, tier := range tiers {
			t.Logf("%s, %s tier: mean %.0f tokens (%.2f%% of the whole schema in full)", cfg.name, tier,
				float64(sum[i])/float64(len(qs)), 100*float64(sum[i])/float64(len(qs))/float64(x.FullTokens()))
		}
	}
}

// BenchmarkRetrievePooled answers Spider's training questions over the
// pooled schema with the settings that reach 98% recall in 5% of the
// tokens: 8 tables in full, one-line tables filling the budget.
func BenchmarkRetrievePooled(b *testing.B) {
	s, qs := loadSpider(b)
	x := New(s, Options{TopK: 8, BriefK: 256, TokenBudget: New(s, Options{}).FullTokens() * 5 / 100})
	ctx := context.Background()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := x.Retrieve(ctx, qs[i%len(qs)].Question, Query{}); err != nil {
			b.Fatal(err)
		}
	}
}
