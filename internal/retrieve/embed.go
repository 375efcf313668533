package retrieve

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"
)

// Embedder turns texts into vectors whose cosine similarity reflects
// closeness in meaning. Embed returns one vector per text, in order; all of
// the same length.
type Embedder interface {
	Embed(ctx context.Context, texts []string) ([][]float32, error)
}

// embedBatch is how many table documents go into one Embed call: enough to
// be quick, few enough for servers that cap a request's inputs.
const embedBatch = 128

// embedCache holds table document vectors by schema fingerprint, so indexes
// rebuilt for the same schema (a new session, a reloaded server) embed it
// once per process.
var embedCache sync.Map // fingerprint → [][]float32

// embedDoc is the short text embedded for a table: its name and columns.
func embedDoc(name string, cols []string, desc string) string {
	var b strings.Builder
	b.WriteString(strings.Join(splitWords(name), " "))
	if desc != "" {
		b.WriteString(": " + desc)
	}
	b.WriteString(" (")
	for i, c := range cols {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strings.Join(splitWords(c), " "))
	}
	b.WriteString(")")
	return b.String()
}

// tableVectors returns the table documents' vectors, embedding them on
// first use.
func (x *Index) tableVectors(ctx context.Context) ([][]float32, error) {
	x.emb.mu.Lock()
	defer x.emb.mu.Unlock()
	if x.emb.vecs != nil {
		return x.emb.vecs, nil
	}
	docs := make([]string, len(x.s.Tables))
	h := sha256.New()
	fmt.Fprintf(h, "%T\x00", x.opt.Embedder)
	if n, ok := x.opt.Embedder.(interface{ Name() string }); ok {
		fmt.Fprintf(h, "%s\x00", n.Name())
	}
	for i, t := range x.s.Tables {
		docs[i] = embedDoc(t.Name, t.ColumnNames(), t.Description)
		h.Write([]byte(docs[i]))
		h.Write([]byte{0})
	}
	key := hex.EncodeToString(h.Sum(nil))
	if v, ok := embedCache.Load(key); ok {
		x.emb.vecs = v.([][]float32)
		return x.emb.vecs, nil
	}
	vecs := make([][]float32, 0, len(docs))
	for start := 0; start < len(docs); start += embedBatch {
		batch := docs[start:min(start+embedBatch, len(docs))]
		got, err := x.opt.Embedder.Embed(ctx, batch)
		if err != nil {
			return nil, fmt.Errorf("embed table documents: %w", err)
		}
		if len(got) != len(batch) {
			return nil, fmt.Errorf("embed table documents: the embedder returned %d vectors for %d texts", len(got), len(batch))
		}
		vecs = append(vecs, got...)
	}
	for i, v := range vecs {
		normalize(v)
		if len(v) != len(vecs[0]) || len(v) == 0 {
			return nil, fmt.Errorf("embed table documents: vector %d has %d dimensions, vector 0 has %d", i, len(v), len(vecs[0]))
		}
	}
	embedCache.Store(key, vecs)
	x.emb.vecs = vecs
	return vecs, nil
}

// embedRank ranks tables by cosine similarity to the question, best first,
// keeping the top embedKeep (a table far down a semantic list gains nothing
// from it).
func (x *Index) embedRank(ctx context.Context, question string) ([]int32, error) {
	vecs, err := x.tableVectors(ctx)
	if err != nil {
		return nil, err
	}
	q, err := x.opt.Embedder.Embed(ctx, []string{question})
	if err != nil {
		return nil, fmt.Errorf("embed the question: %w", err)
	}
	if len(q) != 1 || len(q[0]) != len(vecs[0]) {
		return nil, fmt.Errorf("embed the question: got %d vectors, want one of %d dimensions", len(q), len(vecs[0]))
	}
	normalize(q[0])
	type sim struct {
		t int32
		s float32
	}
	sims := make([]sim, len(vecs))
	for i, v := range vecs {
		var dot float32
		for j := range v {
			dot += v[j] * q[0][j]
		}
		sims[i] = sim{int32(i), dot}
	}
	sort.Slice(sims, func(i, j int) bool {
		if sims[i].s != sims[j].s {
			return sims[i].s > sims[j].s
		}
		return sims[i].t < sims[j].t
	})
	keep := min(len(sims), 4*x.opt.TopK+16)
	out := make([]int32, keep)
	for i := range out {
		out[i] = sims[i].t
	}
	return out, nil
}

func normalize(v []float32) {
	var n float64
	for _, f := range v {
		n += float64(f) * float64(f)
	}
	if n == 0 {
		return
	}
	inv := float32(1 / math.Sqrt(n))
	for i := range v {
		v[i] *= inv
	}
}
