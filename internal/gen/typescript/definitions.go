package typescript

import (
	"bytes"
	"sort"
	"strconv"
	"strings"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/gotype"
	"github.com/errgen/errgen/internal/model"
)

// definitionsJS returns definitions.js: what the server runtime writes of
// each error — its templates, the type of its details, whether it needs
// them and how a failing MCP tools/call sends it — and the descriptor of
// every detail object, field by field. The facts are the Go emitter's
// (internal/gotype: the Go type of each node, each property's field
// flags, Trim, Keep, open objects), so that the two runtimes write the
// same bytes.
func (g *generator) definitionsJS() []byte {
	m := g.m
	var b bytes.Buffer
	b.Grow(4096 + 400*len(m.Errors))
	g.header(&b)
	b.WriteString("\n// What the server runtime (server.js) writes of each error of the " + jsLine(m.Name) + " catalog.\n\n")
	b.WriteString("// The catalog's payload bounds.\n")
	b.WriteString("export const LIMITS = { maxDataBytes: " + strconv.Itoa(m.Limits.MaxDataBytes) + ", maxStringBytes: " + strconv.Itoa(m.Limits.MaxStringBytes) +
		", maxSuggestions: " + strconv.Itoa(m.Limits.MaxSuggestions) + " };\n\n")
	b.WriteString("// The error any other error becomes.\n")
	b.WriteString("export const FALLBACK = " + str(m.Fallback.Symbol) + ";\n\n")

	sensitive := gotype.Sensitive(m)
	structs := map[string]*model.Schema{}
	var collect func(t gotype.Type)
	collect = func(t gotype.Type) {
		switch {
		case t.Kind == gotype.Slice:
			collect(*t.Elem)
		case t.Kind == gotype.Struct && !t.Builtin():
			if _, seen := structs[t.Name]; seen {
				return
			}
			structs[t.Name] = t.Schema
			for _, p := range t.Schema.Properties {
				collect(gotype.Of(p.Schema))
			}
			if x, ok := gotype.Extra(t.Schema); ok {
				collect(x)
			}
		}
	}

	b.WriteString("// Each error's message, user message and suggestions (templates), the type of its details,\n")
	b.WriteString("// whether its empty details break their schema, and whether a failing MCP tools/call sends it\n")
	b.WriteString("// as a JSON-RPC error; by symbol.\n")
	b.WriteString("export const DEFINITIONS = {\n")
	for _, e := range m.Errors {
		d := gotype.Def(e)
		b.WriteString("  " + e.Symbol + ": {\n")
		b.WriteString("    message: " + str(string(d.Message)) + ",\n")
		if d.UserMessage != "" {
			b.WriteString("    userMessage: " + str(string(d.UserMessage)) + ",\n")
		}
		if len(d.Suggestions) > 0 {
			parts := make([]string, len(d.Suggestions))
			for i, s := range d.Suggestions {
				parts[i] = str(string(s))
			}
			b.WriteString("    suggestions: [" + strings.Join(parts, ", ") + "],\n")
		}
		if t, ok := gotype.Details(e); ok {
			collect(t)
			b.WriteString("    details: " + jsType(t) + ",\n")
		}
		if d.NeedsDetails {
			b.WriteString("    needsDetails: true,\n")
		}
		if d.ToolErrorsAsRPC {
			b.WriteString("    toolErrorsAsRPC: true,\n")
		}
		b.WriteString("  },\n")
	}
	b.WriteString("};\n\n")

	names := make([]string, 0, len(structs))
	for name := range structs {
		names = append(names, name)
	}
	sort.Strings(names)
	b.WriteString("// The detail objects: each field's name, type and flags in declaration order, whether a minimal\n")
	b.WriteString("// payload may leave out the optional ones (trim), and an open object's other members (extra).\n")
	b.WriteString("export const SHAPES = {\n")
	for _, name := range names {
		s := structs[name]
		b.WriteString("  " + key(name) + ": {\n")
		b.WriteString("    trim: " + strconv.FormatBool(gotype.Trim(s)) + ",\n")
		b.WriteString("    fields: [\n")
		for _, p := range s.Properties {
			f := gotype.FieldOf(p, sensitive)
			b.WriteString("      { name: " + str(p.Name))
			if p.Required {
				b.WriteString(", required: true")
			}
			b.WriteString(", type: " + jsType(gotype.Of(p.Schema)) + flags(f) + " },\n")
		}
		b.WriteString("    ],\n")
		if x, ok := gotype.Extra(s); ok {
			b.WriteString("    extra: { type: " + jsType(x) + flags(gotype.ExtraFieldOf(s)) + " },\n")
		}
		b.WriteString("  },\n")
	}
	b.WriteString("};\n")
	return b.Bytes()
}

// jsType writes the descriptor of a Go type (see runtime/ts's
// definitions.d.ts).
func jsType(t gotype.Type) string {
	switch t.Kind {
	case gotype.String, gotype.Enum:
		return `"string"`
	case gotype.Int:
		return `"int"`
	case gotype.Float:
		return `"float"`
	case gotype.Bool:
		return `"bool"`
	case gotype.Map:
		return `"map"`
	case gotype.Slice:
		return "{ slice: " + jsType(*t.Elem) + ", keep: " + strconv.Itoa(t.Keep) + " }"
	case gotype.Struct:
		if t.Builtin() {
			return `"fieldErrors"`
		}
		if t.Ptr {
			return "{ struct: " + str(t.Name) + ", ptr: true }"
		}
		return "{ struct: " + str(t.Name) + " }"
	}
	return `"any"`
}

// flags writes the members of a field's flags that are set.
func flags(f gotype.Field) string {
	var b strings.Builder
	if f.Sensitive {
		b.WriteString(", sensitive: true")
	}
	if f.Verbose {
		b.WriteString(", verbose: true")
	}
	switch f.Sanitize {
	case errgenrt.SanitizePath:
		b.WriteString(`, sanitize: "path"`)
	case errgenrt.SanitizeURI:
		b.WriteString(`, sanitize: "uri"`)
	case errgenrt.SanitizeText:
		b.WriteString(`, sanitize: "text"`)
	}
	if f.MaxBytes > 0 {
		b.WriteString(", maxBytes: " + strconv.Itoa(f.MaxBytes))
	}
	if f.Exact {
		b.WriteString(", exact: true")
	}
	return b.String()
}
