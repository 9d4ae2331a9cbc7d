// Package runtimemodel builds an [errgenrt.Catalog] straight from a
// validated [model.Catalog], without compiling the generated Go package:
// its Defs render templates by interpreting the parsed templates, and its
// details are a dynamic value (a JSON value typed by the detail schema)
// whose AppendJSON follows, field for field, the code the Go emitter
// (internal/gen/golang) writes. The docs emitter and `errgen explain` render
// catalog examples with it, so the payloads they show are the bytes the
// runtime sends; a test holds it byte-for-byte to the vectors the compiled
// golden packages produce.
//
// Example values are read as encoding/json reads them into the generated
// structs: a missing or null field is the Go zero value (nil for optional
// fields, slices, maps and untyped values), untyped numbers become float64,
// and a key matching no property exactly matches one case-insensitively.
package runtimemodel

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/tmpl"
)

// Catalog is the runtime catalog of a model, with what it needs to turn
// example values into details.
type Catalog struct {
	// Runtime is the catalog the errgenrt renderers work with.
	Runtime *errgenrt.Catalog

	defs      map[*model.Error]*errgenrt.Def
	roots     map[*model.Error]*root
	objects   map[*model.Schema]*objType
	sensitive map[*model.Property]bool
}

// root is the Go type of an error's details: a struct, or the built-in
// errgenrt.FieldErrors.
type root struct {
	obj     *objType // nil for the built-in shape
	builtin bool
	props   []*prop // the top-level properties, for templates
}

type kind uint8

const (
	kAny kind = iota
	kString
	kInt
	kFloat
	kBool
	kSlice
	kStruct
	kMap
)

// typ is the Go type the emitter gives a schema node (golang.typeOf).
type typ struct {
	kind    kind
	enum    bool     // kString: a named enum type
	ptr     bool     // kStruct reached through $ref: always a pointer
	builtin bool     // kStruct: errgenrt.FieldErrors
	obj     *objType // kStruct, not built in
	elem    *typ     // kSlice
}

// pointable reports whether an optional field of this type is a pointer.
func (t *typ) pointable() bool {
	switch t.kind {
	case kString, kInt, kFloat, kBool:
		return true
	case kStruct:
		return !t.ptr
	}
	return false
}

// objType is a generated struct: its properties in declaration order.
type objType struct {
	props []*prop
}

type prop struct {
	name     string
	required bool
	field    *errgenrt.Field
	typ      *typ
}

// Build returns the runtime catalog of m.
func Build(m *model.Catalog) *Catalog {
	c := &Catalog{
		defs:      make(map[*model.Error]*errgenrt.Def, len(m.Errors)),
		roots:     make(map[*model.Error]*root, len(m.Errors)),
		objects:   map[*model.Schema]*objType{},
		sensitive: SensitiveFields(m),
	}
	defs := make([]*errgenrt.Def, 0, len(m.Errors))
	for _, e := range m.Errors {
		d := c.def(e)
		c.defs[e] = d
		defs = append(defs, d)
	}
	fallback := ""
	if m.Fallback != nil {
		fallback = m.Fallback.Symbol
	}
	c.Runtime = errgenrt.NewCatalog(&errgenrt.Catalog{
		Name:          m.Name,
		Version:       m.Version,
		SchemaVersion: m.SchemaVersion,
		Limits: errgenrt.Limits{
			MaxDataBytes:   m.Limits.MaxDataBytes,
			MaxStringBytes: m.Limits.MaxStringBytes,
			MaxSuggestions: m.Limits.MaxSuggestions,
		},
	}, defs, fallback)
	return c
}

// SensitiveFields returns the properties some error lists under
// `sensitive`. As in the generated code, such a field is redacted wherever
// its shape is used.
func SensitiveFields(m *model.Catalog) map[*model.Property]bool {
	out := map[*model.Property]bool{}
	for _, e := range m.Errors {
		if e.Details == nil {
			continue
		}
		r := e.Details.Schema.Resolved()
		for _, name := range e.Sensitive {
			if p := r.Property(name); p != nil {
				out[p] = true
			}
		}
	}
	return out
}

