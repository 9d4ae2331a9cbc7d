// Package catalog loads an errgen catalog: YAML (kept as yaml.Node for
// positions) becomes a raw [Catalog] where every key and value remembers its
// file, line and column. It checks the catalog's shape — unknown, duplicate
// and missing keys, value types — and follows includes; meaning is checked by
// package model.
package catalog

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/errgen/errgen/internal/diag"
)

// Str is a string scalar and where it stood.
type Str struct {
	Value string
	Pos   diag.Pos // position of the value
	Set   bool     // the key was present and well-typed
}

// Int is an integer scalar and where it stood.
type Int struct {
	Value int64
	Pos   diag.Pos
	Set   bool
}

// Flag is a boolean scalar and where it stood.
type Flag struct {
	Value bool
	Pos   diag.Pos
	Set   bool
}

// Catalog is a loaded catalog: the main file's settings plus the domains,
// details, errors and retired entries of every file it includes, in load
// order.
type Catalog struct {
	Path  string   // main file
	Files []string // every file read, main first
	Root  diag.Pos // the main file's top-level mapping

	// Incomplete is set when a file could not be read whole (a YAML error,
	// an include that failed, a value that is not JSON): the catalog's own
	// rules are then not checked, since they would only echo what is missing.
	Incomplete bool

	// Sources holds every file's bytes, to place positions inside strings.
	Sources map[string][]byte

	// TreeRoot is the root of the catalog's tree (see [TreeRoot]); the
	// catalog reads, and its outputs write, only inside it. TreeMarker is
	// the go.mod or .git found there, "" when the root is the main file's
	// own directory.
	TreeRoot, TreeMarker string

	// IncludedFrom maps each included file to the include pattern that
	// brought it in, in the including file.
	IncludedFrom map[string]diag.Pos

	// Globs are the include patterns as globbed, in load order, with what
	// each matched then: with Sources, all that decided what was loaded.
	Globs []Glob

	Errgen        Int
	Name          Str
	Version       Str
	SchemaVersion Int
	ProblemBase   Str
	Fallback      Str
	Limits        Limits
	Outputs       Outputs
	MCP           MCP
	Formats       Formats
	Package       Package

	Domains []*Domain
	Details []*Detail
	Errors  []*Error
	Retired []*Retired
}

// Glob is an include pattern, joined to its file's directory, and the
// files it matched, sorted.
type Glob struct {
	Pattern string
	Matches []string
}

// Limits are the payload bounds of the catalog.
type Limits struct {
	MaxDataBytes   Int
	MaxStringBytes Int
	MaxSuggestions Int
}

// Outputs is the catalog's outputs mapping, read without knowing the
// outputs: internal/gen/outputs knows them and checks it. Each key is an
// output, whose value is its place (a string) or a mapping of its
// settings (strings).
type Outputs struct {
	Entries []OutputEntry // in the catalog's order, each mapping's settings after it
	Set     bool
	Pos     diag.Pos
}

// OutputEntry is one key of the outputs mapping, or of an output's
// mapping of settings.
type OutputEntry struct {
	Output  string   // the output's key ("go")
	Setting string   // the setting's key in the output's mapping ("dir"); "": the output's own entry
	KeyPos  diag.Pos // where the key stands
	Value   Str      // the value, when a string
	// Got says what the value is when not a string, for messages: "a
	// mapping", "a list", "an integer (quote it)".
	Got string
}

// Key is the entry's key in messages and in model.Outputs: "schema",
// "go.dir".
func (e *OutputEntry) Key() string {
	if e.Setting == "" {
		return e.Output
	}
	return e.Output + "." + e.Setting
}

// Get returns the string at key ("schema", "go.dir"); unset when the
// catalog gives none.
func (o *Outputs) Get(key string) Str {
	for i := range o.Entries {
		if o.Entries[i].Key() == key {
			return o.Entries[i].Value
		}
	}
	return Str{}
}

// Package is the catalog's `package`: the publishing metadata of the
// packages errgen generates (npm package, crate, Python package).
type Package struct {
	Version    Str // the packages' version; unset: the catalog's
	License    Str // an SPDX license expression
	Repository Str
	Homepage   Str
	Authors    []Str
	Keywords   []Str
	Set        bool
	Pos        diag.Pos
}

