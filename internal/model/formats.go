package model

import (
	"slices"
	"strconv"
	"strings"

	"github.com/errgen/errgen/internal/naming"
)

// The wire formats of a catalog's errors (the `formats` setting).
const (
	FormatJSONRPC  = "jsonrpc"  // the JSON-RPC error object, with data.context
	FormatProblem  = "problem"  // the RFC 9457 problem document (also MCP tool results)
	FormatResponse = "response" // the plain {error, code, message, details} response
)

// Formats are the wire formats in their order of the docs.
var Formats = []string{FormatJSONRPC, FormatProblem, FormatResponse}

// Uses reports whether the catalog's errors travel in the wire format f:
// every format unless the catalog's `formats` lists those it uses.
func (c *Catalog) Uses(f string) bool {
	return slices.Contains(c.Formats, f)
}

// formats resolves the catalog's `formats`: each a known format, once,
// at least one; every format when unset. It warns of a catalog whose MCP
// tool results would carry problem documents it does not list.
func (b *builder) formats() {
	r := b.raw.Formats
	if !r.Set {
		b.m.Formats = Formats
		return
	}
	seen := map[string]bool{}
	for _, v := range r.Values {
		switch {
		case seen[v.Value]:
			b.diags.Errorf(v.Pos, "format %q is listed twice in formats", v.Value)
		case !slices.Contains(Formats, v.Value):
			if near := naming.Closest(v.Value, Formats); near != "" {
				b.diags.Errorf(v.Pos, "unknown format %q in formats; did you mean %q?", v.Value, near)
			} else {
				b.diags.Errorf(v.Pos, "unknown format %q in formats; want one of %s", v.Value, strings.Join(Formats, ", "))
			}
		}
		seen[v.Value] = true
	}
	if len(r.Values) == 0 {
		b.diags.Errorf(r.Pos, "formats must list at least one of %s (leave it out for all three)", strings.Join(Formats, ", "))
	}
	b.m.Formats = nil
	for _, f := range Formats {
		if seen[f] {
			b.m.Formats = append(b.m.Formats, f)
		}
	}
}

// problemToolResults warns when an error's MCP tool results carry problem
// documents (mcp.tool_errors: result, the default) while the catalog's
// formats leave problem documents out: its docs and clients would not show
// what a failing tool call sends. Run after mcp.
func (b *builder) problemToolResults() {
	if !b.raw.Formats.Set || b.m.Uses(FormatProblem) || len(b.m.Formats) == 0 {
		return
	}
	for _, v := range b.raw.Formats.Values {
		if !slices.Contains(Formats, v.Value) {
			return // a misspelled format, maybe problem: reported already
		}
	}
	var results []string
	for _, e := range b.m.Errors {
		if e.MCPToolErrors == ToolErrorsResult {
			results = append(results, e.Symbol)
		}
	}
	if len(results) == 0 {
		return
	}
	what := results[0]
	if len(results) > 1 {
		what = strconv.Itoa(len(results)) + " errors (" + results[0] + ", …)"
	}
	b.diags.Warnf(b.raw.Formats.Pos, "formats leaves out problem, but a failing MCP tools/call of %s is sent as a tool result carrying a problem document (mcp.tool_errors: result, the default); add problem to formats, or set mcp: {tool_errors: error} to send failing tool calls as JSON-RPC errors", what)
}
