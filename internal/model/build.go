package model

import (
	"encoding/json"
	"fmt"
	"go/token"
	"net/url"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/diag"
	"github.com/errgen/errgen/internal/naming"
	"github.com/errgen/errgen/internal/tmpl"
	"golang.org/x/sync/errgroup"
)

// Naming rules of the catalog language.
var (
	SymbolRE    = regexp.MustCompile(`^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$`)
	TypeRE      = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)
	DomainRE    = regexp.MustCompile(`^[a-z][a-z0-9]*([_-][a-z0-9]+)*$`)
	ShapeRE     = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9]*([_-][A-Za-z0-9]+)*$`)
	PrefixRE    = regexp.MustCompile(`^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$`)
	NameRE      = regexp.MustCompile(`^[a-z][a-z0-9]*([._-][a-z0-9]+)*$`)
	SemverRE    = regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-(0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(\.(0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*)?(\+[0-9a-zA-Z-]+(\.[0-9a-zA-Z-]+)*)?$`)
	GoPackageRE = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)
	NPMNameRE   = regexp.MustCompile(`^(@[a-z0-9-~][a-z0-9-._~]*/)?[a-z0-9-~][a-z0-9-._~]*$`)
	CrateNameRE = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]*$`)
	schemeRE    = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*$`)
)

// problemMembers are the members errgenrt writes in a problem document,
// which a top-level detail property may not be named.
var problemMembers = errgenrt.ProblemMembers()

// FieldErrorsShape is the name of the built-in validation-aggregation shape.
const FieldErrorsShape = "field_errors"

type builder struct {
	raw    *catalog.Catalog
	m      *Catalog
	diags  diag.List
	sp     *schemaParser
	named  map[string]*Shape
	errPos map[*Error]*catalog.Error
}

// Build checks a loaded catalog against every rule of the catalog language
// and returns the model. The model is complete only when the diagnostics hold
// no error.
func Build(raw *catalog.Catalog) (*Catalog, diag.List) {
	b := &builder{
		raw: raw,
		m: &Catalog{
			Path: raw.Path, Files: raw.Files,
			bySymbol: map[string]*Error{}, byCode: map[int64]*Error{}, byType: map[string]*Error{},
		},
		named:  map[string]*Shape{},
		errPos: map[*Error]*catalog.Error{},
	}
	b.sp = &schemaParser{diags: &b.diags, broken: map[*Shape]bool{}}
	b.settings()
	b.formats()
	b.domains()
	b.shapes()
	for _, re := range raw.Errors {
		b.error(re)
	}
	b.aliases()
	b.resolveRefs()
	b.requiredCycles()
	b.sp.checkExtensions()
	b.details(b.identifiers)
	b.retired()
	b.references()
	b.fallbackDetails()
	b.mcp()
	b.problemToolResults()
	sort.Slice(b.m.Errors, func(i, j int) bool { return b.m.Errors[i].Code < b.m.Errors[j].Code })
	for _, d := range b.m.Domains {
		sort.Slice(d.Errors, func(i, j int) bool { return d.Errors[i].Code < d.Errors[j].Code })
	}
	raw.NoteIncludes(b.diags)
	b.diags.Sort()
	return b.m, b.diags
}

func (b *builder) settings() {
	r, m := b.raw, b.m
	if r.Errgen.Set && r.Errgen.Value != 1 {
		b.diags.Errorf(r.Errgen.Pos, "unsupported catalog language version %d; want 1", r.Errgen.Value)
	}
	m.Name = r.Name.Value
	if r.Name.Set && !NameRE.MatchString(r.Name.Value) {
		b.diags.Errorf(r.Name.Pos, "name %q must be lower case letters and digits separated by '-', '_' or '.'", r.Name.Value)
	}
	m.Version = r.Version.Value
	b.semver(r.Version, "version")
	m.SchemaVersion = 1
	if r.SchemaVersion.Set {
		if r.SchemaVersion.Value < 1 || r.SchemaVersion.Value > 1<<31-1 {
			b.diags.Errorf(r.SchemaVersion.Pos, "schema_version must be a positive integer, got %d", r.SchemaVersion.Value)
		}
		m.SchemaVersion = int(r.SchemaVersion.Value)
	}
	if r.ProblemBase.Set {
		if msg := absoluteURI(r.ProblemBase.Value); msg != "" {
			b.diags.Errorf(r.ProblemBase.Pos, "problem_base %q is not an absolute URI: %s", r.ProblemBase.Value, msg)
		}
		m.ProblemBase = r.ProblemBase.Value
	}
	m.Limits = Limits{
		MaxDataBytes:   b.limit(r.Limits.MaxDataBytes, "max_data_bytes", DefaultMaxDataBytes, errgenrt.MinMaxDataBytes),
		MaxStringBytes: b.limit(r.Limits.MaxStringBytes, "max_string_bytes", DefaultMaxStringBytes, errgenrt.MinMaxStringBytes),
		MaxSuggestions: b.limit(r.Limits.MaxSuggestions, "max_suggestions", DefaultMaxSuggestions, 0),
	}
	m.Outputs = Outputs{}
	for i := range r.Outputs.Entries {
		if e := &r.Outputs.Entries[i]; e.Value.Set {
			m.Outputs[e.Key()] = e.Value.Value
		}
	}
	b.pkg()
}

