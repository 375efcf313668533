package anthropic

import (
	"context"
	"fmt"
	"net/http"
	"slices"

	sdk "github.com/anthropics/anthropic-sdk-go"
	"github.com/anthropics/anthropic-sdk-go/option"

	"querent/internal/llm"
	"querent/internal/llm/internal/wire"
)

// Diagnose checks, in order, that the API answers, that it accepts the key,
// that the model exists (GET /v1/models/MODEL), and that a forced tool call
// returns schema-shaped JSON. The last check sends one tiny request.
func (c *Client) Diagnose(ctx context.Context) []llm.Finding {
	base := c.cfg.BaseURL
	var x wire.Exchange
	info, err := c.sdk.Models.Get(ctx, c.cfg.Model, sdk.ModelGetParams{}, option.WithMiddleware(x.Middleware()))
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
		return append(findings, llm.Finding{Check: llm.CheckAPIKey,
			Detail: fmt.Sprintf("%s (HTTP %d: %s)", c.keyProblem(), status, wire.ServerMessage(body)),
			Fix:    wire.Sentence(c.keyFix())})
	case status < 300 && err == nil:
		findings = append(findings,
			llm.Finding{Check: llm.CheckAPIKey, OK: true, Detail: "the API accepted the key"},
			llm.Finding{Check: llm.CheckModel, OK: true, Detail: fmt.Sprintf("the API knows %q (%s)", c.cfg.Model, info.DisplayName)})
	case status == http.StatusNotFound:
		return append(findings,
			llm.Finding{Check: llm.CheckAPIKey, OK: true, Detail: "the API accepted the key"},
			llm.Finding{Check: llm.CheckModel,
				Detail: fmt.Sprintf("the API does not know the model %q (HTTP 404: %s)", c.cfg.Model, wire.ServerMessage(body)),
				Fix:    wire.Sentence(modelFix)})
	default:
		detail := fmt.Sprintf("GET %s/v1/models/%s failed (HTTP %d: %s)", base, c.cfg.Model, status, wire.ServerMessage(body))
		if err != nil && status < 300 {
			detail = fmt.Sprintf("GET %s/v1/models/%s answered, but not with a model (%v)", base, c.cfg.Model, err)
		}
		findings = append(findings, llm.Finding{Check: llm.CheckModel, Detail: detail,
			Fix: "Check the base URL (Anthropic's is " + DefaultBaseURL + ") and try again later."})
		// Only the generation probe below can tell.
		keyKnown = false
	}

	resp, gerr := c.Generate(ctx, wire.ProbeRequest())
	if !keyKnown {
		// Report the key check in its place, right after reachability.
		if llm.KindOf(gerr) == llm.KindAuth {
			return slices.Insert(findings, 1, llm.Finding{Check: llm.CheckAPIKey, Detail: wire.WhatOf(gerr), Fix: wire.Sentence(c.keyFix())})
		}
		findings = slices.Insert(findings, 1, llm.Finding{Check: llm.CheckAPIKey, OK: true, Detail: "the API accepted the key"})
	}
	if gerr != nil {
		return append(findings, wire.ProbeFailure(gerr))
	}
	if verr := wire.CheckProbe(resp.Text); verr != nil {
		return append(findings, llm.Finding{Check: llm.CheckStructured,
			Detail: fmt.Sprintf("with a forced tool call, %v", verr),
			Fix:    "Use a more capable Claude model."})
	}
	return append(findings, llm.Finding{Check: llm.CheckStructured, OK: true,
		Detail: "the model returns the schema as a forced tool call (tool_use)"})
}
