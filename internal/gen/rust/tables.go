package rust

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"github.com/errgen/errgen/internal/facts"
	"github.com/errgen/errgen/internal/naming"
)

// The runtime's tables: the catalog's facts (internal/facts) as Rust
// statics of the rt types — each named object shape a static rt::Object
// SHAPE_NAME in src/details.rs, each error's inline details a static
// rt::Object DETAILS_TYPE beside its definition, every other node a
// literal nested where it stands, as the facts nest it — and the shared
// rules in the catalog value. The statics are written as rustfmt writes
// them: the literals are built as expressions (expr) and laid out below.

// expr is a Rust expression of the tables: an atom (a literal or a path),
// a reference, a call, a struct literal or an array.
type expr interface{}

type atom string

type ref struct{ x expr }

type call struct {
	fn   string
	args []expr
}

type structLit struct {
	typ    string
	fields []fieldExpr
	base   string // the path after .., "" for none
}

type fieldExpr struct {
	name  string
	value expr
}

type array struct{ items []expr }

// some is Some(x).
func some(x expr) expr { return call{"Some", []expr{x}} }

// oneLine is e written on one line.
func oneLine(e expr) string {
	switch x := e.(type) {
	case atom:
		return string(x)
	case ref:
		return "&" + oneLine(x.x)
	case call:
		return x.fn + "(" + joinExprs(x.args) + ")"
	case array:
		return "[" + joinExprs(x.items) + "]"
	case structLit:
		return x.typ + " { " + litBody(x) + " }"
	}
	panic("unknown expression")
}

func joinExprs(items []expr) string {
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = oneLine(it)
	}
	return strings.Join(parts, ", ")
}

func litBody(l structLit) string {
	var parts []string
	for _, f := range l.fields {
		parts = append(parts, f.name+": "+oneLine(f.value))
	}
	if l.base != "" {
		parts = append(parts, ".."+l.base)
	}
	return strings.Join(parts, ", ")
}

// single reports whether rustfmt may write e on one line: a struct literal
// whose fields take at most 18 columns, a call or an array whose items are
// short (see [short]), each part so too.
func single(e expr) bool {
	switch x := e.(type) {
	case atom:
		return true
	case ref:
		return single(x.x)
	case call:
		return short(exprTexts(x.args)) && all(x.args)
	case array:
		return short(exprTexts(x.items)) && all(x.items)
	case structLit:
		for _, f := range x.fields {
			if !single(f.value) {
				return false
			}
		}
		return width(litBody(x)) <= structLitWidth
	}
	return false
}

func all(items []expr) bool {
	for _, it := range items {
		if !single(it) {
			return false
		}
	}
	return true
}

func exprTexts(items []expr) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = oneLine(it)
	}
	return out
}

// blockLike reports whether e, as the last argument of a call or the one
// item of an array, is written from the call's line on (rustfmt's
// overflow): a struct literal, or a reference to one.
func blockLike(e expr) bool {
	switch x := e.(type) {
	case structLit:
		return true
	case ref:
		return blockLike(x.x)
	}
	return false
}

// expr writes e at indent after prefix, followed by suffix: on one line
// when it may be and fits, else broken as rustfmt breaks it. Where nothing
// fits, rustfmt leaves the item as it is, so the layout written stands.
func (w *writer) expr(indent int, prefix string, e expr, suffix string) {
	if single(e) && fits(indent, prefix+oneLine(e)+suffix) {
		w.line(indent, prefix+oneLine(e)+suffix)
		return
	}
	switch x := e.(type) {
	case atom:
		w.line(indent, prefix+string(x)+suffix)
	case ref:
		w.expr(indent, prefix+"&", x.x, suffix)
	case structLit:
		w.line(indent, prefix+x.typ+" {")
		w.fields(indent+1, x)
		w.line(indent, "}"+suffix)
	case call:
		if len(x.args) == 1 && blockLike(x.args[0]) {
			w.expr(indent, prefix+x.fn+"(", x.args[0], ")"+suffix)
			return
		}
		w.line(indent, prefix+x.fn+"(")
		for _, a := range x.args {
			w.expr(indent+1, "", a, ",")
		}
		w.line(indent, ")"+suffix)
	case array:
		w.arrayExpr(indent, prefix, x, suffix)
	}
}

// fields writes the fields of a struct literal, one to a line, and its
// base.
func (w *writer) fields(indent int, l structLit) {
	for _, f := range l.fields {
		w.fieldExpr(indent, f)
	}
	if l.base != "" {
		w.line(indent, ".."+l.base)
	}
}

