// Package python emits the Python package of a catalog: pyproject.toml (a
// hatchling build, no dependencies, the MCP SDK, Starlette and the
// OpenTelemetry API as optional extras), and in the package's directory what it generates from the
// catalog — facts.py (the catalog's facts, internal/facts, which the
// runtime writes every payload from), _catalog.py (the ErrorCode IntEnum,
// CATALOG and the package's CatalogError), details.py (a TypedDict per
// detail object), a module per domain with each error's constants and
// class (its constructor takes the details as keyword arguments) — beside
// the catalog-independent runtime it copies from runtime/python as the
// subpackage _rt, and the thin modules that bind it to the catalog
// (client.py, mcp.py, starlette.py, otel.py, openapi.py, conformance.py).
//
// The emitter prints its files a line at a time (internal/gen/printer)
// rather than through templates: every text of the catalog goes through
// pyStr (a string literal of ASCII alone), docText (a docstring's body) or
// commentText (a # comment), so that none can break the Python.
package python

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/errgen/errgen/internal/facts"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/printer"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/naming"
	pyrt "github.com/errgen/errgen/runtime/python"
)

// Options configure the Python emitter.
type Options struct {
	Package string // import name; empty: derived from the catalog name (PackageName)
	Source  string // catalog path relative to the output directory, for the headers
}

// The version ranges of the optional extras.
const (
	MCPRequirement       = "mcp>=1.25,<2"
	StarletteRequirement = "starlette>=0.27"
	// the Logs API's LogRecord with a context and an event name
	OTelRequirement = "opentelemetry-api>=1.35"
)