// Def returns the runtime definition of e, or nil when e is not in the
// catalog.
func (c *Catalog) Def(e *model.Error) *errgenrt.Def { return c.defs[e] }

// Details returns e's details holding the example value v (a JSON value:
// map[string]any with json.Number or float64 numbers), or nil when e has
// no details.
func (c *Catalog) Details(e *model.Error, v any) errgenrt.Details {
	r := c.roots[e]
	if r == nil {
		return nil
	}
	if r.builtin {
		return fieldErrors(v)
	}
	m, _ := v.(map[string]any)
	return decodeObject(r.obj, m)
}

// New returns an error of e whose details hold the example value v.
func (c *Catalog) New(e *model.Error, v any, opts ...errgenrt.Option) *errgenrt.Error {
	return errgenrt.New(c.defs[e], c.Details(e, v), opts...)
}

// Def returns the runtime definition of e without its details, each
// template made by tpl. The Go emitter encodes it into the generated record
// (templates as parts); the interpreter adds its details (templates as
// render functions). One mapping keeps the two definitions alike.
func Def(e *model.Error, tpl func(t *tmpl.Template) errgenrt.Template) *errgenrt.Def {
	d := &errgenrt.Def{
		Code:        e.Code,
		WireCode:    e.WireCode,
		Symbol:      e.Symbol,
		Type:        e.Type,
		Domain:      e.Domain.Name,
		Title:       e.Title,
		ProblemType: e.ProblemType,
		Statuses:    append([]int(nil), e.Statuses...),
		Retryable:   e.Retryable,
		Deprecated:  e.Deprecated != nil,
		Message:     tpl(e.Message),

		ToolErrorsAsRPC: e.MCPToolErrors == model.ToolErrorsError,
	}
	if e.UserMessage != nil {
		um := tpl(e.UserMessage)
		d.UserMessage = &um
	}
	for _, s := range e.Suggestions {
		d.Suggestions = append(d.Suggestions, tpl(s))
	}
	return d
}

func (c *Catalog) def(e *model.Error) *errgenrt.Def {
	r := c.root(e)
	d := Def(e, func(t *tmpl.Template) errgenrt.Template { return c.template(r, t) })
	if r != nil {
		c.roots[e] = r
		d.HasDetails = true
		if rs := e.Details.Schema.Resolved(); rs != nil {
			for _, p := range rs.Properties {
				d.DetailFields = append(d.DetailFields, p.Name)
			}
		}
		if r.builtin {
			d.ZeroDetails = func() errgenrt.Details { return new(errgenrt.FieldErrors) }
		} else {
			d.ZeroDetails = func() errgenrt.Details { return zeroObject(r.obj) }
		}
	}
	return d
}

// root returns the details type of e (golang.detailsType), or nil.
func (c *Catalog) root(e *model.Error) *root {
	if e.Details == nil {
		return nil
	}
	s := e.Details
	for s.Schema.Ref != nil {
		s = s.Schema.Ref
	}
	if s.Builtin {
		return &root{builtin: true, props: c.fields(s.Schema)}
	}
	obj := c.object(s.Schema)
	return &root{obj: obj, props: obj.props}
}

// typeOf mirrors golang.typeOf: the Go type of a schema node.
func (c *Catalog) typeOf(s *model.Schema) *typ {
	if s == nil {
		return &typ{kind: kAny}
	}
	if s.Ref != nil {
		target := s.Ref
		for target.Schema.Ref != nil {
			target = target.Schema.Ref
		}
		ts := target.Schema
		switch {
		case target.Builtin:
			return &typ{kind: kStruct, ptr: true, builtin: true}
		case ts.Type == "object" && len(ts.Properties) > 0:
			return &typ{kind: kStruct, ptr: true, obj: c.object(ts)}
		}
		return c.typeOf(ts)
	}
	switch s.Type {
	case "string":
		return &typ{kind: kString, enum: len(s.Enum) > 0 && s.GoName != ""}
	case "integer":
		return &typ{kind: kInt}
	case "number":
		return &typ{kind: kFloat}
	case "boolean":
		return &typ{kind: kBool}
	case "array":
		return &typ{kind: kSlice, elem: c.typeOf(s.Items)}
	case "object":
		if len(s.Properties) > 0 && s.GoName != "" {
			return &typ{kind: kStruct, obj: c.object(s)}
		}
		return &typ{kind: kMap}
	}
	return &typ{kind: kAny}
}

