package errgenrt

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"
)

// Sanitizer names the scrubbing an x-sanitize field gets unless verbose.
type Sanitizer uint8

// The sanitizers of x-sanitize.
const (
	SanitizeNone Sanitizer = iota
	SanitizePath
	SanitizeURI
	SanitizeText
)

// Field describes one detail field for the encoder: its wire name and the
// catalog's extension keywords. Generated code declares one per field.
type Field struct {
	Name      string
	Sensitive bool      // x-sensitive / sensitive: "<redacted>" unless verbose or redaction is off
	Verbose   bool      // x-verbose: emitted only in verbose mode
	Sanitize  Sanitizer // x-sanitize
	MaxBytes  int       // x-max-bytes; 0: the limit for every string
	// Exact marks a field whose schema constrains its strings (a pattern,
	// format, enum, length bound…): they are written whole, never
	// truncated nor shortened in a minimal payload, so that the payload
	// keeps to the schema.
	Exact bool
}

// Redacted replaces a sensitive value.
const Redacted = "<redacted>"

// minimalStringBytes bounds strings in a minimal context: a first try, and a
// harsher one when escaping makes the first still too large.
var minimalStringBytes = [...]int{64, 8}

// Encoder appends detail objects to JSON buffers under one set of options.
// Generated AppendJSON methods call its methods; members and array items are
// written with a trailing comma that [Encoder.Close] and
// [Encoder.CloseArray] take back.
type Encoder struct {
	verbose, redact bool
	maxString       int
	minimal         bool
	minString       int // string bound while minimal
	depth           int
	text            Text

	// flat is the details a problem document flattens while it writes
	// them, and flatKeys the extra members of an open object it wrote
	// there (see ExtraKeys).
	flat     Details
	flatKeys []string
}

var encoders = sync.Pool{New: func() any { return new(Encoder) }}

func getEncoder(c *Catalog, o *Options) *Encoder {
	e := encoders.Get().(*Encoder)
	e.verbose, e.redact, e.minimal, e.depth = o.Verbose, !o.ShowSensitive, false, 0
	e.maxString = o.MaxStringBytes
	if e.maxString <= 0 {
		e.maxString = c.Limits.MaxStringBytes
	}
	if e.maxString <= 0 {
		e.maxString = 1024
	}
	e.text.enc = e
	return e
}

func putEncoder(e *Encoder) {
	if cap(e.text.buf) > 64<<10 {
		e.text.buf = nil
	}
	encoders.Put(e)
}

// Verbose reports whether verbose-only fields are emitted.
func (e *Encoder) Verbose() bool { return e.verbose }

// Full reports whether optional fields are emitted: false while the encoder
// writes a minimal context (a payload past max_data_bytes).
func (e *Encoder) Full() bool { return !e.minimal }

// Emit reports whether field f is written at all.
func (e *Encoder) Emit(f *Field) bool { return !f.Verbose || e.verbose }

// Open starts an object.
func (e *Encoder) Open(dst []byte) []byte { return append(dst, '{') }

// Close ends an object (or array) opened with Open, as a member or item.
func (e *Encoder) Close(dst []byte) []byte { return closeWith(dst, '}') }

// OpenArray starts an array.
func (e *Encoder) OpenArray(dst []byte) []byte { return append(dst, '[') }

// CloseArray ends an array, as a member or item.
func (e *Encoder) CloseArray(dst []byte) []byte { return closeWith(dst, ']') }

func closeWith(dst []byte, c byte) []byte {
	if n := len(dst); n > 0 && dst[n-1] == ',' {
		dst[n-1] = c
	} else {
		dst = append(dst, c)
	}
	return append(dst, ',')
}

// Key writes the member name of f.
func (e *Encoder) Key(dst []byte, f *Field) []byte {
	dst = appendQuoted(dst, f.Name, -1)
	return append(dst, ':')
}

// String writes the member f with a string value.
func (e *Encoder) String(dst []byte, f *Field, v string) []byte {
	if !e.Emit(f) {
		return dst
	}
	return e.StringValue(e.Key(dst, f), f, v)
}

// StringValue writes a string item under f's rules: redaction, sanitizing,
// truncation.
func (e *Encoder) StringValue(dst []byte, f *Field, v string) []byte {
	return append(appendQuoted(dst, e.process(f, v), e.limit(f)), ',')
}

