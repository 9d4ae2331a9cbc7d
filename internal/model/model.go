// Package model turns a loaded catalog into errgen's validated,
// language-neutral model: every rule of the catalog language is checked in
// [Build], defaults are resolved, templates are parsed once, and every
// collection is ordered deterministically. Emitters read the model and never
// re-validate it.
package model

import (
	"encoding/json"
	"sort"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/diag"
	"github.com/errgen/errgen/internal/tmpl"
)

// Default limits (SPEC §1).
const (
	DefaultMaxDataBytes   = 16384
	DefaultMaxStringBytes = 1024
	DefaultMaxSuggestions = 3
	DefaultStatus         = 500

	// JSON-RPC 2.0 reserves this block for protocol errors.
	ReservedLow  = -32768
	ReservedHigh = -32000
)

// Catalog is a validated catalog.
type Catalog struct {
	Path          string   // main catalog file
	Files         []string // every file read, main first
	Name          string
	Version       string
	SchemaVersion int
	ProblemBase   string // as written; "" when the catalog sets none
	Fallback      *Error
	Limits        Limits
	Outputs       Outputs
	Package       Package    // the generated packages' publishing metadata
	MCPToolErrors string     // the catalog's mcp.tool_errors: ToolErrorsResult (default) or ToolErrorsError
	Formats       []string   // the wire formats the catalog uses, in the order of [Formats]; all by default
	Domains       []*Domain  // by range
	Shapes        []*Shape   // named shapes by name, then inline shapes by code, then built-ins
	Errors        []*Error   // by code
	Retired       []*Retired // by code, then symbol

	bySymbol map[string]*Error // by symbol and by alias
	byCode   map[int64]*Error
	byType   map[string]*Error
}

// Limits bound the size of serialized errors.
type Limits struct {
	MaxDataBytes   int
	MaxStringBytes int
	MaxSuggestions int
}

// Package is the publishing metadata of the packages errgen generates
// (the npm package, the crate, the Python package): the catalog's
// `package`. Empty strings and nil lists are unset.
type Package struct {
	// Version is the packages' version: package.version, else the
	// catalog's version. It may be ahead of the catalog's, so that a
	// package whose runtime changed is published again from an unchanged
	// catalog; never behind it.
	Version    string
	License    string   // an SPDX license expression (MIT, Apache-2.0 OR MIT)
	Repository string   // an http(s) URL
	Homepage   string   // an http(s) URL
	Authors    []string // "Name", "Name <email>"
	Keywords   []string // at most 5, as the Rust registry takes them
}

// Outputs are the catalog's output settings that are strings, by key:
// "go.dir", "schema", "rust.crate" (see catalog.OutputEntry); a key the
// catalog does not set is absent. internal/gen/outputs checks them.
type Outputs map[string]string

// Domain is a range of codes.
type Domain struct {
	Name        string
	Title       string
	Description string
	Prefix      string // symbols start with E_<Prefix>_ or <Prefix>_
	Low, High   int64
	Reserved    bool
	Errors      []*Error // by code
	GoName      string   // Go constant name
	Pos         diag.Pos
}

// Shape is a detail shape: named under `details`, inline in one error, or
// built in (field_errors).
type Shape struct {
	Name    string // the details key; for inline shapes the owner's type
	Inline  bool
	Builtin bool
	Owner   *Error // inline shapes only
	Schema  *Schema
	GoName  string // Go type name
	TSName  string // TypeScript interface name
	// RustName is the Rust type name of the details: their struct, or
	// FieldErrors for the built-in shape.
	RustName string
	Pos      diag.Pos
}

// Schema is one node of a detail schema.
type Schema struct {
	Ref         *Shape // $ref target; the other fields then only annotate
	Type        string // object, string, integer, number, boolean, array, or "" (any JSON value)
	Description string
	Format      string
	Pattern     string
	Enum        []string
	Properties  []*Property // object, in declaration order
	Items       *Schema     // array
	// Additional is additionalProperties when it admits extra members (a
	// schema, or true as a schema of any value); nil when it is absent or
	// false.
	Additional *Schema
	Minimum    string // JSON number text; "" when unset
	Maximum    string
	MinLength  *int64
	MaxLength  *int64
	Verbose    bool   // x-verbose
	Sensitive  bool   // x-sensitive
	MaxBytes   int64  // x-max-bytes; 0 when unset
	Sanitize   string // x-sanitize: path, uri, text or ""
	GoName     string // Go type name when this node needs one (struct or enum)
	RustName   string // Rust type name when this node needs one (struct or enum)
	Source     *catalog.Value
}

// Property is one property of an object schema.
type Property struct {
	Name     string // wire name
	Required bool
	Schema   *Schema
	GoName   string // Go field name
	Pos      diag.Pos
}

// DeclaresTypes reports whether s is a named shape whose types the
// emitters declare in their file of shared shapes (details.go,
// details.rs): not inline (those stand beside their error), not built in,
// not a pure $ref (the target's types serve).
func (s *Shape) DeclaresTypes() bool { return !s.Inline && !s.Builtin && s.Schema.Ref == nil }

// NamedShapes reports whether a shape of c declares types (see
// Shape.DeclaresTypes): only then is there a file of shared shapes.
func (c *Catalog) NamedShapes() bool {
	for _, s := range c.Shapes {
		if s.DeclaresTypes() {
			return true
		}
	}
	return false
}

// Resolved follows $ref to the schema that defines the value's shape.
func (s *Schema) Resolved() *Schema {
	for i := 0; s != nil && s.Ref != nil && i < 1000; i++ {
		s = s.Ref.Schema
	}
	return s
}