// hasDomainPrefix reports whether symbol starts as a domain's prefix asks:
// E_<prefix>_ or <prefix>_ (any symbol when the domain has no prefix).
func hasDomainPrefix(symbol, prefix string) bool {
	return prefix == "" || strings.HasPrefix(symbol, "E_"+prefix+"_") || strings.HasPrefix(symbol, prefix+"_")
}

// ValidGoPackage reports whether name is a Go package name errgen writes:
// a lower-case Go identifier that is not a keyword.
func ValidGoPackage(name string) bool {
	return GoPackageRE.MatchString(name) && !token.IsKeyword(name)
}

// ValidCrateName reports whether cargo takes name for a package: ASCII
// letters, digits, - and _, starting with a letter, at most 64 characters
// (as crates.io takes them), and, as a Rust identifier (- as _), neither a
// keyword nor the name of a crate of Rust's own (std, core, alloc,
// proc_macro, test).
func ValidCrateName(name string) bool {
	if !CrateNameRE.MatchString(name) || len(name) > 64 {
		return false
	}
	ident := strings.ReplaceAll(name, "-", "_")
	switch ident {
	case "std", "core", "alloc", "proc_macro", "test":
		return false
	}
	return naming.RustIdent(ident) == ident
}

// PythonPackageRule says what ValidPythonPackage takes, for messages.
const PythonPackageRule = "want an ASCII identifier of at most 100 characters, not a Python keyword, not starting with _"

// pyIdentRE is an ASCII Python identifier.
var pyIdentRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// pyKeywords are Python's keywords (not the soft ones, which are names).
var pyKeywords = map[string]bool{
	"False": true, "None": true, "True": true, "and": true, "as": true, "assert": true, "async": true,
	"await": true, "break": true, "class": true, "continue": true, "def": true, "del": true, "elif": true,
	"else": true, "except": true, "finally": true, "for": true, "from": true, "global": true, "if": true,
	"import": true, "in": true, "is": true, "lambda": true, "nonlocal": true, "not": true, "or": true,
	"pass": true, "raise": true, "return": true, "try": true, "while": true, "with": true, "yield": true,
}

// ValidPythonPackage reports whether name can be the import name of a
// generated Python package: an ASCII identifier of at most 100
// characters, not a keyword, not starting with an underscore.
func ValidPythonPackage(name string) bool {
	return pyIdentRE.MatchString(name) && !pyKeywords[name] && !strings.HasPrefix(name, "_") && len(name) <= 100
}

func (b *builder) limit(v catalog.Int, name string, def, minimum int) int {
	if !v.Set {
		return def
	}
	if v.Value < int64(minimum) || v.Value > 1<<30 {
		b.diags.Errorf(v.Pos, "limits.%s must be between %d and %d, got %d", name, minimum, 1<<30, v.Value)
		return def
	}
	return int(v.Value)
}

func (b *builder) semver(s catalog.Str, what string) {
	if s.Set && !SemverRE.MatchString(s.Value) {
		b.diags.Errorf(s.Pos, "%s %q is not a semantic version (want MAJOR.MINOR.PATCH, e.g. 1.2.0)", what, s.Value)
	}
}

// absoluteURI returns why s is not an absolute URI, or "".
func absoluteURI(s string) string {
	if strings.ContainsAny(s, " \t\r\n") {
		return "it contains white space"
	}
	u, err := url.Parse(s)
	if err != nil {
		return strings.TrimPrefix(err.Error(), "parse "+fmt.Sprintf("%q", s)+": ")
	}
	if u.Scheme == "" || !schemeRE.MatchString(u.Scheme) {
		return "it has no scheme"
	}
	if u.Opaque == "" && u.Host == "" && u.Path == "" {
		return "it has nothing after the scheme"
	}
	return ""
}