// Int writes the member f with an integer value.
func (e *Encoder) Int(dst []byte, f *Field, v int64) []byte {
	if !e.Emit(f) {
		return dst
	}
	return e.IntValue(e.Key(dst, f), v)
}

// IntValue writes an integer item.
func (e *Encoder) IntValue(dst []byte, v int64) []byte {
	return append(strconv.AppendInt(dst, v, 10), ',')
}

// Float writes the member f with a number value.
func (e *Encoder) Float(dst []byte, f *Field, v float64) []byte {
	if !e.Emit(f) {
		return dst
	}
	return e.FloatValue(e.Key(dst, f), v)
}

// FloatValue writes a number item; NaN becomes 0 and infinities the largest
// finite numbers, since JSON has neither.
func (e *Encoder) FloatValue(dst []byte, v float64) []byte {
	return append(appendFloat(dst, v), ',')
}

// Bool writes the member f with a boolean value.
func (e *Encoder) Bool(dst []byte, f *Field, v bool) []byte {
	if !e.Emit(f) {
		return dst
	}
	return e.BoolValue(e.Key(dst, f), v)
}

// BoolValue writes a boolean item.
func (e *Encoder) BoolValue(dst []byte, v bool) []byte {
	return append(strconv.AppendBool(dst, v), ',')
}

// Any writes the member f with an untyped value.
func (e *Encoder) Any(dst []byte, f *Field, v any) []byte {
	if !e.Emit(f) {
		return dst
	}
	return e.AnyValue(e.Key(dst, f), f, v)
}

// AnyValue writes an untyped item: strings under f's rules, everything
// else as JSON.
func (e *Encoder) AnyValue(dst []byte, f *Field, v any) []byte {
	if s, ok := v.(string); ok {
		return e.StringValue(dst, f, s)
	}
	if f.Sensitive && e.redact && !e.verbose && v != nil {
		return append(appendQuoted(dst, Redacted, -1), ',')
	}
	return append(e.appendAny(dst, v, e.limit(f)), ',')
}

// Details writes a nested detail value (a generated struct).
func (e *Encoder) Details(dst []byte, f *Field, v Details) []byte {
	if !e.Emit(f) {
		return dst
	}
	return v.AppendJSON(e, e.Key(dst, f))
}

func (e *Encoder) limit(f *Field) int {
	if f != nil && f.Exact {
		return -1
	}
	n := e.maxString
	if f != nil && f.MaxBytes > 0 {
		n = f.MaxBytes
	}
	if e.minimal && n > e.minString {
		n = e.minString
	}
	return n
}

// process applies redaction and sanitizing to a string field's value.
func (e *Encoder) process(f *Field, v string) string {
	if f == nil || e.verbose {
		return v
	}
	if f.Sensitive && e.redact {
		return Redacted
	}
	switch f.Sanitize {
	case SanitizePath:
		return SanitizePathText(v)
	case SanitizeURI:
		return SanitizeURIText(v)
	case SanitizeText:
		return SanitizeFreeText(v)
	}
	return v
}

