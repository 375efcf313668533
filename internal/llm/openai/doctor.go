package openai

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"

	sdk "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"querent/internal/llm"
	"querent/internal/llm/internal/wire"
)

// Diagnose checks, in order, that the server answers, that it accepts the
// API key, that it has the model (from GET /models), and that the model
// returns schema-shaped JSON, reporting which structured mode worked. The
// last check sends one tiny request, and leaves the client in the mode it
// found, so later calls skip the fallbacks.
func (c *Client) Diagnose(ctx context.Context) []llm.Finding {
	base := c.cfg.BaseURL
	var x wire.Exchange
	page, err := c.sdk.Models.List(ctx, option.WithMiddleware(x.Middleware()))
	responded, status, _, body := x.Result()

	if !responded {
		detail := fmt.Sprintf("cannot reach %s", base)
		if err != nil {
			detail += " (" + wire.Unreachable(err) + ")"
		}
		if ctx.Err() != nil || wire.IsTimeout(err) {
			detail = fmt.Sprintf("%s did not answer in time", base)
		}
		return []llm.Finding{{Check: llm.CheckReachable, Detail: detail, Fix: wire.Sentence(c.startFix())}}
	}
	findings := []llm.Finding{{Check: llm.CheckReachable, OK: true, Detail: fmt.Sprintf("%s answered (HTTP %d)", base, status)}}

	keyKnown := true
	switch {
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		return append(findings, llm.Finding{
			Check:  llm.CheckAPIKey,
			Detail: fmt.Sprintf("%s (HTTP %d: %s)", c.keyProblem(base), status, wire.ServerMessage(body)),
			Fix:    wire.Sentence(c.keyFix()),
		})
	case status < 300:
		findings = append(findings, c.keyAccepted())
	default:
		// Only the generation probe below can tell.
		keyKnown = false
	}

	switch {
	case status < 300 && err == nil:
		f := c.modelFinding(page.Data)
		if findings = append(findings, f); !f.OK {
			// The probe would only fail again for the same reason.
			return findings
		}
	case status < 300:
		findings = append(findings, llm.Finding{Check: llm.CheckModel,
			Detail: fmt.Sprintf("GET %s/models answered, but not with a model list (%v)", base, err),
			Fix:    "Check that the base URL points at an OpenAI-compatible API (it usually ends in /v1)."})
	case status == http.StatusNotFound:
		findings = append(findings, llm.Finding{Check: llm.CheckModel, OK: true,
			Detail: fmt.Sprintf("GET %s/models answered 404, so this server cannot list its models; the structured output check below uses %q directly", base, c.cfg.Model)})
	default:
		findings = append(findings, llm.Finding{Check: llm.CheckModel,
			Detail: fmt.Sprintf("GET %s/models failed (HTTP %d: %s)", base, status, wire.ServerMessage(body)),
			Fix:    "Check the server's log, then run `querent doctor` again."})
	}

	resp, gerr := c.Generate(ctx, wire.ProbeRequest())
	if !keyKnown {
		// Report the key check in its place, right after reachability.
		if llm.KindOf(gerr) == llm.KindAuth {
			return slices.Insert(findings, 1, llm.Finding{Check: llm.CheckAPIKey, Detail: wire.WhatOf(gerr), Fix: wire.Sentence(c.keyFix())})
		}
		findings = slices.Insert(findings, 1, c.keyAccepted())
	}
	if gerr != nil {
		return append(findings, wire.ProbeFailure(gerr))
	}
	if verr := wire.CheckProbe(resp.Text); verr != nil {
		return append(findings, llm.Finding{Check: llm.CheckStructured,
			Detail: fmt.Sprintf("in %s mode, %v", c.StructuredMode(), verr),
			Fix:    "Use a model that follows JSON instructions more reliably (for example qwen2.5-coder:7b or llama3.1:8b with Ollama)."})
	}
	return append(findings, llm.Finding{Check: llm.CheckStructured, OK: true, Detail: c.modeDetail()})
}

func (c *Client) keyAccepted() llm.Finding {
	if c.cfg.APIKey == "" {
		return llm.Finding{Check: llm.CheckAPIKey, OK: true, Detail: "no API key is configured and the server needs none"}
	}
	return llm.Finding{Check: llm.CheckAPIKey, OK: true, Detail: "the server accepted the API key"}
}

// modelFinding looks for the configured model in the server's list. Ollama
// lists "llama3:latest" for a model pulled as "llama3", so a missing tag
// matches ":latest".
func (c *Client) modelFinding(models []sdk.Model) llm.Finding {
	var ids []string
	for _, m := range models {
		ids = append(ids, m.ID)
	}
	want := c.cfg.Model
	if slices.Contains(ids, want) || (!strings.Contains(want, ":") && slices.Contains(ids, want+":latest")) {
		return llm.Finding{Check: llm.CheckModel, OK: true, Detail: fmt.Sprintf("%s offers %q", c.cfg.BaseURL, want)}
	}
	listed := "none"
	if len(ids) > 0 {
		shown := ids[:min(len(ids), 10)]
		listed = strings.Join(shown, ", ")
		if len(ids) > len(shown) {
			listed += fmt.Sprintf(" and %d more", len(ids)-len(shown))
		}
	}
	fix := fmt.Sprintf("Use one of the listed models (--llm %s:MODEL), or load %q into the server.", c.cfg.provider(), want)
	if c.isOllama() {
		fix = fmt.Sprintf("Download it with `ollama pull %s`, or use one of the listed models.", want)
	}
	return llm.Finding{Check: llm.CheckModel,
		Detail: fmt.Sprintf("%s does not offer %q; it lists: %s", c.cfg.BaseURL, want, listed),
		Fix:    fix}
}

func (c *Client) modeDetail() string {
	switch mode := c.StructuredMode(); mode {
	case ModeJSONSchema:
		return "the server enforces the JSON Schema (response_format json_schema)"
	case ModeJSONObject:
		return "the server rejects json_schema; using json_object mode with the schema in the prompt"
	default:
		return "the server rejects response_format; using the schema in the prompt only (" + string(mode) + "), so replies are checked after the fact"
	}
}
