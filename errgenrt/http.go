package errgenrt

import (
	"context"
	"net/http"
	"strconv"
)

// The HTTP helper: the payload it sends is a problem document the rule
// files write (render.go); its headers are HTTP's.

// ProblemContentType is the media type of RFC 9457 problem documents.
const ProblemContentType = "application/problem+json"

// WriteProblem converts err with [Catalog.From] and writes it as an
// application/problem+json response with the error's status and, when
// the error written carries a retry delay, a Retry-After header: the
// delay in whole seconds, rounded up. A handler should prefer
// [Catalog.WriteProblemContext] with the request's context, which
// telemetry needs to find the request's span.
func (c *Catalog) WriteProblem(w http.ResponseWriter, err error, o *Options) {
	c.WriteProblemContext(context.Background(), w, err, o)
}

// WriteProblemContext is [Catalog.WriteProblem] for a request's context:
// the catalog's [Catalog.OnSend] hook (telemetry, when installed) learns
// of the error written with ctx.
func (c *Catalog) WriteProblemContext(ctx context.Context, w http.ResponseWriter, err error, o *Options) {
	e := c.From(err)
	if e == nil {
		e = c.Fallback.fresh(nil)
	}
	body, r := e.bounded(nil, o, (*Error).appendProblem)
	h := w.Header()
	h.Set("Content-Type", ProblemContentType)
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if after := r.retryAfterSeconds(); after != "" {
		h.Set("Retry-After", after)
	}
	w.WriteHeader(r.Status())
	_, _ = w.Write(body)
	c.sentWire(ctx, r, SentHTTP)
}

// retryAfterSeconds returns the Retry-After header of the occurrence:
// its delay in whole seconds, rounded up, or "" when it has none.
func (e *Error) retryAfterSeconds() string {
	ms, ok := e.RetryAfter()
	if !ok {
		return ""
	}
	return strconv.FormatInt((ms+999)/1000, 10)
}
