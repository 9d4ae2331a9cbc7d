// Package runtimemodel builds an [errgenrt.Catalog] straight from a
// validated [model.Catalog], without compiling the generated Go package:
// its definitions and detail nodes are the catalog's facts
// (internal/facts), the tables the Go emitter writes for the generated
// package, and its details are JSON values read through
// [errgenrt.JSONDetails]. errgenrt renders both alike: the docs emitter and
// `errgen explain` render catalog examples with it, and the conformance
// vectors are its payloads, so that what they show is what the generated
// package sends.
package runtimemodel

import (
	"encoding/json"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/facts"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/model"
)

// Catalog is the runtime catalog of a model.
type Catalog struct {
	// Runtime is the catalog the errgenrt renderers work with.
	Runtime *errgenrt.Catalog
	// Facts are the facts it is built from.
	Facts *facts.Catalog

	defs map[*model.Error]*errgenrt.Def
}

// Build returns the runtime catalog of in, from its facts.
func Build(in *gen.Input) *Catalog {
	m, f := in.Model, in.Facts
	c := &Catalog{Facts: f, defs: make(map[*model.Error]*errgenrt.Def, len(m.Errors))}
	c.Runtime = Runtime(f)
	for _, e := range m.Errors {
		c.defs[e] = c.Runtime.BySymbol(e.Symbol)
	}
	return c
}

// Runtime returns the errgenrt catalog of the facts f, its details read as
// JSON.
func Runtime(f *facts.Catalog) *errgenrt.Catalog {
	t := facts.Runtime(f)
	defs := make([]*errgenrt.Def, 0, len(f.Errors))
	for i := range f.Errors {
		defs = append(defs, Def(&f.Errors[i], t))
	}
	return errgenrt.NewCatalog(&errgenrt.Catalog{
		Name:          f.Name,
		Version:       f.Version,
		SchemaVersion: f.SchemaVersion,
		Limits: errgenrt.Limits{
			MaxDataBytes:   f.Limits.MaxDataBytes,
			MaxStringBytes: f.Limits.MaxStringBytes,
			MaxSuggestions: f.Limits.MaxSuggestions,
		},
	}, defs, f.Fallback)
}

// Def returns the errgenrt definition of e, its details read as JSON
// (NewDetails is errgenrt.JSONDetails); t holds the catalog's nodes.
func Def(e *facts.Error, t *facts.Tables) *errgenrt.Def {
	d := &errgenrt.Def{
		Code:            e.Code,
		WireCode:        e.WireCode,
		Symbol:          e.Symbol,
		Aliases:         e.Aliases,
		Type:            e.Type,
		Domain:          e.Domain,
		Title:           e.Title,
		ProblemType:     e.ProblemType,
		Statuses:        append([]int(nil), e.Statuses...),
		Retryable:       e.Retryable,
		Retry:           errgenrt.RetryClass(e.Retry),
		RetryAfterMs:    e.RetryAfterMs,
		Throttling:      e.Throttling,
		Deprecated:      e.Deprecated,
		ToolErrorsAsRPC: e.ToolErrorsAsRPC,
		NeedsDetails:    e.NeedsDetails,
		Sensitive:       e.Sensitive,
		Message:         errgenrt.Template(e.Message.Source),
	}
	if e.UserMessage != nil {
		d.UserMessage = errgenrt.Template(e.UserMessage.Source)
	}
	for _, s := range e.Suggestions {
		d.Suggestions = append(d.Suggestions, errgenrt.Template(s.Source))
	}
	if e.Details != nil {
		n := t.Node(e.Details)
		d.Details = n
		d.NewDetails = func() errgenrt.Details { return errgenrt.NewJSONDetails(n) }
	}
	return d
}

// Def returns the runtime definition of e, or nil when e is not in the
// catalog.
func (c *Catalog) Def(e *model.Error) *errgenrt.Def { return c.defs[e] }

// Details returns e's details holding the JSON value v (map[string]any
// with json.Number or float64 numbers), or nil when e has no details.
func (c *Catalog) Details(e *model.Error, v any) errgenrt.Details {
	d := c.defs[e]
	if d == nil || d.Details == nil {
		return nil
	}
	j := errgenrt.NewJSONDetails(d.Details)
	if m, ok := v.(map[string]any); ok {
		j.Members = m
	}
	return j
}

// New returns an error of e whose details hold the JSON value v.
func (c *Catalog) New(e *model.Error, v any, opts ...errgenrt.Option) *errgenrt.Error {
	return errgenrt.New(c.defs[e], c.Details(e, v), opts...)
}

// FactsJSON returns the facts as the JSON document errgen writes.
func (c *Catalog) FactsJSON() ([]byte, error) { return json.MarshalIndent(c.Facts, "", "  ") }
