package errgenrt

import (
	"context"
	"strings"
)

// SentVia says how an adapter sent an error: the telemetry conventions
// differ between an MCP JSON-RPC error, an MCP tool result and an HTTP
// response.
type SentVia string

const (
	SentJSONRPC SentVia = "jsonrpc" // a JSON-RPC error object
	SentTool    SentVia = "tool"    // an MCP isError tool result
	SentHTTP    SentVia = "http"    // an HTTP response ([Catalog.WriteProblemContext])
)

// Sent tells the catalog's [Catalog.OnSend] hook, when one is set, that
// an adapter sent e as via: adapters call it once for each error response
// they send, with the request's context. The hook gets the error the wire
// carries ([Error.Wire]). Without a hook it does nothing.
func (c *Catalog) Sent(ctx context.Context, e *Error, via SentVia) {
	if c.OnSend == nil || e == nil || e.Def == nil {
		return
	}
	c.OnSend(ctx, e.Wire(), via)
}

// sentWire is [Catalog.Sent] for an error already resolved to the one the
// wire carries (by [Error.bounded]): it is not resolved again.
func (c *Catalog) sentWire(ctx context.Context, r *Error, via SentVia) {
	if c.OnSend != nil {
		c.OnSend(ctx, r, via)
	}
}

// Wire returns the error the wire carries for e: e itself, or the
// catalog's fallback, caused by a [ViolationError], when e's details
// cannot be written valid.
func (e *Error) Wire() *Error {
	enc := getEncoder(e.Def.Catalog, resolve(nil))
	defer putEncoder(enc)
	return e.resolved(enc)
}

// TelemetryCause returns the text of the occurrence's cause when the
// occurrence was made [WithTelemetryCause], bounded by the catalog's
// string limit and valid UTF-8; otherwise "".
func (e *Error) TelemetryCause() string {
	if !e.telemetryCause || e.cause == nil {
		return ""
	}
	enc := getEncoder(e.Def.Catalog, resolve(nil))
	defer putEncoder(enc)
	return strings.Clone(truncate(validUTF8(e.cause.Error()), enc.bound(nil)))
}