func (b *builder) domains() {
	seen := map[string]*Domain{}
	for _, rd := range b.raw.Domains {
		d := &Domain{
			Name: rd.Name.Value, Title: rd.Title.Value, Description: rd.Description.Value,
			Prefix: rd.Prefix.Value, Low: rd.Low.Value, High: rd.High.Value,
			Reserved: rd.Reserved.Value, Pos: rd.Pos,
		}
		if first := seen[d.Name]; first != nil {
			b.diags.Errorf(rd.Pos, "duplicate domain %q (first at %s)", d.Name, first.Pos)
			continue
		}
		seen[d.Name] = d
		if !DomainRE.MatchString(d.Name) {
			b.diags.Errorf(rd.Pos, "domain name %q must be lower case words separated by '-' or '_'", d.Name)
		}
		if rd.Prefix.Set && !PrefixRE.MatchString(d.Prefix) {
			b.diags.Errorf(rd.Prefix.Pos, "domain prefix %q must be upper case like FS or MEMORY_BANK", d.Prefix)
		}
		if !rd.Low.Set || !rd.High.Set {
			continue // reported by the loader
		}
		if d.Low > d.High {
			b.diags.Errorf(rd.RangePos, "domain %q range [%d, %d] is empty: low must not exceed high", d.Name, d.Low, d.High)
			continue
		}
		b.rangeFitsCodes(rd, d)
		touches := d.Low <= ReservedHigh && d.High >= ReservedLow
		if d.Reserved && (d.Low < ReservedLow || d.High > ReservedHigh) {
			b.diags.Errorf(rd.RangePos, "reserved domain %q range [%d, %d] must lie within the JSON-RPC reserved block [%d, %d]", d.Name, d.Low, d.High, ReservedLow, ReservedHigh)
		} else if !d.Reserved && touches {
			b.diags.Errorf(rd.RangePos, "domain %q range [%d, %d] touches the JSON-RPC reserved block [%d, %d]; only a reserved: true domain may", d.Name, d.Low, d.High, ReservedLow, ReservedHigh)
		}
		b.m.Domains = append(b.m.Domains, d)
	}
	sort.SliceStable(b.m.Domains, func(i, j int) bool { return b.m.Domains[i].Low < b.m.Domains[j].Low })
	for i := 1; i < len(b.m.Domains); i++ {
		for j := 0; j < i; j++ {
			p, d := b.m.Domains[j], b.m.Domains[i]
			if d.Low <= p.High && p.Low <= d.High {
				first, second := p, d
				if second.Pos.Less(first.Pos) {
					first, second = second, first
				}
				b.diags.Errorf(second.Pos, "domain %q range [%d, %d] overlaps domain %q range [%d, %d] (at %s)", second.Name, second.Low, second.High, first.Name, first.Low, first.High, first.Pos)
			}
		}
	}
}

func (b *builder) domainOf(code int64) *Domain {
	for _, d := range b.m.Domains {
		if code >= d.Low && code <= d.High {
			return d
		}
	}
	return nil
}

func (b *builder) domainNamed(name string) *Domain {
	for _, d := range b.m.Domains {
		if d.Name == name {
			return d
		}
	}
	return nil
}

func (b *builder) shapes() {
	for _, rd := range b.raw.Details {
		name := rd.Name.Value
		if name == FieldErrorsShape {
			b.diags.Errorf(rd.Name.Pos, "detail shape %q is built in and cannot be redefined", name)
			continue
		}
		if first := b.named[name]; first != nil {
			b.diags.Errorf(rd.Name.Pos, "duplicate detail shape %q (first at %s)", name, first.Pos)
			continue
		}
		if !ShapeRE.MatchString(name) {
			b.diags.Errorf(rd.Name.Pos, "detail shape name %q must be letters and digits separated by '_' or '-'", name)
			continue
		}
		s := &Shape{Name: name, Pos: rd.Name.Pos}
		b.sp.shape(s, rd.Schema)
		b.named[name] = s
		b.m.Shapes = append(b.m.Shapes, s)
	}
	sort.Slice(b.m.Shapes, func(i, j int) bool { return b.m.Shapes[i].Name < b.m.Shapes[j].Name })
}