// appendAny writes a JSON value without a trailing comma, its strings
// bounded to limit bytes (-1: whole).
func (e *Encoder) appendAny(dst []byte, v any, limit int) []byte {
	e.depth++
	defer func() { e.depth-- }()
	if e.depth > 32 {
		return append(dst, "null"...)
	}
	switch x := v.(type) {
	case nil:
		return append(dst, "null"...)
	case string:
		return appendQuoted(dst, x, limit)
	case bool:
		return strconv.AppendBool(dst, x)
	case int:
		return strconv.AppendInt(dst, int64(x), 10)
	case int8:
		return strconv.AppendInt(dst, int64(x), 10)
	case int16:
		return strconv.AppendInt(dst, int64(x), 10)
	case int32:
		return strconv.AppendInt(dst, int64(x), 10)
	case int64:
		return strconv.AppendInt(dst, x, 10)
	case uint:
		return strconv.AppendUint(dst, uint64(x), 10)
	case uint8:
		return strconv.AppendUint(dst, uint64(x), 10)
	case uint16:
		return strconv.AppendUint(dst, uint64(x), 10)
	case uint32:
		return strconv.AppendUint(dst, uint64(x), 10)
	case uint64:
		return strconv.AppendUint(dst, x, 10)
	case float32:
		return appendFloat(dst, float64(x))
	case float64:
		return appendFloat(dst, x)
	case json.Number:
		return appendNumber(dst, string(x))
	case []string:
		dst = append(dst, '[')
		for i, s := range x {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendQuoted(dst, s, limit)
		}
		return append(dst, ']')
	case []any:
		dst = append(dst, '[')
		for i, it := range x {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = e.appendAny(dst, it, limit)
		}
		return append(dst, ']')
	case map[string]any:
		dst = append(dst, '{')
		for i, k := range sortedKeys(x) {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(appendQuoted(dst, k, limit), ':')
			dst = e.appendAny(dst, x[k], limit)
		}
		return append(dst, '}')
	case map[string]string:
		dst = append(dst, '{')
		for i, k := range sortedKeys(x) {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(appendQuoted(dst, k, limit), ':')
			dst = appendQuoted(dst, x[k], limit)
		}
		return append(dst, '}')
	case Details:
		dst = x.AppendJSON(e, dst)
		return dst[:len(dst)-1] // AppendJSON writes an item with its comma
	case json.Marshaler:
		b, err := x.MarshalJSON()
		if err != nil || !json.Valid(b) {
			return append(dst, "null"...)
		}
		return e.appendCompact(dst, b, limit)
	default:
		b, err := json.Marshal(x)
		if err != nil {
			return append(dst, "null"...)
		}
		return e.appendCompact(dst, b, limit)
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// appendCompact re-encodes JSON from a Marshaler or encoding/json through
// the encoder, so every string is escaped (and bounded) alike.
func (e *Encoder) appendCompact(dst, b []byte, limit int) []byte {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return append(dst, "null"...)
	}
	return e.appendAny(dst, v, limit)
}

// appendFloat writes v as ECMAScript's Number.prototype.toString (and so
// JSON.stringify) writes it, the form every errgen runtime shares: the
// shortest digits that read back as v, in plain notation from 1e-6 up to
// 1e21 and in exponent notation (1e+21, 1.5e-7) outside; -0 as 0. JSON has
// no NaN or infinities: NaN is written as 0 and the infinities as the
// largest finite numbers.
func appendFloat(dst []byte, v float64) []byte {
	switch {
	case math.IsNaN(v), v == 0:
		v = 0 // also -0
	case math.IsInf(v, 1):
		v = math.MaxFloat64
	case math.IsInf(v, -1):
		v = -math.MaxFloat64
	}
	if abs := math.Abs(v); abs == 0 || abs >= 1e-6 && abs < 1e21 {
		return strconv.AppendFloat(dst, v, 'f', -1, 64)
	}
	dst = strconv.AppendFloat(dst, v, 'e', -1, 64)
	// Go writes at least two exponent digits (1e-07); ECMAScript as few as
	// it needs (1e-7)
	if n := len(dst); dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
		dst[n-2] = dst[n-1]
		dst = dst[:n-1]
	}
	return dst
}

// appendNumber writes the JSON number text x in the shared form: an
// integer keeps its digits (-0 is 0), any other number is written as the
// float64 it reads as (appendFloat), so 1.0 and 1e0 are 1. Text that is no
// JSON number is written as 0.
func appendNumber(dst []byte, x string) []byte {
	f, err := strconv.ParseFloat(x, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) || !json.Valid([]byte(x)) {
		return append(dst, '0')
	}
	if !strings.ContainsAny(x, ".eE") {
		if f == 0 {
			return append(dst, '0')
		}
		return append(dst, x...)
	}
	return appendFloat(dst, f)
}

const hexDigits = "0123456789abcdef"

// validUTF8 replaces each invalid UTF-8 sequence of s by U+FFFD.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

// cutAt returns where a string longer than limit bytes is cut, at a UTF-8
// boundary, to leave room for the "..." that marks the cut.
func cutAt(s string, limit int) int {
	cut := limit - 3
	if cut < 0 {
		cut = 0
	}
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return cut
}