// Property returns the property named name, or nil.
func (s *Schema) Property(name string) *Property {
	r := s.Resolved()
	if r == nil {
		return nil
	}
	for _, p := range r.Properties {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// Error is one catalog error.
type Error struct {
	Symbol   string
	Code     int64
	WireCode int64 // JSON-RPC error.code: wire_code, else code
	Domain   *Domain
	Type     string
	// Aliases are more symbols of the error, in catalog order: the same
	// code and definition under other names. The wire always carries
	// Symbol; an alias is accepted wherever a symbol is read.
	Aliases     []*Alias
	Slug        string // kebab-case type: docs page and problem type URI
	ProblemType string // resolved RFC 9457 type URI
	Title       string
	Message     *tmpl.Template
	UserMessage *tmpl.Template // nil when unset
	Suggestions []*tmpl.Template
	Statuses    []int // allowed HTTP statuses, first the default
	Retryable   bool  // Retry is after_delay
	// Retry is whether and when a client may retry the error (retry.class,
	// else after_delay where retryable is true, else never).
	Retry errgenrt.RetryClass
	// RetryAfterMs is the default retry delay in milliseconds (retry.delay;
	// after_delay), 0 for none.
	RetryAfterMs int64
	Throttling   bool     // retry.throttling: the error reports throttling
	Details      *Shape   // nil when the error has no details
	Sensitive    []string // top-level detail fields redacted unless verbose, in property order
	Doc          string
	Examples     []Example
	Since        string
	Deprecated   *Deprecation
	// EmptyDetailsValid reports whether the error's empty details
	// (ZeroDetails) validate against its detail schema (true for an error
	// without details): only then does its definition, used bare as an
	// error, render as itself rather than as the fallback.
	EmptyDetailsValid bool
	// MCPToolErrors is how a failing MCP tools/call sends the error:
	// ToolErrorsResult or ToolErrorsError (mcp.tool_errors, else the
	// catalog's).
	MCPToolErrors string
	GoName        string // Go base identifier (Err<GoName>, New<GoName>, …)
	TSName        string // TypeScript base identifier
	Pos           diag.Pos
}

// Alias is another symbol of an error.
type Alias struct {
	Symbol string
	GoName string // Go base identifier (Symbol<GoName>, Err<GoName>)
	Pos    diag.Pos
}

// AliasSymbols returns the symbols of e's aliases, in catalog order; nil
// when it has none.
func (e *Error) AliasSymbols() []string {
	if len(e.Aliases) == 0 {
		return nil
	}
	out := make([]string, len(e.Aliases))
	for i, a := range e.Aliases {
		out[i] = a.Symbol
	}
	return out
}

// Symbols returns e's symbol followed by its aliases.
func (e *Error) Symbols() []string { return append([]string{e.Symbol}, e.AliasSymbols()...) }

// Example is one example detail object of an error.
type Example struct {
	Value  any // JSON form: map[string]any with json.Number numbers
	Source *catalog.Value
}

// Deprecation marks a deprecated error.
type Deprecation struct {
	Since      string
	ReplacedBy *Error // nil when none is named
	Note       string
}

// Retired is a removed error whose code and symbol are never reused.
type Retired struct {
	Code    int64
	HasCode bool
	Symbol  string
	// Type is the type the error had: the entry's type, else the one its
	// symbol gives (as an error's default type); "" when neither is a
	// valid type (a code alone, or a symbol like E_404_GONE).
	Type string
	// Slug and ProblemType are those the error had, from Type ("" when
	// Type is): the docs keep a page at the slug, so that the problem type
	// URI old clients hold still leads somewhere.
	Slug        string
	ProblemType string
	TypeSet     bool   // the entry gives its type
	ReplacedBy  *Error // the error to use instead; nil when none is named
	Since       string
	Note        string
	Pos         diag.Pos
}

// BySymbol returns the error with the given symbol or alias, or nil.
func (c *Catalog) BySymbol(s string) *Error { return c.bySymbol[s] }

// ByCode returns the error with the given code, or nil.
func (c *Catalog) ByCode(code int64) *Error { return c.byCode[code] }

// ByType returns the error with the given type, or nil.
func (c *Catalog) ByType(t string) *Error { return c.byType[t] }

// Shape returns the shape with the given name (named or built-in), or nil.
func (c *Catalog) Shape(name string) *Shape {
	i := sort.Search(len(c.Shapes), func(i int) bool { return c.Shapes[i].Inline || c.Shapes[i].Builtin || c.Shapes[i].Name >= name })
	if i < len(c.Shapes) && !c.Shapes[i].Inline && !c.Shapes[i].Builtin && c.Shapes[i].Name == name {
		return c.Shapes[i]
	}
	for _, s := range c.Shapes {
		if s.Builtin && s.Name == name {
			return s
		}
	}
	return nil
}

// Status returns the default HTTP status of e.
func (e *Error) Status() int { return e.Statuses[0] }

// ZeroDetails returns, in the JSON form validators take, the details that
// an error of shape s carries when it is made without any (a non-catalog
// error becoming the fallback): every required property at its type's zero
// value ("", 0, false, [], {} or null), optional ones left out. The runtime
// renders exactly this (held to it by a test).
func ZeroDetails(s *Shape) any { return zeroValue(s.Schema, 0) }

func zeroValue(s *Schema, depth int) any {
	r := s.Resolved()
	if r == nil || depth > 64 { // a required cycle is reported by check
		return nil
	}
	switch r.Type {
	case "string":
		return ""
	case "integer", "number":
		return json.Number("0")
	case "boolean":
		return false
	case "array":
		return []any{}
	case "object":
		out := map[string]any{}
		for _, p := range r.Properties {
			if p.Required {
				out[p.Name] = zeroValue(p.Schema, depth+1)
			}
		}
		return out
	}
	return nil
}
