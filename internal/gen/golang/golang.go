// Package golang emits the Go package of a catalog with jennifer (every
// file formatted by go/format): code, symbol, type and domain constants,
// each error's definition as a composite literal of errgenrt.Def, its
// typed constructor, one struct per detail shape with its JSON encoder,
// and the catalog value the errgenrt runtime renders from.
//
// The package is split so that a change to the catalog changes few files:
// errors.go holds what the whole catalog shares, each domain has a file of
// its errors (with the types of their inline details), and details.go holds
// the named detail shapes. Adding, editing or removing an error changes its
// domain's file alone.
package golang

import (
	"bytes"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"
	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/facts"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/model"
	"golang.org/x/sync/errgroup"
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

// Generate returns the Go files of m, sorted by path: errors.go, one
// DOMAIN_errors.go per domain ([DomainFile]) and, when the catalog names
// detail shapes, details.go.
func Generate(in *gen.Input, opts Options) ([]gen.File, error) {
	m := in.Model
	pkg := opts.Package
	if pkg == "" {
		pkg = PackageName(m.Name)
	}
	g := &generator{m: m, pkg: pkg, opts: opts, roots: map[*model.Schema]bool{}}
	g.tables(in.Facts)
	for _, e := range m.Errors {
		if k := g.facts.Details(e); k != nil && k.Class != facts.ClassFieldErrors {
			g.roots[k.Schema] = true
		}
	}

	type job struct {
		path string
		file func() *jen.File
	}
	jobs := []job{{"errors.go", g.errorsFile}}
	for _, d := range m.Domains {
		jobs = append(jobs, job{DomainFile(d), func() *jen.File { return g.domainFile(d) }})
	}
	if g.m.NamedShapes() {
		jobs = append(jobs, job{"details.go", g.detailsFile})
	}
	// Formatting is most of the work: the files are rendered side by side.
	files := make([]gen.File, len(jobs))
	var eg errgroup.Group
	eg.SetLimit(runtime.GOMAXPROCS(0))
	for i, j := range jobs {
		eg.Go(func() error {
			var buf bytes.Buffer
			if err := j.file().Render(&buf); err != nil {
				return fmt.Errorf("%s: %w", j.path, err)
			}
			files[i] = gen.File{Path: j.path, Data: buf.Bytes()}
			return nil
		})
	}
	if err := eg.Wait(); err != nil {
		return nil, err
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, nil
}

// DomainFile returns the name of the file of domain d's errors:
// DOMAIN_errors.go. The fixed suffix keeps the go command from reading
// the domain's name as a build constraint (a domain "x_linux" or "x_test"
// would otherwise make a Linux-only or a test file).
func DomainFile(d *model.Domain) string { return d.Name + "_errors.go" }

type generator struct {
	m     *model.Catalog
	pkg   string
	opts  Options
	roots map[*model.Schema]bool // the structs some error takes as its details

	facts      *facts.Catalog
	errorFacts map[string]*facts.Error // by symbol
	// tableOf are the object nodes of the facts that get a table
	// (objectNAME): the named shapes and the errors' inline details, by
	// the schema of their struct.
	tableOf   map[*model.Schema]*facts.Node
	shapeName map[string]string    // a named shape's struct name, by the shape's name
	cyclic    map[*facts.Node]bool // shapes that contain themselves
}

// tables notes which facts nodes the package declares tables of.
func (g *generator) tables(f *facts.Catalog) {
	g.facts = f
	g.errorFacts = make(map[string]*facts.Error, len(f.Errors))
	for i := range f.Errors {
		g.errorFacts[f.Errors[i].Symbol] = &f.Errors[i]
	}
	g.tableOf = map[*model.Schema]*facts.Node{}
	g.shapeName = map[string]string{}
	byName := map[string]*facts.Node{}
	for _, s := range f.Shapes {
		byName[s.Name] = s.Node
		if s.Name == facts.FieldErrors {
			continue
		}
		if ms := g.m.Shape(s.Name); ms != nil {
			g.tableOf[ms.Schema] = s.Node
			g.shapeName[s.Name] = ms.Schema.GoName
		}
	}
	for i, e := range g.m.Errors {
		if s := e.Details; s != nil && s.Inline && s.Schema.Ref == nil {
			g.tableOf[s.Schema] = f.Errors[i].Details
		}
	}
	// a shape contains itself when one of the shapes its nodes name leads
	// back to it
	refs := map[string][]string{}
	for _, s := range f.Shapes {
		refs[s.Name] = shapeRefs(s.Node, nil)
	}
	g.cyclic = map[*facts.Node]bool{}
	for _, s := range f.Shapes {
		seen := map[string]bool{}
		var reaches func(name string) bool
		reaches = func(name string) bool {
			for _, r := range refs[name] {
				if r == s.Name {
					return true
				}
				if !seen[r] {
					seen[r] = true
					if reaches(r) {
						return true
					}
				}
			}
			return false
		}
		if reaches(s.Name) {
			g.cyclic[s.Node] = true
		}
	}
}

// shapeRefs returns the shapes the nodes of n's tree name, not looking
// into those shapes.
func shapeRefs(n *facts.Node, out []string) []string {
	if n == nil {
		return out
	}
	if n.Shape != "" {
		return append(out, n.Shape)
	}
	for _, p := range n.Properties {
		out = shapeRefs(p.Node, out)
	}
	out = shapeRefs(n.AdditionalProperties, out)
	return shapeRefs(n.Items, out)
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

func rt(name string) *jen.Statement { return jen.Qual(RuntimePath, name) }

// multi lays out a composite literal or call with one item per line.
var multi = jen.Options{Open: "{", Close: "}", Separator: ",", Multi: true}

// keyed is the item Key: value of a composite literal.
func keyed(key string, value jen.Code) jen.Code { return jen.Id(key).Op(":").Add(value) }

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

// doc adds a top-level doc comment of paragraphs; go/format puts it in
// its canonical form (TestGofmtStable holds the result stable under gofmt).
func doc(f *jen.File, paragraphs ...string) {
	for _, line := range docLines(paragraphs...) {
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

// commentCode is a comment of paragraphs inside a declaration.
func commentCode(paragraphs ...string) jen.Code {
	return jen.Comment(strings.Join(docLines(paragraphs...), "\n"))
}

func deprecation(e *model.Error) string {
	return gen.Deprecation(e, func(r *model.Error) string { return "New" + r.GoName })
}

// errorsFile is errors.go: the package doc, the types of the constants,
// the version guard, Catalog and From.
func (g *generator) errorsFile() *jen.File {
	m := g.m
	f := g.newFile()
	f.PackageComment(fmt.Sprintf("Package %s holds the errors of the %s error catalog, version %s.", g.pkg, commentText(m.Name), commentText(m.Version)))
	f.PackageComment("")
	f.PackageComment("Construct an error with its New function, compare with errors.Is against its")
	f.PackageComment("Err definition, and render it with the methods of errgenrt.Error. Each domain's")
	f.PackageComment("errors are in the file named after it.")

	doc(f, "Code is a catalog error code.")
	f.Type().Id("Code").Int64()
	doc(f, "Symbol is a catalog error symbol.")
	f.Type().Id("Symbol").String()
	doc(f, "Type is a catalog error type (the type of data.context).")
	f.Type().Id("Type").String()
	doc(f, "Domain is a catalog domain.")
	f.Type().Id("Domain").String()

	doc(f, "This package and the errgenrt it builds against must be of the same version: a mismatch fails to compile here. Regenerate the package with the errgen of the errgenrt in use (see errgenrt.EnforceVersion).")
	f.Const().Defs(
		jen.Id("_").Op("=").Add(rt("EnforceVersion")).Call(jen.Lit(errgenrt.GenVersion).Op("-").Add(rt("MinVersion"))),
		jen.Id("_").Op("=").Add(rt("EnforceVersion")).Call(rt("MaxVersion").Op("-").Lit(errgenrt.GenVersion)),
	)

	lists := make([]jen.Code, len(m.Domains))
	for i, d := range m.Domains {
		lists[i] = jen.Id(listVar(d))
	}
	doc(f, fmt.Sprintf("Catalog is the %s catalog: every error, lookups, conversion of any error (From) and metrics.", commentText(m.Name)))
	f.Var().Id("Catalog").Op("=").Add(rt("NewCatalog")).Call(
		jen.Op("&").Add(rt("Catalog")).Custom(multi,
			keyed("Name", jen.Lit(m.Name)),
			keyed("Version", jen.Lit(m.Version)),
			keyed("SchemaVersion", jen.Lit(m.SchemaVersion)),
			keyed("Limits", rt("Limits").Custom(multi,
				keyed("MaxDataBytes", jen.Lit(m.Limits.MaxDataBytes)),
				keyed("MaxStringBytes", jen.Lit(m.Limits.MaxStringBytes)),
				keyed("MaxSuggestions", jen.Lit(m.Limits.MaxSuggestions)),
			)),
		),
		jen.Qual("slices", "Concat").Custom(jen.Options{Open: "(", Close: ")", Separator: ",", Multi: true}, lists...),
		jen.Lit(m.Fallback.Symbol),
	)
	doc(f, "From converts any error for the wire: a catalog error in err's chain renders as itself, anything else as "+m.Fallback.Symbol+" without its text.")
	f.Func().Id("From").Params(jen.Id("err").Error()).Op("*").Add(rt("Error")).Block(
		jen.Return(jen.Id("Catalog").Dot("From").Call(jen.Id("err"))),
	)
	return f
}

// listVar names the list of a domain's definitions.
func listVar(d *model.Domain) string { return "errors" + strings.TrimPrefix(d.GoName, "Domain") }

// domainFile is the file of one domain: its constant, the list of its
// errors, then each error by code.
func (g *generator) domainFile(d *model.Domain) *jen.File {
	f := g.newFile()
	doc(f, fmt.Sprintf("%s is the %s domain: codes %d to %d.", d.GoName, d.Name, d.Low, d.High), d.Description)
	f.Const().Id(d.GoName).Id("Domain").Op("=").Lit(d.Name)

	defs := make([]jen.Code, len(d.Errors))
	for i, e := range d.Errors {
		defs[i] = jen.Id("Err" + e.GoName)
	}
	doc(f, fmt.Sprintf("%s are the definitions of the %s domain's errors, by code.", listVar(d), d.Name))
	f.Var().Id(listVar(d)).Op("=").Index().Op("*").Add(rt("Def")).Custom(multi, defs...)

	for _, e := range d.Errors {
		g.errorDecls(f, e)
	}
	return f
}

// errorDecls adds what one error declares: its code, symbol and type
// constants, its definition (also its sentinel), its constructor, and the
// types of its inline details.
func (g *generator) errorDecls(f *jen.File, e *model.Error) {
	dep := deprecation(e)
	title := fmt.Sprintf("%s (%d): %s.", e.Symbol, e.Code, strings.TrimSuffix(e.Title, "."))

	var consts []jen.Code
	for _, c := range []struct {
		name, typ string
		value     any
	}{{"Code", "Code", int(e.Code)}, {"Symbol", "Symbol", e.Symbol}, {"Type", "Type", e.Type}} {
		if dep != "" {
			consts = append(consts, commentCode(dep))
		}
		consts = append(consts, jen.Id(c.name+e.GoName).Id(c.typ).Op("=").Lit(c.value))
	}
	// No doc comment: the names say what the constants are, and gofmt
	// reformatting one comment per error was a fifth of the file's time.
	f.Const().Defs(consts...)

	errVar := "Err" + e.GoName
	doc(f, fmt.Sprintf("%s is the definition and errors.Is sentinel of %s", errVar, title), dep)
	f.Var().Id(errVar).Op("=").Add(g.defLiteral(e))
	g.aliasDecls(f, e)

	ctorDoc := []string{fmt.Sprintf("New%s returns %s", e.GoName, title)}
	if e.Doc != "" {
		ctorDoc = append(ctorDoc, e.Doc)
	}
	doc(f, append(ctorDoc, dep)...)
	opts := jen.Id("opts").Op("...").Add(rt("Option"))
	k := g.facts.Details(e)
	if k == nil {
		f.Func().Id("New" + e.GoName).Params(opts).Op("*").Add(rt("Error")).Block(
			jen.Return(rt("New").Call(jen.Id(errVar), jen.Nil(), jen.Id("opts").Op("..."))),
		)
	} else {
		// The type arguments are spelled out: inferring them at each of
		// thousands of constructors took the compiler a tenth longer.
		f.Func().Id("New"+e.GoName).Params(jen.Id("d").Add(structCode(k)), opts).Op("*").Add(rt("Error")).Block(
			jen.Return(rt("NewWith").Types(structCode(k), jen.Op("*").Add(structCode(k))).Call(jen.Id(errVar), jen.Id("d"), jen.Id("opts"))),
		)
	}

	if s := e.Details; s != nil && s.Inline && s.Schema.Ref == nil {
		g.genTypes(f, s.Schema, shapeWhat(s))
	}
}

// aliasDecls declares, for each alias of e, its symbol constant and its
// definition: the error's own, so that errors.Is and a lookup by either
// symbol find the same error.
func (g *generator) aliasDecls(f *jen.File, e *model.Error) {
	if len(e.Aliases) == 0 {
		return
	}
	dep := deprecation(e)
	var consts, vars []jen.Code
	for _, a := range e.Aliases {
		sym := fmt.Sprintf("Symbol%s is %s, an alias of %s: the same error, which the wire names %s.", a.GoName, a.Symbol, e.Symbol, e.Symbol)
		consts = append(consts, commentCode(sym, dep), jen.Id("Symbol"+a.GoName).Id("Symbol").Op("=").Lit(a.Symbol))
		def := fmt.Sprintf("Err%s is Err%s under its alias %s.", a.GoName, e.GoName, a.Symbol)
		vars = append(vars, commentCode(def, dep), jen.Id("Err"+a.GoName).Op("=").Id("Err"+e.GoName))
	}
	f.Const().Defs(consts...)
	f.Var().Defs(vars...)
}

// defLiteral is the composite literal of e's definition: the fields of
// errgenrt.Def in their order, zero values left out. The table of its
// details and the constructor of empty ones are declared once per details
// type, next to it.
func (g *generator) defLiteral(e *model.Error) jen.Code {
	d := Def(e)
	statuses := make([]jen.Code, len(d.Statuses))
	for i, s := range d.Statuses {
		statuses[i] = jen.Lit(s)
	}
	items := []jen.Code{
		keyed("Code", jen.Lit(int(d.Code))),
		keyed("WireCode", jen.Lit(int(d.WireCode))),
		keyed("Symbol", jen.Lit(d.Symbol)),
	}
	if len(d.Aliases) > 0 {
		list := make([]jen.Code, len(d.Aliases))
		for i, a := range d.Aliases {
			list[i] = jen.Lit(a)
		}
		items = append(items, keyed("Aliases", jen.Index().String().Values(list...)))
	}
	items = append(items,
		keyed("Type", jen.Lit(d.Type)),
		keyed("Domain", jen.Lit(d.Domain)),
		keyed("Title", jen.Lit(d.Title)),
		keyed("ProblemType", jen.Lit(d.ProblemType)),
		keyed("Statuses", jen.Index().Int().Values(statuses...)),
	)
	if d.Retryable {
		items = append(items, keyed("Retryable", jen.True()))
	}
	if d.Retry != "" {
		items = append(items, keyed("Retry", rt("RetryAfterChange")))
	}
	if d.RetryAfterMs > 0 {
		items = append(items, keyed("RetryAfterMs", jen.Lit(int(d.RetryAfterMs))))
	}
	if d.Throttling {
		items = append(items, keyed("Throttling", jen.True()))
	}
	if d.Deprecated {
		items = append(items, keyed("Deprecated", jen.True()))
	}
	if d.ToolErrorsAsRPC {
		items = append(items, keyed("ToolErrorsAsRPC", jen.True()))
	}
	if d.NeedsDetails {
		items = append(items, keyed("NeedsDetails", jen.True()))
	}
	if k := g.facts.Details(e); k != nil {
		node := rt("FieldErrorsNode")
		if k.Class != facts.ClassFieldErrors {
			node = jen.Op("&").Add(rt("Node")).Values(keyed("Kind", rt("KindObject")), keyed("Object", jen.Id(objectVar(k.Schema.GoName))))
		}
		items = append(items, keyed("Details", node))
		if sens := g.factsOf(e).Sensitive; len(sens) > 0 {
			list := make([]jen.Code, len(sens))
			for i, s := range sens {
				list[i] = jen.Lit(s)
			}
			items = append(items, keyed("Sensitive", jen.Index().String().Values(list...)))
		}
	}
	items = append(items, keyed("Message", jen.Lit(string(d.Message))))
	if d.UserMessage != "" {
		items = append(items, keyed("UserMessage", jen.Lit(string(d.UserMessage))))
	}
	if len(d.Suggestions) > 0 {
		list := make([]jen.Code, len(d.Suggestions))
		for i, s := range d.Suggestions {
			list[i] = jen.Lit(string(s))
		}
		items = append(items, keyed("Suggestions", jen.Index().Add(rt("Template")).Custom(multi, list...)))
	}
	if k := g.facts.Details(e); k != nil {
		newDetails := rt("NewFieldErrors")
		if k.Class != facts.ClassFieldErrors {
			newDetails = jen.Id(newName(k.Schema.GoName))
		}
		items = append(items, keyed("NewDetails", newDetails))
	}
	return jen.Op("&").Add(rt("Def")).Custom(multi, items...)
}

// factsOf returns the facts of e.
func (g *generator) factsOf(e *model.Error) *facts.Error { return g.errorFacts[e.Symbol] }

// detailsFile is details.go: the types of the named detail shapes, by name.
func (g *generator) detailsFile() *jen.File {
	f := g.newFile()
	for _, s := range g.m.Shapes {
		if s.DeclaresTypes() {
			g.genTypes(f, s.Schema, shapeWhat(s))
		}
	}
	return f
}