// truncate bounds s (valid UTF-8) to limit bytes as appendQuoted does: a
// longer string is cut at a UTF-8 boundary and ends in "...". A negative
// limit means none.
func truncate(s string, limit int) string {
	if limit < 0 || len(s) <= limit {
		return s
	}
	return s[:cutAt(s, limit)] + "..."
}

// appendQuoted writes s as a JSON string, truncated to at most limit bytes
// of s (counting a visible "..." suffix) at a UTF-8 boundary; a negative
// limit means no limit. Invalid UTF-8 becomes U+FFFD; <, >, &, U+2028 and
// U+2029 are escaped so the JSON is safe inside HTML and JavaScript.
func appendQuoted(dst []byte, s string, limit int) []byte {
	s = validUTF8(s) // measure what is written
	suffix := false
	if limit >= 0 && len(s) > limit {
		s = s[:cutAt(s, limit)]
		suffix = true
	}
	dst = append(dst, '"')
	dst = appendEscaped(dst, s, true)
	if suffix {
		dst = append(dst, "..."...)
	}
	return append(dst, '"')
}

// AppendJSONString appends s as a JSON string: quotes, backslashes and
// control characters escaped, U+2028 and U+2029 escaped (the text stays
// valid JavaScript), each byte of invalid UTF-8 replaced by U+FFFD. With
// html, <, > and & are escaped too, as in every string the renderers
// write, so that the JSON is safe inside HTML; without, they are kept
// for the reader (errgen's JSON Schema writer).
func AppendJSONString(dst []byte, s string, html bool) []byte {
	dst = append(dst, '"')
	dst = appendEscaped(dst, s, html)
	return append(dst, '"')
}