// object returns the struct type of an object schema, once per schema
// (shapes may recurse through $ref).
func (c *Catalog) object(s *model.Schema) *objType {
	if o := c.objects[s]; o != nil {
		return o
	}
	o := &objType{}
	c.objects[s] = o
	o.props = c.fields(s)
	return o
}

// fields returns the properties of an object schema with their
// errgenrt.Field flags (golang.fieldVars).
func (c *Catalog) fields(s *model.Schema) []*prop {
	if s == nil {
		return nil
	}
	props := make([]*prop, 0, len(s.Properties))
	for _, p := range s.Properties {
		ps := p.Schema
		f := &errgenrt.Field{
			Name:      p.Name,
			Sensitive: ps.Sensitive || c.sensitive[p],
			Verbose:   ps.Verbose,
			MaxBytes:  int(ps.MaxBytes),
		}
		switch ps.Sanitize {
		case "path":
			f.Sanitize = errgenrt.SanitizePath
		case "uri":
			f.Sanitize = errgenrt.SanitizeURI
		case "text":
			f.Sanitize = errgenrt.SanitizeText
		}
		props = append(props, &prop{name: p.Name, required: p.Required, field: f})
	}
	// types after the slice exists, so a recursive shape finds its props
	for i, p := range s.Properties {
		props[i].typ = c.typeOf(p.Schema)
	}
	return props
}

// object is a value of a generated struct type: one Go value per property
// and whether it is set (non-nil, for the pointer, slice, map and
// interface fields of optional properties).
type object struct {
	t    *objType
	vals []any
	set  []bool
}

func zeroObject(t *objType) *object {
	o := &object{t: t, vals: make([]any, len(t.props)), set: make([]bool, len(t.props))}
	for i, p := range t.props {
		o.vals[i] = zero(p.typ, p.required)
	}
	return o
}

// zero returns the Go zero value of a field.
func zero(t *typ, required bool) any {
	switch t.kind {
	case kString:
		return ""
	case kInt:
		return int64(0)
	case kFloat:
		return float64(0)
	case kBool:
		return false
	case kMap:
		return map[string]any(nil)
	case kSlice:
		return []any(nil)
	case kStruct:
		if t.builtin {
			return (*errgenrt.FieldErrors)(nil)
		}
		if !t.ptr && required {
			return zeroObject(t.obj)
		}
		return (*object)(nil)
	}
	return nil
}

// decodeObject reads a JSON object into a struct value.
func decodeObject(t *objType, m map[string]any) *object {
	o := &object{t: t, vals: make([]any, len(t.props)), set: make([]bool, len(t.props))}
	raw := make([]any, len(t.props))
	exact := 0
	for i, p := range t.props {
		if v, ok := m[p.name]; ok {
			raw[i] = v
			exact++
		}
	}
	if exact < len(m) {
		// Some key names no property exactly. encoding/json reads the keys
		// in the order json.Marshal wrote them (sorted), each into the
		// field of that exact name, else the first whose name folds to it;
		// a later key overwrites, except that null leaves a non-pointer
		// field alone.
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		clear(raw)
		for _, k := range keys {
			i := t.index(k)
			if i < 0 {
				continue
			}
			if v := m[k]; v != nil || !t.props[i].direct() {
				raw[i] = v
			}
		}
	}
	for i, p := range t.props {
		o.vals[i], o.set[i] = decode(p.typ, raw[i], p.required)
	}
	return o
}

