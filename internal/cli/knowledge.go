package cli

import (
	"context"
	"encoding/json"
	"os"
	"sort"
	"strings"

	"querent/internal/agent"
	"querent/internal/metadata"
	"querent/internal/plan"
	"querent/internal/session"
)

// knowledge gives the agent business rules and worked examples: the rules
// and examples of the business context, and the question → plan pairs users
// confirmed with a thumbs-up (kept in the session store).
type knowledge struct {
	meta  *metadata.Context // nil without business context
	store session.Store     // nil when there is no session store yet
	db    string            // the database's key in the store
}

func (k *knowledge) Rules(question string, n int) []string {
	if k.meta == nil {
		return nil
	}
	return k.meta.Rules(question, n)
}

// Examples returns the n examples whose questions share the most words with
// the question: confirmed ones from the store first (ranked by the store),
// then the business context's.
func (k *knowledge) Examples(ctx context.Context, question string, n int) []agent.Example {
	var out []agent.Example
	if k.store != nil {
		stored, err := k.store.Examples(ctx, k.db, question, n)
		if err == nil {
			for _, e := range stored {
				var p plan.Plan
				if json.Unmarshal(e.Plan, &p) == nil {
					out = append(out, agent.Example{Question: e.Question, Plan: &p})
				}
			}
		}
	}
	if k.meta != nil && len(out) < n {
		out = append(out, rankExamples(k.meta.Examples(), question, n-len(out))...)
	}
	return out
}

// rankExamples orders examples by the share of the question's words they
// contain, keeping those that share at least half.
func rankExamples(all []metadata.Example, question string, n int) []agent.Example {
	words := strings.Fields(normalize(question))
	type scored struct {
		e     agent.Example
		score float64
	}
	var hits []scored
	for _, e := range all {
		have := map[string]bool{}
		for _, w := range strings.Fields(normalize(e.Question)) {
			have[w] = true
		}
		shared := 0
		for _, w := range words {
			if have[w] {
				shared++
			}
		}
		if len(words) > 0 && float64(shared) >= float64(len(words))/2 {
			hits = append(hits, scored{agent.Example{Question: e.Question, Plan: e.Plan}, float64(shared) / float64(len(words))})
		}
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].score > hits[j].score })
	var out []agent.Example
	for i := 0; i < len(hits) && i < n; i++ {
		out = append(out, hits[i].e)
	}
	return out
}

func normalize(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127 {
			return r
		}
		return ' '
	}, strings.ToLower(s))
}

// existingStore opens the session store only when it already exists (or is
// a server): answering a question should not create files just to look for
// examples nobody has confirmed yet.
func existingStore(ctx context.Context, sessions, dir string) session.Store {
	spec := sessions
	if spec == "" {
		spec = session.DefaultPath(dir)
	}
	if !strings.Contains(spec, "://") {
		if _, err := os.Stat(spec); err != nil {
			return nil
		}
	}
	st, err := session.Open(ctx, spec)
	if err != nil {
		return nil
	}
	return st
}
