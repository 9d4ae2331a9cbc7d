// Package python emits the Python package of a catalog: pyproject.toml (a
// hatchling build, no dependencies, the MCP SDK and Starlette as optional
// extras), and in the package's directory what it generates from the
// catalog — facts.py (the catalog's facts, internal/facts, which the
// runtime writes every payload from), _catalog.py (the ErrorCode IntEnum,
// CATALOG and the package's CatalogError), details.py (a TypedDict per
// detail object), a module per domain with each error's constants and
// class (its constructor takes the details as keyword arguments) — beside
// the catalog-independent runtime it copies from runtime/python as the
// subpackage _rt, and the thin modules that bind it to the catalog
// (client.py, mcp.py, starlette.py, conformance.py).
//
// The emitter writes its files with a builder rather than templates: every
// text of the catalog goes through pyStr (a string literal of ASCII alone)
// or docText (a docstring's body), so that none can break the Python.
package python

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/errgen/errgen/internal/facts"
	"github.com/errgen/errgen/internal/gen"
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
	}
	for _, d := range g.domains() {
		files = append(files, gen.File{Path: pkg + "/" + domainModule(d) + ".py", Data: g.domainFile(d)})
	}
	for _, f := range pyrt.Files() {
		var b bytes.Buffer
		b.WriteString("# " + gen.Header + "\n# errgen's Python runtime: the same in every package errgen generates.\n")
		b.Write(f.Data)
		files = append(files, gen.File{Path: pkg + "/_rt/" + f.Name, Data: b.Bytes()})
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

// header writes the first lines of a generated Python file.
func (g *generator) header(b *bytes.Buffer) {
	b.WriteString("# " + gen.Header + "\n")
	if g.opts.Source != "" {
		b.WriteString("# source: " + commentText(g.opts.Source) + "\n")
	}
}

// doc writes a docstring of paragraphs at an indent.
func doc(b *bytes.Buffer, indent string, paragraphs ...string) {
	var parts []string
	for _, p := range paragraphs {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	if len(parts) == 0 {
		return
	}
	text := docText(strings.Join(parts, "\n\n"))
	lines := strings.Split(text, "\n")
	b.WriteString(indent + `"""` + lines[0])
	for _, l := range lines[1:] {
		b.WriteString("\n")
		if l != "" {
			b.WriteString(indent + strings.TrimRight(l, " "))
		}
	}
	if len(lines) > 1 {
		b.WriteString("\n" + indent)
	}
	b.WriteString(`"""` + "\n")
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
	var b bytes.Buffer
	b.WriteString("# " + gen.ManifestHeader + "\n")
	if g.opts.Source != "" {
		b.WriteString("# source: " + commentText(g.opts.Source) + "\n")
	}
	// hatchling 1.27 reads license as an SPDX expression (PEP 639)
	b.WriteString("\n[build-system]\nrequires = [\"hatchling>=1.27\"]\nbuild-backend = \"hatchling.build\"\n\n")
	b.WriteString("[project]\n")
	b.WriteString("name = " + tomlStr(DistributionName(g.pkg)) + "\n")
	p := g.m.Package
	b.WriteString("version = " + tomlStr(Version(p.Version)) + "\n")
	b.WriteString("description = " + tomlStr("The errors of the "+g.m.Name+" catalog, and the runtime that sends them: errgen's wire rules, byte for byte") + "\n")
	b.WriteString("readme = \"README.md\"\n")
	if p.License != "" {
		b.WriteString("license = " + tomlStr(p.License) + "\n")
	}
	if len(p.Authors) > 0 {
		var authors []string
		for _, a := range p.Authors {
			name, email, hasEmail := strings.Cut(a, " <")
			if hasEmail {
				authors = append(authors, "{ name = "+tomlStr(name)+", email = "+tomlStr(strings.TrimSuffix(email, ">"))+" }")
			} else {
				authors = append(authors, "{ name = "+tomlStr(a)+" }")
			}
		}
		b.WriteString("authors = [" + strings.Join(authors, ", ") + "]\n")
	}
	if len(p.Keywords) > 0 {
		var keywords []string
		for _, k := range p.Keywords {
			keywords = append(keywords, tomlStr(k))
		}
		b.WriteString("keywords = [" + strings.Join(keywords, ", ") + "]\n")
	}
	b.WriteString("requires-python = \">=3.10\"\n")
	b.WriteString("dependencies = []\n")
	b.WriteString("classifiers = [\"Programming Language :: Python :: 3\", \"Typing :: Typed\"]\n\n")
	b.WriteString("[project.optional-dependencies]\n")
	b.WriteString("mcp = [" + tomlStr(MCPRequirement) + "]\n")
	b.WriteString("starlette = [" + tomlStr(StarletteRequirement) + "]\n\n")
	if p.Homepage != "" || p.Repository != "" {
		b.WriteString("[project.urls]\n")
		if p.Homepage != "" {
			b.WriteString("Homepage = " + tomlStr(p.Homepage) + "\n")
		}
		if p.Repository != "" {
			b.WriteString("Repository = " + tomlStr(p.Repository) + "\n")
		}
		b.WriteString("\n")
	}
	b.WriteString("[tool.hatch.build.targets.wheel]\npackages = [" + tomlStr(g.pkg) + "]\n\n")
	b.WriteString("[tool.hatch.build.targets.sdist]\ninclude = [" + tomlStr(g.pkg) + ", \"README.md\"]\n")
	return b.Bytes()
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
	var b bytes.Buffer
	b.Grow(len(body)*5/4 + 1024)
	g.header(&b)
	doc(&b, "", "The facts of the "+g.m.Name+" catalog, which the runtime (_rt) writes every payload from: each error, every detail schema as a tree of nodes with its keywords resolved, and the rules of the wire every runtime shares. The JSON is errgen generate -facts' (schema/facts.schema.json).")
	b.WriteString("\nfrom __future__ import annotations\n\nimport json as _json\nimport typing as _t\n\n")
	b.WriteString("__all__ = [\"FACTS\"]\n\n_TEXT = (\n")
	for _, line := range strings.Split(string(body), "\n") {
		b.WriteString("    " + pyStr(line+"\n") + "\n")
	}
	b.WriteString(")\n\n#: The facts, as JSON reads them.\nFACTS: _t.Final[_t.Mapping[str, _t.Any]] = _json.loads(_TEXT)\n")
	return b.Bytes(), nil
}

// catalogFile is _catalog.py: ErrorCode, CATALOG and the package's base
// class of errors.
func (g *generator) catalogFile() []byte {
	var b bytes.Buffer
	g.header(&b)
	doc(&b, "", "The "+g.m.Name+" catalog bound to the runtime: its codes, CATALOG, and the base class of its errors.")
	b.WriteString("\nfrom __future__ import annotations\n\nimport enum\nimport typing as _t\n\nfrom . import _rt\nfrom .facts import FACTS\n\n")
	b.WriteString("__all__ = [\"CATALOG\", \"CatalogError\", \"ErrorCode\"]\n\n\n")
	b.WriteString("class ErrorCode(enum.IntEnum):\n")
	doc(&b, "    ", "Every error code of the "+g.m.Name+" catalog, by the error's type.")
	b.WriteString("\n")
	for _, e := range g.m.Errors {
		b.WriteString("    " + member(e) + " = " + strconv.FormatInt(e.Code, 10) + "\n")
		doc(&b, "    ", gen.Summary(e))
	}
	b.WriteString("\n\n#: The catalog's runtime: its errors (each a CatalogError below), renderers, metrics and violation hook.\n")
	b.WriteString("CATALOG: _t.Final[_rt.Catalog[CatalogError]] = _rt.Catalog(FACTS)\n\n\n")
	b.WriteString("class CatalogError(_rt.CatalogError):\n")
	doc(&b, "    ", "An error of the "+g.m.Name+" catalog: the base class of each error's own class. str() is its wire message (SYMBOL: message, sensitive values redacted), never its secrets.")
	b.WriteString("\n    _catalog = CATALOG\n")
	return b.Bytes()
}

// detailsFile is details.py: a TypedDict per closed detail object, and a
// type alias per other named shape.
func (g *generator) detailsFile() []byte {
	var b bytes.Buffer
	g.header(&b)
	doc(&b, "", "The detail types of the "+g.m.Name+" catalog: a TypedDict for each detail object of declared properties (a required property a required key), keyed by the wire's names exactly. An object that also takes other members (additionalProperties) is a Mapping.")
	b.WriteString("\nfrom __future__ import annotations\n\nimport typing as _t\n")
	var all []string
	var decls bytes.Buffer
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
			g.typedDict(&decls, name, r, []string{what, r.Description})
			declared[r] = true
		} else {
			decls.WriteString("\n\n" + name + ": _t.TypeAlias = " + pyStr(g.typeExpr(r, "")) + "\n")
			decls.WriteString(docComment(what, r.Description))
		}
		g.nested(&decls, r, declared, &all, true)
	}
	if g.fieldErrs {
		all = append(all, g.fieldErrorsName)
		decls.WriteString("\n\n" + g.fieldErrorsName + " = _t.TypedDict(" + pyStr(g.fieldErrorsName) + ", {\"fieldErrors\": \"_t.Mapping[str, _t.Sequence[str]]\", \"totalErrors\": \"int\"})\n")
		decls.WriteString("# Validation failures aggregated by field (the built-in field_errors shape).\n")
	}
	b.WriteString("\n")
	writeAll(&b, all)
	b.Write(decls.Bytes())
	return b.Bytes()
}