// index returns the property a JSON key decodes into, or -1.
func (t *objType) index(key string) int {
	for i, p := range t.props {
		if p.name == key {
			return i
		}
	}
	for i, p := range t.props {
		if strings.EqualFold(p.name, key) {
			return i
		}
	}
	return -1
}

// direct reports whether the Go field of p is neither a pointer, a slice,
// a map nor an interface.
func (p *prop) direct() bool {
	switch p.typ.kind {
	case kString, kInt, kFloat, kBool:
		return p.required
	case kStruct:
		return p.required && !p.typ.ptr
	}
	return false
}

// decode converts a JSON value to the Go value of a field of type t, and
// reports whether the field is set.
func decode(t *typ, v any, required bool) (any, bool) {
	if v == nil {
		return zero(t, required), false
	}
	switch t.kind {
	case kString:
		if s, ok := v.(string); ok {
			return s, true
		}
	case kInt:
		if n, ok := toInt(v); ok {
			return n, true
		}
	case kFloat:
		if f, ok := toFloat(v); ok {
			return f, true
		}
	case kBool:
		if b, ok := v.(bool); ok {
			return b, true
		}
	case kAny:
		return untyped(v), true
	case kMap:
		if m, ok := untyped(v).(map[string]any); ok {
			return m, true
		}
	case kSlice:
		if list, ok := v.([]any); ok {
			out := make([]any, len(list))
			for i, it := range list {
				out[i], _ = decode(t.elem, it, true)
			}
			return out, true
		}
	case kStruct:
		if t.builtin {
			return fieldErrors(v), true
		}
		if m, ok := v.(map[string]any); ok {
			return decodeObject(t.obj, m), true
		}
	}
	return zero(t, required), false
}

func toInt(v any) (int64, bool) {
	switch x := v.(type) {
	case json.Number:
		if n, err := strconv.ParseInt(string(x), 10, 64); err == nil {
			return n, true
		}
		if f, err := strconv.ParseFloat(string(x), 64); err == nil {
			return int64(f), true
		}
	case float64:
		return int64(x), true
	case int64:
		return x, true
	case int:
		return int64(x), true
	}
	return 0, false
}

func toFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case json.Number:
		f, err := strconv.ParseFloat(string(x), 64)
		return f, err == nil
	case float64:
		return x, true
	case int64:
		return float64(x), true
	case int:
		return float64(x), true
	}
	return 0, false
}

