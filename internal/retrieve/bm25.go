package retrieve

import (
	"math"
	"sort"
	"sync"
)

// BM25 parameters: the usual values. k1 bounds how much a repeated term
// counts; b how much a long document (a table with 80 columns) is penalised
// against a short one.
const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

// posting is one document holding a term, with the term's (field-weighted)
// frequency in it.
type posting struct {
	doc int32
	tf  float32
}

// bm25 is an inverted index over documents that are bags of weighted terms.
// It is built once and only read afterwards, so concurrent searches need no
// lock.
type bm25 struct {
	postings map[string][]posting
	docLen   []float32
	avgLen   float64
	pool     sync.Pool // of *accumulator
}

// bm25Builder collects documents before the index is frozen.
type bm25Builder struct {
	idx *bm25
}

func newBM25Builder() *bm25Builder {
	return &bm25Builder{idx: &bm25{postings: map[string][]posting{}}}
}

// add appends a document and returns its number. Each term counts weight
// times, which is how a table's name outweighs its column names.
func (b *bm25Builder) add(terms map[string]float32) int32 {
	doc := int32(len(b.idx.docLen))
	var length float32
	for t, w := range terms {
		if w <= 0 {
			continue
		}
		b.idx.postings[t] = append(b.idx.postings[t], posting{doc, w})
		length += w
	}
	b.idx.docLen = append(b.idx.docLen, length)
	return doc
}

func (b *bm25Builder) build() *bm25 {
	var total float64
	for _, l := range b.idx.docLen {
		total += float64(l)
	}
	if n := len(b.idx.docLen); n > 0 {
		b.idx.avgLen = total / float64(n)
	}
	return b.idx
}

// idf is BM25's inverse document frequency, kept positive for terms found
// in most documents.
func (x *bm25) idf(term string) float64 {
	df := float64(len(x.postings[term]))
	n := float64(len(x.docLen))
	return math.Log(1 + (n-df+0.5)/(df+0.5))
}

// hit is a scored document.
// termScore is one posting's BM25 contribution, idf already weighted.
func (x *bm25) termScore(idf float64, p posting) float64 {
	tf := float64(p.tf)
	norm := bm25K1 * (1 - bm25B + bm25B*float64(x.docLen[p.doc])/x.avgLen)
	return idf * tf * (bm25K1 + 1) / (tf + norm)
}

type hit struct {
	doc   int32
	score float64
}

// accPool recycles dense score accumulators: adding into a slice indexed
// by document is several times faster than into a map, and a pool keeps
// concurrent searches apart without allocating one per question.
type accumulator struct {
	score   []float64
	touched []int32
}

// search scores every document holding at least one query term and
// returns the best limit of them, best first. Query terms carry weights (a
// previous question's words count less).
func (x *bm25) search(query map[string]float64, limit int) []hit {
	acc, _ := x.pool.Get().(*accumulator)
	if acc == nil || len(acc.score) != len(x.docLen) {
		acc = &accumulator{score: make([]float64, len(x.docLen))}
	}
	defer x.pool.Put(acc)
	for term, w := range query {
		ps := x.postings[term]
		if len(ps) == 0 {
			continue
		}
		idf := x.idf(term) * w
		for _, p := range ps {
			if acc.score[p.doc] == 0 {
				acc.touched = append(acc.touched, p.doc)
			}
			acc.score[p.doc] += x.termScore(idf, p)
		}
	}
	hits := topHits(acc, limit)
	for _, d := range acc.touched {
		acc.score[d] = 0
	}
	acc.touched = acc.touched[:0]
	return hits
}

// topHits selects the limit best touched documents with a bounded min-heap,
// so a common term matching most of a 10,000-table schema costs a scan, not
// a sort of everything it matched.
func topHits(acc *accumulator, limit int) []hit {
	less := func(a, b hit) bool { // a ranks below b
		if a.score != b.score {
			return a.score < b.score
		}
		return a.doc > b.doc
	}
	h := make([]hit, 0, min(limit, len(acc.touched)))
	down := func(i int) {
		for {
			l, m := 2*i+1, i
			if l < len(h) && less(h[l], h[m]) {
				m = l
			}
			if r := l + 1; r < len(h) && less(h[r], h[m]) {
				m = r
			}
			if m == i {
				return
			}
			h[i], h[m] = h[m], h[i]
			i = m
		}
	}
	for _, d := range acc.touched {
		c := hit{d, acc.score[d]}
		switch {
		case len(h) < limit:
			h = append(h, c)
			for i := len(h) - 1; i > 0 && less(h[i], h[(i-1)/2]); i = (i - 1) / 2 {
				h[i], h[(i-1)/2] = h[(i-1)/2], h[i]
			}
		case less(h[0], c):
			h[0] = c
			down(0)
		}
	}
	sort.Slice(h, func(i, j int) bool { return less(h[j], h[i]) })
	return h
}

// grouped scores groups of documents (a table's column documents) by their
// coverage of the query: each term counts with its best document in the
// group, so a table whose columns match three of the question's words
// outranks one whose single best column matches one word well. Generic
// words (name, id, date) hold many column documents and so count little by
// their IDF.
type grouped struct {
	idx    *bm25
	group  []int32 // document → group
	groups int
	pool   sync.Pool // of *groupAcc
}

// groupAcc holds a search's per-group totals and the current term's best
// per-group contribution.
type groupAcc struct {
	total, term []float64
	touched     []int32 // groups with a non-zero total
	termTouched []int32 // groups with a non-zero term score
}

func newGrouped(idx *bm25, group []int32, groups int) *grouped {
	return &grouped{idx: idx, group: group, groups: groups}
}

// search returns the best limit groups, best first.
func (g *grouped) search(query map[string]float64, limit int) []hit {
	acc, _ := g.pool.Get().(*groupAcc)
	if acc == nil {
		acc = &groupAcc{total: make([]float64, g.groups), term: make([]float64, g.groups)}
	}
	defer g.pool.Put(acc)
	x := g.idx
	for term, w := range query {
		ps := x.postings[term]
		if len(ps) == 0 {
			continue
		}
		idf := x.idf(term) * w
		for _, p := range ps {
			s := x.termScore(idf, p)
			gr := g.group[p.doc]
			if acc.term[gr] == 0 {
				acc.termTouched = append(acc.termTouched, gr)
			}
			acc.term[gr] = max(acc.term[gr], s)
		}
		for _, gr := range acc.termTouched {
			if acc.total[gr] == 0 {
				acc.touched = append(acc.touched, gr)
			}
			acc.total[gr] += acc.term[gr]
			acc.term[gr] = 0
		}
		acc.termTouched = acc.termTouched[:0]
	}
	hits := topHits(&accumulator{score: acc.total, touched: acc.touched}, limit)
	for _, gr := range acc.touched {
		acc.total[gr] = 0
	}
	acc.touched = acc.touched[:0]
	return hits
}