func (b *builder) error(re *catalog.Error) {
	e := &Error{Symbol: re.Symbol.Value, Pos: re.Pos, Title: re.Title.Value, Doc: re.Doc.Value,
		Since: re.Since.Value, Retryable: re.Retryable.Value}
	b.errPos[e] = re
	b.retry(e, re)
	if !SymbolRE.MatchString(e.Symbol) {
		b.diags.Errorf(re.Pos, "symbol %q must be SCREAMING_SNAKE_CASE (%s)", e.Symbol, SymbolRE)
	}
	if first := b.m.bySymbol[e.Symbol]; first != nil {
		b.diags.Errorf(re.Pos, "duplicate symbol %s (first at %s)", e.Symbol, first.Pos)
		return
	}
	b.m.bySymbol[e.Symbol] = e
	b.m.Errors = append(b.m.Errors, e)

	// code and domain
	e.Code = re.Code.Value
	if re.Code.Set {
		if first := b.m.byCode[e.Code]; first != nil {
			b.diags.Errorf(re.Code.Pos, "duplicate code %d of %s: %s already has it (at %s)", e.Code, e.Symbol, first.Symbol, first.Pos)
		} else {
			b.m.byCode[e.Code] = e
		}
	}
	switch {
	case re.Domain.Set:
		e.Domain = b.domainNamed(re.Domain.Value)
		if e.Domain == nil {
			b.diags.Errorf(re.Domain.Pos, "unknown domain %q", re.Domain.Value)
		} else if re.Code.Set && (e.Code < e.Domain.Low || e.Code > e.Domain.High) {
			b.diags.Errorf(re.Code.Pos, "code %d is outside domain %q range [%d, %d]", e.Code, e.Domain.Name, e.Domain.Low, e.Domain.High)
		}
	case re.Code.Set:
		e.Domain = b.domainOf(e.Code)
		if e.Domain == nil {
			b.diags.Errorf(re.Code.Pos, "code %d is in no domain's range", e.Code)
		}
	}
	if e.Domain != nil {
		e.Domain.Errors = append(e.Domain.Errors, e)
		if p := e.Domain.Prefix; !hasDomainPrefix(e.Symbol, p) {
			b.diags.Errorf(re.Pos, "symbol %s must start with E_%s_ or %s_ (the prefix of domain %q)", e.Symbol, p, p, e.Domain.Name)
		}
	}
	e.WireCode = e.Code
	if re.WireCode.Set {
		e.WireCode = re.WireCode.Value
		if e.WireCode < -1<<31 || e.WireCode > 1<<31-1 {
			b.diags.Errorf(re.WireCode.Pos, "wire_code %d does not fit a JSON-RPC error code (32-bit integer)", e.WireCode)
		}
	}
	if re.Code.Set && (e.Code < -1<<31 || e.Code > 1<<31-1) {
		b.diags.Errorf(re.Code.Pos, "code %d does not fit a 32-bit integer", e.Code)
	}

	// type, slug, problem type
	e.Type = re.Type.Value
	typePos := re.Type.Pos
	if !re.Type.Set {
		e.Type = strings.ToLower(strings.TrimPrefix(e.Symbol, "E_"))
		typePos = re.Pos
	}
	if !TypeRE.MatchString(e.Type) {
		if re.Type.Set {
			b.diags.Errorf(typePos, "type %q must be snake_case (%s)", e.Type, TypeRE)
		} else {
			b.diags.Errorf(typePos, "the type derived from symbol %s, %q, is not snake_case starting with a letter; set type: explicitly", e.Symbol, e.Type)
		}
	} else if first := b.m.byType[e.Type]; first != nil {
		b.diags.Errorf(typePos, "duplicate type %q of %s: %s already has it (at %s)", e.Type, e.Symbol, first.Symbol, first.Pos)
	} else {
		b.m.byType[e.Type] = e
	}
	e.Slug = naming.Kebab(e.Type)
	e.ProblemType = b.problemType(e.Slug)
	if re.ProblemType.Set {
		if msg := absoluteURI(re.ProblemType.Value); msg != "" {
			b.diags.Errorf(re.ProblemType.Pos, "problem_type %q is not an absolute URI: %s", re.ProblemType.Value, msg)
		}
		e.ProblemType = re.ProblemType.Value
	}

	if re.Title.Set && strings.TrimSpace(e.Title) == "" {
		b.diags.Errorf(re.Title.Pos, "title must not be empty")
	}
	b.emptyTexts(re)
	// status
	e.Statuses = []int{DefaultStatus}
	if re.Status.Set && len(re.Status.Values) > 0 {
		e.Statuses = e.Statuses[:0]
		seen := map[int64]bool{}
		for _, s := range re.Status.Values {
			switch {
			case s.Value < 400 || s.Value > 599:
				b.diags.Errorf(s.Pos, "HTTP status %d is outside 400-599", s.Value)
			case seen[s.Value]:
				b.diags.Errorf(s.Pos, "HTTP status %d is listed twice", s.Value)
			default:
				seen[s.Value] = true
				e.Statuses = append(e.Statuses, int(s.Value))
			}
		}
		if len(e.Statuses) == 0 {
			e.Statuses = []int{DefaultStatus}
		}
	}
	b.semver(re.Since, "since")
	if re.Deprecated != nil {
		b.semver(re.Deprecated.Since, "deprecated.since")
		e.Deprecated = &Deprecation{Since: re.Deprecated.Since.Value, Note: re.Deprecated.Note.Value}
	}
	if !re.Doc.Set || strings.TrimSpace(e.Doc) == "" {
		b.diags.Warnf(re.Pos, "error %s has no doc", e.Symbol)
	}

	// details shape (templates and examples are checked once refs resolve)
	if re.Details.Set {
		switch {
		case re.Details.Inline != nil:
			e.Details = &Shape{Name: e.Type, Inline: true, Owner: e, Pos: re.Details.Pos}
			b.sp.shape(e.Details, re.Details.Inline)
		case re.Details.Name.Value == FieldErrorsShape:
			e.Details = b.fieldErrors()
		default:
			e.Details = b.named[re.Details.Name.Value]
			if e.Details == nil {
				b.diags.Errorf(re.Details.Name.Pos, "unknown detail shape %q", re.Details.Name.Value)
			}
		}
	}
}

func (b *builder) problemType(slug string) string {
	base := b.m.ProblemBase
	if base == "" {
		return "urn:errgen:" + b.m.Name + ":" + slug
	}
	if !strings.HasSuffix(base, "/") && !strings.HasSuffix(base, "#") && !strings.HasSuffix(base, ":") && !strings.HasSuffix(base, "=") {
		base += "/"
	}
	return base + slug
}

func (b *builder) fieldErrors() *Shape {
	if s := b.named[FieldErrorsShape]; s != nil {
		return s
	}
	s := &Shape{Name: FieldErrorsShape, Builtin: true}
	b.sp.shape(s, builtinFieldErrors())
	b.named[FieldErrorsShape] = s
	return s
}

