// Package rust emits the Rust crate of a catalog: Cargo.toml; the module
// rt, errgen's Rust runtime, written as it is (runtime/rust); and the
// catalog's facts (internal/facts) beside it — the ErrorCode enum and the
// catalog value with the rules of the wire (src/lib.rs), one module per
// domain with each error's code and symbol constants, definition,
// constructor and the table of its inline details (src/DOMAIN_errors.rs),
// the detail structs and enums with serde (src/details.rs for the named
// shapes, with their tables; an error's inline details in its domain's
// module), and the conformance runner (examples/conformance.rs). The
// runtime writes every detail value from the tables (see tables.go).
//
// The crate depends on serde and serde_json, on regex when its catalog
// checks a pattern or a format (else its rt/regexp.rs is the runtime's
// stub), on the official MCP SDK (rmcp) behind its feature rmcp, and on
// the OpenTelemetry API behind its feature otel (the module rt::otel). Its
// code is written as rustfmt writes it (see layout.go). A change to one
// error changes its domain's module and the ErrorCode enum, no other file.
package rust

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/errgen/errgen/internal/facts"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/naming"
	rustrt "github.com/errgen/errgen/runtime/rust"
)

// Options configure the Rust emitter.
type Options struct {
	Crate  string // crate name; empty: outputs.rust.crate, else derived from the catalog name
	Source string // catalog path relative to the output directory, for the headers
}

// Versions of the crate's dependencies (caret requirements).
const (
	regexVersion     = "1"
	serdeVersion     = "1"
	serdeJSONVersion = "1"
	rmcpVersion      = "3"
	otelVersion      = "0.33"
)

// factsFormat is the version of the facts (facts.Format) this emitter
// writes a crate from: a change of the facts' form is one the runtime must
// learn first.
const factsFormat = 2

// retryClasses are the runtime's variants of the retry classes of the
// facts.
var retryClasses = map[string]string{
	"never":        "rt::RetryClass::Never",
	"after_change": "rt::RetryClass::AfterChange",
	"after_delay":  "rt::RetryClass::AfterDelay",
}

// CrateName derives a crate name from a catalog name: the name with each
// dot a hyphen, followed by -errors ("mouse-mcp" → "mouse-mcp-errors").
func CrateName(catalogName string) string {
	return strings.ReplaceAll(catalogName, ".", "-") + "-errors"
}

