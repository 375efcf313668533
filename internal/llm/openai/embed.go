package openai

import (
	"context"
	"fmt"
	"sort"

	sdk "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"querent/internal/llm"
	"querent/internal/llm/internal/wire"
)

// maxEmbedInputs is the most texts one /embeddings request carries: OpenAI
// accepts 2048, local servers often fewer, so larger calls are split.
const maxEmbedInputs = 256

// Embed returns one vector per text from the server's /embeddings endpoint,
// with Config.Model as the embedding model (for example
// "text-embedding-3-small", or "nomic-embed-text" on Ollama), so embeddings
// use a Client of their own. It satisfies retrieve.Embedder. HTTP 429 and
// 503 are retried like Generate; every error is an *llm.Error.
func (c *Client) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, 0, len(texts))
	for start := 0; start < len(texts); start += maxEmbedInputs {
		batch := texts[start:min(start+maxEmbedInputs, len(texts))]
		for i, t := range batch {
			if t == "" {
				return nil, wire.NewError(llm.KindBadRequest, fmt.Sprintf("%s: text %d to embed is empty; the API rejects empty inputs", c.Name(), start+i), "", nil)
			}
		}
		var vecs [][]float32
		_, err := wire.Retry(ctx, c.cfg.MaxRetries, c.cfg.MaxRetryWait, func() (*llm.Response, bool, error) {
			var err error
			var retry bool
			vecs, retry, err = c.embedOnce(ctx, batch)
			return &llm.Response{}, retry, err
		})
		if err != nil {
			return nil, err
		}
		out = append(out, vecs...)
	}
	return out, nil
}

func (c *Client) embedOnce(ctx context.Context, texts []string) ([][]float32, bool, error) {
	var x wire.Exchange
	resp, err := c.sdk.Embeddings.New(ctx, sdk.EmbeddingNewParams{
		Model:          sdk.EmbeddingModel(c.cfg.Model),
		Input:          sdk.EmbeddingNewParamsInputUnion{OfArrayOfStrings: texts},
		EncodingFormat: sdk.EmbeddingNewParamsEncodingFormatFloat,
	}, option.WithMiddleware(x.Middleware()))
	if err != nil {
		if responded, status, _, _ := x.Result(); responded && status >= 200 && status < 300 && ctx.Err() == nil {
			return nil, false, c.badEmbeddings("its reply is not an embeddings response", err)
		}
		_, retry, cerr := c.classify(ctx, err, &x)
		return nil, retry, cerr
	}
	if len(resp.Data) != len(texts) {
		return nil, false, c.badEmbeddings(fmt.Sprintf("it returned %d vectors for %d texts", len(resp.Data), len(texts)), nil)
	}
	// Servers may answer out of order; Index says which input each is.
	data := resp.Data
	sort.SliceStable(data, func(i, j int) bool { return data[i].Index < data[j].Index })
	vecs := make([][]float32, len(data))
	for i, d := range data {
		if d.Index != int64(i) {
			return nil, false, c.badEmbeddings(fmt.Sprintf("vector indexes are not 0..%d (got %d at position %d)", len(data)-1, d.Index, i), nil)
		}
		if len(d.Embedding) == 0 || len(d.Embedding) != len(data[0].Embedding) {
			return nil, false, c.badEmbeddings(fmt.Sprintf("vector %d has %d dimensions, vector 0 has %d", i, len(d.Embedding), len(data[0].Embedding)), nil)
		}
		v := make([]float32, len(d.Embedding))
		for j, f := range d.Embedding {
			v[j] = float32(f)
		}
		vecs[i] = v
	}
	return vecs, false, nil
}

func (c *Client) badEmbeddings(what string, err error) *llm.Error {
	return wire.NewError(llm.KindBadOutput,
		fmt.Sprintf("%s: the server at %s cannot be used for embeddings: %s", c.Name(), c.cfg.BaseURL, what),
		"check that the model is an embedding model (e.g. nomic-embed-text, text-embedding-3-small) and the base URL an OpenAI-compatible API", err)
}