func (b *builder) resolveRefs() {
	for _, r := range b.sp.refs {
		target := b.named[r.name]
		if target == nil && r.name == FieldErrorsShape {
			target = b.fieldErrors()
		}
		if target == nil {
			b.diags.Errorf(r.pos, "$ref names unknown detail shape %q", r.name)
			b.sp.broken[r.owner] = true
			continue
		}
		r.s.Ref = target
	}
	// a cycle of shapes that are nothing but a $ref never reaches a value
	for _, s := range b.m.Shapes {
		seen := map[*Shape]bool{s: true}
		chain := []string{s.Name}
		for cur := s.Schema.Ref; cur != nil; cur = cur.Schema.Ref {
			chain = append(chain, cur.Name)
			if cur == s {
				b.diags.Errorf(s.Pos, "$ref cycle never reaches an object: %s", strings.Join(chain, " -> "))
				s.Schema.Ref = nil // break it so later passes terminate
				b.sp.broken[s] = true
				break
			}
			if seen[cur] {
				break // a cycle not through s: reported from its own members
			}
			seen[cur] = true
		}
	}
}

// shapeURLs maps the validators' resource URL of every shape to it.
func (b *builder) shapeURLs() map[string]*Shape {
	byURL := make(map[string]*Shape, len(b.m.Shapes))
	for _, s := range b.m.Shapes {
		byURL[shapeURL(s)] = s
	}
	return byURL
}

// fallbackDetails checks that the fallback's empty details (ZeroDetails,
// what a non-catalog error becoming it carries) validate against its detail
// schema: nothing else can stand in for it. (Another error whose empty
// details do not validate renders, used bare, as the fallback: see
// Error.EmptyDetailsValid, which details found.)
func (b *builder) fallbackDetails() {
	f := b.m.Fallback
	if f == nil || f.Details == nil || b.unsound()[f.Details] || f.EmptyDetailsValid {
		return
	}
	var scratch diag.List // the shape's own problems are reported already
	vs := newValidators(&scratch, b.shapeURLs(), nil)
	sch := vs.schema(f.Details)
	if sch == nil {
		return
	}
	zero := ZeroDetails(f.Details)
	text, _ := json.Marshal(zero)
	b.diags.Errorf(b.raw.Fallback.Pos, "fallback %s: a non-catalog error becomes it with empty details %s, which break its detail schema (%s); make those properties optional or let them be empty, or choose another fallback",
		f.Symbol, text, strings.Join(vs.failures(sch, zero), "; "))
}

// requiredCycles reports shapes that contain themselves through required
// object properties (node.self: {$ref: node}, required): no finite value
// has such a shape, and a runtime filling in required objects would never
// stop. The shapes on the cycle are marked broken, so their examples do not
// echo the error.
func (b *builder) requiredCycles() {
	owner := map[*Schema]*Shape{} // the shape defining an object schema
	for _, s := range b.m.Shapes {
		if s.Schema.Ref == nil {
			owner[s.Schema] = s
		}
	}
	type step struct {
		s    *Schema
		name string // how the step is shown: shape name, or parent.property
	}
	var stack []step
	state := map[*Schema]int{} // 1 on the stack, 2 done
	var visit func(s *Schema, name string)
	visit = func(s *Schema, name string) {
		state[s] = 1
		stack = append(stack, step{s, name})
		for _, p := range s.Properties {
			t := p.Schema.Resolved()
			if !p.Required || t == nil || t.Type != "object" || len(t.Properties) == 0 {
				continue
			}
			switch state[t] {
			case 0:
				next := name + "." + p.Name
				if o := owner[t]; o != nil {
					next = o.Name
				}
				visit(t, next)
			case 1:
				var chain []string
				from := len(stack) - 1
				for from > 0 && stack[from].s != t {
					from--
				}
				for _, st := range stack[from:] {
					chain = append(chain, st.name)
					if o := owner[st.s]; o != nil {
						b.sp.broken[o] = true
					}
				}
				b.diags.Errorf(p.Pos, "required property %q makes detail shape %q contain itself (%s -> %s): no finite value has it; make a property on the way optional",
					p.Name, stack[from].name, strings.Join(chain, " -> "), stack[from].name)
			}
		}
		stack = stack[:len(stack)-1]
		state[s] = 2
	}
	for _, s := range b.m.Shapes {
		if s.Schema.Ref == nil && state[s.Schema] == 0 && !b.sp.broken[s] {
			visit(s.Schema, s.Name)
		}
	}
}