// Generate returns the files of the crate, sorted by path.
func Generate(in *gen.Input, opts Options) ([]gen.File, error) {
	m := in.Model
	crate := opts.Crate
	if crate == "" {
		crate = m.Outputs["rust.crate"]
	}
	switch {
	case crate == "":
		crate = CrateName(m.Name) // a catalog name followed by -errors: always a package name
	case !model.ValidCrateName(crate):
		return nil, fmt.Errorf("crate name %q is not valid: want ASCII letters, digits, - and _, starting with a letter, at most 64 characters, not a Rust keyword nor std, core, alloc, proc_macro or test", crate)
	}
	if in.Facts.Format != factsFormat {
		return nil, fmt.Errorf("facts of format %d: the Rust runtime reads format %d", in.Facts.Format, factsFormat)
	}
	g := &generator{m: m, crate: crate, opts: opts, facts: in.Facts, errors: map[string]*facts.Error{}, roots: map[*model.Schema]bool{}}
	for i := range g.facts.Errors {
		e := &g.facts.Errors[i]
		if retryClasses[e.Retry] == "" {
			return nil, fmt.Errorf("%s: retry class %q: the Rust runtime knows never, after_change and after_delay", e.Symbol, e.Retry)
		}
		g.errors[e.Symbol] = e
	}
	g.regexp = g.facts.ChecksPatterns()
	for _, e := range m.Errors {
		if k := g.facts.Details(e); k != nil && k.Class != facts.ClassFieldErrors {
			g.roots[k.Schema] = true
		}
	}
	files := []gen.File{
		{Path: "Cargo.toml", Data: g.cargoToml()},
		{Path: "src/lib.rs", Data: g.libFile()},
		{Path: "examples/conformance.rs", Data: g.conformanceExample()},
	}
	for _, d := range g.domains() {
		files = append(files, gen.File{Path: "src/" + domainModule(d) + ".rs", Data: g.domainFile(d)})
	}
	if g.hasDetailsFile() {
		files = append(files, gen.File{Path: "src/details.rs", Data: g.detailsFile()})
	}
	for _, f := range rustrt.Files() {
		if f.Name == "regexp.rs" && !g.regexp {
			f.Data = rustrt.RegexpStub()
		}
		files = append(files, gen.File{Path: "src/rt/" + f.Name, Data: g.runtimeFile(f.Data)})
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, nil
}

type generator struct {
	m      *model.Catalog
	crate  string
	opts   Options
	facts  *facts.Catalog          // the tables the runtime reads
	errors map[string]*facts.Error // the facts of each error, by symbol
	regexp bool                    // a node checks a pattern or a format
	roots  map[*model.Schema]bool  // the structs some error takes as its details
}

// publicShapes reports whether src/details.rs declares types: the crate
// exports them.
func (g *generator) publicShapes() bool {
	for _, s := range g.m.Shapes {
		if s.DeclaresTypes() {
			return true
		}
	}
	return false
}

// hasDetailsFile reports whether the crate has src/details.rs: the types
// of the named shapes, and the tables of the object shapes.
func (g *generator) hasDetailsFile() bool { return g.m.NamedShapes() || len(g.facts.Shapes) > 0 }

// header writes the first lines of a generated Rust file.
func (g *generator) header(w *writer) {
	w.line(0, "// "+gen.Header)
	if g.opts.Source != "" {
		w.line(0, "// source: "+commentText(g.opts.Source))
	}
	w.blank()
}

// runtimeFile is one file of the runtime module as it is, after the
// header.
func (g *generator) runtimeFile(data []byte) []byte {
	var w writer
	w.line(0, "// "+gen.Header)
	w.line(0, "// errgen's Rust runtime: the same in every crate errgen generates.")
	w.blank()
	return append(w.content(), data...)
}

// domains are the domains that have errors, each a module.
func (g *generator) domains() []*model.Domain {
	var out []*model.Domain
	for _, d := range g.m.Domains {
		if len(d.Errors) > 0 {
			out = append(out, d)
		}
	}
	return out
}

// domainModule is the name of the module (and file) of domain d's errors:
// DOMAIN_errors, in snake case.
func domainModule(d *model.Domain) string { return naming.RustSnake(d.Name) + "_errors" }

// domainList is the static list of the definitions of domain d's errors.
func domainList(d *model.Domain) string { return "ERRORS_" + naming.RustScreaming(d.Name) }

// Names of an error's items.
func codeConst(e *model.Error) string   { return "CODE_" + naming.RustScreaming(e.Type) }
func symbolConst(e *model.Error) string { return "SYMBOL_" + naming.RustScreaming(e.Type) }
func defStatic(e *model.Error) string   { return "DEF_" + naming.RustScreaming(e.Type) }
func constructor(e *model.Error) string { return naming.RustIdent(e.Type) }
func variant(e *model.Error) string     { return naming.RustVariant(e.Type) }

func deprecation(e *model.Error) string { return gen.Deprecation(e, constructor) }

// cargoToml is the crate's manifest.
func (g *generator) cargoToml() []byte {
	var w writer
	w.line(0, "# "+gen.ManifestHeader)
	if g.opts.Source != "" {
		w.line(0, "# source: "+commentText(g.opts.Source))
	}
	p := g.m.Package
	w.blank()
	w.line(0, "[package]")
	w.line(0, "name = "+tomlString(g.crate))
	w.line(0, "version = "+tomlString(p.Version))
	w.line(0, `edition = "2021"`)
	w.line(0, "description = "+tomlString("The errors of the "+g.m.Name+" error catalog"))
	packageMetadata(&w, p)
	w.blank()
	w.line(0, "[lib]")
	w.line(0, "doctest = false")
	w.blank()
	w.line(0, "[dependencies]")
	if g.regexp {
		w.line(0, "regex = "+quote(regexVersion))
	}
	w.line(0, "opentelemetry = { version = "+quote(otelVersion)+`, optional = true, default-features = false, features = ["trace", "metrics", "logs"] }`)
	w.line(0, "rmcp = { version = "+quote(rmcpVersion)+", optional = true, default-features = false }")
	w.line(0, "serde = { version = "+quote(serdeVersion)+`, features = ["derive"] }`)
	w.line(0, "serde_json = { version = "+quote(serdeJSONVersion)+`, features = ["float_roundtrip"] }`)
	w.blank()
	w.line(0, "[features]")
	w.line(0, `otel = ["dep:opentelemetry"]`)
	w.line(0, `rmcp = ["dep:rmcp"]`)
	return w.content()
}

// packageMetadata writes the manifest's lines of the catalog's publishing
// metadata (package).
func packageMetadata(w *writer, p model.Package) {
	for _, f := range []struct{ key, value string }{{"license", p.License}, {"repository", p.Repository}, {"homepage", p.Homepage}} {
		if f.value != "" {
			w.line(0, f.key+" = "+tomlString(f.value))
		}
	}
	for _, f := range []struct {
		key    string
		values []string
	}{{"authors", p.Authors}, {"keywords", p.Keywords}} {
		if len(f.values) == 0 {
			continue
		}
		quoted := make([]string, len(f.values))
		for i, v := range f.values {
			quoted[i] = tomlString(v)
		}
		w.line(0, f.key+" = ["+strings.Join(quoted, ", ")+"]")
	}
}

// tomlString writes s as a TOML basic string.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// libFile is src/lib.rs: the crate's documentation, its modules, the
// catalog value and the ErrorCode enum.
func (g *generator) libFile() []byte {
	m := g.m
	var w writer
	g.header(&w)
	w.doc(0, "//!",
		own("The errors of the %s error catalog, version %s.", m.Name, m.Version),
		own("Make an error with the function named after its type (an error of type "+
			"`file_too_large` with `file_too_large(details)`), tell errors apart with "+
			"[`ErrorCode`], and render them with the methods of [`Error`]: `to_jsonrpc`, "+
			"`to_problem`, `to_response` and `to_tool_result`, under [`Options`]. Any other "+
			"error becomes the catalog's fallback through `CATALOG.from_error`. Each domain's "+
			"errors are in the module named after it; the module `rt` is errgen's runtime."))
	w.blank()
	w.line(0, "#![allow(clippy::enum_variant_names)]")
	w.blank()
	w.line(0, "pub mod rt;")
	w.blank()
	var mods []string
	for _, d := range g.domains() {
		mods = append(mods, domainModule(d))
	}
	if g.hasDetailsFile() {
		mods = append(mods, "details")
	}
	sort.Strings(mods)
	for _, mod := range mods {
		w.line(0, "mod "+mod+";")
	}
	w.blank()
	// rustfmt sorts a group of use declarations by path
	reexports := []string{"rt::{DebugInfo, Error, ErrorContext, FieldErrors, Options}"}
	for _, mod := range mods {
		if mod != "details" || g.publicShapes() {
			reexports = append(reexports, mod+"::*")
		}
	}
	sort.Strings(reexports)
	for _, r := range reexports {
		w.line(0, "pub use "+r+";")
	}
	if g.hasDetailsFile() && !g.publicShapes() {
		// the tables alone, for the domains' modules
		w.blank()
		w.line(0, "use details::*;")
	}
	w.blank()

	fc := g.facts
	w.doc(0, "///", own("The %s catalog: its settings, the rules of the wire every errgen runtime "+
		"shares, and every error, by code.", m.Name))
	w.line(0, "pub static CATALOG: rt::Catalog = rt::Catalog {")
	w.field(1, "name", lit(fc.Name))
	w.field(1, "version", lit(fc.Version))
	w.line(1, "schema_version: "+strconv.Itoa(fc.SchemaVersion)+",")
	w.line(1, "limits: rt::Limits {")
	w.line(2, "max_data_bytes: "+strconv.Itoa(fc.Limits.MaxDataBytes)+",")
	w.line(2, "max_string_bytes: "+strconv.Itoa(fc.Limits.MaxStringBytes)+",")
	w.line(2, "max_suggestions: "+strconv.Itoa(fc.Limits.MaxSuggestions)+",")
	w.line(1, "},")
	w.expr(1, "rules: ", rulesExpr(fc.Rules), ",")
	var lists []string
	for _, d := range g.domains() {
		lists = append(lists, domainModule(d)+"::"+domainList(d))
	}
	w.arrayField(1, "domains", "&", lists)
	w.field(1, "fallback", "&"+domainModule(m.Fallback.Domain)+"::"+defStatic(m.Fallback))
	w.line(1, "metrics: rt::Metrics::new(),")
	w.line(1, "violations: rt::Violations::new(),")
	w.line(0, "};")
	w.blank()

	w.doc(0, "///", own("An error of the catalog: its discriminant is its code."))
	w.line(0, "#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]")
	w.line(0, "pub enum ErrorCode {")
	for _, e := range m.Errors {
		w.doc(1, "///", cat(gen.Summary(e)), cat(deprecation(e)))
		w.line(1, variant(e)+" = "+strconv.FormatInt(e.Code, 10)+",")
	}
	w.line(0, "}")
	w.blank()
	w.line(0, "impl ErrorCode {")
	all := make([]string, len(m.Errors))
	for i, e := range m.Errors {
		all[i] = "ErrorCode::" + variant(e)
	}
	w.doc(1, "///", own("Every error of the catalog, by code."))
	w.assignArray(1, "pub const ALL", "[ErrorCode; "+strconv.Itoa(len(all))+"]", "", all)
	w.blank()
	w.doc(1, "///", own("The error's catalog code."))
	w.line(1, "pub fn code(self) -> i64 {")
	w.line(2, "self as i64")
	w.line(1, "}")
	w.blank()
	w.doc(1, "///", own("The error's definition."))
	w.line(1, "pub fn def(self) -> &'static rt::Def {")
	w.line(2, "match CATALOG.by_code(self.code()) {")
	w.line(3, "Some(def) => def,")
	w.line(3, "None => unreachable!(\"every ErrorCode is in CATALOG\"),")
	w.line(2, "}")
	w.line(1, "}")
	w.blank()
	w.doc(1, "///", own("The error's symbol, as the wire carries it."))
	w.line(1, "pub fn symbol(self) -> &'static str {")
	w.line(2, "self.def().symbol")
	w.line(1, "}")
	w.blank()
	w.doc(1, "///", own("The error with the given code."))
	w.line(1, "pub fn from_code(code: i64) -> Option<ErrorCode> {")
	w.line(2, "let i = ErrorCode::ALL")
	w.line(3, ".binary_search_by_key(&code, |c| c.code())")
	w.line(3, ".ok()?;")
	w.line(2, "Some(ErrorCode::ALL[i])")
	w.line(1, "}")
	w.blank()
	w.doc(1, "///", own("The error with the given symbol or alias."))
	w.line(1, "pub fn from_symbol(symbol: &str) -> Option<ErrorCode> {")
	w.line(2, "ErrorCode::from_code(CATALOG.by_symbol(symbol)?.code)")
	w.line(1, "}")
	w.blank()
	w.doc(1, "///", own("The code of an error of this catalog; `None` for an error of another catalog."))
	w.line(1, "pub fn of(err: &Error) -> Option<ErrorCode> {")
	w.line(2, "if !std::ptr::eq(err.def().catalog, &CATALOG) {")
	w.line(3, "return None;")
	w.line(2, "}")
	w.line(2, "ErrorCode::from_code(err.code())")
	w.line(1, "}")
	w.line(0, "}")
	w.blank()
	w.line(0, "impl From<ErrorCode> for Error {")
	w.doc(1, "///", own("The error's definition raised as an error: with empty details, or, when "+
		"those break its detail schema, the catalog's fallback caused by it."))
	w.line(1, "fn from(code: ErrorCode) -> Error {")
	w.line(2, "code.def().error()")
	w.line(1, "}")
	w.line(0, "}")
	return w.content()
}

// conformanceExample is examples/conformance.rs, the conformance runner.
func (g *generator) conformanceExample() []byte {
	var w writer
	g.header(&w)
	w.doc(0, "//!", own("The conformance runner of the crate: it answers the vectors `errgen conformance` "+
		"writes to its standard input with the payloads this crate renders, so that "+
		"`errgen conformance -vectors FILE -- cargo run -q --example conformance` holds "+
		"the crate to errgen's reference runtime byte for byte."))
	w.blank()
	w.line(0, "fn main() -> std::io::Result<()> {")
	w.line(1, "let (stdin, stdout) = (std::io::stdin(), std::io::stdout());")
	crate := strings.ReplaceAll(g.crate, "-", "_")
	w.call(1, crate+"::rt::serve_conformance", []string{"&" + crate + "::CATALOG", "stdin.lock()", "stdout.lock()"})
	w.line(0, "}")
	return w.content()
}

// domainFile is the module of one domain's errors.
func (g *generator) domainFile(d *model.Domain) []byte {
	var w writer
	g.header(&w)
	w.doc(0, "//!", own("The %s domain: codes %d to %d.", d.Name, d.Low, d.High), cat(d.Description))
	var body writer
	uses := &uses{}
	defs := make([]string, len(d.Errors))
	for i, e := range d.Errors {
		defs[i] = "&" + defStatic(e)
	}
	uses.crate = true
	body.blank()
	body.doc(0, "///", own("The definitions of the %s domain's errors, by code.", d.Name))
	body.assignArray(0, "pub(crate) static "+domainList(d), "&[&rt::Def]", "&", defs)
	for _, e := range d.Errors {
		g.errorItems(&body, uses, e)
	}
	uses.write(&w)
	w.write(&body)
	return w.content()
}

// uses are the imports a module needs.
type uses struct {
	trait, crate, serde bool
}

func (u *uses) write(w *writer) {
	if !u.trait && !u.crate && !u.serde {
		return
	}
	w.blank()
	if u.trait {
		w.line(0, "use crate::rt::Details as _;")
	}
	if u.crate {
		w.line(0, "use crate::*;")
	}
	if u.serde {
		w.line(0, "use serde::{Deserialize, Serialize};")
	}
}

// errorItems writes what one error declares: its code and symbol
// constants (and its aliases'), its definition, its constructor, and the
// types of its inline details.
func (g *generator) errorItems(w *writer, u *uses, e *model.Error) {
	dep := deprecation(e)
	w.blank()
	w.doc(0, "///", own("The code of %s.", e.Symbol), cat(dep))
	w.assign(0, "pub const "+codeConst(e), "i64", strconv.FormatInt(e.Code, 10))
	w.doc(0, "///", own("The symbol of %s.", e.Symbol), cat(dep))
	w.assign(0, "pub const "+symbolConst(e), "&str", lit(e.Symbol))
	for _, a := range e.Aliases {
		w.doc(0, "///", own("%s, an alias of %s: the same error, which the wire names %s.", a.Symbol, e.Symbol, e.Symbol), cat(dep))
		w.assign(0, "pub const "+gen.AliasConst(a), "&str", lit(a.Symbol))
	}

	d := g.errors[e.Symbol]
	k, has := g.facts.Details(e), e.Details != nil
	if has {
		if d.Details.Shape == "" {
			w.objectStatic([]text{own("The table of the details of %s: the runtime reads them through it.", e.Symbol)},
				detailsStatic(e.Type), d.Details)
		}
	}
	w.blank()
	w.doc(0, "///", cat("The definition of "+gen.Summary(e)))
	w.assignStruct(0, "pub(crate) static "+defStatic(e), "rt::Def", "rt::Def {", func(in int) {
		w.field(in, "catalog", "&CATALOG")
		w.field(in, "code", codeConst(e))
		w.field(in, "wire_code", strconv.FormatInt(d.WireCode, 10))
		w.field(in, "symbol", symbolConst(e))
		w.arrayField(in, "aliases", "&", lits(d.Aliases))
		w.field(in, "error_type", lit(d.Type))
		w.field(in, "domain", lit(d.Domain))
		w.field(in, "title", lit(d.Title))
		w.field(in, "problem_type", lit(d.ProblemType))
		statuses := make([]string, len(d.Statuses))
		for i, s := range d.Statuses {
			statuses[i] = strconv.Itoa(s)
		}
		w.arrayField(in, "statuses", "&", statuses)
		w.field(in, "retryable", strconv.FormatBool(d.Retryable))
		w.field(in, "retry", retryClasses[d.Retry])
		retryAfter := "None"
		if d.RetryAfterMs > 0 {
			retryAfter = "Some(" + strconv.FormatInt(d.RetryAfterMs, 10) + ")"
		}
		w.field(in, "retry_after_ms", retryAfter)
		w.field(in, "throttling", strconv.FormatBool(d.Throttling))
		w.field(in, "deprecated", strconv.FormatBool(d.Deprecated))
		w.field(in, "tool_errors_as_rpc", strconv.FormatBool(d.ToolErrorsAsRPC))
		w.field(in, "needs_details", strconv.FormatBool(d.NeedsDetails))
		w.field(in, "message", lit(d.Message.Source))
		userMessage := ""
		if d.UserMessage != nil {
			userMessage = d.UserMessage.Source
		}
		w.field(in, "user_message", lit(userMessage))
		suggestions := make([]string, len(d.Suggestions))
		for i, s := range d.Suggestions {
			suggestions[i] = lit(s.Source)
		}
		w.arrayField(in, "suggestions", "&", suggestions)
		if has {
			object := atom(detailsStatic(e.Type))
			if d.Details.Shape != "" {
				object = atom(shapeStatic(d.Details.Shape))
			}
			w.expr(in, "details: ", some(structLit{typ: "rt::DetailsType", fields: []fieldExpr{
				{"object", ref{object}},
				{"retype", atom("rt::retype::<" + g.structName(k) + ">")},
			}}), ",")
		} else {
			w.field(in, "details", "None")
		}
		w.arrayField(in, "sensitive", "&", lits(d.Sensitive))
	})

	w.blank()
	w.doc(0, "///", cat(gen.Summary(e)), cat(e.Doc), cat(dep))
	if e.Deprecated != nil {
		w.attr(0, "deprecated", "note = "+lit(dep))
	}
	if has {
		w.fnHead(0, "pub fn "+constructor(e), []string{"details: " + g.structName(k)}, " -> Error")
		w.call(1, "Error::new", []string{"&" + defStatic(e), "&details"})
	} else {
		w.fnHead(0, "pub fn "+constructor(e), nil, " -> Error")
		w.method(1, defStatic(e), "error")
	}
	w.line(0, "}")

	if s := e.Details; s != nil && s.Inline && s.Schema.Ref == nil {
		g.genTypes(w, u, s.Schema, s.RustName, shapeWhat(s), true)
	}
}

// lits returns each string as a Rust string literal.
func lits(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = lit(s)
	}
	return out
}

// shapeWhat is how the doc comments of a shape's types name it.
func shapeWhat(s *model.Shape) string {
	if s.Inline {
		return "the details of " + s.Owner.Symbol
	}
	return "detail shape " + s.Name
}

// detailsFile is src/details.rs: the types of the named detail shapes.
func (g *generator) detailsFile() []byte {
	var w writer
	g.header(&w)
	w.doc(0, "//!", own("The named detail shapes of the catalog."))
	var body writer
	u := &uses{}
	for _, s := range g.m.Shapes {
		if s.DeclaresTypes() {
			g.genTypes(&body, u, s.Schema, s.RustName, shapeWhat(s), true)
		}
	}
	for _, s := range g.facts.Shapes {
		u.crate = true
		body.objectStatic([]text{own("The table of detail shape %s: the runtime reads its values through it.", s.Name)},
			shapeStatic(s.Name), s.Node)
	}
	u.write(&w)
	w.write(&body)
	return w.content()
}