// untyped converts a JSON value to what encoding/json decodes into an
// interface: float64 numbers, map[string]any, []any.
func untyped(v any) any {
	switch x := v.(type) {
	case json.Number:
		f, _ := strconv.ParseFloat(string(x), 64)
		return f
	case int64:
		return float64(x)
	case int:
		return float64(x)
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, it := range x {
			out[k] = untyped(it)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, it := range x {
			out[i] = untyped(it)
		}
		return out
	}
	return v
}

// fieldErrors decodes the built-in shape as the generated code's users do:
// through encoding/json into the runtime's own type.
func fieldErrors(v any) *errgenrt.FieldErrors {
	fe := new(errgenrt.FieldErrors)
	if v == nil {
		return fe
	}
	raw, err := json.Marshal(v)
	if err == nil {
		_ = json.Unmarshal(raw, fe)
	}
	return fe
}

// AppendJSON implements [errgenrt.Details] as the generated AppendJSON
// methods do (golang.genStruct, golang.member).
func (o *object) AppendJSON(e *errgenrt.Encoder, dst []byte) []byte {
	dst = e.Open(dst)
	for i, p := range o.t.props {
		dst = member(e, dst, p, o.vals[i], o.set[i])
	}
	return e.Close(dst)
}

func member(e *errgenrt.Encoder, dst []byte, p *prop, v any, set bool) []byte {
	t, f := p.typ, p.field
	if !p.required && (!set || !e.Full()) {
		return dst // optional: written only when present and not minimal
	}
	switch t.kind {
	case kString:
		return e.String(dst, f, v.(string))
	case kInt:
		return e.Int(dst, f, v.(int64))
	case kFloat:
		return e.Float(dst, f, v.(float64))
	case kBool:
		return e.Bool(dst, f, v.(bool))
	case kAny, kMap:
		return e.Any(dst, f, v)
	case kStruct:
		return e.Details(dst, f, structValue(t, v))
	case kSlice:
		if e.Emit(f) {
			dst = e.Key(dst, f)
			dst = e.OpenArray(dst)
			if e.Full() {
				dst = items(e, dst, f, t.elem, v.([]any))
			}
			dst = e.CloseArray(dst)
		}
	}
	return dst
}

// structValue returns the details of a struct field or item, a zero value
// in place of a nil pointer (as the generated code writes new(T)).
func structValue(t *typ, v any) errgenrt.Details {
	if t.builtin {
		if fe, _ := v.(*errgenrt.FieldErrors); fe != nil {
			return fe
		}
		return new(errgenrt.FieldErrors)
	}
	if o, _ := v.(*object); o != nil {
		return o
	}
	return zeroObject(t.obj)
}

func items(e *errgenrt.Encoder, dst []byte, f *errgenrt.Field, elem *typ, list []any) []byte {
	for _, it := range list {
		switch elem.kind {
		case kString:
			dst = e.StringValue(dst, f, it.(string))
		case kInt:
			dst = e.IntValue(dst, it.(int64))
		case kFloat:
			dst = e.FloatValue(dst, it.(float64))
		case kBool:
			dst = e.BoolValue(dst, it.(bool))
		case kAny, kMap:
			dst = e.AnyValue(dst, f, it)
		case kStruct:
			dst = structValue(elem, it).AppendJSON(e, dst)
		case kSlice:
			dst = e.OpenArray(dst)
			dst = items(e, dst, f, elem.elem, it.([]any))
			dst = e.CloseArray(dst)
		}
	}
	return dst
}

// template returns the runtime template of a parsed template
// (golang.template, golang.placeholder).
func (c *Catalog) template(r *root, t *tmpl.Template) errgenrt.Template {
	type part struct {
		lit string
		p   *prop
		i   int
	}
	parts := make([]part, 0, len(t.Parts))
	for _, tp := range t.Parts {
		if tp.Field == "" {
			parts = append(parts, part{lit: tp.Literal, i: -1})
			continue
		}
		i := -1
		if r != nil {
			for j, p := range r.props {
				if p.name == tp.Field {
					i = j
					break
				}
			}
		}
		if i < 0 {
			continue // the model rejects placeholders naming no property
		}
		parts = append(parts, part{p: r.props[i], i: i})
	}
	if t.IsLiteral() {
		return errgenrt.Template{Text: t.Render(func(string) string { return "" })}
	}
	return errgenrt.Template{Render: func(txt *errgenrt.Text, d errgenrt.Details) {
		var vals func(i int) (any, bool)
		if r != nil {
			vals = r.accessor(d)
		}
		for _, pt := range parts {
			if pt.i < 0 {
				txt.Lit(pt.lit)
				continue
			}
			v, set := vals(pt.i)
			placeholder(txt, pt.p, v, set)
		}
	}}
}

// accessor returns the Go value of each top-level field of d, zero details
// standing in for details of another type (as the generated code does).
func (r *root) accessor(d errgenrt.Details) func(i int) (any, bool) {
	if r.builtin {
		fe, _ := d.(*errgenrt.FieldErrors)
		if fe == nil {
			fe = new(errgenrt.FieldErrors)
		}
		return func(i int) (any, bool) {
			switch r.props[i].name {
			case "fieldErrors":
				return fe.FieldErrors, fe.FieldErrors != nil
			case "totalErrors":
				return fe.TotalErrors, true
			}
			return nil, false
		}
	}
	o, _ := d.(*object)
	if o == nil || o.t != r.obj {
		o = zeroObject(r.obj)
	}
	return func(i int) (any, bool) { return o.vals[i], o.set[i] }
}

func placeholder(txt *errgenrt.Text, p *prop, v any, set bool) {
	t, f := p.typ, p.field
	optional := !p.required && t.pointable()
	switch t.kind {
	case kString:
		if !optional || set {
			txt.Str(f, v.(string))
		}
		return
	case kInt:
		if !optional || set {
			txt.Int(f, v.(int64))
		}
		return
	case kFloat:
		if !optional || set {
			txt.Float(f, v.(float64))
		}
		return
	case kBool:
		if !optional || set {
			txt.Bool(f, v.(bool))
		}
		return
	case kSlice:
		list, _ := v.([]any)
		if t.elem.kind == kString && !t.elem.enum {
			strs := make([]string, len(list))
			for i, it := range list {
				strs[i] = it.(string)
			}
			txt.Strings(f, strs)
			return
		}
		// a typed slice goes through encoding/json (Text.JSON)
		txt.JSON(f, json.RawMessage(marshalValue(nil, t, v, true)))
		return
	case kStruct:
		if !t.ptr && !optional {
			txt.JSON(f, structValue(t, v))
		} else if set {
			txt.JSON(f, structValue(t, v))
		}
		return
	}
	txt.JSON(f, v) // untyped (nil: nothing) and maps (nil: {})
}

// MarshalJSON encodes o as encoding/json encodes the generated struct:
// members in declaration order, optional ones with omitempty.
func (o *object) MarshalJSON() ([]byte, error) {
	return marshalObject(nil, o), nil
}

func marshalObject(dst []byte, o *object) []byte {
	dst = append(dst, '{')
	first := true
	for i, p := range o.t.props {
		v := o.vals[i]
		if !p.required && empty(p.typ, v, o.set[i]) {
			continue
		}
		if !first {
			dst = append(dst, ',')
		}
		first = false
		dst = appendJSON(dst, p.name)
		dst = append(dst, ':')
		dst = marshalValue(dst, p.typ, v, o.set[i] || p.required)
	}
	return append(dst, '}')
}

// empty is encoding/json's omitempty test on the field's Go value.
func empty(t *typ, v any, set bool) bool {
	switch t.kind {
	case kSlice:
		l, _ := v.([]any)
		return len(l) == 0
	case kMap:
		m, _ := v.(map[string]any)
		return len(m) == 0
	case kAny:
		return v == nil
	}
	return !set // pointers
}

// marshalValue appends the encoding/json form of a field's Go value; a
// pointer field that is not set is null.
func marshalValue(dst []byte, t *typ, v any, set bool) []byte {
	switch t.kind {
	case kString:
		if !set {
			return append(dst, "null"...)
		}
		return appendJSON(dst, v.(string))
	case kInt:
		if !set {
			return append(dst, "null"...)
		}
		return strconv.AppendInt(dst, v.(int64), 10)
	case kFloat:
		if !set {
			return append(dst, "null"...)
		}
		return appendJSON(dst, v.(float64))
	case kBool:
		if !set {
			return append(dst, "null"...)
		}
		return strconv.AppendBool(dst, v.(bool))
	case kSlice:
		list, _ := v.([]any)
		if list == nil {
			return append(dst, "null"...)
		}
		dst = append(dst, '[')
		for i, it := range list {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = marshalValue(dst, t.elem, it, true)
		}
		return append(dst, ']')
	case kStruct:
		if t.builtin {
			fe, _ := v.(*errgenrt.FieldErrors)
			if fe == nil {
				return append(dst, "null"...)
			}
			return appendJSON(dst, fe)
		}
		o, _ := v.(*object)
		if o == nil {
			return append(dst, "null"...)
		}
		return marshalObject(dst, o)
	}
	return appendJSON(dst, v) // untyped values and maps
}

func appendJSON(dst []byte, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		return append(dst, "null"...)
	}
	return append(dst, b...)
}
