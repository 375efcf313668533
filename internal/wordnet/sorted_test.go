package wordnet

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFindAcrossLineLengths searches a sorted file whose lines range from
// a few bytes to several windows long, so that a probe lands in short
// lines read whole, in lines whose start or end lies outside the window,
// and at the file's first and last bytes. Every key is found with its
// whole line, and keys between them are not.
func TestFindAcrossLineLengths(t *testing.T) {
	lengths := []int{0, 3, window/2 - 5, window / 2, window/2 + 1, window - 1, window, window + 7, 3 * window, 1, 40}
	var b strings.Builder
	b.WriteString("  1 a licence line that sorts first  \n")
	lines := map[string]string{}
	for i, n := range lengths {
		key := fmt.Sprintf("k%02d", i)
		line := key + " " + strings.Repeat(string(rune('a'+i)), n)
		lines[key] = line
		b.WriteString(line + "\n")
	}
	for _, trailing := range []string{"\n", ""} {
		text := strings.TrimSuffix(b.String(), "\n") + trailing
		path := filepath.Join(t.TempDir(), "index.noun")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := openSorted(path)
		if err != nil {
			t.Fatal(err)
		}
		for key, want := range lines {
			got, ok, err := s.find(key)
			if err != nil || !ok || got != want {
				t.Errorf("find(%q) = %.20q (%d bytes), %v, %v; want its %d-byte line", key, got, len(got), ok, err, len(want))
			}
		}
		for _, key := range []string{"k", "k00a", "k05x", "k99", "a", "~"} {
			if got, ok, err := s.find(key); ok || err != nil {
				t.Errorf("find(%q) = %.20q, %v, %v; want nothing", key, got, ok, err)
			}
		}
		s.f.Close()
	}
}
