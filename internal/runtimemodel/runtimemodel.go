// Package runtimemodel builds an [errgenrt.Catalog] straight from a
// validated [model.Catalog], without compiling the generated Go package:
// its definitions are the ones the Go emitter writes ([gotype.Def]), and
// its details are a dynamic value (a JSON value typed by the detail schema)
// whose AppendJSON and Placeholder follow, field for field, the methods the
// Go emitter (internal/gen/golang) writes, with the types and fields of
// internal/gotype. The docs emitter and `errgen explain` render catalog
// examples with it, so the payloads they show are the bytes the runtime
// sends; a test holds it byte-for-byte to the vectors the compiled golden
// packages produce.
//
// Example values are read as encoding/json reads them into the generated
// structs: a missing or null field is the Go zero value (nil for optional
// fields, slices, maps and untyped values), untyped numbers become float64,
// and a key matching no property exactly matches one case-insensitively —
// except in an open object (additionalProperties beside properties), whose
// generated UnmarshalJSON matches names exactly and keeps every other
// member in its Extra map.
package runtimemodel

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/gotype"
	"github.com/errgen/errgen/internal/model"
)

// Catalog is the runtime catalog of a model, with what it needs to turn
// example values into details.
type Catalog struct {
	// Runtime is the catalog the errgenrt renderers work with.
	Runtime *errgenrt.Catalog

	defs      map[*model.Error]*errgenrt.Def
	roots     map[*model.Error]*typ // the details type of each error with details
	objects   map[*model.Schema]*objType
	sensitive map[*model.Property]bool
}

// typ is the Go type of a schema node (gotype.Of), with the struct type
// it names.
type typ struct {
	gotype.Type
	obj  *objType // Struct, not built in
	elem *typ     // Slice
}

// objType is a generated struct: its properties in declaration order,
// and for an open object (additionalProperties beside properties) the type
// and field of its other members.
type objType struct {
	props      []*prop
	trim       bool     // a minimal payload leaves out the optional fields (gotype.Trim)
	names      []string // the properties' names
	extra      *typ     // nil for a closed object
	extraField *errgenrt.Field
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
		roots:     make(map[*model.Error]*typ, len(m.Errors)),
		objects:   map[*model.Schema]*objType{},
		sensitive: gotype.Sensitive(m),
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
	if r.Builtin() {
		return fieldErrors(v)
	}
	m, _ := v.(map[string]any)
	return decodeObject(r.obj, m)
}

// New returns an error of e whose details hold the example value v.
func (c *Catalog) New(e *model.Error, v any, opts ...errgenrt.Option) *errgenrt.Error {
	return errgenrt.New(c.defs[e], c.Details(e, v), opts...)
}

func (c *Catalog) def(e *model.Error) *errgenrt.Def {
	d := gotype.Def(e)
	t, ok := gotype.Details(e)
	if !ok {
		return d
	}
	r := c.typeOf(t)
	c.roots[e] = r
	switch {
	case r.Builtin():
		d.ZeroDetails = errgenrt.ZeroFieldErrors
	default:
		d.ZeroDetails = func() errgenrt.Details { return zeroObject(r.obj) }
	}
	return d
}

// typeOf returns the type of a schema node's Go type, its struct types
// made once per schema (shapes may recurse through $ref).
func (c *Catalog) typeOf(t gotype.Type) *typ {
	out := &typ{Type: t}
	switch {
	case t.Kind == gotype.Slice:
		out.elem = c.typeOf(*t.Elem)
	case t.Kind == gotype.Struct && !t.Builtin():
		out.obj = c.object(t.Schema)
	}
	return out
}

// object returns the struct type of an object schema, once per schema.
func (c *Catalog) object(s *model.Schema) *objType {
	if o := c.objects[s]; o != nil {
		return o
	}
	o := &objType{trim: gotype.Trim(s)}
	c.objects[s] = o
	o.props = make([]*prop, 0, len(s.Properties))
	for _, p := range s.Properties {
		f := gotype.Field(p, c.sensitive)
		o.props = append(o.props, &prop{name: p.Name, required: p.Required, field: &f})
		o.names = append(o.names, p.Name)
	}
	// types after the slice exists, so a recursive shape finds its props
	for i, p := range s.Properties {
		o.props[i].typ = c.typeOf(gotype.Of(p.Schema))
	}
	if t, ok := gotype.Extra(s); ok {
		f := gotype.ExtraField(s)
		o.extra, o.extraField = c.typeOf(t), &f
	}
	return o
}