// details checks everything that needs an error's resolved detail shape,
// on workers, and runs alongside (which must not touch what the workers
// write: the errors' messages, examples and sensitive fields) on the
// calling goroutine meanwhile.
func (b *builder) details(alongside func()) {
	var inline []*Shape
	for _, e := range b.m.Errors {
		if e.Details != nil && e.Details.Inline {
			inline = append(inline, e.Details)
		}
	}
	sort.Slice(inline, func(i, j int) bool { return inline[i].Owner.Code < inline[j].Owner.Code })
	b.m.Shapes = append(b.m.Shapes, inline...)
	if s := b.named[FieldErrorsShape]; s != nil {
		b.m.Shapes = append(b.m.Shapes, s)
	}
	// A shape that is broken, or refers to one, would only echo its
	// diagnostics through the validator: compile the sound ones. Errors are
	// checked in parallel, each worker with its own compiler and
	// diagnostics, each shape compiled once for all (compileCache); the
	// list is sorted afterwards, so the result does not depend on the split.
	unsound := b.unsound()
	byURL := b.shapeURLs()
	used := map[*Shape]bool{}
	for _, e := range b.m.Errors {
		used[e.Details] = true
	}
	var unused []*Shape
	for _, s := range b.m.Shapes {
		if !used[s] && !unsound[s] {
			unused = append(unused, s)
		}
	}
	workers := min(runtime.GOMAXPROCS(0), 1+len(b.m.Errors)/500)
	lists := make([]diag.List, workers)
	cache := newCompileCache()
	var eg errgroup.Group
	for w := 0; w < workers; w++ {
		lo, hi := w*len(b.m.Errors)/workers, (w+1)*len(b.m.Errors)/workers
		eg.Go(func() error {
			wb := &builder{raw: b.raw, m: b.m, sp: b.sp, named: b.named, errPos: b.errPos}
			vs := newValidators(&wb.diags, byURL, cache)
			emptyValid := map[*Shape]bool{}
			if w == 0 {
				for _, s := range unused {
					vs.schema(s)
				}
			}
			for _, e := range b.m.Errors[lo:hi] {
				wb.checkError(e)
				e.EmptyDetailsValid = e.Details == nil
				if e.Details == nil || unsound[e.Details] {
					continue
				}
				sch := vs.schema(e.Details)
				if sch == nil {
					continue
				}
				for i, ex := range b.errPos[e].Examples {
					vs.validate(sch, e, i, ex, e.Examples[i].Value)
				}
				valid, ok := emptyValid[e.Details]
				if !ok { // a property of the shape: validate its empty details once
					valid = sch.Validate(ZeroDetails(e.Details)) == nil
					emptyValid[e.Details] = valid
				}
				e.EmptyDetailsValid = valid
			}
			lists[w] = wb.diags
			return nil
		})
	}
	alongside()
	_ = eg.Wait() // the workers report into lists
	for _, l := range lists {
		b.diags.Append(l)
	}
}

// unsound returns the shapes that are broken or refer, through $ref, to a
// broken shape.
func (b *builder) unsound() map[*Shape]bool {
	out := map[*Shape]bool{}
	for s := range b.sp.broken {
		out[s] = true
	}
	for changed := true; changed; {
		changed = false
		for _, r := range b.sp.refs {
			if r.s.Ref != nil && out[r.s.Ref] && !out[r.owner] {
				out[r.owner] = true
				changed = true
			}
		}
	}
	return out
}

// checkError checks one error's templates, sensitive fields and details
// root, and records its examples.
func (b *builder) checkError(e *Error) {
	re := b.errPos[e]
	root := (*Schema)(nil)
	if e.Details != nil && !b.sp.broken[e.Details] {
		root = e.Details.Schema.Resolved()
		if root != nil && root.Type != "object" {
			b.diags.Errorf(re.Details.Pos, "details of %s must be an object schema (type: object), got %s", e.Symbol, describe(e.Details.Schema))
			root = nil
		}
	}
	if root != nil {
		for _, p := range root.Properties {
			// details are flattened into problem documents, beside the runtime's own members
			if slices.Contains(problemMembers, p.Name) {
				b.diags.Errorf(p.Pos, "detail property %q of %s collides with the problem document member %q (details are flattened into problem documents)", p.Name, e.Symbol, p.Name)
			}
		}
	}
	e.Message = b.template(re.Message, "message", e, root)
	if re.UserMessage.Set {
		e.UserMessage = b.template(re.UserMessage, "user_message", e, root)
	}
	for i, s := range re.Suggestions {
		if i == b.m.Limits.MaxSuggestions {
			b.diags.Errorf(s.Pos, "%s has more suggestions (%d) than limits.max_suggestions (%d)", e.Symbol, len(re.Suggestions), b.m.Limits.MaxSuggestions)
		}
		e.Suggestions = append(e.Suggestions, b.template(s, "suggestion", e, root))
	}
	b.sensitive(e, re, root)
	if len(re.Examples) > 0 && e.Details == nil && !re.Details.Set {
		b.diags.Errorf(re.Examples[0].Pos, "%s has examples but no details", e.Symbol)
	}
	for _, ex := range re.Examples {
		e.Examples = append(e.Examples, Example{Value: ex.JSON(), Source: ex})
	}
}

func (b *builder) template(s catalog.Str, what string, e *Error, root *Schema) *tmpl.Template {
	t, errs := tmpl.Parse(s.Value)
	for _, err := range errs {
		pos, where := b.at(s, err.Offset)
		b.diags.Errorf(pos, "%s of %s: %s%s", what, e.Symbol, err.Msg, where)
	}
	if !s.Set {
		return t
	}
	seen := map[string]bool{}
	for _, p := range t.Parts {
		f := p.Field
		if f == "" || seen[f] {
			continue
		}
		seen[f] = true
		switch {
		case e.Details == nil:
			pos, where := b.at(s, p.Offset)
			b.diags.Errorf(pos, "%s of %s has placeholder {%s}%s but the error has no details", what, e.Symbol, f, where)
		case root != nil && root.Property(f) == nil:
			pos, where := b.at(s, p.Offset)
			if near := naming.Closest(f, propList(root)); near != "" {
				b.diags.Errorf(pos, "%s of %s has placeholder {%s}%s, which names no detail property; did you mean {%s}? (have %s)", what, e.Symbol, f, where, near, propNames(root))
				continue
			}
			b.diags.Errorf(pos, "%s of %s has placeholder {%s}%s, which names no detail property (have %s)", what, e.Symbol, f, where, propNames(root))
		}
	}
	return t
}

