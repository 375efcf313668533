package demo

import (
	"hash/fnv"
	"math/bits"
)

// rng is a splitmix64 generator. The package carries its own PRNG, and makes
// every random decision with integer arithmetic only, so the dataset depends
// on nothing that could change under it: not a standard-library helper whose
// algorithm might be revised, and not floating-point rounding, which may
// differ between CPUs (the Go spec lets some architectures fuse a*b+c).
type rng struct{ state uint64 }

// newRNG returns the stream for one part of the dataset. Each part draws from
// its own stream so that tuning one table does not reshuffle all the others.
func newRNG(seed int64, part string) *rng {
	h := fnv.New64a()
	h.Write([]byte(part))
	r := &rng{state: uint64(seed) ^ h.Sum64()}
	r.next() // one step so that nearby seeds do not start on nearby states
	return r
}

func (r *rng) next() uint64 {
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// intn returns a value in [0, n). It takes the high word of a 64×64-bit
// product (Lemire's method without the rejection step); the bias is below
// n/2^64, far too small to matter for demo data.
func (r *rng) intn(n int) int {
	if n <= 0 {
		panic("demo: intn of a non-positive bound")
	}
	hi, _ := bits.Mul64(r.next(), uint64(n))
	return int(hi)
}

// between returns a value in [lo, hi].
func (r *rng) between(lo, hi int) int {
	return lo + r.intn(hi-lo+1)
}

// chance reports true with probability pct/100.
func (r *rng) chance(pct int) bool {
	return r.intn(100) < pct
}

// pick returns an index into weights with probability proportional to its
// weight. At least one weight must be positive.
func (r *rng) pick(weights []int) int {
	total := 0
	for _, w := range weights {
		total += w
	}
	x := r.intn(total)
	for i, w := range weights {
		if x < w {
			return i
		}
		x -= w
	}
	panic("unreachable")
}

// shuffle permutes n elements with swap (Fisher–Yates).
func (r *rng) shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.intn(i+1))
	}
}