// object is a value of a generated struct type: one Go value per property
// and whether it is set (non-nil, for the pointer, slice, map and
// interface fields of optional properties).
type object struct {
	t     *objType
	vals  []any
	set   []bool
	extra map[string]any // an open object's other members, as Go values of t.extra
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
	switch t.Kind {
	case gotype.String, gotype.Enum:
		return ""
	case gotype.Int:
		return int64(0)
	case gotype.Float:
		return float64(0)
	case gotype.Bool:
		return false
	case gotype.Map:
		return map[string]any(nil)
	case gotype.Slice:
		return []any(nil)
	case gotype.Struct:
		if t.Builtin() {
			return (*errgenrt.FieldErrors)(nil)
		}
		if !t.Ptr && required {
			return zeroObject(t.obj)
		}
		return (*object)(nil)
	}
	return nil
}

// decodeObject reads a JSON object into a struct value. An open object
// reads as its generated UnmarshalJSON does (errgenrt.UnmarshalOpen):
// declared fields by their exact names, every other member into Extra.
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
	if t.extra != nil {
		for k, v := range m {
			if !slices.Contains(t.names, k) {
				if o.extra == nil {
					o.extra = make(map[string]any, len(m))
				}
				o.extra[k], _ = decode(t.extra, v, true)
			}
		}
	} else if exact < len(m) {
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
	switch p.typ.Kind {
	case gotype.String, gotype.Enum, gotype.Int, gotype.Float, gotype.Bool:
		return p.required
	case gotype.Struct:
		return p.required && !p.typ.Ptr
	}
	return false
}