// fieldExpr writes the field `name: value,` of a struct literal.
func (w *writer) fieldExpr(indent int, f fieldExpr) {
	switch x := f.value.(type) {
	case atom:
		w.field(indent, f.name, string(x))
		return
	case ref:
		if a, ok := x.x.(array); ok && atoms(a.items) {
			w.arrayField(indent, f.name, "&", exprTexts(a.items))
			return
		}
	}
	w.expr(indent, f.name+": ", f.value, ",")
}

func atoms(items []expr) bool {
	for _, it := range items {
		if _, ok := it.(atom); !ok {
			return false
		}
	}
	return true
}

// arrayExpr writes an array that is not on one line: its one struct
// literal from the array's line on, else its items one to a line (short
// literals and paths as many to a line as fit).
func (w *writer) arrayExpr(indent int, prefix string, a array, suffix string) {
	switch {
	case len(a.items) == 1 && blockLike(a.items[0]):
		w.expr(indent, prefix+"[", a.items[0], "]"+suffix)
	case atoms(a.items):
		w.array(indent, prefix, exprTexts(a.items), suffix)
	default:
		w.line(indent, prefix+"[")
		for _, it := range a.items {
			w.expr(indent+1, "", it, ",")
		}
		w.line(indent, "]"+suffix)
	}
}

// shapeStatic is the name of the static of a named object shape.
func shapeStatic(name string) string { return "SHAPE_" + naming.RustScreaming(name) }

// detailsStatic is the name of the static of an error's inline details.
func detailsStatic(errorType string) string { return "DETAILS_" + naming.RustScreaming(errorType) }

// nodeExpr is the rt::Node literal of a node of the facts (without its &).
func nodeExpr(n *facts.Node) expr {
	var fields []fieldExpr
	base := "rt::Node::ANY"
	switch n.Type {
	case "string":
		base = "rt::Node::STRING"
	case "integer":
		base = "rt::Node::INTEGER"
	case "number":
		base = "rt::Node::NUMBER"
	case "boolean":
		base = "rt::Node::BOOLEAN"
	case "array":
		keep := atom("None")
		if n.Keep >= 0 {
			keep = atom("Some(" + strconv.Itoa(n.Keep) + ")")
		}
		fields = append(fields, fieldExpr{"kind", structLit{typ: "rt::Kind::Array", fields: []fieldExpr{
			{"items", ref{nodeExpr(n.Items)}},
			{"keep", keep},
		}}})
	case "object":
		fields = append(fields, fieldExpr{"kind", call{"rt::Kind::Object", []expr{ref{objectExpr(n)}}}})
	}
	if n.Sensitive {
		fields = append(fields, fieldExpr{"sensitive", atom("true")})
	}
	if n.Verbose {
		fields = append(fields, fieldExpr{"verbose", atom("true")})
	}
	switch n.Sanitize {
	case "path":
		fields = append(fields, fieldExpr{"sanitize", atom("rt::Sanitize::Path")})
	case "uri":
		fields = append(fields, fieldExpr{"sanitize", atom("rt::Sanitize::Uri")})
	case "text":
		fields = append(fields, fieldExpr{"sanitize", atom("rt::Sanitize::Text")})
	}
	if n.MaxBytes > 0 {
		fields = append(fields, fieldExpr{"max_bytes", atom(strconv.Itoa(n.MaxBytes))})
	}
	if n.Exact {
		fields = append(fields, fieldExpr{"exact", atom("true")})
	}
	if n.Check != nil {
		fields = append(fields, fieldExpr{"check", some(ref{checkExpr(n.Check)})})
	}
	if n.Replacement != nil {
		fields = append(fields, fieldExpr{"replacement", some(atom(lit(string(*n.Replacement))))})
	}
	if len(fields) == 0 {
		return atom(base)
	}
	return structLit{typ: "rt::Node", fields: fields, base: base}
}

// objectExpr is the object of an object node: its shape's static, or its
// own rt::Object literal.
func objectExpr(n *facts.Node) expr {
	if n.Shape != "" {
		return atom(shapeStatic(n.Shape))
	}
	return objectLit(n)
}