// appendEscaped appends the escaped body of the JSON string of s.
func appendEscaped(dst []byte, s string, html bool) []byte {
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && (!html || c != '<' && c != '>' && c != '&') {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	return append(dst, s[start:]...)
}

// Text collects the raw text of a template while it renders; generated
// Placeholder methods call its methods. Placeholder values go through the
// same redaction and sanitizing as the field on the wire.
type Text struct {
	buf []byte
	enc *Encoder
}

// Lit appends literal template text.
func (t *Text) Lit(s string) { t.buf = append(t.buf, s...) }

func (t *Text) show(f *Field) bool { return !f.Verbose || t.enc.verbose }

// Str appends a string placeholder.
func (t *Text) Str(f *Field, v string) {
	if t.show(f) {
		t.buf = append(t.buf, t.enc.process(f, v)...)
	}
}

// OptStr appends an optional string placeholder; absent is empty.
func (t *Text) OptStr(f *Field, v *string) {
	if v != nil {
		t.Str(f, *v)
	}
}

// Int appends an integer placeholder.
func (t *Text) Int(f *Field, v int64) {
	if t.show(f) {
		t.buf = strconv.AppendInt(t.buf, v, 10)
	}
}

// OptInt appends an optional integer placeholder.
func (t *Text) OptInt(f *Field, v *int64) {
	if v != nil {
		t.Int(f, *v)
	}
}

// Float appends a number placeholder.
func (t *Text) Float(f *Field, v float64) {
	if t.show(f) {
		t.buf = appendFloat(t.buf, v)
	}
}

// OptFloat appends an optional number placeholder.
func (t *Text) OptFloat(f *Field, v *float64) {
	if v != nil {
		t.Float(f, *v)
	}
}

// Bool appends a boolean placeholder.
func (t *Text) Bool(f *Field, v bool) {
	if t.show(f) {
		t.buf = strconv.AppendBool(t.buf, v)
	}
}

// OptBool appends an optional boolean placeholder.
func (t *Text) OptBool(f *Field, v *bool) {
	if v != nil {
		t.Bool(f, *v)
	}
}

// Strings appends a list of strings joined by ", "; an empty list as [].
func (t *Text) Strings(f *Field, v []string) {
	if !t.show(f) {
		return
	}
	if len(v) == 0 {
		t.buf = append(t.buf, "[]"...)
		return
	}
	for i, s := range v {
		if i > 0 {
			t.buf = append(t.buf, ", "...)
		}
		t.buf = append(t.buf, t.enc.process(f, s)...)
	}
}

// JSON appends any other value: a string as itself, an array as its items
// joined by ", " (each as this writes it; "[]" for an empty or nil array),
// anything else as compact JSON.
func (t *Text) JSON(f *Field, v any) {
	if !t.show(f) || v == nil {
		return
	}
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Slice && rv.Len() == 0 {
		t.buf = append(t.buf, "[]"...)
		return
	}
	if s, ok := v.(string); ok {
		t.Str(f, s)
		return
	}
	if f.Sensitive && t.enc.redact && !t.enc.verbose {
		t.buf = append(t.buf, Redacted...)
		return
	}
	start := len(t.buf)
	t.buf = t.enc.appendAny(t.buf, v, -1)
	if t.buf[start] != '[' {
		return
	}
	// an array: its items, read back from the JSON just written
	arr := t.buf[start:]
	t.buf = t.buf[:start]
	t.items(f, arr, true)
}

// Array appends a typed array that is not a list of strings (numbers,
// objects, nested arrays): write appends the array as the details carry it
// on the wire, under its field's rules (redaction, verbose-only fields,
// bounds), with a trailing comma; the text is its items joined by ", ",
// each as its JSON, a string item as its text; an empty array is [].
func (t *Text) Array(f *Field, write func(e *Encoder, dst []byte) []byte) {
	if !t.show(f) {
		return
	}
	arr := write(t.enc, nil)
	t.items(f, arr[:len(arr)-1], false)
}

// items appends the items of the JSON array arr joined by ", ": a string
// item as its text (under f's rules when process is set), any other item
// as its JSON; an empty array as [].
func (t *Text) items(f *Field, arr []byte, process bool) {
	var items []json.RawMessage
	if json.Unmarshal(arr, &items) != nil || len(items) == 0 {
		t.buf = append(t.buf, "[]"...)
		return
	}
	for i, it := range items {
		if i > 0 {
			t.buf = append(t.buf, ", "...)
		}
		var s string
		switch {
		case json.Unmarshal(it, &s) != nil:
			t.buf = append(t.buf, it...)
		case process:
			t.buf = append(t.buf, t.enc.process(f, s)...)
		default:
			t.buf = append(t.buf, s...)
		}
	}
}

// Keep returns how many of an array's n items to write: all of them, or in
// a minimal payload the first keep (all when keep is negative), since the
// array's schema needs at least that many.
func (e *Encoder) Keep(n, keep int) int {
	if e.minimal && keep >= 0 && keep < n {
		return keep
	}
	return n
}

// Template is one template of an error as the catalog writes it: literal
// text with {field} placeholders naming top-level detail fields, and {{
// and }} standing for literal braces. A placeholder renders through the
// details' Placeholder method ([Placeholders]) under the field's redaction
// and sanitizing; details without one leave placeholders empty.
type Template string

// Placeholders is implemented by generated detail structs: Placeholder
// appends the text of the top-level field with the given name, under the
// field's redaction and sanitizing; a name of no field appends nothing.
type Placeholders interface {
	Placeholder(t *Text, field string)
}

// render returns the text of tpl for d. The string may share the encoder's
// buffer: use it before the next render.
func (e *Encoder) render(tpl *Template, d Details) string {
	s := string(*tpl)
	i := strings.IndexAny(s, "{}")
	if i < 0 {
		return s // no placeholder and no escaped brace: the text itself
	}
	ph, _ := d.(Placeholders)
	t := &e.text
	t.buf = t.buf[:0]
	for ; i >= 0; i = strings.IndexAny(s, "{}") {
		t.buf = append(t.buf, s[:i]...)
		c := s[i]
		s = s[i+1:]
		if len(s) > 0 && s[0] == c { // {{ or }}
			t.buf = append(t.buf, c)
			s = s[1:]
			continue
		}
		end := strings.IndexAny(s, "{}")
		if c == '}' || end < 0 || s[end] == '{' {
			t.buf = append(t.buf, c) // unbalanced: the checker rejects it; kept as text
			continue
		}
		if ph != nil && end > 0 {
			ph.Placeholder(t, s[:end])
		}
		s = s[end+1:]
	}
	t.buf = append(t.buf, s...)
	return unsafe.String(unsafe.SliceData(t.buf), len(t.buf))
}