// Formats is the catalog's `formats`: the wire formats it uses.
type Formats struct {
	Values []Str
	Pos    diag.Pos // the list
	Set    bool
}

// Domain is one entry of `domains`.
type Domain struct {
	Name        Str // the key
	Pos         diag.Pos
	Low, High   Int
	RangePos    diag.Pos
	Reserved    Flag
	Prefix      Str
	Title       Str
	Description Str
}

// Detail is one named detail shape of `details`.
type Detail struct {
	Name   Str
	Schema *Value
}

// Error is one entry of `errors`.
type Error struct {
	Symbol      Str // the key
	Pos         diag.Pos
	Code        Int
	Domain      Str
	Type        Str
	Aliases     []Str // more symbols of the same error
	Title       Str
	Message     Str
	UserMessage Str
	Status      Status
	ProblemType Str
	WireCode    Int
	Retryable   Flag
	Retry       Retry
	Details     DetailsRef
	Sensitive   []Str
	Suggestions []Str
	Doc         Str
	Examples    []*Value
	Since       Str
	Deprecated  *Deprecated
	MCP         MCP
}

// MCP holds how errors travel over the Model Context Protocol: of the
// catalog (the default) or of one error.
type MCP struct {
	ToolErrors   Str  // "result" or "error": how a failing tools/call reaches the client
	AllowSDKCode Flag // an error's: its wire code is one an MCP SDK uses, knowingly
	Pos          diag.Pos
}

// Retry is an error's `retry`: its retry class alone (`retry:
// after_change`) or a mapping {class, delay, throttling}.
type Retry struct {
	Class      Str  // never, after_change or after_delay
	Delay      Str  // the default delay, such as 30s (after_delay)
	Throttling Flag // the error reports throttling (after_delay)
	Pos        diag.Pos
	Set        bool
}

// Status is an error's HTTP status: one value or a list, the first the
// default.
type Status struct {
	Values []Int
	List   bool
	Pos    diag.Pos
	Set    bool
}

// DetailsRef is an error's `details`: a shape name or an inline schema.
type DetailsRef struct {
	Name   Str
	Inline *Value
	Pos    diag.Pos
	Set    bool
}

// Deprecated is an error's deprecation.
type Deprecated struct {
	Pos        diag.Pos
	Since      Str
	ReplacedBy Str
	Note       Str
}

// Retired is one entry of `retired`.
type Retired struct {
	Pos        diag.Pos
	Code       Int
	Symbol     Str
	Type       Str // the type the error had, when its symbol does not give it
	Since      Str
	ReplacedBy Str
	Note       Str
}

// PosAt returns the position of byte offset off of the string s, and true,
// when s is a one-line scalar whose source text shows it; otherwise the
// position of s itself and false.
func (c *Catalog) PosAt(s Str, off int) (diag.Pos, bool) {
	data := c.Sources[s.Pos.File]
	if data == nil || off < 0 || off > len(s.Value) || strings.ContainsAny(s.Value, "\n\r") || s.Pos.Line < 1 {
		return s.Pos, false
	}
	line := 1
	start := 0
	for start < len(data) && line < s.Pos.Line {
		i := bytes.IndexByte(data[start:], '\n')
		if i < 0 {
			return s.Pos, false
		}
		start += i + 1
		line++
	}
	end := start
	for end < len(data) && data[end] != '\n' {
		end++
	}
	text := string(data[start:end])
	// skip to the scalar's column (columns count characters)
	for col := 1; col < s.Pos.Col && text != ""; col++ {
		_, size := utf8.DecodeRuneInString(text)
		text = text[size:]
	}
	prefix := s.Value[:off]
	shift := 0
	switch {
	case strings.HasPrefix(text, prefix) && !strings.HasPrefix(text, "\"") && !strings.HasPrefix(text, "'"):
	case (strings.HasPrefix(text, "\"") || strings.HasPrefix(text, "'")) && strings.HasPrefix(text[1:], prefix):
		shift = 1
	default:
		return s.Pos, false
	}
	p := s.Pos
	p.Col += shift + utf8.RuneCountInString(prefix)
	return p, true
}