// objectLit is the rt::Object literal of an object node's properties.
func objectLit(n *facts.Node) structLit {
	fields := make([]expr, len(n.Properties))
	for i, p := range n.Properties {
		fields[i] = structLit{typ: "rt::Field", fields: []fieldExpr{
			{"name", atom(lit(p.Name))},
			{"required", atom(strconv.FormatBool(p.Required))},
			{"node", ref{nodeExpr(p.Node)}},
		}}
	}
	extra := expr(atom("None"))
	if n.AdditionalProperties != nil {
		extra = some(ref{nodeExpr(n.AdditionalProperties)})
	}
	return structLit{typ: "rt::Object", fields: []fieldExpr{
		{"fields", ref{array{fields}}},
		{"extra", extra},
		{"trim", atom(strconv.FormatBool(n.Trim))},
	}}
}

// checkExpr is the rt::Check literal of a node's constraints.
func checkExpr(c *facts.Check) expr {
	var fields []fieldExpr
	strs := func(name string, list []string) {
		if len(list) == 0 {
			return
		}
		items := make([]expr, len(list))
		for i, s := range list {
			items[i] = atom(lit(s))
		}
		fields = append(fields, fieldExpr{name, ref{array{items}}})
	}
	number := func(name string, n *json.Number) {
		if n == nil {
			return
		}
		if f, err := n.Float64(); err == nil { // past the doubles: no bound, as in Go
			fields = append(fields, fieldExpr{name, some(atom(floatLit(f)))})
		}
	}
	count := func(name string, n *int) {
		if n != nil {
			fields = append(fields, fieldExpr{name, some(atom(strconv.Itoa(*n)))})
		}
	}
	strs("r#enum", c.Enum)
	if c.Const != nil {
		fields = append(fields, fieldExpr{"r#const", some(atom(lit(string(*c.Const))))})
	}
	strs("patterns", c.Patterns)
	strs("formats", c.Formats)
	number("minimum", c.Minimum)
	number("maximum", c.Maximum)
	number("exclusive_minimum", c.ExclusiveMinimum)
	number("exclusive_maximum", c.ExclusiveMaximum)
	number("multiple_of", c.MultipleOf)
	count("min_length", c.MinLength)
	count("max_length", c.MaxLength)
	count("min_items", c.MinItems)
	count("max_items", c.MaxItems)
	if c.UniqueItems {
		fields = append(fields, fieldExpr{"unique_items", atom("true")})
	}
	return structLit{typ: "rt::Check", fields: fields, base: "rt::Check::NONE"}
}

// floatLit writes f as a Rust f64 literal: the shortest digits that read
// back as f, with a point or an exponent.
func floatLit(f float64) string {
	switch {
	case f == math.Trunc(f) && math.Abs(f) < 1e15:
		return strconv.FormatFloat(f, 'f', 1, 64)
	case math.Abs(f) >= 1e-4 && math.Abs(f) < 1e15:
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return strconv.FormatFloat(f, 'e', -1, 64)
}

// rulesExpr is the rt::Rules literal of the facts' rules.
func rulesExpr(r facts.Rules) structLit {
	strs := func(list []string) expr {
		items := make([]expr, len(list))
		for i, s := range list {
			items[i] = atom(lit(s))
		}
		return ref{array{items}}
	}
	ints := func(list []int) expr {
		items := make([]expr, len(list))
		for i, n := range list {
			items[i] = atom(strconv.Itoa(n))
		}
		return ref{array{items}}
	}
	return structLit{typ: "rt::Rules", fields: []fieldExpr{
		{"redacted", atom(lit(r.Redacted))},
		{"minimal_string_bytes", ints(r.MinimalStringBytes)},
		{"debug_string_bytes", atom(strconv.Itoa(r.DebugStringBytes))},
		{"error_chain_entries", atom(strconv.Itoa(r.ErrorChainEntries))},
		{"untyped_depth", atom(strconv.Itoa(r.UntypedDepth))},
		{"min_max_data_bytes", atom(strconv.Itoa(r.MinMaxDataBytes))},
		{"min_max_string_bytes", atom(strconv.Itoa(r.MinMaxStringBytes))},
		{"problem_members", strs(r.ProblemMembers)},
		{"jsonrpc_data_members", strs(r.JSONRPCDataMembers)},
		{"max_retry_after_ms", atom(strconv.Itoa(r.MaxRetryAfterMs))},
	}}
}

// objectStatic writes the static of an object's table.
func (w *writer) objectStatic(doc []text, name string, n *facts.Node) {
	w.blank()
	w.doc(0, "///", doc...)
	l := objectLit(n)
	w.assignStruct(0, "pub(crate) static "+name, "rt::Object", "rt::Object {", func(in int) {
		w.fields(in, l)
	})
}
