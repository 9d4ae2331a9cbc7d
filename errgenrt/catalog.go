package errgenrt

import (
	"context"
	"errors"
	"slices"
	"sort"
	"strings"
)

// Limits are a catalog's payload bounds.
type Limits struct {
	MaxDataBytes   int
	MaxStringBytes int
	MaxSuggestions int
}

// Catalog is a generated catalog: its errors and settings.
type Catalog struct {
	Name          string
	Version       string
	SchemaVersion int
	Limits        Limits
	Defs          []*Def // by code
	Fallback      *Def   // what a non-catalog error becomes

	// Metrics counts rendered errors when set (see [Catalog.EnableMetrics]).
	Metrics *Metrics
	// OnViolation, when set, learns of every detail value the runtime does
	// not write as given because it breaks its schema (see [Violation]):
	// count them, log them, or, in tests, panic. It runs while a payload
	// renders; the value itself is not passed, since it may be secret.
	OnViolation func(Violation)
	// OnSend, when set, learns of every error response errgen's adapters
	// send (see [Catalog.Sent]): the errgenotel package sets it to record
	// the errors in OpenTelemetry. Set it before the catalog serves.
	OnSend func(ctx context.Context, e *Error, via SentVia)

	bySymbol map[string]*Def
	byCode   map[int64]*Def
	byType   map[string]*Def
}

// Def is the static description of one catalog error.
type Def struct {
	Catalog  *Catalog
	Code     int64
	WireCode int64 // JSON-RPC error.code
	Symbol   string
	// Aliases are more symbols of the error: [Catalog.BySymbol] finds
	// the definition by any of them, while the wire carries Symbol.
	Aliases     []string
	Type        string
	Domain      string
	Title       string
	ProblemType string // RFC 9457 type URI
	Statuses    []int  // allowed HTTP statuses, first the default
	Retryable   bool   // Retry is RetryAfterDelay
	// Retry says whether and when a client may retry the error; "" reads
	// as Retryable says (RetryAfterDelay or RetryNever).
	Retry RetryClass
	// RetryAfterMs is the delay, in milliseconds, a client waits before
	// retrying the error (RetryAfterDelay), unless an occurrence gives
	// its own ([WithRetryAfter]); 0: the catalog gives none.
	RetryAfterMs int64
	// Throttling marks an error that reports throttling: the client sent
	// too much, too fast (RetryAfterDelay).
	Throttling bool
	Deprecated bool
	// ToolErrorsAsRPC sends the error, when an MCP tools/call fails with
	// it, as a JSON-RPC error object rather than as an isError tool result
	// (the catalog's mcp.tool_errors: error).
	ToolErrorsAsRPC bool
	// NeedsDetails marks an error whose empty details would break its detail
	// schema (errgen check knows): the definition returned as an error
	// becomes the fallback, caused by it, since the wire has no valid form
	// of it without its details.
	NeedsDetails bool
	// Details is the node of the error's details (an object); nil when the
	// error has none.
	Details *Node
	// Sensitive are the top-level detail fields the error's sensitive list
	// redacts, besides the fields its schema marks x-sensitive.
	Sensitive []string
	// NewDetails returns a new empty value of the type of the error's
	// details, for JSON to decode into (the conformance runner); nil when
	// the error has none.
	NewDetails func() Details

	Message     Template
	UserMessage Template // "" when the catalog sets none
	Suggestions []Template
}

// retryClass returns the error's retry class, from Retryable when Retry
// is unset.
func (d *Def) retryClass() RetryClass {
	switch {
	case d.Retry != "":
		return d.Retry
	case d.Retryable:
		return RetryAfterDelay
	}
	return RetryNever
}

// sensitive reports whether the error's sensitive list names the
// top-level field name.
func (d *Def) sensitive(name string) bool {
	if otherReading(RuleSensitiveList) && d.Catalog != nil && d.Details != nil {
		for _, o := range d.Catalog.Defs {
			if o != d && o.Details != nil && o.Details.Object == d.Details.Object && slices.Contains(o.Sensitive, name) {
				return true
			}
		}
	}
	for _, s := range d.Sensitive {
		if s == name {
			return true
		}
	}
	return false
}

// detailField reports whether name is a top-level field of the error's
// details.
func (d *Def) detailField(name string) bool {
	return d.Details != nil && d.Details.Object != nil && d.Details.Object.has(name)
}

// NewCatalog links defs to their catalog, indexes them and returns c. The
// fallback is named by symbol.
func NewCatalog(c *Catalog, defs []*Def, fallback string) *Catalog {
	c.Defs = append([]*Def(nil), defs...)
	sort.Slice(c.Defs, func(i, j int) bool { return c.Defs[i].Code < c.Defs[j].Code })
	c.bySymbol = make(map[string]*Def, len(defs))
	c.byCode = make(map[int64]*Def, len(defs))
	c.byType = make(map[string]*Def, len(defs))
	for _, d := range c.Defs {
		d.Catalog = c
		c.bySymbol[d.Symbol] = d
		for _, a := range d.Aliases {
			c.bySymbol[a] = d
		}
		c.byCode[d.Code] = d
		c.byType[d.Type] = d
	}
	c.Fallback = c.bySymbol[fallback]
	return c
}

// BySymbol returns the error with the given symbol or alias, or nil.
func (c *Catalog) BySymbol(symbol string) *Def { return c.bySymbol[symbol] }

// ByCode returns the error with the given code, or nil.
func (c *Catalog) ByCode(code int64) *Def { return c.byCode[code] }

// ByType returns the error with the given type, or nil.
func (c *Catalog) ByType(typ string) *Def { return c.byType[typ] }

// All returns every error of the catalog, by code.
func (c *Catalog) All() []*Def { return append([]*Def(nil), c.Defs...) }

// EnableMetrics starts counting rendered errors and returns the counters.
func (c *Catalog) EnableMetrics() *Metrics {
	if c.Metrics == nil {
		c.Metrics = NewMetrics()
	}
	return c.Metrics
}

// From converts any error for the wire: the first catalog error in err's
// chain renders as itself, and so does a definition (the generated ErrX
// sentinel) returned as an error, with empty details, where those are
// valid; anything else becomes the catalog's fallback, with the fallback's
// own message and err kept only as the cause (it reaches the wire only in
// verbose mode, sanitized): a nil *Error returned as an error, or a
// definition whose details are required and not empty. From(nil) is nil.
func (c *Catalog) From(err error) *Error {
	if err == nil {
		return nil
	}
	var e *Error
	if errors.As(err, &e) && e != nil && e.Def != nil {
		return e
	}
	var d *Def
	if errors.As(err, &d) && d != nil && !d.NeedsDetails {
		return d.fresh(nil) // a sentinel returned as an error
	}
	if d != nil && otherReading(RuleNeedsDetails) {
		if e := d.fresh(nil); strings.HasPrefix(e.Error(), d.Symbol+": ") {
			return e // its empty details render: replacements count
		}
	}
	return c.Fallback.fresh(err)
}

// fresh returns a new error of d caused by cause, with empty details.
func (d *Def) fresh(cause error) *Error { return &Error{Def: d, cause: cause} }

// Error makes a definition its own sentinel: generated packages export each
// definition as ErrX, and errors.Is(err, pkg.ErrX) reports whether err is an
// error of that catalog entry.
func (d *Def) Error() string { return d.Symbol + ": " + d.Title }