// decode converts a JSON value to the Go value of a field of type t, and
// reports whether the field is set.
func decode(t *typ, v any, required bool) (any, bool) {
	if v == nil {
		return zero(t, required), false
	}
	switch t.Kind {
	case gotype.String, gotype.Enum:
		if s, ok := v.(string); ok {
			return s, true
		}
	case gotype.Int:
		if n, ok := toInt(v); ok {
			return n, true
		}
	case gotype.Float:
		if f, ok := toFloat(v); ok {
			return f, true
		}
	case gotype.Bool:
		if b, ok := v.(bool); ok {
			return b, true
		}
	case gotype.Any:
		return untyped(v), true
	case gotype.Map:
		if m, ok := untyped(v).(map[string]any); ok {
			return m, true
		}
	case gotype.Slice:
		if list, ok := v.([]any); ok {
			out := make([]any, len(list))
			for i, it := range list {
				out[i], _ = decode(t.elem, it, true)
			}
			return out, true
		}
	case gotype.Struct:
		if t.Builtin() {
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
		dst = member(e, dst, o.t.trim, p, o.vals[i], o.set[i])
	}
	if o.t.extra != nil {
		for _, k := range errgenrt.ExtraKeys(e, o.t.extraField, o, o.extra, o.t.names) {
			dst = e.ExtraKey(dst, k)
			dst = value(e, dst, o.t.extraField, o.t.extra, o.extra[k])
		}
	}
	return e.Close(dst)
}

func member(e *errgenrt.Encoder, dst []byte, trim bool, p *prop, v any, set bool) []byte {
	t, f := p.typ, p.field
	if !p.required && (!set || trim && !e.Full()) {
		return dst // optional: written only when present (and not minimal, where that may be)
	}
	switch t.Kind {
	case gotype.String, gotype.Enum:
		return e.String(dst, f, v.(string))
	case gotype.Int:
		return e.Int(dst, f, v.(int64))
	case gotype.Float:
		return e.Float(dst, f, v.(float64))
	case gotype.Bool:
		return e.Bool(dst, f, v.(bool))
	case gotype.Any, gotype.Map:
		return e.Any(dst, f, v)
	case gotype.Struct:
		return e.Details(dst, f, structValue(t, v))
	case gotype.Slice:
		if e.Emit(f) {
			dst = e.Key(dst, f)
			dst = e.OpenArray(dst)
			dst = items(e, dst, f, t, v.([]any))
			dst = e.CloseArray(dst)
		}
	}
	return dst
}

// structValue returns the details of a struct field or item, a zero value
// in place of a nil pointer (as the generated code writes new(T)).
func structValue(t *typ, v any) errgenrt.Details {
	if t.Builtin() {
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

// items writes the items of a list of slice type st: every item, or in a
// minimal payload the first st.Keep.
func items(e *errgenrt.Encoder, dst []byte, f *errgenrt.Field, st *typ, list []any) []byte {
	for _, it := range list[:e.Keep(len(list), st.Keep)] {
		dst = value(e, dst, f, st.elem, it)
	}
	return dst
}

// value appends one value of type t (an array item, or the value of an
// extra member) as the generated code does (golang.value).
func value(e *errgenrt.Encoder, dst []byte, f *errgenrt.Field, t *typ, v any) []byte {
	switch t.Kind {
	case gotype.String, gotype.Enum:
		return e.StringValue(dst, f, v.(string))
	case gotype.Int:
		return e.IntValue(dst, v.(int64))
	case gotype.Float:
		return e.FloatValue(dst, v.(float64))
	case gotype.Bool:
		return e.BoolValue(dst, v.(bool))
	case gotype.Any, gotype.Map:
		return e.AnyValue(dst, f, v)
	case gotype.Struct:
		return structValue(t, v).AppendJSON(e, dst)
	case gotype.Slice:
		dst = e.OpenArray(dst)
		list, _ := v.([]any)
		dst = items(e, dst, f, t, list)
		return e.CloseArray(dst)
	}
	return dst
}

// Placeholder implements [errgenrt.Placeholders] as the generated
// Placeholder methods do (golang.textStmt): the text of the top-level
// field named field.
func (o *object) Placeholder(txt *errgenrt.Text, field string) {
	for i, p := range o.t.props {
		if p.name == field {
			placeholder(txt, p, o.vals[i], o.set[i])
			return
		}
	}
}

func placeholder(txt *errgenrt.Text, p *prop, v any, set bool) {
	t, f := p.typ, p.field
	optional := !p.required && t.Pointable()
	switch t.Kind {
	case gotype.String, gotype.Enum:
		if !optional || set {
			txt.Str(f, v.(string))
		}
		return
	case gotype.Int:
		if !optional || set {
			txt.Int(f, v.(int64))
		}
		return
	case gotype.Float:
		if !optional || set {
			txt.Float(f, v.(float64))
		}
		return
	case gotype.Bool:
		if !optional || set {
			txt.Bool(f, v.(bool))
		}
		return
	case gotype.Slice:
		list, _ := v.([]any)
		switch {
		case !p.required && !set:
			return // absent: no text
		case len(list) == 0:
			txt.Strings(f, nil) // "[]", as Text.JSON writes an empty list too
			return
		}
		if t.elem.Kind == gotype.String {
			strs := make([]string, len(list))
			for i, it := range list {
				strs[i] = it.(string)
			}
			txt.Strings(f, strs)
			return
		}
		// any other array is written as the details carry it (Text.Array)
		txt.Array(f, func(e *errgenrt.Encoder, dst []byte) []byte {
			dst = e.OpenArray(dst)
			dst = items(e, dst, f, t, list)
			return e.CloseArray(dst)
		})
		return
	case gotype.Struct:
		if !t.Ptr && !optional {
			txt.JSON(f, structValue(t, v))
		} else if set {
			txt.JSON(f, structValue(t, v))
		}
		return
	}
	txt.JSON(f, v) // untyped (nil: nothing) and maps (nil: {})
}

// UnmarshalJSON reads the JSON object data into o as encoding/json reads
// it into the generated struct (see decodeObject); null leaves o as it is.
func (o *object) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return err
	}
	if v == nil {
		return nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return fmt.Errorf("details of %d fields: want a JSON object", len(o.t.props))
	}
	*o = *decodeObject(o.t, m)
	return nil
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
	// an open object's other members, as errgenrt.MarshalOpen writes them
	keys := make([]string, 0, len(o.extra))
	for k := range o.extra {
		if !slices.Contains(o.t.names, k) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		if !first {
			dst = append(dst, ',')
		}
		first = false
		dst = appendJSON(dst, k)
		dst = append(dst, ':')
		dst = marshalValue(dst, o.t.extra, o.extra[k], true)
	}
	return append(dst, '}')
}

// empty is encoding/json's omitempty test on the field's Go value.
func empty(t *typ, v any, set bool) bool {
	switch t.Kind {
	case gotype.Slice:
		l, _ := v.([]any)
		return len(l) == 0
	case gotype.Map:
		m, _ := v.(map[string]any)
		return len(m) == 0
	case gotype.Any:
		return v == nil
	}
	return !set // pointers
}

// marshalValue appends the encoding/json form of a field's Go value; a
// pointer field that is not set is null.
func marshalValue(dst []byte, t *typ, v any, set bool) []byte {
	switch t.Kind {
	case gotype.String, gotype.Enum:
		if !set {
			return append(dst, "null"...)
		}
		return appendJSON(dst, v.(string))
	case gotype.Int:
		if !set {
			return append(dst, "null"...)
		}
		return strconv.AppendInt(dst, v.(int64), 10)
	case gotype.Float:
		if !set {
			return append(dst, "null"...)
		}
		return appendJSON(dst, v.(float64))
	case gotype.Bool:
		if !set {
			return append(dst, "null"...)
		}
		return strconv.AppendBool(dst, v.(bool))
	case gotype.Slice:
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
	case gotype.Struct:
		if t.Builtin() {
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