// docComment writes paragraphs as # comments (a type alias has no
// docstring).
func docComment(paragraphs ...string) string {
	var b strings.Builder
	for _, p := range paragraphs {
		for _, l := range strings.Split(strings.TrimSpace(p), "\n") {
			if l = strings.TrimSpace(commentText(l)); l != "" {
				b.WriteString("# " + l + "\n")
			}
		}
	}
	return b.String()
}

// nested declares the TypedDicts of the closed objects below s.
func (g *generator) nested(b *bytes.Buffer, s *model.Schema, declared map[*model.Schema]bool, all *[]string, root bool) {
	if s == nil || s.Ref != nil {
		return
	}
	if name, ok := g.objNames[s]; ok && !root && !declared[s] {
		declared[s] = true
		*all = append(*all, name)
		g.typedDict(b, name, s, []string{s.Description})
	}
	switch s.Type {
	case "array":
		g.nested(b, s.Items, declared, all, false)
	case "object":
		for _, p := range s.Properties {
			g.nested(b, p.Schema, declared, all, false)
		}
		g.nested(b, s.Additional, declared, all, false)
	}
}

// typedDict declares the TypedDict name of the closed object s, in the
// functional syntax (the wire's names may be anything), its required keys
// in one part and its optional ones in another.
func (g *generator) typedDict(b *bytes.Buffer, name string, s *model.Schema, paragraphs []string) {
	var req, opt []string
	for _, p := range s.Properties {
		item := pyStr(p.Name) + ": " + pyStr(g.typeExpr(p.Schema, ""))
		if p.Required {
			req = append(req, item)
		} else {
			opt = append(opt, item)
		}
	}
	dict := func(items []string) string {
		if len(items) == 0 {
			return "{}"
		}
		return "{\n    " + strings.Join(items, ",\n    ") + ",\n}"
	}
	b.WriteString("\n\n")
	switch {
	case len(opt) == 0:
		b.WriteString(name + " = _t.TypedDict(" + pyStr(name) + ", " + dict(req) + ")\n")
		b.WriteString(docComment(paragraphs...))
	case len(req) == 0:
		b.WriteString(name + " = _t.TypedDict(" + pyStr(name) + ", " + dict(opt) + ", total=False)\n")
		b.WriteString(docComment(paragraphs...))
	default:
		r, o := "_"+name+"Required", "_"+name+"Optional"
		b.WriteString(r + " = _t.TypedDict(" + pyStr(r) + ", " + dict(req) + ")\n")
		b.WriteString(o + " = _t.TypedDict(" + pyStr(o) + ", " + dict(opt) + ", total=False)\n\n\n")
		b.WriteString("class " + name + "(" + r + ", " + o + "):\n")
		var parts []string
		for _, p := range paragraphs {
			if strings.TrimSpace(p) != "" {
				parts = append(parts, p)
			}
		}
		if len(parts) == 0 {
			parts = []string{name + "."}
		}
		doc(b, "    ", parts...)
	}
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
var reservedParams = []string{"self", "options", "cause", "status", "retryable", "request_id", "instance", "data", "extensions",
	"log_sensitive", "dict", "object", "str", "int", "float", "bool"}

// domainFile is a domain's module: each error's constants and class.
func (g *generator) domainFile(d *model.Domain) []byte {
	var b bytes.Buffer
	g.header(&b)
	title := d.Title
	if title == "" {
		title = d.Name
	}
	doc(&b, "", fmt.Sprintf("The errors of the domain %s (%d–%d): %s.", d.Name, d.Low, d.High, strings.TrimSuffix(title, ".")), d.Description)
	b.WriteString("\nfrom __future__ import annotations\n\nimport typing as _t\n\n")
	uses := false
	for _, e := range d.Errors {
		uses = uses || e.Details != nil
	}
	if uses {
		b.WriteString("from . import details as _details\n")
	}
	b.WriteString("from ._catalog import CatalogError, ErrorCode\n\n")
	b.WriteString("if _t.TYPE_CHECKING:\n    from typing_extensions import Unpack as _Unpack\n\n    from ._rt.core import ErrorOptions as _ErrorOptions\n\n")
	var all []string
	for _, e := range d.Errors {
		all = append(all, g.classes[e], codeConst(e), symbolConst(e))
		for _, a := range e.Aliases {
			all = append(all, gen.AliasConst(a))
		}
	}
	writeAll(&b, all)
	for _, e := range d.Errors {
		g.errorDecl(&b, e)
	}
	return b.Bytes()
}

// errorDecl writes an error's constants and class.
func (g *generator) errorDecl(b *bytes.Buffer, e *model.Error) {
	b.WriteString("\n\n" + codeConst(e) + ": _t.Final = ErrorCode." + member(e) + "\n")
	b.WriteString(symbolConst(e) + ": _t.Final = " + pyStr(e.Symbol) + "\n")
	for _, a := range e.Aliases {
		b.WriteString(gen.AliasConst(a) + ": _t.Final = " + pyStr(a.Symbol) + "  # an alias of " + e.Symbol + "\n")
	}
	cls := g.classes[e]
	b.WriteString("\n\nclass " + cls + "(CatalogError):\n")
	doc(b, "    ", gen.Summary(e), e.Doc, deprecation(e))
	b.WriteString("\n    SYMBOL: _t.ClassVar[str] = " + pyStr(e.Symbol) + "\n")
	b.WriteString("    CODE: _t.ClassVar[ErrorCode] = ErrorCode." + member(e) + "\n\n")
	k := g.facts.Details(e)
	options := "**options: _Unpack[_ErrorOptions]"
	switch {
	case k == nil:
		b.WriteString("    def __init__(self, " + options + ") -> None:\n")
		b.WriteString("        self._errgen_init(None, options)\n")
	case k.Class != facts.ClassObject && k.Class != facts.ClassFieldErrors:
		// a map: its members are the details
		value := "object"
		if k.Extra != nil {
			value = g.kindExpr(k.Extra, "_details.")
		}
		b.WriteString("    def __init__(self, details: _t.Mapping[str, " + value + "] | None = None, /, " + options + ") -> None:\n")
		b.WriteString("        self._errgen_init({} if details is None else details, options)\n")
	default:
		taken := names{}
		for _, n := range reservedParams {
			taken[n] = true
		}
		var params, required, optional []string
		type field struct{ wire, param string }
		var req, opt []field
		r := k.Schema
		for _, p := range r.Properties {
			param := paramName(p.Name, taken)
			t := g.typeExpr(p.Schema, "_details.")
			if p.Required {
				required = append(required, param+": "+t)
				req = append(req, field{p.Name, param})
			} else {
				optional = append(optional, param+": "+t+" | None = None")
				opt = append(opt, field{p.Name, param})
			}
		}
		extra := ""
		if k.Extra != nil {
			extra = paramName("extra", taken)
			optional = append(optional, extra+": _t.Mapping[str, "+g.kindExpr(k.Extra, "_details.")+"] | None = None")
		}
		params = append(append(required, optional...), options)
		b.WriteString("    def __init__(\n        self,\n        *,\n")
		for _, p := range params {
			b.WriteString("        " + p + ",\n")
		}
		b.WriteString("    ) -> None:\n")
		b.WriteString("        _d: dict[str, object] = {}\n")
		if extra != "" {
			b.WriteString("        if " + extra + " is not None:\n            _d.update(" + extra + ")\n")
		}
		for _, f := range req {
			b.WriteString("        _d[" + pyStr(f.wire) + "] = " + f.param + "\n")
		}
		for _, f := range opt {
			b.WriteString("        if " + f.param + " is not None:\n            _d[" + pyStr(f.wire) + "] = " + f.param + "\n")
		}
		b.WriteString("        self._errgen_init(_d, options)\n")
	}
	if e.Details != nil {
		t := g.detailsType(e)
		b.WriteString("\n    @property\n    def details(self) -> " + t + ":\n")
		b.WriteString("        \"\"\"The details as given (unredacted: for the server only).\"\"\"\n")
		b.WriteString("        return _t.cast(" + pyStr(t) + ", self._o.raw)\n")
	}
}

// initFile is the package's __init__.py.
func (g *generator) initFile() []byte {
	var b bytes.Buffer
	g.header(&b)
	doc(&b, "", "The errors of the "+g.m.Name+" catalog, version "+g.m.Version+", and the runtime that sends them: each error's class (its constructor takes the error's details as keyword arguments, typed), ErrorCode, and the renderers of every wire format, byte for byte as errgen's Go runtime writes them.",
		"Clients parse payloads with "+g.pkg+".client; "+g.pkg+".mcp (the mcp extra) connects the official MCP Python SDK, "+g.pkg+".starlette (the starlette extra) Starlette and FastAPI; python -m "+g.pkg+".conformance is the conformance runner.")
	b.WriteString("\nfrom __future__ import annotations\n\n")
	b.WriteString("from ._catalog import CATALOG, CatalogError, ErrorCode\n")
	b.WriteString("from ._rt.core import PROBLEM_CONTENT_TYPE, ErrorOptions, LogFilter, Metrics, Options, Stats, ViolationError, options_from_env\n")
	b.WriteString("from ._rt.write import Violation\n")
	all := append([]string(nil), reservedRoot...)
	for _, d := range g.domains() {
		var list []string
		for _, e := range d.Errors {
			list = append(list, g.classes[e])
		}
		sort.Strings(list)
		all = append(all, list...)
		b.WriteString("from ." + domainModule(d) + " import " + strings.Join(list, ", ") + "\n")
	}
	b.WriteString("\n")
	bound := []struct{ name, doc string }{
		{"new", "an error by symbol (or alias), its details a mapping"},
		{"error_of", "an error raised without its details (Go's return pkg.ErrX)"},
		{"from_error", "anything raised as an error of the catalog (the fallback for any other)"},
		{"render_jsonrpc_error", "the JSON-RPC error object"},
		{"jsonrpc_parts", "the JSON-RPC error's code, message and data apart"},
		{"render_problem", "the RFC 9457 problem document"},
		{"problem_of", "the problem document with its HTTP status"},
		{"render_response", "the plain response"},
		{"render_tool_result", "the MCP tool result carrying the problem document"},
		{"tool_errors_as_jsonrpc", "whether a failing tools/call sends the error as a JSON-RPC error"},
		{"on_violation", "sets the hook that learns of detail values that break their schema"},
		{"enable_metrics", "starts counting rendered errors"},
	}
	for _, f := range bound {
		b.WriteString(f.name + " = CATALOG." + f.name + "  # " + f.doc + "\n")
		all = append(all, f.name)
	}
	all = append(all, "options_from_env")
	b.WriteString("\n")
	writeAll(&b, all)
	return b.Bytes()
}

// clientFile is client.py: the parsers and guards bound to the catalog.
func (g *generator) clientFile() []byte {
	var b bytes.Buffer
	g.header(&b)
	doc(&b, "", "Parsers and guards of the "+g.m.Name+" catalog's payloads, for clients: a payload of this catalog comes back as itself (a dict), one of an error this catalog does not have (a newer catalog's) as an UnknownError, anything else as None. They never raise on a payload.")
	b.WriteString("\nfrom __future__ import annotations\n\nfrom ._catalog import CATALOG\nfrom ._rt import client as _client\nfrom ._rt.client import UnknownError\n\n")
	var reserved []string
	for _, d := range g.m.Domains {
		if d.Reserved {
			reserved = append(reserved, pyStr(d.Name))
		}
	}
	b.WriteString("_CLIENT = _client.Client(CATALOG, reserved_domains=(" + strings.Join(reserved, ", ") + trailingComma(len(reserved)) + "))\n\n")
	funcs := []string{"is_jsonrpc_error", "is_error_context", "is_problem_details", "is_error_response", "is_unknown_error",
		"parse_jsonrpc_error", "parse_error_context", "parse_problem_details", "parse_error_response",
		"from_mcp_error", "from_tool_result", "symbol_of", "is_symbol", "is_retryable", "extensions_of"}
	for _, f := range funcs {
		b.WriteString(f + " = _CLIENT." + f + "\n")
	}
	b.WriteString("\n")
	writeAll(&b, append([]string{"UnknownError"}, funcs...))
	return b.Bytes()
}

// writeAll writes the module's __all__, sorted, a name a line.
func writeAll(b *bytes.Buffer, names []string) {
	sorted := append([]string(nil), names...)
	sort.Strings(sorted)
	b.WriteString("__all__ = [\n")
	for _, n := range sorted {
		b.WriteString("    " + pyStr(n) + ",\n")
	}
	b.WriteString("]\n")
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
	var b bytes.Buffer
	g.header(&b)
	b.WriteString(strings.ReplaceAll(text, "PACKAGE", g.pkg))
	return b.Bytes()
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

// readme is the package's README.md.
func (g *generator) readme() []byte {
	var b bytes.Buffer
	b.WriteString("<!-- " + gen.Header + " -->\n\n")
	b.WriteString("# " + mdText(DistributionName(g.pkg)) + "\n\n")
	b.WriteString("The errors of the " + mdText(g.m.Name) + " error catalog, version " + mdText(g.m.Version) + ", and the runtime that sends them ")
	b.WriteString("byte for byte as errgen's Go runtime does. Python 3.10 or newer, standard library only; the MCP SDK and Starlette adapters are extras.\n\n")
	fb := g.m.Fallback
	cls := g.classes[fb]
	b.WriteString("```python\nfrom " + g.pkg + " import " + cls + ", from_error, render_problem\n\n")
	b.WriteString("try:\n    ...\nexcept Exception as exc:\n    body = render_problem(from_error(exc))  # the fallback for anything not the catalog's\n```\n\n")
	b.WriteString("| module | what |\n|---|---|\n")
	b.WriteString("| `" + g.pkg + "` | each error's class (keyword arguments, typed details), `ErrorCode`, `CATALOG`, `from_error`, the renderers, `Options`, `options_from_env`, `enable_metrics`, `on_violation`, `LogFilter` |\n")
	b.WriteString("| `" + g.pkg + ".details` | the detail types (`TypedDict`) |\n")
	b.WriteString("| `" + g.pkg + ".client` | parsers and guards of every payload |\n")
	b.WriteString("| `" + g.pkg + ".mcp` | `handle_errors` for FastMCP and the low-level server (`pip install " + DistributionName(g.pkg) + "[mcp]`) |\n")
	b.WriteString("| `" + g.pkg + ".starlette` | an exception handler answering `application/problem+json` (`[starlette]`) |\n")
	b.WriteString("| `python -m " + g.pkg + ".conformance` | the conformance runner: `errgen conformance -vectors vectors.json -- python -m " + g.pkg + ".conformance` |\n")
	return b.Bytes()
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
