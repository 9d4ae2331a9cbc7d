package errgenrt

import (
	"encoding/json"
	"errors"
	"math"
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

// Redacted replaces a sensitive value.
const Redacted = "<redacted>"

// The bounds of the wire that every runtime shares.
const (
	// UntypedDepth is how deep an untyped value is written: a value nested
	// deeper (the field's own value is the first level) is null.
	UntypedDepth = 32
	// DebugStringBytes bounds each string of debugInfo.
	DebugStringBytes = 256
	// ErrorChainEntries is how many errors of the cause chain debugInfo
	// lists.
	ErrorChainEntries = 5
	// MinMaxDataBytes and MinMaxStringBytes are the smallest bounds the
	// options may set (a catalog's own are as large): smaller ones are
	// raised to them, since the bounds rule cannot honor them.
	MinMaxDataBytes   = 512
	MinMaxStringBytes = 16
)

// MinimalStringBytes bound strings in a minimal payload: a first try, and a
// harsher one when escaping makes the first still too large.
var MinimalStringBytes = [...]int{64, 8}

// Encoder writes payloads under one set of options.
type Encoder struct {
	verbose   bool
	show      bool // sensitive values in clear, x-sanitize values as given
	maxString int
	minimal   bool
	minString int  // string bound while minimal
	text      bool // writing a placeholder's value: full, strings unbounded

	def    *Def // the error whose details are written
	report bool // report violations (the first pass of a payload)
	path   []pathSeg
	// lastKeyword is the keyword the last invalid value broke.
	lastKeyword string
	failed      bool // the details could not be written valid
	// pending are the violations of required values without a
	// replacement, reported once an enclosing value's fate is known.
	pending []Violation
	// hook learns of the violations: the options' own, else the
	// catalog's OnViolation
	hook func(Violation)

	// flatten is set while a problem document's details are written
	// (flattened), and flatKeys holds the other members of open details
	// written there, which caller extensions may not take.
	flatten  bool
	flatKeys []string

	buf     []byte // template text
	scratch []byte // a placeholder's value
	// values are the Values the writers read fields and items into, one
	// per level of nesting (a Value handed to a generated method escapes:
	// these are allocated once per pooled encoder).
	values []Value
	level  int
}

// value returns the Value of the current level of nesting, ready for a
// generated method to fill: the members that tell what it holds cleared
// (the others are read only where these say so).
func (e *Encoder) value() *Value {
	for len(e.values) <= e.level {
		e.values = append(e.values, Value{})
	}
	v := &e.values[e.level]
	v.IsAny, v.Obj, v.List, v.Map = false, nil, nil, nil
	return v
}

var encoders = sync.Pool{New: func() any { return new(Encoder) }}

func getEncoder(c *Catalog, o *Options) *Encoder {
	e := encoders.Get().(*Encoder)
	e.verbose, e.show, e.minimal, e.text = o.Verbose, o.ShowSensitive, false, false
	e.def, e.report, e.failed, e.flatten = nil, false, false, false
	e.pending = e.pending[:0]
	e.path = e.path[:0]
	e.level = 0
	e.hook = o.onViolation
	if e.hook == nil {
		e.hook = c.OnViolation
	}
	e.maxString = o.MaxStringBytes
	if e.maxString <= 0 {
		e.maxString = c.Limits.MaxStringBytes
	}
	if e.maxString <= 0 { // a Catalog made by hand, without limits
		e.maxString = 1024
	}
	if e.maxString < MinMaxStringBytes {
		e.maxString = MinMaxStringBytes
	}
	return e
}

func putEncoder(e *Encoder) {
	if cap(e.buf) > 64<<10 {
		e.buf = nil
	}
	e.def, e.hook = nil, nil
	encoders.Put(e)
}

// pathSeg is one step of the path of a value: a member's name, or (name
// "") an item's index.
type pathSeg struct {
	name    string
	index   int
	isIndex bool
}

// push, pushIndex and pop keep the path of the value being written, for
// violations.
func (e *Encoder) push(name string) { e.path = append(e.path, pathSeg{name: name}) }
func (e *Encoder) pushIndex(i int)  { e.path = append(e.path, pathSeg{index: i, isIndex: true}) }
func (e *Encoder) pop()             { e.path = e.path[:len(e.path)-1] }

// violation reports the value at the current path, which broke
// e.lastKeyword, to the hook (on the first pass of a payload only), with
// the violations pending below it.
func (e *Encoder) violation(outcome string) {
	if !e.reporting() {
		return
	}
	f := e.hook
	for _, v := range e.pending {
		v.Outcome = outcome
		f(v)
	}
	e.pending = e.pending[:0]
	f(Violation{Symbol: e.def.Symbol, Path: e.pointer(), Keyword: e.lastKeyword, Outcome: outcome})
}

// hold keeps the violation at the current path until an enclosing value's
// fate is known (see violation, flush).
func (e *Encoder) hold() {
	if e.reporting() {
		e.pending = append(e.pending, Violation{Symbol: e.def.Symbol, Path: e.pointer(), Keyword: e.lastKeyword})
	}
}

// flush reports the pending violations with outcome.
func (e *Encoder) flush(outcome string) {
	if e.reporting() {
		for _, v := range e.pending {
			v.Outcome = outcome
			e.hook(v)
		}
	}
	e.pending = e.pending[:0]
}

func (e *Encoder) reporting() bool {
	return e.report && e.def != nil && e.hook != nil
}

// pointer returns the current path as a JSON Pointer.
func (e *Encoder) pointer() string {
	var p strings.Builder
	for _, seg := range e.path {
		p.WriteByte('/')
		if seg.isIndex {
			p.WriteString(strconv.Itoa(seg.index))
			continue
		}
		p.WriteString(strings.ReplaceAll(strings.ReplaceAll(seg.name, "~", "~0"), "/", "~1"))
	}
	return p.String()
}

// Violation is a detail value the runtime did not write as given, since it
// breaks its schema: [Catalog.OnViolation] learns of each, once per
// payload rendered.
type Violation struct {
	Symbol  string // the error
	Path    string // where the value is in the details, a JSON Pointer ("/limit", "/paths/2")
	Keyword string // the keyword it breaks: type, enum, const, pattern, format, minimum, minItems, uniqueItems, …
	// Outcome is what was written instead: "omitted" (an optional member
	// left out, an item dropped), "replaced" (a required member written as
	// its schema's replacement value) or "fallback" (the error written as
	// the catalog's fallback, its details having no valid form).
	Outcome string
}

// appendFloat writes v as ECMAScript's Number.prototype.toString (and so
// JSON.stringify) writes it, the form every errgen runtime shares: the
// shortest digits that read back as v, in plain notation from 1e-6 up to
// 1e21 and in exponent notation (1e+21, 1.5e-7) outside; -0 as 0. JSON has
// no NaN or infinities: NaN is written as 0 and the infinities as the
// largest finite numbers.
func appendFloat(dst []byte, v float64) []byte {
	switch {
	case math.IsNaN(v), v == 0 && !otherReading(RuleNegativeZero):
		v = 0 // also -0
	case math.IsInf(v, 1):
		v = math.MaxFloat64
	case math.IsInf(v, -1):
		v = -math.MaxFloat64
	}
	plainBelow := 1e21
	if otherReading(RulePlainNotation) {
		plainBelow = 1e20
	}
	if abs := math.Abs(v); abs == 0 || abs >= 1e-6 && abs < plainBelow {
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
	f, ok := parseNumber(x)
	if !ok {
		return append(dst, '0')
	}
	if otherReading(RuleNumberAsDouble) && !strings.ContainsAny(x, ".eE") && x != "-0" {
		return append(dst, x...)
	}
	return appendFloat(dst, f)
}

// parseNumber reads the JSON number x as an IEEE double, as every JSON
// reader does: the nearest double, ±Inf past the largest one.
func parseNumber(x string) (float64, bool) {
	if !json.Valid([]byte(x)) {
		return 0, false
	}
	f, err := strconv.ParseFloat(x, 64)
	return f, err == nil || errors.Is(err, strconv.ErrRange)
}

const hexDigits = "0123456789abcdef"

// plainByte holds the bytes a JSON string written for HTML keeps as they
// are: printable ASCII but for '"', '\', '<', '>' and '&'.
var plainByte = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// plainString reports whether appendEscaped would copy s unchanged.
func plainString(s string) bool {
	for i := 0; i < len(s); i++ {
		if !plainByte[s[i]] {
			return false
		}
	}
	return true
}

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
	for cut > 0 && !utf8.RuneStart(s[cut]) && !otherReading(RuleCutAtCharacter) {
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
	if otherReading(RuleHTMLEscape) {
		s = validUTF8(s)
		if limit >= 0 && len(s) > limit { // cut as below
			return append(appendEscaped(append(dst, '"'), s[:cutAt(s, limit)], false), `..."`...)
		}
		return append(appendEscaped(append(dst, '"'), s, false), '"')
	}
	if (limit < 0 || len(s) <= limit) && plainString(s) {
		// Nothing to replace, escape or cut: the bytes themselves.
		dst = append(dst, '"')
		dst = append(dst, s...)
		return append(dst, '"')
	}
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
		if (r == '\u2028' || r == '\u2029') && !otherReading(RuleLineSeparators) {
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

// Template is one template of an error as the catalog writes it: literal
// text with {field} placeholders naming top-level detail fields, and {{
// and }} standing for literal braces.
type Template string

// render returns the text of tpl for the details d of node n (nil: none).
// The string may share the encoder's buffer: use it before the next
// render.
func (e *Encoder) render(tpl *Template, n *Node, d Details) string {
	s := string(*tpl)
	i := indexBrace(s)
	if i < 0 {
		return s // no placeholder and no escaped brace: the text itself
	}
	e.buf = e.buf[:0]
	for ; i >= 0; i = indexBrace(s) {
		e.buf = append(e.buf, s[:i]...)
		c := s[i]
		s = s[i+1:]
		if len(s) > 0 && s[0] == c { // {{ or }}
			e.buf = append(e.buf, c)
			s = s[1:]
			continue
		}
		end := indexBrace(s)
		if c == '}' || end < 0 || s[end] == '{' {
			e.buf = append(e.buf, c) // unbalanced: the checker rejects it; kept as text
			continue
		}
		if n != nil && n.Object != nil && end > 0 {
			e.placeholder(n, d, s[:end])
		}
		s = s[end+1:]
	}
	e.buf = append(e.buf, s...)
	return unsafe.String(unsafe.SliceData(e.buf), len(e.buf))
}

// indexBrace returns the index of the first { or } of s, or -1.
func indexBrace(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] == '{' || s[i] == '}' {
			return i
		}
	}
	return -1
}