// at places byte offset off of s; where says the offset when the position
// is only the string's.
func (b *builder) at(s catalog.Str, off int) (diag.Pos, string) {
	if pos, ok := b.raw.PosAt(s, off); ok {
		return pos, ""
	}
	return s.Pos, fmt.Sprintf(" (at byte %d of the string)", off)
}

func propNames(s *Schema) string {
	if len(s.Properties) == 0 {
		return "none"
	}
	return strings.Join(propList(s), ", ")
}

// propList returns the names of the properties of s, in catalog order.
func propList(s *Schema) []string {
	names := make([]string, len(s.Properties))
	for i, p := range s.Properties {
		names[i] = p.Name
	}
	return names
}

func (b *builder) sensitive(e *Error, re *catalog.Error, root *Schema) {
	listed := map[string]bool{}
	for _, s := range re.Sensitive {
		if root == nil {
			b.diags.Errorf(s.Pos, "sensitive names %q but %s has no object details", s.Value, e.Symbol)
			continue
		}
		p := root.Property(s.Value)
		if p == nil {
			b.diags.Errorf(s.Pos, "sensitive names %q, which is not a top-level detail property of %s", s.Value, e.Symbol)
			continue
		}
		if !stringOrAny(p.Schema) {
			b.diags.Errorf(s.Pos, "sensitive field %q of %s is %s: only string or untyped fields can be redacted", s.Value, e.Symbol, describe(p.Schema))
			continue
		}
		listed[s.Value] = true
	}
	if root == nil {
		return
	}
	for _, p := range root.Properties {
		if listed[p.Name] || p.Schema.Sensitive {
			e.Sensitive = append(e.Sensitive, p.Name)
		}
	}
}

func (b *builder) retired() {
	codes := map[int64]*Retired{}
	symbols := map[string]*Retired{}
	types := map[string]*Retired{}
	for _, rr := range b.raw.Retired {
		r := &Retired{Code: rr.Code.Value, HasCode: rr.Code.Set, Symbol: rr.Symbol.Value,
			Since: rr.Since.Value, Note: rr.Note.Value, Pos: rr.Pos}
		b.semver(rr.Since, "retired since")
		b.retiredType(r, rr, types)
		if rb := rr.ReplacedBy; rb.Set {
			r.ReplacedBy = b.m.bySymbol[rb.Value]
			if r.ReplacedBy == nil {
				b.diags.Errorf(rb.Pos, "replaced_by names no error: %q", rb.Value)
			}
		}
		if rr.Code.Set {
			if first := codes[r.Code]; first != nil {
				b.diags.Errorf(rr.Code.Pos, "code %d is retired twice (first at %s)", r.Code, first.Pos)
			}
			codes[r.Code] = r
			if e := b.m.byCode[r.Code]; e != nil {
				b.diags.Errorf(b.errPos[e].Code.Pos, "code %d of %s reuses a retired code (retired at %s)", r.Code, e.Symbol, r.Pos)
			}
		}
		if rr.Symbol.Set {
			if !SymbolRE.MatchString(r.Symbol) {
				b.diags.Errorf(rr.Symbol.Pos, "retired symbol %q must be SCREAMING_SNAKE_CASE", r.Symbol)
			}
			if first := symbols[r.Symbol]; first != nil {
				b.diags.Errorf(rr.Symbol.Pos, "symbol %s is retired twice (first at %s)", r.Symbol, first.Pos)
			}
			symbols[r.Symbol] = r
			if e := b.m.bySymbol[r.Symbol]; e != nil && e.Symbol == r.Symbol { // aliases: see aliases
				b.diags.Errorf(e.Pos, "symbol %s reuses a retired symbol (retired at %s)", e.Symbol, r.Pos)
			}
		}
		b.m.Retired = append(b.m.Retired, r)
	}
	sort.SliceStable(b.m.Retired, func(i, j int) bool {
		a, c := b.m.Retired[i], b.m.Retired[j]
		if a.Code != c.Code {
			return a.Code < c.Code
		}
		return a.Symbol < c.Symbol
	})
}

