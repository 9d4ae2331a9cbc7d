// Package golang emits the Go package of a catalog with jennifer: code,
// symbol, type and domain constants, one struct per detail shape with its
// JSON encoder, sentinels, typed constructors and the catalog value the
// errgenrt runtime renders from.
//
// Every file is defined by its jennifer code. For large catalogs the parts
// repeated per error or per shape are written as gofmt prints that code,
// from stencils rendered through jennifer and gofmt (stencil.go,
// detailstext.go); the tests hold the result byte-equal to rendering
// everything through jennifer and gofmt.
package golang

import (
	"bytes"
	"fmt"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"
	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/runtimemodel"
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

// Generate returns the Go files of m: errors.go, then defs and details
// files of at most chunkSize errors or shapes each (defs.go and details.go
// when one of each suffices).
func Generate(m *model.Catalog, opts Options) ([]gen.File, error) {
	return newGenerator(m, opts).generate()
}

func newGenerator(m *model.Catalog, opts Options) *generator {
	pkg := opts.Package
	if pkg == "" {
		pkg = PackageName(m.Name)
	}
	g := &generator{m: m, pkg: pkg, opts: opts}
	g.sensitive = g.sensitiveFields()
	return g
}

func (g *generator) generate() ([]gen.File, error) {
	m := g.m

	// Large catalogs are split into files of chunkSize errors (defs_NN.go)
	// and shapes (details_NN.go), rendered and formatted in parallel.
	type job struct {
		path   string
		source func() ([]byte, error)
	}
	jobs := []job{{"errors.go", g.errorsSource}}
	errChunks := chunk(len(m.Errors), chunkSize)
	for i, c := range errChunks {
		jobs = append(jobs, job{chunkName("defs", i, len(errChunks)), func() ([]byte, error) { return g.defsSource(m.Errors[c[0]:c[1]]) }})
	}
	shapeChunks := chunk(len(m.Shapes), chunkSize)
	for i, c := range shapeChunks {
		jobs = append(jobs, job{chunkName("details", i, len(shapeChunks)), func() ([]byte, error) { return g.detailsSource(m.Shapes[c[0]:c[1]]) }})
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
			data, err := j.source()
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

	noStencils  bool         // tests: every error declaration through jennifer and gofmt
	unstenciled atomic.Int32 // tests: defs files rendered without stencils
	hardShapes  atomic.Int32 // tests: shapes of details files rendered through gofmt
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

// render returns f as jennifer renders it: gofmt'd.
func render(f *jen.File) ([]byte, error) {
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
	clean := true
	for i := 0; i < len(s) && clean; i++ {
		c := s[i]
		clean = c >= 0x20 && c < 0x7f || c == '\t'
	}
	if clean {
		return s // printable ASCII: nothing to replace
	}
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

// doc adds a top-level doc comment of paragraphs, in its canonical form.
func doc(f *jen.File, paragraphs ...string) {
	lines, _ := canonicalDoc(docLines(paragraphs...))
	for _, line := range lines {
		f.Comment(line)
	}
}

// docLines returns the // lines of a comment of paragraphs, blank ones
// left out and the others separated by a bare //.
func docLines(paragraphs ...string) []string {
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
	return lines
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

// errorsSource returns errors.go. Its shape variables (a line each) and
// the list of every error's definition in Catalog are written into the
// place of placeholders after gofmt: through gofmt they were most of the
// file's time, and gofmt lays them out as written (see shapeLines).
func (g *generator) errorsSource() ([]byte, error) {
	shapes, ok := g.shapeLines()
	if g.noStencils || !ok || len(g.m.Errors) == 0 {
		return render(g.errorsFile(false))
	}
	src, err := render(g.errorsFile(true))
	if err != nil {
		return nil, err
	}
	if !bytes.Contains(src, []byte("\nimport \""+RuntimePath+"\"\n")) {
		return render(g.errorsFile(false)) // errgenrt under another name
	}
	// Catalog text before these (domain descriptions) is in indented
	// comments, and only fixed text and a symbol follow them.
	list := []byte("{" + defsPlaceholder + "}")
	at := bytes.LastIndex(src, list)
	if at < 0 {
		return nil, fmt.Errorf("the definitions placeholder is missing from the formatted source")
	}
	var out bytes.Buffer
	out.Grow(len(src) + len(shapes) + len(g.m.Errors)*(len("Err, ")+24))
	before, after := src[:at+1], src[at+len(list)-1:]
	if len(shapes) > 0 {
		line := []byte("\nvar " + shapesPlaceholder + " = 0\n")
		sat := bytes.LastIndex(before, line)
		if sat < 0 {
			return nil, fmt.Errorf("the shapes placeholder is missing from the formatted source")
		}
		out.Write(before[:sat+1])
		out.Write(shapes)
		before = before[sat+len(line):]
	}
	out.Write(before)
	for i, e := range g.m.Errors {
		if i > 0 {
			out.WriteString(", ")
		}
		out.WriteString("Err")
		out.WriteString(e.GoName)
	}
	out.Write(after)
	return out.Bytes(), nil
}

// The placeholders of errors.go.
const (
	shapesPlaceholder = "ERRGENPHSX"
	defsPlaceholder   = "ERRGENPHLX"
)

// errorsFile is errors.go; placeholders stand for the shape variables and
// the definitions in Catalog when stencil is set (see errorsSource).
func (g *generator) errorsFile(stencil bool) *jen.File {
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

	var defs []jen.Code
	if stencil {
		if len(g.shapeDefs()) > 0 {
			f.Var().Id(shapesPlaceholder).Op("=").Lit(0)
		}
		defs = []jen.Code{jen.Id(defsPlaceholder)}
	} else {
		g.shapes(f)
		for _, e := range m.Errors {
			defs = append(defs, jen.Id("Err"+e.GoName))
		}
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

// defsSource returns the file of a run of errors: their code, symbol and
// type constants, then each error's definition (which is its sentinel) and
// constructor.
func (g *generator) defsSource(errs []*model.Error) ([]byte, error) {
	f := g.newFile()
	var blocks constBlocks
	deprecated := false
	decls := make([]errorDecl, len(errs))
	for i, e := range errs {
		dep := deprecation(e)
		if dep != "" {
			deprecated = true
			for k := range blocks {
				blocks[k] = append(blocks[k], constSpec{comment: dep})
			}
		}
		blocks[0] = append(blocks[0], constSpec{name: "Code" + e.GoName, value: int(e.Code)})
		blocks[1] = append(blocks[1], constSpec{name: "Symbol" + e.GoName, value: e.Symbol})
		blocks[2] = append(blocks[2], constSpec{name: "Type" + e.GoName, value: e.Type})
		var err error
		if decls[i], err = g.errorDecl(e); err != nil {
			return nil, err
		}
	}
	// Without deprecation comments among them, the constants are written
	// aligned as gofmt aligns them (see constBlocks.fill), and gofmt only
	// sees a placeholder constant per block.
	direct := !g.noStencils && !deprecated
	// One comment per block: a line per constant was a third of the file.
	for k, what := range []string{
		"The codes of the errors in this file: CodeX is the code of the error that NewX returns.",
		"The symbols of the errors in this file: SymbolX is the symbol of the error that NewX returns.",
		"The types (data.context type) of the errors in this file: TypeX is the type of the error that NewX returns.",
	} {
		doc(f, what)
		if direct {
			f.Const().Defs(jen.Id(constPlaceholder(k)).Id(constTypes[k]).Op("=").Lit(0))
			continue
		}
		defs := make([]jen.Code, len(blocks[k]))
		for i, c := range blocks[k] {
			if c.comment != "" {
				defs[i] = commentCode(c.comment)
			} else {
				defs[i] = jen.Id(c.name).Id(constTypes[k]).Op("=").Lit(c.value)
			}
		}
		f.Const().Defs(defs...)
	}
	src, err := g.defsDecls(f, decls)
	if err != nil || !direct {
		return src, err
	}
	return blocks.fill(src)
}

// defsDecls renders f followed by the declarations of decls, from stencils
// unless a doc comment keeps them from it.
func (g *generator) defsDecls(f *jen.File, decls []errorDecl) ([]byte, error) {
	if !g.noStencils {
		if src, ok, err := g.stenciled(f, decls); err != nil || ok {
			return src, err
		}
		g.unstenciled.Add(1)
	}
	for _, d := range decls {
		g.addDecls(f, d.parts(g))
	}
	return render(f)
}

func commentCode(paragraphs ...string) jen.Code {
	return jen.Comment(strings.Join(docLines(paragraphs...), "\n"))
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

// errorDecl is what the declarations of one error are made of.
type errorDecl struct {
	form            form
	varDoc, ctorDoc []string // the // lines of the doc comments, canonical
	stable          bool     // both doc comments are as gofmt leaves them
	errVar, ctor    string   // ErrX, NewX
	rec             string   // the definition record DecodeDef decodes
	typeName        string   // formDetails: the details type
}

// form is the kind of constructor an error has.
type form int

const (
	formPlain       form = iota // no details
	formDetails                 // details of a generated type
	formFieldErrors             // details of errgenrt.FieldErrors
	forms
)

func (g *generator) errorDecl(e *model.Error) (errorDecl, error) {
	dep := deprecation(e)
	title := fmt.Sprintf("%s (%d): %s.", e.Symbol, e.Code, strings.TrimSuffix(e.Title, "."))
	// The definition, which is also the sentinel, is one record string
	// decoded at initialization: a composite literal per error made large
	// catalogs slow to format and to compile.
	rec, err := errgenrt.AppendDef(nil, g.def(e))
	if err != nil {
		return errorDecl{}, err
	}
	d := errorDecl{
		errVar: "Err" + e.GoName,
		ctor:   "New" + e.GoName,
		rec:    string(rec),
	}
	var varOK, ctorOK bool
	d.varDoc, varOK = canonicalDoc(docLines(fmt.Sprintf("Err%s is the definition and errors.Is sentinel of %s", e.GoName, title), "Message: "+e.Message.Source, dep))
	ctorDoc := []string{fmt.Sprintf("New%s returns %s", e.GoName, title)}
	if e.Doc != "" {
		ctorDoc = append(ctorDoc, e.Doc)
	}
	d.ctorDoc, ctorOK = canonicalDoc(docLines(append(ctorDoc, dep)...))
	d.stable = varOK && ctorOK
	if typeName, has := detailsType(e); has {
		d.form, d.typeName = formDetails, typeName
		if typeName == "" {
			d.form = formFieldErrors
		}
	}
	return d, nil
}

// declParts are the pieces addDecls puts together: an error's own, or a
// stencil's placeholders.
type declParts struct {
	varDoc, ctorDoc   []string
	errVar, ctor      string
	rec, shape, dtype jen.Code // dtype nil: the constructor takes no details
}

func (d errorDecl) parts(g *generator) declParts {
	p := declParts{varDoc: d.varDoc, ctorDoc: d.ctorDoc, errVar: d.errVar, ctor: d.ctor, rec: jen.Lit(d.rec), shape: jen.Nil()}
	if d.form != formPlain {
		p.shape, p.dtype = jen.Id(shapeVar(d.typeName)), g.detailsGoType(d.typeName)
	}
	return p
}

// addDecls adds an error's definition and constructor to f.
func (g *generator) addDecls(f *jen.File, p declParts) {
	for _, line := range p.varDoc {
		f.Comment(line)
	}
	f.Var().Id(p.errVar).Op("=").Add(rt("DecodeDef")).Call(p.rec, p.shape)
	for _, line := range p.ctorDoc {
		f.Comment(line)
	}
	opts := jen.Id("opts").Op("...").Add(rt("Option"))
	if p.dtype == nil {
		f.Func().Id(p.ctor).Params(opts).Op("*").Add(rt("Error")).Block(
			jen.Return(rt("New").Call(jen.Id(p.errVar), jen.Nil(), jen.Id("opts").Op("..."))),
		)
		return
	}
	f.Func().Id(p.ctor).Params(jen.Id("d").Add(p.dtype), opts).Op("*").Add(rt("Error")).Block(
		jen.Return(rt("NewWith").Call(jen.Id(p.errVar), jen.Id("d"), jen.Id("opts"))),
	)
}

// def is the runtime definition of e without its details, as DecodeDef
// returns it from the record: templates as parts.
func (g *generator) def(e *model.Error) *errgenrt.Def {
	return runtimemodel.Def(e, func(t *tmpl.Template) errgenrt.Template { return template(e, t) })
}

// shapeVar names the errgenrt.Shape of a details type. The underscore
// keeps it apart from catalog-derived names; the builtin field errors take
// two.
func shapeVar(typeName string) string { return "shape_" + builtinName(typeName) }

func builtinName(typeName string) string {
	if typeName == "" {
		return "_FieldErrors"
	}
	return typeName
}

// shapeDef is the errgenrt.Shape of a details type: the type's name (""
// for errgenrt.FieldErrors) and its fields.
type shapeDef struct {
	typeName string
	fields   []string
}

// shapeDefs returns the shape of every details type an error uses, in name
// order.
func (g *generator) shapeDefs() []shapeDef {
	var defs []shapeDef
	seen := map[string]bool{}
	for _, e := range g.m.Errors {
		typeName, has := detailsType(e)
		if !has || seen[typeName] {
			continue
		}
		seen[typeName] = true
		d := shapeDef{typeName: typeName, fields: []string{}}
		if root := e.Details.Schema.Resolved(); root != nil {
			for _, p := range root.Properties {
				d.fields = append(d.fields, p.Name)
			}
		}
		defs = append(defs, d)
	}
	sort.Slice(defs, func(i, j int) bool { return defs[i].typeName < defs[j].typeName })
	return defs
}

// shapeDoc is the doc comment of a shape variable.
func (d shapeDef) doc() string {
	display := d.typeName
	if display == "" {
		display = "errgenrt.FieldErrors"
	}
	return fmt.Sprintf("%s describes %s details to errgenrt.DecodeDef.", shapeVar(d.typeName), display)
}

// shapes declares the errgenrt.Shape of every details type an error uses,
// in name order.
func (g *generator) shapes(f *jen.File) {
	for _, d := range g.shapeDefs() {
		var lits []jen.Code
		for _, fl := range d.fields {
			lits = append(lits, jen.Lit(fl))
		}
		doc(f, d.doc())
		f.Var().Id(shapeVar(d.typeName)).Op("=").Op("&").Add(rt("Shape")).Values(
			jen.Id("Fields").Op(":").Index().String().Values(lits...),
			jen.Id("Zero").Op(":").Add(rt("Zero")).Index(g.detailsGoType(d.typeName)),
		)
	}
}

// shapeLines returns the declarations shapes adds as gofmt prints them: a
// doc comment and a line each, a blank line between them. ok is false when
// a doc comment is not at rest under gofmt.
func (g *generator) shapeLines() (text []byte, ok bool) {
	for i, d := range g.shapeDefs() {
		lines, ok := canonicalDoc(docLines(d.doc()))
		if !ok {
			return nil, false
		}
		if i > 0 {
			text = append(text, '\n')
		}
		text = appendLines(text, lines)
		text = append(text, "var "...)
		text = append(text, shapeVar(d.typeName)...)
		text = append(text, " = &errgenrt.Shape{Fields: []string{"...)
		for i, fl := range d.fields {
			if i > 0 {
				text = append(text, ", "...)
			}
			text = strconv.AppendQuote(text, fl) // as jen.Lit renders a string
		}
		text = append(text, "}, Zero: errgenrt.Zero["...)
		if d.typeName == "" {
			text = append(text, "errgenrt.FieldErrors"...)
		} else {
			text = append(text, d.typeName...)
		}
		text = append(text, "]}\n"...)
	}
	return text, true
}

func (g *generator) detailsGoType(typeName string) *jen.Statement {
	if typeName == "" {
		return rt("FieldErrors")
	}
	return jen.Id(typeName)
}

// template returns the runtime template of a parsed template: its text when
// it is literal, else its parts, whose placeholders the details render with
// their generated Placeholder method (Arg is the 1-based index of the
// top-level field).
func template(e *model.Error, t *tmpl.Template) errgenrt.Template {
	if t.IsLiteral() {
		return errgenrt.Template{Text: t.Render(func(string) string { return "" })}
	}
	var root *model.Schema
	if e.Details != nil {
		root = e.Details.Schema.Resolved()
	}
	var parts []errgenrt.Part
	for _, p := range t.Parts {
		if p.Field == "" {
			parts = append(parts, errgenrt.Part{Lit: p.Literal})
			continue
		}
		for i, prop := range root.Properties {
			if prop.Name == p.Field {
				parts = append(parts, errgenrt.Part{Arg: i + 1})
			}
		}
	}
	return errgenrt.Template{Parts: parts}
}

// fieldVar is the package-level errgenrt.Field variable of a property.
func fieldVar(owner *model.Schema, p *model.Property) string {
	return "field_" + owner.GoName + "_" + p.GoName
}
