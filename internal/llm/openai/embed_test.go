package openai_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/llm"
	"querent/internal/llm/openai"
	"querent/internal/retrieve"
)

var _ retrieve.Embedder = (*openai.Client)(nil)

// embedServer answers POST /v1/embeddings with reply(inputs), after the
// statuses in fail (one per request) are used up.
func embedServer(t *testing.T, fail []int, reply func(inputs []string) any) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := int(calls.Add(1))
		if r.Method != http.MethodPost || r.URL.Path != "/v1/embeddings" {
			t.Errorf("request %s %s, want POST /v1/embeddings", r.Method, r.URL.Path)
		}
		var req struct {
			Model string   `json:"model"`
			Input []string `json:"input"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			t.Errorf("request body: %v", err)
		}
		if req.Model != "nomic-embed-text" {
			t.Errorf("model %q, want nomic-embed-text", req.Model)
		}
		w.Header().Set("Content-Type", "application/json")
		if n <= len(fail) {
			w.Header().Set("Retry-After", "0")
			w.WriteHeader(fail[n-1])
			w.Write([]byte(`{"error": {"message": "not now", "type": "server_error"}}`))
			return
		}
		json.NewEncoder(w).Encode(reply(req.Input))
	}))
	t.Cleanup(srv.Close)
	return srv, &calls
}

// vectors answers each input with [index, len(input)], in reverse order, as
// a server is free to.
func vectors(inputs []string) any {
	var data []map[string]any
	for i := len(inputs) - 1; i >= 0; i-- {
		data = append(data, map[string]any{"object": "embedding", "index": i, "embedding": []float64{float64(i), float64(len(inputs[i]))}})
	}
	return map[string]any{"object": "list", "model": "nomic-embed-text", "data": data, "usage": map[string]any{"prompt_tokens": 1, "total_tokens": 1}}
}

func embedClient(t *testing.T, url string) *openai.Client {
	return newClient(t, url+"/v1", func(c *openai.Config) { c.Model = "nomic-embed-text"; c.MaxRetries = 1 })
}

func TestEmbed(t *testing.T) {
	srv, _ := embedServer(t, nil, vectors)
	got, err := embedClient(t, srv.URL).Embed(context.Background(), []string{"a", "bbb", "cc"})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([][]float32{{0, 1}, {1, 3}, {2, 2}}, got); diff != "" {
		t.Errorf("vectors in input order (-want +got):\n%s", diff)
	}
}

func TestEmbedSplitsLargeCalls(t *testing.T) {
	srv, calls := embedServer(t, nil, vectors)
	texts := make([]string, 300)
	for i := range texts {
		texts[i] = "t"
	}
	got, err := embedClient(t, srv.URL).Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 300 || calls.Load() != 2 || got[299][0] != 43 {
		t.Errorf("%d vectors in %d calls, last %v: want 300 in 2 calls, the last the 44th of its batch", len(got), calls.Load(), got[299])
	}
}

func TestEmbedRetriesRateLimits(t *testing.T) {
	srv, calls := embedServer(t, []int{429}, vectors)
	if _, err := embedClient(t, srv.URL).Embed(context.Background(), []string{"x"}); err != nil {
		t.Fatal(err)
	}
	if calls.Load() != 2 {
		t.Errorf("%d calls, want 2 (one retry)", calls.Load())
	}
}

func TestEmbedErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		fail  []int
		reply func([]string) any
		texts []string
		kind  llm.Kind
	}{
		{"auth", []int{401}, vectors, []string{"x"}, llm.KindAuth},
		{"too few vectors", nil, func([]string) any { return vectors([]string{"only one"}) }, []string{"x", "y"}, llm.KindBadOutput},
		{"ragged", nil, func([]string) any {
			return map[string]any{"object": "list", "data": []map[string]any{
				{"object": "embedding", "index": 0, "embedding": []float64{1, 2}},
				{"object": "embedding", "index": 1, "embedding": []float64{1}}}}
		}, []string{"x", "y"}, llm.KindBadOutput},
		{"empty text", nil, vectors, []string{"x", ""}, llm.KindBadRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv, _ := embedServer(t, tc.fail, tc.reply)
			_, err := embedClient(t, srv.URL).Embed(context.Background(), tc.texts)
			wantKind(t, err, tc.kind)
		})
	}
}