// retiredType resolves the type, slug and problem type a retired error
// had: the entry's type, which must be a valid type that no error has now
// (a type, like a code or a symbol, is never reused: its problem type URI
// would lead old clients to another error), else the type its symbol gives
// as an error's default type would be, when that is valid. No two entries
// may give one type (two symbols that give the same one are not reported:
// the first has it). types holds the entries by type so far.
func (b *builder) retiredType(r *Retired, rr *catalog.Retired, types map[string]*Retired) {
	t, pos := rr.Type, rr.Type.Pos
	switch {
	case t.Set:
		if !TypeRE.MatchString(t.Value) {
			b.diags.Errorf(pos, "retired type %q must be snake_case (%s)", t.Value, TypeRE)
			return
		}
		if e := b.m.byType[t.Value]; e != nil {
			b.diags.Errorf(pos, "retired type %q is the type of %s: a retired type is never reused (its problem type URI would lead to another error)", t.Value, e.Symbol)
			return
		}
		r.Type, r.TypeSet = t.Value, true
	case rr.Symbol.Set:
		derived := strings.ToLower(strings.TrimPrefix(r.Symbol, "E_"))
		if !TypeRE.MatchString(derived) {
			return
		}
		r.Type, pos = derived, rr.Pos
	default:
		return
	}
	if first := types[r.Type]; first != nil {
		if r.TypeSet || first.TypeSet {
			b.diags.Errorf(pos, "type %q is retired twice (first at %s)", r.Type, first.Pos)
		}
		r.Type = "" // two symbols that give one type: the first has it
		return
	}
	types[r.Type] = r
	r.Slug = naming.Kebab(r.Type)
	r.ProblemType = b.problemType(r.Slug)
}

// references resolves fallback and replaced_by.
func (b *builder) references() {
	if f := b.raw.Fallback; f.Set {
		b.m.Fallback = b.m.bySymbol[f.Value]
		if b.m.Fallback == nil {
			b.diags.Errorf(f.Pos, "fallback names no error: %q", f.Value)
		}
	}
	for _, e := range b.m.Errors {
		rd := b.errPos[e].Deprecated
		if rd == nil {
			continue
		}
		switch {
		case !rd.ReplacedBy.Set:
			b.diags.Warnf(rd.Pos, "deprecated error %s has no replaced_by", e.Symbol)
		case rd.ReplacedBy.Value == e.Symbol:
			b.diags.Errorf(rd.ReplacedBy.Pos, "%s cannot be replaced by itself", e.Symbol)
		default:
			e.Deprecated.ReplacedBy = b.m.bySymbol[rd.ReplacedBy.Value]
			if e.Deprecated.ReplacedBy == nil {
				b.diags.Errorf(rd.ReplacedBy.Pos, "replaced_by names no error: %q", rd.ReplacedBy.Value)
			}
		}
	}
}

// retry resolves an error's retry class, default delay and throttling mark
// from retry and retryable, and checks that they agree.
func (b *builder) retry(e *Error, re *catalog.Error) {
	e.Retry = errgenrt.RetryNever
	if e.Retryable {
		e.Retry = errgenrt.RetryAfterDelay
	}
	r := re.Retry
	if !r.Class.Set {
		return
	}
	c := errgenrt.RetryClass(r.Class.Value)
	switch c {
	case errgenrt.RetryNever, errgenrt.RetryAfterChange, errgenrt.RetryAfterDelay:
	default:
		b.diags.Errorf(r.Class.Pos, "retry class %q of %s is unknown: want never, after_change or after_delay", r.Class.Value, e.Symbol)
		return
	}
	delayed := c == errgenrt.RetryAfterDelay
	if re.Retryable.Set && re.Retryable.Value != delayed {
		b.diags.Errorf(re.Retryable.Pos, "retryable: %t of %s contradicts its retry class %s: retryable is true exactly for after_delay; remove retryable, which the class implies", re.Retryable.Value, e.Symbol, c)
	}
	e.Retry, e.Retryable = c, delayed
	if r.Delay.Set {
		switch ms, err := parseDelay(r.Delay.Value); {
		case !delayed:
			b.diags.Errorf(r.Delay.Pos, "retry.delay of %s: its class %s does not wait for a delay; remove the delay, or make the class after_delay", e.Symbol, c)
		case err != nil:
			b.diags.Errorf(r.Delay.Pos, "retry.delay %q of %s %v", r.Delay.Value, e.Symbol, err)
		default:
			e.RetryAfterMs = ms
		}
	}
	if r.Throttling.Set && r.Throttling.Value {
		if !delayed {
			b.diags.Errorf(r.Throttling.Pos, "retry.throttling of %s: its class %s does not retry after a delay, as a throttled client does; make the class after_delay, or remove throttling", e.Symbol, c)
		}
		e.Throttling = delayed
	}
}

// delayUnits are the units of a retry delay, in milliseconds.
var delayUnits = map[string]int64{"ms": 1, "s": 1000, "m": 60_000, "h": 3_600_000}

// parseDelay reads a retry delay: a whole number and a unit (ms, s, m or
// h), more than 0 and at most errgenrt.MaxRetryAfterMs.
func parseDelay(s string) (int64, error) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	unit, ok := delayUnits[s[i:]]
	if i == 0 || i > 9 || !ok {
		return 0, fmt.Errorf("is not a delay: want a whole number and a unit (ms, s, m or h), such as 500ms or 30s")
	}
	n, _ := strconv.ParseInt(s[:i], 10, 64)
	switch ms := n * unit; {
	case ms == 0:
		return 0, fmt.Errorf("is no delay: give at least 1ms, or leave delay out to let clients choose")
	case ms > errgenrt.MaxRetryAfterMs:
		return 0, fmt.Errorf("is longer than a day, the longest retry delay the wire carries: give at most 24h")
	default:
		return ms, nil
	}
}
