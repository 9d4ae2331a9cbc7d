// Package golang emits the Go package of a catalog with jennifer: code,
// symbol, type and domain constants, one struct per detail shape with its
// JSON encoder, sentinels, typed constructors and the catalog value the
// errgenrt runtime renders from.
package golang

import (
	"bytes"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/tmpl"
)

// RuntimePath is the import path of the runtime the generated code uses.
const RuntimePath = "github.com/errgen/errgen/errgenrt"

// Options configure the Go emitter.
type Options struct {
	Package string // package name; empty: derived from the catalog name
	Source  string // catalog path relative to the output directory, for the header
}

// PackageName derives a Go package name from a catalog name: its letters and
// digits, lower-cased, followed by "errors" ("mouse-mcp" → "mousemcperrors").
func PackageName(catalogName string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(catalogName) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	name := b.String()
	if name == "" || name[0] >= '0' && name[0] <= '9' {
		name = "x" + name
	}
	return name + "errors"
}

// Generate returns the Go files of m: errors.go and details.go.
func Generate(m *model.Catalog, opts Options) ([]gen.File, error) {
	pkg := opts.Package
	if pkg == "" {
		pkg = PackageName(m.Name)
	}
	g := &generator{m: m, pkg: pkg, opts: opts}
	g.sensitive = g.sensitiveFields()

	// Large catalogs are split into files of chunkSize errors (defs_NN.go)
	// and shapes (details_NN.go), rendered and formatted in parallel.
	type job struct {
		path string
		file func() *jen.File
	}
	jobs := []job{{"errors.go", g.errorsFile}}
	errChunks := chunk(len(m.Errors), chunkSize)
	for i, c := range errChunks {
		jobs = append(jobs, job{chunkName("defs", i, len(errChunks)), func() *jen.File { return g.defsFile(m.Errors[c[0]:c[1]]) }})
	}
	shapeChunks := chunk(len(m.Shapes), chunkSize)
	for i, c := range shapeChunks {
		jobs = append(jobs, job{chunkName("details", i, len(shapeChunks)), func() *jen.File { return g.detailsFile(m.Shapes[c[0]:c[1]]) }})
	}
	files := make([]gen.File, len(jobs))
	errs := make([]error, len(jobs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, j := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			data, err := g.render(j.file())
			files[i], errs[i] = gen.File{Path: j.path, Data: data}, err
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("%s: %w", jobs[i].path, err)
		}
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, nil
}

// chunkSize is the number of errors (or shapes) per generated file.
const chunkSize = 400

// chunk splits n items into [lo, hi) ranges of at most size; at least one.
func chunk(n, size int) [][2]int {
	var out [][2]int
	for lo := 0; lo < n || lo == 0; lo += size {
		out = append(out, [2]int{lo, min(lo+size, n)})
		if n == 0 {
			break
		}
	}
	return out
}

func chunkName(base string, i, n int) string {
	if n == 1 {
		return base + ".go"
	}
	return fmt.Sprintf("%s_%03d.go", base, i+1)
}

type generator struct {
	m         *model.Catalog
	pkg       string
	opts      Options
	sensitive map[*model.Property]bool
}

func (g *generator) newFile() *jen.File {
	f := jen.NewFile(g.pkg)
	f.HeaderComment("// " + gen.Header)
	if g.opts.Source != "" {
		f.HeaderComment("// source: " + commentText(g.opts.Source))
	}
	f.ImportName(RuntimePath, "errgenrt")
	return f
}

func (g *generator) render(f *jen.File) ([]byte, error) {
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func rt(name string) *jen.Statement { return jen.Qual(RuntimePath, name) }

// commentText makes catalog text safe inside a // comment line: control
// characters, byte order marks and invalid UTF-8 become spaces.
func commentText(s string) string {
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"):
			b.WriteRune(' ')
		case r < 0x20 && r != '\t', r == 0x7f, r == 0xfeff:
			b.WriteRune(' ')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// doc adds a doc comment: each line of text as its own // line.
func doc(f interface{ Comment(string) *jen.Statement }, paragraphs ...string) {
	first := true
	for _, p := range paragraphs {
		if strings.TrimSpace(p) == "" {
			continue
		}
		if !first {
			f.Comment("//")
		}
		first = false
		for _, line := range strings.Split(strings.TrimRight(p, "\n"), "\n") {
			line = strings.TrimRight(commentText(line), " \t")
			if line == "" {
				f.Comment("//")
			} else {
				f.Comment("// " + line)
			}
		}
	}
}

func deprecation(e *model.Error) string {
	if e.Deprecated == nil {
		return ""
	}
	s := "Deprecated: " + e.Symbol + " is deprecated"
	if e.Deprecated.Since != "" {
		s += " since " + e.Deprecated.Since
	}
	if r := e.Deprecated.ReplacedBy; r != nil {
		s += "; use " + r.Symbol + " (New" + r.GoName + ") instead"
	}
	s += "."
	if e.Deprecated.Note != "" {
		s += " " + e.Deprecated.Note
	}
	return s
}

func (g *generator) errorsFile() *jen.File {
	m := g.m
	f := g.newFile()
	f.PackageComment(fmt.Sprintf("Package %s holds the errors of the %s error catalog, version %s.", g.pkg, commentText(m.Name), commentText(m.Version)))
	f.PackageComment("")
	f.PackageComment("Construct an error with its New function, compare with errors.Is against its")
	f.PackageComment("Err definition, and render it with the methods of errgenrt.Error.")

	doc(f, "Code is a catalog error code.")
	f.Type().Id("Code").Int64()
	doc(f, "Symbol is a catalog error symbol.")
	f.Type().Id("Symbol").String()
	doc(f, "Type is a catalog error type (the type of data.context).")
	f.Type().Id("Type").String()
	doc(f, "Domain is a catalog domain.")
	f.Type().Id("Domain").String()

	var domains []jen.Code
	for _, d := range m.Domains {
		text := fmt.Sprintf("%s is the %s domain: codes %d to %d.", d.GoName, d.Name, d.Low, d.High)
		domains = append(domains, commentCode(text, d.Description), jen.Id(d.GoName).Id("Domain").Op("=").Lit(d.Name))
	}
	f.Const().Defs(domains...)

	var codes, symbols, types []jen.Code
	for _, e := range m.Errors {
		dep := deprecation(e)
		codes = append(codes, commentCode(fmt.Sprintf("Code%s is the code of %s.", e.GoName, e.Symbol), dep), jen.Id("Code"+e.GoName).Id("Code").Op("=").Lit(int(e.Code)))
		symbols = append(symbols, commentCode(fmt.Sprintf("Symbol%s is the symbol %s.", e.GoName, e.Symbol), dep), jen.Id("Symbol"+e.GoName).Id("Symbol").Op("=").Lit(e.Symbol))
		types = append(types, commentCode(fmt.Sprintf("Type%s is the type of %s.", e.GoName, e.Symbol), dep), jen.Id("Type"+e.GoName).Id("Type").Op("=").Lit(e.Type))
	}
	f.Const().Defs(codes...)
	f.Const().Defs(symbols...)
	f.Const().Defs(types...)

	var defs []jen.Code
	for _, e := range m.Errors {
		defs = append(defs, jen.Id("Err"+e.GoName))
	}
	doc(f, fmt.Sprintf("Catalog is the %s catalog: every error, lookups, conversion of any error (From) and metrics.", commentText(m.Name)))
	f.Var().Id("Catalog").Op("=").Add(rt("NewCatalog")).Call(
		jen.Op("&").Add(rt("Catalog")).Values(jen.Dict{
			jen.Id("Name"):          jen.Lit(m.Name),
			jen.Id("Version"):       jen.Lit(m.Version),
			jen.Id("SchemaVersion"): jen.Lit(m.SchemaVersion),
			jen.Id("Limits"): rt("Limits").Values(jen.Dict{
				jen.Id("MaxDataBytes"):   jen.Lit(m.Limits.MaxDataBytes),
				jen.Id("MaxStringBytes"): jen.Lit(m.Limits.MaxStringBytes),
				jen.Id("MaxSuggestions"): jen.Lit(m.Limits.MaxSuggestions),
			}),
		}),
		jen.Index().Op("*").Add(rt("Def")).Values(defs...),
		jen.Lit(m.Fallback.Symbol),
	)
	doc(f, "From converts any error for the wire: a catalog error in err's chain renders as itself, anything else as "+m.Fallback.Symbol+" without its text.")
	f.Func().Id("From").Params(jen.Id("err").Error()).Op("*").Add(rt("Error")).Block(
		jen.Return(jen.Id("Catalog").Dot("From").Call(jen.Id("err"))),
	)

	return f
}

// defsFile holds the definitions, sentinels, constructors and template
// functions of a run of errors.
func (g *generator) defsFile(errs []*model.Error) *jen.File {
	f := g.newFile()
	for _, e := range errs {
		g.genError(f, e)
	}
	return f
}

func commentCode(paragraphs ...string) jen.Code {
	var lines []string
	first := true
	for _, p := range paragraphs {
		if strings.TrimSpace(p) == "" {
			continue
		}
		if !first {
			lines = append(lines, "//")
		}
		first = false
		for _, line := range strings.Split(strings.TrimRight(p, "\n"), "\n") {
			line = strings.TrimRight(commentText(line), " \t")
			if line == "" {
				lines = append(lines, "//")
			} else {
				lines = append(lines, "// "+line)
			}
		}
	}
	return jen.Comment(strings.Join(lines, "\n"))
}

// detailsType returns the Go type name of e's details, following an inline
// shape that is nothing but a $ref.
func detailsType(e *model.Error) (string, bool) {
	if e.Details == nil {
		return "", false
	}
	s := e.Details
	for s.Schema.Ref != nil {
		s = s.Schema.Ref
	}
	if s.Builtin {
		return "", true
	}
	return s.GoName, true
}

func (g *generator) genError(f *jen.File, e *model.Error) {
	dep := deprecation(e)
	title := fmt.Sprintf("%s (%d): %s.", e.Symbol, e.Code, strings.TrimSuffix(e.Title, "."))
	// definition
	dict := jen.Dict{
		jen.Id("Code"):        jen.Lit(int(e.Code)),
		jen.Id("WireCode"):    jen.Lit(int(e.WireCode)),
		jen.Id("Symbol"):      jen.Lit(e.Symbol),
		jen.Id("Type"):        jen.Lit(e.Type),
		jen.Id("Domain"):      jen.Lit(e.Domain.Name),
		jen.Id("Title"):       jen.Lit(e.Title),
		jen.Id("ProblemType"): jen.Lit(e.ProblemType),
		jen.Id("Statuses"):    jen.Index().Int().ValuesFunc(func(gr *jen.Group) { statuses(gr, e.Statuses) }),
		jen.Id("Message"):     g.template(e, e.Message),
	}
	if e.Retryable {
		dict[jen.Id("Retryable")] = jen.True()
	}
	if e.Deprecated != nil {
		dict[jen.Id("Deprecated")] = jen.True()
	}
	if e.UserMessage != nil {
		dict[jen.Id("UserMessage")] = jen.Op("&").Add(g.template(e, e.UserMessage))
	}
	if len(e.Suggestions) > 0 {
		var items []jen.Code
		for _, s := range e.Suggestions {
			items = append(items, jen.Values(g.templateFields(e, s)))
		}
		dict[jen.Id("Suggestions")] = jen.Index().Add(rt("Template")).Values(items...)
	}
	typeName, has := detailsType(e)
	if has {
		dict[jen.Id("HasDetails")] = jen.True()
		dict[jen.Id("ZeroDetails")] = jen.Func().Params().Add(rt("Details")).Block(jen.Return(jen.New(g.detailsGoType(typeName))))
		var fields []jen.Code
		if root := e.Details.Schema.Resolved(); root != nil {
			for _, p := range root.Properties {
				fields = append(fields, jen.Lit(p.Name))
			}
		}
		dict[jen.Id("DetailFields")] = jen.Index().String().Values(fields...)
	}
	// the definition, which is also the sentinel (statically initialized)
	doc(f, fmt.Sprintf("Err%s is %s Its definition is also the sentinel: errors.Is(err, Err%s) reports whether err is one.", e.GoName, title, e.GoName), dep)
	f.Var().Id("Err" + e.GoName).Op("=").Op("&").Add(rt("Def")).Values(dict)

	// constructor
	ctorDoc := []string{fmt.Sprintf("New%s returns %s", e.GoName, title)}
	if e.Doc != "" {
		ctorDoc = append(ctorDoc, e.Doc)
	}
	ctorDoc = append(ctorDoc, dep)
	opts := jen.Id("opts").Op("...").Add(rt("Option"))
	if !has {
		doc(f, ctorDoc...)
		f.Func().Id("New" + e.GoName).Params(opts).Op("*").Add(rt("Error")).Block(
			jen.Return(rt("New").Call(jen.Id("Err"+e.GoName), jen.Nil(), jen.Id("opts").Op("..."))),
		)
		return
	}
	// the error and its details in one allocation
	wrap := "wrap" + e.GoName
	f.Type().Id(wrap).Struct(jen.Id("e").Add(rt("Error")), jen.Id("d").Add(g.detailsGoType(typeName)))
	doc(f, ctorDoc...)
	f.Func().Id("New"+e.GoName).Params(jen.Id("d").Add(g.detailsGoType(typeName)), opts).Op("*").Add(rt("Error")).Block(
		jen.Id("w").Op(":=").Op("&").Id(wrap).Values(jen.Dict{jen.Id("d"): jen.Id("d")}),
		jen.Return(jen.Id("w").Dot("e").Dot("Init").Call(jen.Id("Err"+e.GoName), jen.Op("&").Id("w").Dot("d"), jen.Id("opts"))),
	)
}

func statuses(gr *jen.Group, list []int) {
	for _, s := range list {
		gr.Lit(s)
	}
}

func (g *generator) detailsGoType(typeName string) *jen.Statement {
	if typeName == "" {
		return rt("FieldErrors")
	}
	return jen.Id(typeName)
}

// template returns the errgenrt.Template of a parsed template: its text when
// it is literal, else its parts, whose placeholders the details render with
// their generated Placeholder method. Templates are data: no function per
// template keeps large catalogs quick to generate and to compile.
func (g *generator) template(e *model.Error, t *tmpl.Template) *jen.Statement {
	return rt("Template").Values(g.templateFields(e, t))
}

func (g *generator) templateFields(e *model.Error, t *tmpl.Template) jen.Dict {
	if t.IsLiteral() {
		return jen.Dict{jen.Id("Text"): jen.Lit(t.Render(func(string) string { return "" }))}
	}
	var root *model.Schema
	if e.Details != nil {
		root = e.Details.Schema.Resolved()
	}
	var parts []jen.Code
	for _, p := range t.Parts {
		if p.Field == "" {
			parts = append(parts, jen.Values(jen.Dict{jen.Id("Lit"): jen.Lit(p.Literal)}))
			continue
		}
		for i, prop := range root.Properties {
			if prop.Name == p.Field {
				parts = append(parts, jen.Values(jen.Dict{jen.Id("Arg"): jen.Lit(i + 1)}))
			}
		}
	}
	return jen.Dict{jen.Id("Parts"): jen.Index().Add(rt("Part")).Values(parts...)}
}

// placeholder writes the statement that renders property p of a struct
// (the receiver d) into the template text t.
func (g *generator) placeholder(root *model.Schema, p *model.Property) jen.Code {
	field := jen.Op("&").Id(fieldVar(root, p))
	v := jen.Id("d").Dot(p.GoName)
	ti := g.typeOf(p.Schema, root.GoName+p.GoName)
	optional := !p.Required && ti.pointable()
	switch ti.kind {
	case kString, kEnum:
		if optional {
			if ti.kind == kEnum {
				return jen.If(v.Clone().Op("!=").Nil()).Block(jen.Id("t").Dot("Str").Call(field, jen.String().Call(jen.Op("*").Add(v))))
			}
			return jen.Id("t").Dot("OptStr").Call(field, v)
		}
		if ti.kind == kEnum {
			return jen.Id("t").Dot("Str").Call(field, jen.String().Call(v))
		}
		return jen.Id("t").Dot("Str").Call(field, v)
	case kInt, kFloat, kBool:
		method := map[kind]string{kInt: "Int", kFloat: "Float", kBool: "Bool"}[ti.kind]
		if optional {
			method = "Opt" + method
		}
		return jen.Id("t").Dot(method).Call(field, v)
	case kSlice:
		if ti.elem.kind == kString {
			return jen.Id("t").Dot("Strings").Call(field, v)
		}
	case kStruct:
		if !ti.ptr && !optional {
			return jen.Id("t").Dot("JSON").Call(field, jen.Op("&").Add(v))
		}
		return jen.If(v.Clone().Op("!=").Nil()).Block(jen.Id("t").Dot("JSON").Call(field, v))
	}
	return jen.Id("t").Dot("JSON").Call(field, v)
}

// fieldVar is the package-level errgenrt.Field variable of a property.
func fieldVar(owner *model.Schema, p *model.Property) string {
	return "field_" + owner.GoName + "_" + p.GoName
}