// Generate returns the files of the package, sorted by path.
func Generate(in *gen.Input, opts Options) ([]gen.File, error) {
	m := in.Model
	pkg := opts.Package
	if pkg == "" {
		pkg = PackageName(m.Name)
	}
	if !ValidPackage(pkg) {
		return nil, fmt.Errorf("python package name %q is not valid: %s", pkg, model.PythonPackageRule)
	}
	g := &generator{m: m, pkg: pkg, opts: opts, facts: in.Facts,
		shapeNames: map[*model.Shape]string{}, objNames: map[*model.Schema]string{}, classes: map[*model.Error]string{}}
	g.name()
	factsPy, err := g.factsFile()
	if err != nil {
		return nil, err
	}
	files := []gen.File{
		{Path: "pyproject.toml", Data: g.pyproject()},
		{Path: "README.md", Data: g.readme()},
		{Path: pkg + "/py.typed", Data: []byte("# " + gen.Header + "\n# Marker file of PEP 561: the package's modules carry their types.\n")},
		{Path: pkg + "/__init__.py", Data: g.initFile()},
		{Path: pkg + "/_catalog.py", Data: g.catalogFile()},
		{Path: pkg + "/facts.py", Data: factsPy},
		{Path: pkg + "/details.py", Data: g.detailsFile()},
		{Path: pkg + "/conformance.py", Data: g.fixed(conformanceModule)},
		{Path: pkg + "/client.py", Data: g.clientFile()},
		{Path: pkg + "/mcp.py", Data: g.fixed(mcpModule)},
		{Path: pkg + "/starlette.py", Data: g.fixed(starletteModule)},
		{Path: pkg + "/otel.py", Data: g.fixed(otelModule)},
		{Path: pkg + "/openapi.py", Data: g.openapiFile()},
	}
	for _, d := range g.domains() {
		files = append(files, gen.File{Path: pkg + "/" + domainModule(d) + ".py", Data: g.domainFile(d)})
	}
	for _, f := range pyrt.Files() {
		p := printer.New(indent, len(f.Data)+128)
		p.P("# ", gen.Header)
		p.P("# errgen's Python runtime: the same in every package errgen generates.")
		p.Write(f.Data)
		files = append(files, gen.File{Path: pkg + "/_rt/" + f.Name, Data: p.Content()})
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, nil
}

type generator struct {
	m     *model.Catalog
	pkg   string
	opts  Options
	facts *facts.Catalog
	// the Python names of the TypedDicts of details.py: of named and inline
	// shapes, and of the objects nested in them
	shapeNames      map[*model.Shape]string
	objNames        map[*model.Schema]string
	fieldErrs       bool // details.py declares FieldErrors
	fieldErrorsName string
	classes         map[*model.Error]string // each error's class
}

// reservedRoot are the names the package's root module exports of its
// own: no error class takes one.
var reservedRoot = []string{
	"CATALOG", "CatalogError", "ErrorCode", "ErrorOptions", "LogFilter", "Metrics", "Options", "Stats",
	"Violation", "ViolationError", "PROBLEM_CONTENT_TYPE",
}

// name computes the Python names of the error classes and of the
// TypedDicts.
func (g *generator) name() {
	classes := names{}
	for _, n := range reservedRoot {
		classes[n] = true
	}
	// an error's class: its type in Pascal case, followed by Error unless
	// it ends in Error; one that would shadow a builtin or a name of the
	// root module, or that another error's type names as it is (io beside
	// io_error), or that two errors would get alike, takes its domain's
	// name before it (CommonTimeoutError)
	type wanted struct {
		name  string
		exact bool // the type's own words end in error
	}
	base := func(e *model.Error) wanted {
		if strings.HasSuffix(e.TSName, "Error") {
			return wanted{e.TSName, true}
		}
		return wanted{e.TSName + "Error", false}
	}
	exact, appended := map[string]int{}, map[string]int{}
	for _, e := range g.m.Errors {
		if w := base(e); w.exact {
			exact[w.name]++
		} else {
			appended[w.name]++
		}
	}
	for _, e := range g.m.Errors {
		w := base(e)
		name := w.name
		clash := exact[name] > 1 || !w.exact && exact[name]+appended[name] > 1
		if clash || classes[name] || builtins[name] {
			if domain := naming.TS(e.Domain.Name); !strings.HasPrefix(name, domain) {
				name = domain + name
			}
		}
		g.classes[e] = classes.claim(name)
	}
	types := names{}
	typeName := func(want string) string {
		if want == "" {
			want = "Details"
		}
		if keywords[want] || builtins[want] {
			want += "Details"
		}
		return types.claim(want)
	}
	for _, s := range g.m.Shapes {
		switch {
		case s.Builtin:
			continue
		case s.Inline:
			if s.Schema.Ref != nil {
				continue
			}
		case !s.DeclaresTypes():
			continue
		}
		g.shapeNames[s] = typeName(s.RustName)
		g.nameObjects(s.Schema, typeName, true)
	}
	if g.usesFieldErrors() {
		g.fieldErrs = true
		g.fieldErrorsName = typeName("FieldErrors")
	}
}

// nameObjects names the TypedDicts of the closed objects with properties
// below schema s (s itself when it is not a shape's root).
func (g *generator) nameObjects(s *model.Schema, typeName func(string) string, root bool) {
	if s == nil || s.Ref != nil {
		return
	}
	if !root && g.closedObject(s) {
		want := s.RustName
		if want == "" {
			want = "Object"
		}
		g.objNames[s] = typeName(want)
	}
	switch s.Type {
	case "array":
		g.nameObjects(s.Items, typeName, false)
	case "object":
		for _, p := range s.Properties {
			g.nameObjects(p.Schema, typeName, false)
		}
		g.nameObjects(s.Additional, typeName, false)
	}
}

// closedObject reports whether s declares an object of properties and no
// others: a TypedDict.
func (g *generator) closedObject(s *model.Schema) bool {
	k := g.facts.Kind(s)
	return !k.Ref && k.Class == facts.ClassObject && k.Extra == nil
}

// usesFieldErrors reports whether an error's details or a $ref lead to the
// built-in field_errors shape.
func (g *generator) usesFieldErrors() bool {
	for _, s := range g.m.Shapes {
		if s.Builtin {
			return true
		}
	}
	return false
}

// typeExpr writes the Python type of a schema; q qualifies the names of
// details.py ("" inside it, "_details." elsewhere).
func (g *generator) typeExpr(s *model.Schema, q string) string {
	return g.kindExpr(g.facts.Kind(s), q)
}

// kindExpr writes the Python type of a value of kind k (the catalog's
// facts resolve what each schema node holds): the name details.py gives a
// shape where a $ref names it, else the value's type in place.
func (g *generator) kindExpr(k *facts.Kind, q string) string {
	if k.Class == facts.ClassFieldErrors {
		return q + g.fieldErrorsName
	}
	if k.Ref {
		if name, ok := g.shapeNames[k.Shape]; ok {
			return q + name
		}
		return g.kindExpr(g.facts.Kind(k.Schema), q) // the shape's type, in place
	}
	switch k.Class {
	case facts.ClassEnum:
		seen := map[string]bool{}
		var alts []string
		for _, v := range k.Schema.Enum {
			if !seen[v] {
				seen[v] = true
				alts = append(alts, pyStr(v))
			}
		}
		return "_t.Literal[" + strings.Join(alts, ", ") + "]"
	case facts.ClassString:
		return "str"
	case facts.ClassInteger:
		return "int"
	case facts.ClassNumber:
		return "float"
	case facts.ClassBoolean:
		return "bool"
	case facts.ClassArray:
		return "_t.Sequence[" + g.kindExpr(k.Items, q) + "]"
	case facts.ClassObject:
		if name, ok := g.objNames[k.Schema]; ok {
			return q + name
		}
		return "_t.Mapping[str, object]"
	case facts.ClassMap:
		if k.Extra != nil {
			return "_t.Mapping[str, " + g.kindExpr(k.Extra, q) + "]"
		}
		return "_t.Mapping[str, object]"
	}
	return "object"
}

// indent is Python's unit of indentation.
const indent = "    "

// newFile returns the printer of a generated Python file of about size
// bytes, its header written.
func (g *generator) newFile(size int) *printer.Printer {
	p := printer.New(indent, size)
	p.P("# ", gen.Header)
	if g.opts.Source != "" {
		p.P("# source: ", commentText(g.opts.Source))
	}
	return p
}

// doc writes a docstring of paragraphs, an empty line between them.
func doc(p *printer.Printer, paragraphs ...string) {
	var parts []string
	for _, para := range paragraphs {
		if para = strings.TrimSpace(para); para != "" {
			parts = append(parts, para)
		}
	}
	if len(parts) == 0 {
		return
	}
	p.Docstring(strings.Split(docText(strings.Join(parts, "\n\n")), "\n"))
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

// domainModule is the module of domain d's errors: DOMAIN_errors.
func domainModule(d *model.Domain) string { return naming.RustSnake(d.Name) + "_errors" }

// Names of an error's items.
func member(e *model.Error) string      { return strings.ToUpper(e.Type) }
func codeConst(e *model.Error) string   { return "CODE_" + member(e) }
func symbolConst(e *model.Error) string { return "SYMBOL_" + member(e) }
func deprecation(e *model.Error) string { return gen.Deprecation(e, nil) }

// pyproject is the package's pyproject.toml.
func (g *generator) pyproject() []byte {
	p := printer.New(indent, 2048)
	p.P("# ", gen.ManifestHeader)
	if g.opts.Source != "" {
		p.P("# source: ", commentText(g.opts.Source))
	}
	// hatchling 1.27 reads license as an SPDX expression (PEP 639)
	p.P()
	p.P("[build-system]")
	p.P(`requires = ["hatchling>=1.27"]`)
	p.P(`build-backend = "hatchling.build"`)
	p.P()
	p.P("[project]")
	p.P("name = ", tomlStr(DistributionName(g.pkg)))
	pkg := g.m.Package
	p.P("version = ", tomlStr(Version(pkg.Version)))
	p.P("description = ", tomlStr("The errors of the "+g.m.Name+" catalog, and the runtime that sends them: errgen's wire rules, byte for byte"))
	p.P(`readme = "README.md"`)
	if pkg.License != "" {
		p.P("license = ", tomlStr(pkg.License))
	}
	if len(pkg.Authors) > 0 {
		var authors []string
		for _, a := range pkg.Authors {
			name, email, hasEmail := strings.Cut(a, " <")
			if hasEmail {
				authors = append(authors, "{ name = "+tomlStr(name)+", email = "+tomlStr(strings.TrimSuffix(email, ">"))+" }")
			} else {
				authors = append(authors, "{ name = "+tomlStr(a)+" }")
			}
		}
		p.P("authors = [", strings.Join(authors, ", "), "]")
	}
	if len(pkg.Keywords) > 0 {
		var keywords []string
		for _, k := range pkg.Keywords {
			keywords = append(keywords, tomlStr(k))
		}
		p.P("keywords = [", strings.Join(keywords, ", "), "]")
	}
	p.P(`requires-python = ">=3.10"`)
	p.P("dependencies = []")
	p.P(`classifiers = ["Programming Language :: Python :: 3", "Typing :: Typed"]`)
	p.P()
	p.P("[project.optional-dependencies]")
	p.P("mcp = [", tomlStr(MCPRequirement), "]")
	p.P("starlette = [", tomlStr(StarletteRequirement), "]")
	p.P("otel = [", tomlStr(OTelRequirement), "]")
	p.P()
	if pkg.Homepage != "" || pkg.Repository != "" {
		p.P("[project.urls]")
		if pkg.Homepage != "" {
			p.P("Homepage = ", tomlStr(pkg.Homepage))
		}
		if pkg.Repository != "" {
			p.P("Repository = ", tomlStr(pkg.Repository))
		}
		p.P()
	}
	p.P("[tool.hatch.build.targets.wheel]")
	p.P("packages = [", tomlStr(g.pkg), "]")
	p.P()
	p.P("[tool.hatch.build.targets.sdist]")
	p.P("include = [", tomlStr(g.pkg), `, "README.md"]`)
	return p.Content()
}

// tomlStr writes s as a TOML basic string.
func tomlStr(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
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

// factsFile is facts.py: the catalog's facts, the JSON of errgen generate
// -facts, as FACTS.
func (g *generator) factsFile() ([]byte, error) {
	body, err := json.MarshalIndent(g.facts, "", "  ")
	if err != nil {
		return nil, err
	}
	p := g.newFile(len(body)*5/4 + 1024)
	doc(p, "The facts of the "+g.m.Name+" catalog, which the runtime (_rt) writes every payload from: each error, every detail schema as a tree of nodes with its keywords resolved, and the rules of the wire every runtime shares. The JSON is errgen generate -facts' (schema/facts.schema.json).")
	p.P()
	p.P("from __future__ import annotations")
	p.P()
	p.P("import json as _json")
	p.P("import typing as _t")
	p.P()
	p.P(`__all__ = ["FACTS"]`)
	p.P()
	p.P("_TEXT = (")
	p.In()
	for _, line := range strings.Split(string(body), "\n") {
		p.P(pyStr(line + "\n"))
	}
	p.Out()
	p.P(")")
	p.P()
	p.P("#: The facts, as JSON reads them.")
	p.P("FACTS: _t.Final[_t.Mapping[str, _t.Any]] = _json.loads(_TEXT)")
	return p.Content(), nil
}

// catalogFile is _catalog.py: ErrorCode, CATALOG and the package's base
// class of errors.
func (g *generator) catalogFile() []byte {
	p := g.newFile(2048 + 160*len(g.m.Errors))
	doc(p, "The "+g.m.Name+" catalog bound to the runtime: its codes, CATALOG, and the base class of its errors.")
	p.P()
	p.P("from __future__ import annotations")
	p.P()
	p.P("import enum")
	p.P("import typing as _t")
	p.P()
	p.P("from . import _rt")
	p.P("from .facts import FACTS")
	p.P()
	p.P(`__all__ = ["CATALOG", "CatalogError", "ErrorCode"]`)
	p.P()
	p.P()
	p.P("class ErrorCode(enum.IntEnum):")
	p.In()
	doc(p, "Every error code of the "+g.m.Name+" catalog, by the error's type.")
	p.P()
	for _, e := range g.m.Errors {
		p.P(member(e), " = ", strconv.FormatInt(e.Code, 10))
		doc(p, gen.Summary(e))
	}
	p.Out()
	p.P()
	p.P()
	p.P("#: The catalog's runtime: its errors (each a CatalogError below), renderers, metrics and violation hook.")
	p.P("CATALOG: _t.Final[_rt.Catalog[CatalogError]] = _rt.Catalog(FACTS)")
	p.P()
	p.P()
	p.P("class CatalogError(_rt.CatalogError):")
	p.In()
	doc(p, "An error of the "+g.m.Name+" catalog: the base class of each error's own class. str() is its wire message (SYMBOL: message, sensitive values redacted), never its secrets.")
	p.P()
	p.P("_catalog = CATALOG")
	p.Out()
	return p.Content()
}

// detailsFile is details.py: a TypedDict per closed detail object, and a
// type alias per other named shape.
func (g *generator) detailsFile() []byte {
	p := g.newFile(2048)
	doc(p, "The detail types of the "+g.m.Name+" catalog: a TypedDict for each detail object of declared properties (a required property a required key), keyed by the wire's names exactly. An object that also takes other members (additionalProperties) is a Mapping.")
	p.P()
	p.P("from __future__ import annotations")
	p.P()
	p.P("import typing as _t")
	// the declarations are printed apart: __all__, before them, lists the
	// names they take
	var all []string
	decls := printer.New(indent, 4096)
	declared := map[*model.Schema]bool{}
	for _, s := range g.m.Shapes {
		name, ok := g.shapeNames[s]
		if !ok {
			continue
		}
		all = append(all, name)
		what := "Detail shape " + s.Name + "."
		if s.Inline {
			what = "The details of " + s.Owner.Symbol + "."
		}
		r := s.Schema
		if g.closedObject(r) {
			g.typedDict(decls, name, r, []string{what, r.Description})
			declared[r] = true
		} else {
			decls.P()
			decls.P()
			decls.P(name, ": _t.TypeAlias = ", pyStr(g.typeExpr(r, "")))
			decls.Comment("#", commentLines(what, r.Description))
		}
		g.nested(decls, r, declared, &all, true)
	}
	if g.fieldErrs {
		all = append(all, g.fieldErrorsName)
		decls.P()
		decls.P()
		decls.P(g.fieldErrorsName, " = _t.TypedDict(", pyStr(g.fieldErrorsName), `, {"fieldErrors": "_t.Mapping[str, _t.Sequence[str]]", "totalErrors": "int"})`)
		decls.P("# Validation failures aggregated by field (the built-in field_errors shape).")
	}
	p.P()
	writeAll(p, all)
	p.Write(decls.Content())
	return p.Content()
}

// commentLines returns paragraphs as the lines of a # comment (a type
// alias has no docstring), blank ones left out.
func commentLines(paragraphs ...string) []string {
	var lines []string
	for _, para := range paragraphs {
		for _, l := range strings.Split(strings.TrimSpace(para), "\n") {
			if l = strings.TrimSpace(commentText(l)); l != "" {
				lines = append(lines, l)
			}
		}
	}
	return lines
}

// nested declares the TypedDicts of the closed objects below s.
func (g *generator) nested(p *printer.Printer, s *model.Schema, declared map[*model.Schema]bool, all *[]string, root bool) {
	if s == nil || s.Ref != nil {
		return
	}
	if name, ok := g.objNames[s]; ok && !root && !declared[s] {
		declared[s] = true
		*all = append(*all, name)
		g.typedDict(p, name, s, []string{s.Description})
	}
	switch s.Type {
	case "array":
		g.nested(p, s.Items, declared, all, false)
	case "object":
		for _, prop := range s.Properties {
			g.nested(p, prop.Schema, declared, all, false)
		}
		g.nested(p, s.Additional, declared, all, false)
	}
}

// typedDict declares the TypedDict name of the closed object s, in the
// functional syntax (the wire's names may be anything), its required keys
// in one part and its optional ones in another.
func (g *generator) typedDict(p *printer.Printer, name string, s *model.Schema, paragraphs []string) {
	var req, opt []string
	for _, prop := range s.Properties {
		item := pyStr(prop.Name) + ": " + pyStr(g.typeExpr(prop.Schema, ""))
		if prop.Required {
			req = append(req, item)
		} else {
			opt = append(opt, item)
		}
	}
	p.P()
	p.P()
	switch {
	case len(opt) == 0:
		typedDictCall(p, name, req, "")
		p.Comment("#", commentLines(paragraphs...))
	case len(req) == 0:
		typedDictCall(p, name, opt, ", total=False")
		p.Comment("#", commentLines(paragraphs...))
	default:
		r, o := "_"+name+"Required", "_"+name+"Optional"
		typedDictCall(p, r, req, "")
		typedDictCall(p, o, opt, ", total=False")
		p.P()
		p.P()
		p.P("class ", name, "(", r, ", ", o, "):")
		var parts []string
		for _, para := range paragraphs {
			if strings.TrimSpace(para) != "" {
				parts = append(parts, para)
			}
		}
		if len(parts) == 0 {
			parts = []string{name + "."}
		}
		p.In()
		doc(p, parts...)
		p.Out()
	}
}

// typedDictCall writes `name = _t.TypedDict("name", {items…}more)`, an
// item to a line.
func typedDictCall(p *printer.Printer, name string, items []string, more string) {
	if len(items) == 0 {
		p.P(name, " = _t.TypedDict(", pyStr(name), ", {}", more, ")")
		return
	}
	p.P(name, " = _t.TypedDict(", pyStr(name), ", {")
	p.In()
	for _, it := range items {
		p.P(it, ",")
	}
	p.Out()
	p.P("}", more, ")")
}

// detailsType is the type of an error's details property: its TypedDict,
// or a Mapping.
func (g *generator) detailsType(e *model.Error) string {
	k := g.facts.Details(e)
	if k.Class == facts.ClassFieldErrors {
		return "_details." + g.fieldErrorsName
	}
	if name, ok := g.shapeNames[k.Shape]; ok && g.closedObject(k.Schema) {
		return "_details." + name
	}
	return "_t.Mapping[str, object]"
}

// reservedParams are the names a constructor takes of its own, or uses in
// its body and annotations: no detail property's parameter takes one.
var reservedParams = []string{"self", "options", "cause", "status", "retryable", "retry_after_ms", "request_id", "instance", "data", "extensions",
	"log_sensitive", "telemetry_cause", "dict", "object", "str", "int", "float", "bool"}

// domainFile is a domain's module: each error's constants and class.
func (g *generator) domainFile(d *model.Domain) []byte {
	p := g.newFile(2048 + 1500*len(d.Errors))
	title := d.Title
	if title == "" {
		title = d.Name
	}
	doc(p, "The errors of the domain "+d.Name+" ("+strconv.FormatInt(d.Low, 10)+"–"+strconv.FormatInt(d.High, 10)+"): "+strings.TrimSuffix(title, ".")+".", d.Description)
	p.P()
	p.P("from __future__ import annotations")
	p.P()
	p.P("import typing as _t")
	p.P()
	for _, e := range d.Errors {
		if e.Details != nil {
			p.P("from . import details as _details")
			break
		}
	}
	p.P("from ._catalog import CatalogError, ErrorCode")
	p.P()
	p.P("if _t.TYPE_CHECKING:")
	p.In()
	p.P("from typing_extensions import Unpack as _Unpack")
	p.P()
	p.P("from ._rt.core import ErrorOptions as _ErrorOptions")
	p.Out()
	p.P()
	var all []string
	for _, e := range d.Errors {
		all = append(all, g.classes[e], codeConst(e), symbolConst(e))
		for _, a := range e.Aliases {
			all = append(all, gen.AliasConst(a))
		}
	}
	writeAll(p, all)
	for _, e := range d.Errors {
		g.errorDecl(p, e)
	}
	return p.Content()
}

// errorDecl writes an error's constants and class.
func (g *generator) errorDecl(p *printer.Printer, e *model.Error) {
	p.P()
	p.P()
	p.P(codeConst(e), ": _t.Final = ErrorCode.", member(e))
	p.P(symbolConst(e), ": _t.Final = ", pyStr(e.Symbol))
	for _, a := range e.Aliases {
		p.P(gen.AliasConst(a), ": _t.Final = ", pyStr(a.Symbol), "  # an alias of ", e.Symbol)
	}
	p.P()
	p.P()
	p.P("class ", g.classes[e], "(CatalogError):")
	p.In()
	doc(p, gen.Summary(e), e.Doc, deprecation(e))
	p.P()
	p.P("SYMBOL: _t.ClassVar[str] = ", pyStr(e.Symbol))
	p.P("CODE: _t.ClassVar[ErrorCode] = ErrorCode.", member(e))
	p.P()
	g.constructor(p, e)
	if e.Details != nil {
		t := g.detailsType(e)
		p.P()
		p.P("@property")
		p.P("def details(self) -> ", t, ":")
		p.In()
		p.P(`"""The details as given (unredacted: for the server only)."""`)
		p.P("return _t.cast(", pyStr(t), ", self._o.raw)")
		p.Out()
	}
	p.Out()
}

// constructor writes the __init__ of an error's class: without details, it
// takes the options alone; with details that are a map, the map; else
// each detail property as a keyword argument, typed.
func (g *generator) constructor(p *printer.Printer, e *model.Error) {
	k := g.facts.Details(e)
	const options = "**options: _Unpack[_ErrorOptions]"
	switch {
	case k == nil:
		p.P("def __init__(self, ", options, ") -> None:")
		p.In()
		p.P("self._errgen_init(None, options)")
		p.Out()
		return
	case k.Class != facts.ClassObject && k.Class != facts.ClassFieldErrors:
		// a map: its members are the details
		value := "object"
		if k.Extra != nil {
			value = g.kindExpr(k.Extra, "_details.")
		}
		p.P("def __init__(self, details: _t.Mapping[str, ", value, "] | None = None, /, ", options, ") -> None:")
		p.In()
		p.P("self._errgen_init({} if details is None else details, options)")
		p.Out()
		return
	}
	r := k.Schema
	taken := names{}
	for _, n := range reservedParams {
		taken[n] = true
	}
	var required, optional []string
	type field struct{ wire, param string }
	var req, opt []field
	for _, prop := range r.Properties {
		param := paramName(prop.Name, taken)
		t := g.typeExpr(prop.Schema, "_details.")
		if prop.Required {
			required = append(required, param+": "+t)
			req = append(req, field{prop.Name, param})
		} else {
			optional = append(optional, param+": "+t+" | None = None")
			opt = append(opt, field{prop.Name, param})
		}
	}
	extra := ""
	if k.Extra != nil {
		extra = paramName("extra", taken)
		optional = append(optional, extra+": _t.Mapping[str, "+g.kindExpr(k.Extra, "_details.")+"] | None = None")
	}
	p.P("def __init__(")
	p.In()
	p.P("self,")
	p.P("*,")
	for _, params := range [][]string{required, optional, {options}} {
		for _, param := range params {
			p.P(param, ",")
		}
	}
	p.Out()
	p.P(") -> None:")
	p.In()
	p.P("_d: dict[str, object] = {}")
	if extra != "" {
		p.P("if ", extra, " is not None:")
		p.In()
		p.P("_d.update(", extra, ")")
		p.Out()
	}
	for _, f := range req {
		p.P("_d[", pyStr(f.wire), "] = ", f.param)
	}
	for _, f := range opt {
		p.P("if ", f.param, " is not None:")
		p.In()
		p.P("_d[", pyStr(f.wire), "] = ", f.param)
		p.Out()
	}
	p.P("self._errgen_init(_d, options)")
	p.Out()
}

// initFile is the package's __init__.py.
func (g *generator) initFile() []byte {
	p := g.newFile(4096 + 40*len(g.m.Errors))
	doc(p, "The errors of the "+g.m.Name+" catalog, version "+g.m.Version+", and the runtime that sends them: each error's class (its constructor takes the error's details as keyword arguments, typed), ErrorCode, and the renderers of every wire format, byte for byte as errgen's Go runtime writes them.",
		"Clients parse payloads with "+g.pkg+".client; "+g.pkg+".mcp (the mcp extra) connects the official MCP Python SDK, "+g.pkg+".starlette (the starlette extra) Starlette and FastAPI, "+g.pkg+".openapi a FastAPI route's responses from the catalog's OpenAPI document; "+g.pkg+".otel (the otel extra) records the errors they send with OpenTelemetry; python -m "+g.pkg+".conformance is the conformance runner.")
	p.P()
	p.P("from __future__ import annotations")
	p.P()
	p.P("from ._catalog import CATALOG, CatalogError, ErrorCode")
	p.P("from ._rt.core import PROBLEM_CONTENT_TYPE, ErrorOptions, LogFilter, Metrics, Options, Stats, ViolationError, options_from_env, retry_after_header")
	p.P("from ._rt.write import Violation")
	all := append([]string(nil), reservedRoot...)
	for _, d := range g.domains() {
		var list []string
		for _, e := range d.Errors {
			list = append(list, g.classes[e])
		}
		sort.Strings(list)
		all = append(all, list...)
		p.P("from .", domainModule(d), " import ", strings.Join(list, ", "))
	}
	p.P()
	bound := []struct{ name, doc string }{
		{"new", "an error by symbol (or alias), its details a mapping"},
		{"error_of", "an error raised without its details (Go's return pkg.ErrX)"},
		{"from_error", "anything raised as an error of the catalog (the fallback for any other)"},
		{"render_jsonrpc_error", "the JSON-RPC error object"},
		{"jsonrpc_parts", "the JSON-RPC error's code, message and data apart"},
		{"render_problem", "the RFC 9457 problem document"},
		{"problem_of", "the problem document with its HTTP status"},
		{"http_problem", "the problem document with its HTTP status and its retryAfterMs, for Retry-After"},
		{"render_response", "the plain response"},
		{"render_tool_result", "the MCP tool result carrying the problem document"},
		{"tool_errors_as_jsonrpc", "whether a failing tools/call sends the error as a JSON-RPC error"},
		{"on_violation", "sets the hook that learns of detail values that break their schema"},
		{"enable_metrics", "starts counting rendered errors"},
	}
	for _, f := range bound {
		p.P(f.name, " = CATALOG.", f.name, "  # ", f.doc)
		all = append(all, f.name)
	}
	all = append(all, "options_from_env", "retry_after_header")
	p.P()
	writeAll(p, all)
	return p.Content()
}

// clientFile is client.py: the parsers and guards bound to the catalog.
func (g *generator) clientFile() []byte {
	p := g.newFile(2048)
	doc(p, "Parsers and guards of the "+g.m.Name+" catalog's payloads, for clients: a payload of this catalog comes back as itself (a dict), one of an error this catalog does not have (a newer catalog's) as an UnknownError, anything else as None; retry_advice says whether and when to send a failed request again. They never raise on a payload.")
	p.P()
	p.P("from __future__ import annotations")
	p.P()
	p.P("from ._catalog import CATALOG")
	p.P("from ._rt import client as _client")
	p.P("from ._rt.client import RetryAdvice, UnknownError, retry_advice")
	p.P()
	var reserved []string
	for _, d := range g.m.Domains {
		if d.Reserved {
			reserved = append(reserved, pyStr(d.Name))
		}
	}
	p.P("_CLIENT = _client.Client(CATALOG, reserved_domains=(", strings.Join(reserved, ", "), trailingComma(len(reserved)), "))")
	p.P()
	funcs := []string{"is_jsonrpc_error", "is_error_context", "is_problem_details", "is_error_response", "is_unknown_error",
		"parse_jsonrpc_error", "parse_error_context", "parse_problem_details", "parse_error_response",
		"from_mcp_error", "from_tool_result", "symbol_of", "is_symbol", "is_retryable", "extensions_of"}
	for _, f := range funcs {
		p.P(f, " = _CLIENT.", f)
	}
	p.P()
	writeAll(p, append([]string{"RetryAdvice", "UnknownError", "retry_advice"}, funcs...))
	return p.Content()
}

// writeAll writes the module's __all__, sorted, a name a line.
func writeAll(p *printer.Printer, names []string) {
	sorted := append([]string(nil), names...)
	sort.Strings(sorted)
	p.P("__all__ = [")
	p.In()
	for _, n := range sorted {
		p.P(pyStr(n), ",")
	}
	p.Out()
	p.P("]")
}

func trailingComma(n int) string {
	if n == 1 {
		return ","
	}
	return ""
}

// fixed returns one of the package's fixed modules after the header, the
// package's name in its text.
func (g *generator) fixed(text string) []byte {
	p := g.newFile(len(text) + 256)
	p.Write([]byte(strings.ReplaceAll(text, "PACKAGE", g.pkg)))
	return p.Content()
}

const conformanceModule = `"""The conformance runner of the package (docs/guide/conformance.md):

    errgen conformance -vectors vectors.json -- python -m PACKAGE.conformance

It answers every line of its standard input with one line, and stops only
at the end of its input.
"""

from __future__ import annotations

from ._catalog import CATALOG
from ._rt.conformance import main

if __name__ == "__main__":
    main(CATALOG)
`

const mcpModule = `"""The adapter of the official MCP Python SDK (pip install PACKAGE[mcp]):
handle_errors(server) makes a FastMCP or low-level server send every
failure in the catalog's form; with_tool_errors wraps one tool; to_mcp_error
and tool_result render one error for a handler that builds its reply. An
exception that is not the catalog's is logged, with its traceback, on this
module's logger (PACKAGE.mcp).
"""

from __future__ import annotations

from ._catalog import CATALOG
from ._rt import mcp as _mcp

_ADAPTER = _mcp.Adapter(CATALOG, __name__)

handle_errors = _ADAPTER.handle_errors
with_tool_errors = _ADAPTER.with_tool_errors
to_mcp_error = _ADAPTER.to_mcp_error
tool_result = _ADAPTER.tool_result

__all__ = ["handle_errors", "to_mcp_error", "tool_result", "with_tool_errors"]
`

const otelModule = `"""OpenTelemetry for the catalog's errors (pip install PACKAGE[otel]):
install() records each error the PACKAGE.mcp and PACKAGE.starlette
adapters send, on the active span, as an "exception" log record and in the
errgen.errors counter (the numbers of enable_metrics); record(err) records
one that code sends itself. What is recorded is the runtime's otel
module's (PACKAGE._rt.otel): never a sensitive value, and a cause's text
only for an error made with telemetry_cause=True.
"""

from __future__ import annotations

from opentelemetry._logs import LoggerProvider
from opentelemetry.metrics import MeterProvider

from ._catalog import CATALOG
from ._rt import otel as _otel
from ._rt.core import SendKind
from ._rt.otel import Handle


def install(
    *,
    meter_provider: MeterProvider | None = None,
    logger_provider: LoggerProvider | None = None,
) -> Handle:
    """Records the errors the catalog's adapters send (installing again
    replaces the previous installation); the providers default to the
    global ones, spans are the active one. handle.uninstall() ends it."""
    return _otel.install(CATALOG, meter_provider=meter_provider, logger_provider=logger_provider)


def record(err: object, kind: SendKind = "http") -> None:
    """Records err as the adapters record what they send, for code that
    sends an error itself (kind: "http", "jsonrpc" or "tool"); anything not
    the catalog's as the fallback."""
    _otel.record(CATALOG, err, kind)


__all__ = ["Handle", "install", "record"]
`

const starletteModule = `"""The Starlette and FastAPI adapter (pip install PACKAGE[starlette]): an
exception handler answering application/problem+json with the error's
status and headers.
"""

from __future__ import annotations

from ._catalog import CATALOG
from ._rt import starlette as _starlette

_ADAPTER = _starlette.Adapter(CATALOG)

install = _ADAPTER.install
problem_response = _ADAPTER.problem_response
exception_handler = _ADAPTER.exception_handler

__all__ = ["exception_handler", "install", "problem_response"]
`

const openapiModule = `"""OpenAPI for FastAPI routes, from the catalog's OpenAPI document (errgen
generate -openapi): error_responses is a route's responses= for errors of
the catalog, install_components puts the components they refer to in the
app's generated schema. Standard library only.

    app = FastAPI()
    install_components(app, "errors.openapi.json")  # or the parsed dict

    @app.get("/items/{id}", responses=error_responses(FALLBACK_CLASS))  # or "FALLBACK_SYMBOL"
    async def item(id: str) -> Item: ...
"""

from __future__ import annotations

import typing as _t

from ._catalog import CATALOG
from ._rt import openapi as _openapi
from ._rt.openapi import COMPONENT_KINDS, ComponentConflictError, install_components, load_document


def error_responses(*errors: _openapi.ErrorRef) -> dict[int | str, dict[str, _t.Any]]:
    """The responses of a route that answers with errors of the catalog
    (each a symbol or an alias, an error class, or an error) as problem
    documents, by HTTP status: what FastAPI's responses= takes. Their
    schemas refer to the components of the catalog's OpenAPI document,
    which install_components adds to the app's schema."""
    return _openapi.error_responses(CATALOG, *errors)


__all__ = ["COMPONENT_KINDS", "ComponentConflictError", "error_responses", "install_components", "load_document"]
`

// openapiFile is openapi.py: openapiModule, its example naming the
// catalog's fallback.
func (g *generator) openapiFile() []byte {
	text := strings.NewReplacer("FALLBACK_CLASS", g.classes[g.m.Fallback], "FALLBACK_SYMBOL", g.m.Fallback.Symbol).Replace(openapiModule)
	return g.fixed(text)
}

// readme is the package's README.md.
func (g *generator) readme() []byte {
	p := printer.New(indent, 2048)
	p.P("<!-- ", gen.Header, " -->")
	p.P()
	p.P("# ", mdText(DistributionName(g.pkg)))
	p.P()
	p.P("The errors of the ", mdText(g.m.Name), " error catalog, version ", mdText(g.m.Version), ", and the runtime that sends them ",
		"byte for byte as errgen's Go runtime does. Python 3.10 or newer, standard library only; the MCP SDK and Starlette adapters and the OpenTelemetry module are extras.")
	p.P()
	cls := g.classes[g.m.Fallback]
	p.P("```python")
	p.P("from ", g.pkg, " import ", cls, ", from_error, render_problem")
	p.P()
	p.P("try:")
	p.P("    ...")
	p.P("except Exception as exc:")
	p.P("    body = render_problem(from_error(exc))  # the fallback for anything not the catalog's")
	p.P("```")
	p.P()
	p.P("| module | what |")
	p.P("|---|---|")
	p.P("| `", g.pkg, "` | each error's class (keyword arguments, typed details), `ErrorCode`, `CATALOG`, `from_error`, the renderers, `Options`, `options_from_env`, `enable_metrics`, `on_violation`, `LogFilter` |")
	p.P("| `", g.pkg, ".details` | the detail types (`TypedDict`) |")
	p.P("| `", g.pkg, ".client` | parsers and guards of every payload |")
	p.P("| `", g.pkg, ".mcp` | `handle_errors` for FastMCP and the low-level server (`pip install ", DistributionName(g.pkg), "[mcp]`) |")
	p.P("| `", g.pkg, ".starlette` | an exception handler answering `application/problem+json` (`[starlette]`) |")
	p.P("| `", g.pkg, ".openapi` | `error_responses` for a FastAPI route's `responses=` and `install_components`, which adds the components of the catalog's OpenAPI document (`errgen generate -openapi`) to the app's schema |")
	p.P("| `", g.pkg, ".otel` | `install()`: the errors the adapters send on the active span, as `exception` log records and the `errgen.errors` counter (`[otel]`) |")
	p.P("| `python -m ", g.pkg, ".conformance` | the conformance runner: `errgen conformance -vectors vectors.json -- python -m ", g.pkg, ".conformance` |")
	return p.Content()
}

// mdText escapes text for a markdown paragraph or heading.
func mdText(s string) string {
	var b strings.Builder
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		switch r {
		case '\\', '`', '*', '_', '{', '}', '[', ']', '<', '>', '(', ')', '#', '+', '-', '.', '!', '|':
			b.WriteRune('\\')
			b.WriteRune(r)
		case '\n', '\r', 0x2028, 0x2029:
			b.WriteRune(' ')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
