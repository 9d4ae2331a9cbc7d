package errgenrt

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"sort"
	"strconv"
	"sync/atomic"
	"unicode/utf16"
	"unicode/utf8"
)

// How the runtime writes a detail value of a node (see node.go), the one
// implementation of the rules of docs/guide/conformance.md for Go: a value
// is first checked against its node (Check.valid); one that breaks a check
// is not written as given — an optional member is left out, an item
// dropped, a required member written as the node's Replacement (without
// one its object fails in turn, and failed details make the error its
// catalog's fallback). A string is then redacted when sensitive, scrubbed
// by its x-sanitize, and bounded, each unless the options show sensitive
// values (redaction and scrubbing) or it is exact (bounds).

// writeValue appends v, the value of node n, and reports whether it was
// valid; when it was not, dst is returned as it was. sensitive is n's
// sensitivity where it is a top-level field (the error's own list adds to
// the node's).
func (e *Encoder) writeValue(dst []byte, n *Node, v *Value, sensitive bool) ([]byte, bool) {
	if v.IsAny && v.Any == nil && n.Kind != KindAny {
		// null where a value of a type is expected: that type's empty value,
		// as a Go field of that type reads it
		e := emptyValue(n)
		v = &e
	}
	switch n.Kind {
	case KindString:
		s, ok := v.str()
		if !ok {
			return dst, e.invalid("type")
		}
		if n.Check != nil {
			if kw := n.Check.checkString(s); kw != "" {
				return dst, e.invalid(kw)
			}
		}
		return appendQuoted(dst, e.scrub(n, sensitive, s), e.bound(n)), true
	case KindInteger:
		i, ok := v.integer()
		if !ok {
			return dst, e.invalid("type")
		}
		if n.Check != nil {
			if kw := n.Check.checkNumber(float64(i)); kw != "" {
				return dst, e.invalid(kw)
			}
		}
		return strconv.AppendInt(dst, i, 10), true
	case KindNumber:
		f, ok := v.number()
		if !ok {
			return dst, e.invalid("type")
		}
		f = jsonFloat(f)
		if kw := n.Check.checkNumber(f); kw != "" {
			return dst, e.invalid(kw)
		}
		return appendFloat(dst, f), true
	case KindBoolean:
		b, ok := v.boolean()
		if !ok {
			return dst, e.invalid("type")
		}
		return strconv.AppendBool(dst, b), true
	case KindArray:
		l, ok := v.list()
		if !ok {
			return dst, e.invalid("type")
		}
		return e.writeArray(dst, n, l)
	case KindObject:
		d, ok := v.object(n.Object)
		if !ok {
			return dst, e.invalid("type")
		}
		return e.writeObject(dst, n, d, false)
	}
	x := v.Any
	if kw := n.Check.checkAny(x); kw != "" {
		return dst, e.invalid(kw)
	}
	if (x != nil || otherReading(RuleRedactedNull)) && (sensitive || n.Sensitive) && e.redact() {
		return appendQuoted(dst, Redacted, -1), true
	}
	return e.appendAny(dst, n, x, 0), true
}

// invalid notes that the value at the current path breaks keyword kw, and
// reports false.
func (e *Encoder) invalid(kw string) bool {
	e.lastKeyword = kw
	return false
}

// redact reports whether sensitive values are redacted and x-sanitize
// values scrubbed.
func (e *Encoder) redact() bool { return !e.show }

// scrub returns the string s of node n as it is written: redacted when
// sensitive, else scrubbed by its x-sanitize (both unless shown).
func (e *Encoder) scrub(n *Node, sensitive bool, s string) string {
	if !e.redact() {
		return s
	}
	if sensitive || n.Sensitive {
		return Redacted
	}
	return sanitize(n.Sanitize, s)
}

func sanitize(s Sanitizer, v string) string {
	if s == SanitizeNone {
		return v
	}
	if last := lastScrubbed.Load(); last != nil && last.mode == s && last.in == v {
		return last.out
	}
	out := v
	switch s {
	case SanitizePath:
		out = SanitizePathText(v)
	case SanitizeURI:
		out = SanitizeURIText(v)
	case SanitizeText:
		out = SanitizeFreeText(v)
	}
	if len(v) >= longValue {
		lastScrubbed.Store(&scrubbed{s, v, out})
	}
	return out
}

// The last long string (longValue bytes or more) scrubbed, and the last
// checked: a value is written in every payload of an occurrence (each
// format, its message's placeholders, a minimal payload after a full
// one), and scrubbing or checking megabytes again each time took most of
// the time of one; the same string gives the same text, and the same
// verdict. One entry each, swapped whole, for every goroutine.
const longValue = 4096

type scrubbed struct {
	mode    Sanitizer
	in, out string
}

type checked struct {
	c     *Check
	s, kw string
}

var (
	lastScrubbed atomic.Pointer[scrubbed]
	lastChecked  atomic.Pointer[checked]
)

// bound returns the byte bound of the strings of node n (nil: the
// message's), -1 for none.
func (e *Encoder) bound(n *Node) int {
	if e.text || n != nil && n.Exact {
		return -1
	}
	b := e.maxString
	if n != nil && n.MaxBytes > 0 {
		b = n.MaxBytes
	}
	if e.minimal && (b > e.minString || otherReading(RuleMinimalBound)) {
		b = e.minString
	}
	return b
}

// writeArray appends the items of l that pass their node's checks: an item
// that breaks them is dropped, and so is (uniqueItems) one written as an
// earlier item was; at most maxItems are written, in a minimal payload at
// most Keep. Too few items for minItems fail the array.
func (e *Encoder) writeArray(dst []byte, n *Node, l List) ([]byte, bool) {
	start := len(dst)
	dst = append(dst, '[')
	c := n.Check
	maxItems := -1
	if c != nil && c.MaxItems != nil {
		maxItems = *c.MaxItems
	}
	keep := n.Keep
	if keep == 0 && otherReading(RuleKeepAbsent) {
		keep = -1
	}
	if e.minimal && keep >= 0 && (maxItems < 0 || keep < maxItems) {
		maxItems = keep
	}
	var written map[string]bool // each item written, for uniqueItems: a lookup an item, not a comparison with each earlier one
	unique := c != nil && c.UniqueItems
	if unique {
		written = map[string]bool{}
	}
	kept := 0
	e.level++
	for i := 0; i < l.Len() && (maxItems < 0 || kept < maxItems); i++ {
		v := e.value()
		l.At(i, v)
		mark := len(dst)
		if kept > 0 {
			dst = append(dst, ',')
		}
		at := len(dst)
		e.pushIndex(i)
		var ok bool
		dst, ok = e.writeValue(dst, n.Items, v, false)
		if !ok {
			e.violation("omitted")
		}
		e.pop()
		if ok && unique && written[string(dst[at:])] {
			ok = false
			e.lastKeyword = "uniqueItems"
			e.pushIndex(i)
			e.violation("omitted")
			e.pop()
		}
		if !ok {
			dst = dst[:mark]
			continue
		}
		if unique {
			written[string(dst[at:])] = true
		}
		kept++
	}
	e.level--
	if c != nil && c.MinItems != nil && *c.MinItems > kept {
		return dst[:start], e.invalid("minItems")
	}
	return append(dst, ']'), true
}

// writeObject appends object d (nil: every field absent) of node n: its
// declared fields in order, then (open, in a full payload) its other
// members sorted by key. top marks an error's details, whose fields also
// take the error's sensitive list.
func (e *Encoder) writeObject(dst []byte, n *Node, d Details, top bool) ([]byte, bool) {
	o := n.Object
	start := len(dst)
	dst = append(dst, '{')
	first := true
	e.level++
	for i := range o.Fields {
		f := &o.Fields[i]
		if f.Node.Verbose && !e.verbose && !otherReading(RuleVerboseFirst) {
			continue
		}
		v := e.value()
		present := d != nil && d.ErrgenField(i, v)
		if otherReading(RuleVerboseFirst) && f.Node.Verbose && !e.verbose { // checked, then left out
			if !present {
				*v = emptyValue(f.Node)
			}
			if _, ok := e.writeValue(nil, f.Node, v, false); !ok && f.Required && !f.Node.HasReplacement {
				e.level--
				return dst[:start], false
			}
			continue
		}
		if !present && !f.Required {
			continue
		}
		if !f.Required && e.minimal && o.Trim {
			continue
		}
		if !present {
			*v = emptyValue(f.Node)
		}
		sensitive := top && e.def != nil && e.def.sensitive(f.Name)
		mark := len(dst)
		if !first {
			dst = append(dst, ',')
		}
		dst = append(appendQuoted(dst, f.Name, -1), ':')
		e.push(f.Name)
		var ok bool
		if dst, ok = e.writeValue(dst, f.Node, v, sensitive); !ok {
			dst = dst[:mark]
			switch {
			case !f.Required:
				e.violation("omitted")
			case f.Node.HasReplacement:
				e.violation("replaced")
				if !first {
					dst = append(dst, ',')
				}
				dst = append(appendQuoted(dst, f.Name, -1), ':')
				r := Value{Any: f.Node.Replacement, IsAny: true}
				if otherReading(RuleReplacementNode) {
					as := *f.Node
					as.Sensitive, as.Sanitize, as.Exact, as.Check = false, SanitizeNone, true, nil
					dst, ok = e.writeValue(dst, &as, &r, false)
					break
				}
				dst, ok = e.writeValue(dst, f.Node, &r, sensitive)
			default:
				e.hold() // this object fails: what becomes of it decides
			}
		}
		e.pop()
		if !ok {
			dst = dst[:mark]
			if f.Required {
				e.level--
				return dst[:start], false
			}
			continue
		}
		first = false
	}
	e.level--
	if o.Extra != nil && !e.minimal && (!o.Extra.Verbose || e.verbose) {
		var extra Map
		if od, ok := d.(OpenDetails); ok {
			extra = od.ExtraMembers()
		}
		if extra != nil {
			dst = e.writeExtra(dst, o, extra, top, &first)
		}
	}
	return append(dst, '}'), true
}

// writeExtra appends the other members of an open object, sorted by key;
// a key named like a declared field is left out, and so is, in a problem
// document's flattened details, one named like a member of the document.
// A member whose value breaks the checks is left out.
func (e *Encoder) writeExtra(dst []byte, o *Object, extra Map, top bool, first *bool) []byte {
	keys := extra.Keys()
	sort.Slice(keys, func(i, j int) bool { return keyLess(keys[i], keys[j]) })
	flat := top && e.flatten
	for _, k := range keys {
		if o.has(k) || flat && contains(problemMembers, k) {
			continue
		}
		v := e.value()
		extra.Get(k, v)
		mark := len(dst)
		if !*first {
			dst = append(dst, ',')
		}
		dst = append(appendQuoted(dst, k, -1), ':')
		e.push(k)
		var ok bool
		dst, ok = e.writeValue(dst, o.Extra, v, false)
		if !ok {
			e.violation("omitted")
		}
		e.pop()
		if !ok {
			dst = dst[:mark]
			continue
		}
		*first = false
		if flat {
			e.flatKeys = append(e.flatKeys, k)
		}
	}
	return dst
}

// appendAny writes an untyped value x of node n: strings scrubbed by the
// node's x-sanitize (unless shown) and bounded, object members sorted by
// key (their keys scrubbed and bounded too; of members whose keys come out
// the same, only the first is written); past UntypedDepth levels a value
// is null.
func (e *Encoder) appendAny(dst []byte, n *Node, x any, depth int) []byte {
	if depth >= UntypedDepth && !(depth == UntypedDepth && otherReading(RuleUntypedDepth)) {
		return append(dst, "null"...)
	}
	switch v := x.(type) {
	case nil:
		return append(dst, "null"...)
	case string:
		if depth > 0 && otherReading(RuleScrubNested) {
			return appendQuoted(dst, v, e.bound(n))
		}
		return appendQuoted(dst, e.scrubAny(n, v), e.bound(n))
	case bool:
		return strconv.AppendBool(dst, v)
	case float64:
		return appendFloat(dst, v)
	case json.Number:
		return appendNumber(dst, string(v))
	case int:
		return strconv.AppendInt(dst, int64(v), 10)
	case int64:
		return strconv.AppendInt(dst, v, 10)
	case []any:
		dst = append(dst, '[')
		for i, it := range v {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = e.appendAny(dst, n, it, depth+1)
		}
		return append(dst, ']')
	case map[string]any:
		type member struct{ key, written string }
		members := make([]member, 0, len(v))
		for k := range v {
			written := validUTF8(e.scrubAny(n, k))
			if !otherReading(RuleUntypedKeyBound) {
				written = truncate(written, e.bound(n))
			}
			members = append(members, member{k, written})
		}
		sort.Slice(members, func(i, j int) bool {
			a, b := members[i], members[j]
			if a.written != b.written {
				return keyLess(a.written, b.written)
			}
			return keyLess(a.key, b.key)
		})
		dst = append(dst, '{')
		for i, m := range members {
			if i > 0 && m.written == members[i-1].written && !otherReading(RuleUntypedKeyOnce) {
				continue // a key that came out as the one before: the first wins
			}
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(appendQuoted(dst, m.written, -1), ':')
			dst = e.appendAny(dst, n, v[m.key], depth+1)
		}
		return append(dst, '}')
	}
	return e.appendGo(dst, n, x, depth)
}

// keyLess orders keys by code point (byte order of UTF-8), not by UTF-16
// code units as JavaScript's sort does.
func keyLess(a, b string) bool {
	if otherReading(RuleKeyOrder) {
		return slices.Compare(utf16.Encode([]rune(a)), utf16.Encode([]rune(b))) < 0
	}
	return a < b
}

// scrubAny scrubs a string of an untyped value by its node's x-sanitize.
func (e *Encoder) scrubAny(n *Node, s string) string {
	if n == nil || !e.redact() {
		return s
	}
	return sanitize(n.Sanitize, s)
}

// appendGo writes a Go value of an untyped field that is not one of the
// forms encoding/json decodes into (another number type, a slice or map of
// a concrete type, a struct, a json.Marshaler): as the value encoding/json
// writes for it, read back and written as untyped.
func (e *Encoder) appendGo(dst []byte, n *Node, x any, depth int) []byte {
	b, err := json.Marshal(x)
	if err != nil { // a value encoding/json has no form of
		return append(dst, "null"...)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var back any
	if dec.Decode(&back) != nil {
		return append(dst, "null"...)
	}
	return e.appendAny(dst, n, back, depth)
}

// emptyValue is the value a required field absent from the details has:
// "", 0, false, [], an object of its required fields, null, empty
// field_errors.
func emptyValue(n *Node) Value {
	switch n.Kind {
	case KindString:
		return Value{Any: "", IsAny: true}
	case KindInteger, KindNumber:
		return Value{Any: float64(0), IsAny: true}
	case KindBoolean:
		return Value{Any: false, IsAny: true}
	case KindArray:
		return Value{Any: []any{}, IsAny: true}
	case KindObject:
		return Value{Any: map[string]any{}, IsAny: true}
	}
	return Value{IsAny: true}
}

// The readers of a Value for each kind of node: a generated struct sets
// the member of the node's type; a JSON value (IsAny) must be of it.

func (v *Value) str() (string, bool) {
	if !v.IsAny {
		return v.Str, true
	}
	s, ok := v.Any.(string)
	return s, ok
}

// MaxSafeInteger is 2^53 − 1, JavaScript's Number.MAX_SAFE_INTEGER: an
// integer value is one whose magnitude is at most this, which every
// runtime holds exactly (past it a double no longer holds every integer,
// and reading the same digits as a double or as an int64 could differ).
const MaxSafeInteger = 1<<53 - 1

// integer returns v as an integer, false when it is not a number without
// a fraction within ±MaxSafeInteger.
func (v *Value) integer() (int64, bool) {
	i, ok := v.Int, !v.IsAny
	if v.IsAny {
		switch x := v.Any.(type) {
		case float64:
			i, ok = int64(x), x == math.Trunc(x) && math.Abs(x) <= MaxSafeInteger
		case json.Number:
			var err error
			if i, err = strconv.ParseInt(string(x), 10, 64); err != nil {
				f, isNum := parseNumber(string(x))
				i, ok = int64(f), isNum && f == math.Trunc(f) && math.Abs(f) <= MaxSafeInteger
			} else {
				ok = true
			}
		case int:
			i, ok = int64(x), true
		case int64:
			i, ok = x, true
		}
	}
	return i, ok && (i >= -MaxSafeInteger && i <= MaxSafeInteger || otherReading(RuleSafeInteger))
}

func (v *Value) number() (float64, bool) {
	if !v.IsAny {
		return v.Num, true
	}
	switch x := v.Any.(type) {
	case float64:
		return x, true
	case json.Number:
		return parseNumber(string(x))
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	}
	return 0, false
}

func (v *Value) boolean() (bool, bool) {
	if !v.IsAny {
		return v.Bool, true
	}
	b, ok := v.Any.(bool)
	return b, ok
}

func (v *Value) list() (List, bool) {
	if !v.IsAny {
		if v.List == nil {
			return (*Anys)(&[]any{}), true // a nil slice: no items
		}
		return v.List, true
	}
	switch x := v.Any.(type) {
	case []any:
		return (*Anys)(&x), true
	case []string:
		return (*Strings)(&x), true
	}
	return nil, false
}

func (v *Value) object(o *Object) (Details, bool) {
	if !v.IsAny {
		if v.Obj != nil {
			return v.Obj, true
		}
		if v.Map != nil {
			return mapDetails{o, v.Map}, true
		}
		return nil, true // a nil struct pointer or map: its fields absent
	}
	switch x := v.Any.(type) {
	case map[string]any:
		return &JSONDetails{o, x}, true
	case Details:
		return x, true
	}
	return nil, false
}

// placeholder appends to the template text the text of the top-level
// field name of details d (node n): a string, number or boolean as the
// wire writes it (redacted, scrubbed, checked; a value that breaks its
// checks is nothing, or the replacement of a required field), unbounded;
// an array its items as the full payload writes them without string
// bounds, joined by ", " (a string item as its text, any other as its
// JSON; [] for none); null or absent nothing; anything else its JSON as
// the full payload writes it without string bounds.
func (e *Encoder) placeholder(n *Node, d Details, name string) {
	o := n.Object
	i := o.index(name)
	if i < 0 {
		return
	}
	f := &o.Fields[i]
	if f.Node.Verbose && !e.verbose {
		return
	}
	e.level++
	e.placeholderValue(f, d, i, name)
	e.level--
}

// placeholderValue appends the text of field f (number i) of details d.
func (e *Encoder) placeholderValue(f *Field, d Details, i int, name string) {
	v := e.value()
	if d == nil || !d.ErrgenField(i, v) {
		if !f.Required {
			return
		}
		*v = emptyValue(f.Node)
	}
	sensitive := e.def != nil && e.def.sensitive(name)
	if e.scalarText(f.Node, v, sensitive) {
		return
	}
	if f.Required && f.Node.HasReplacement {
		if e.scalarText(f.Node, &Value{Any: f.Node.Replacement, IsAny: true}, sensitive) {
			return
		}
	}
	minimal, text, report := e.minimal, e.text, e.report
	e.minimal, e.text, e.report = false, true, false
	mark := len(e.buf)
	out, ok := e.writeValue(e.buf, f.Node, v, sensitive)
	if !ok && f.Required && f.Node.HasReplacement {
		r := Value{Any: f.Node.Replacement, IsAny: true}
		out, ok = e.writeValue(e.buf[:mark], f.Node, &r, sensitive)
	}
	e.minimal, e.text, e.report = minimal, text, report
	if !ok {
		e.buf = e.buf[:mark]
		return
	}
	e.scratch = append(e.scratch[:0], out[mark:]...)
	e.buf = appendText(out[:mark], e.scratch)
}

// scalarText appends the text of a string, integer, number or boolean
// value v of node n that keeps its checks, as appendText would make it of
// the value written, and reports whether it did (false: another kind of
// node, or a value that breaks its checks).
func (e *Encoder) scalarText(n *Node, v *Value, sensitive bool) bool {
	if v.IsAny && v.Any == nil {
		return false
	}
	switch n.Kind {
	case KindString:
		s, ok := v.str()
		if !ok || n.Check.checkString(s) != "" {
			return false
		}
		e.buf = append(e.buf, e.scrub(n, sensitive, s)...)
	case KindInteger:
		i, ok := v.integer()
		if !ok || n.Check.checkNumber(float64(i)) != "" {
			return false
		}
		e.buf = strconv.AppendInt(e.buf, i, 10)
	case KindNumber:
		f, ok := v.number()
		if !ok {
			return false
		}
		if f = jsonFloat(f); n.Check.checkNumber(f) != "" {
			return false
		}
		e.buf = appendFloat(e.buf, f)
	case KindBoolean:
		b, ok := v.boolean()
		if !ok {
			return false
		}
		e.buf = strconv.AppendBool(e.buf, b)
	default:
		return false
	}
	return true
}

// appendText appends the text of the JSON value js (written by the
// encoder): a string its characters, an array its items joined by ", " (a
// string as its characters, any other item as its JSON; [] for none), null
// nothing, anything else its JSON.
func appendText(dst, js []byte) []byte {
	switch js[0] {
	case '"':
		var s string
		_ = json.Unmarshal(js, &s)
		return append(dst, s...)
	case 'n':
		return dst
	case '[':
		var items []json.RawMessage
		if json.Unmarshal(js, &items) != nil || len(items) == 0 {
			return append(dst, "[]"...)
		}
		for i, it := range items {
			if i > 0 {
				dst = append(dst, ", "...)
			}
			switch {
			case it[0] == '"':
				var s string
				_ = json.Unmarshal(it, &s)
				dst = append(dst, s...)
			case it[0] == 'n' && otherReading(RulePlaceholderNull):
			default:
				dst = append(dst, it...) // null too
			}
		}
		return dst
	}
	return append(dst, js...)
}

// JSONDetails are details (or an object within them) read from a JSON
// object: the declared fields of Object by their exact names (a null
// member is absent), every other member one of its other members. errgen
// renders catalog examples and conformance vectors through them; JSON
// decodes into them with its numbers kept as written (json.Number).
type JSONDetails struct {
	Object  *Object
	Members map[string]any
}

// NewJSONDetails returns empty details of node n, for JSON to decode into.
func NewJSONDetails(n *Node) *JSONDetails { return &JSONDetails{Object: n.Object} }

// ErrgenField implements [Details].
func (j *JSONDetails) ErrgenField(i int, v *Value) bool {
	x, ok := j.Members[j.Object.Fields[i].Name]
	if !ok || x == nil && !otherReading(RuleNullAbsent) {
		return false
	}
	*v = Value{Any: x, IsAny: true}
	return true
}

// ExtraMembers implements [OpenDetails].
func (j *JSONDetails) ExtraMembers() Map { m := AnyMap(j.Members); return &m }

// UnmarshalJSON reads a JSON object, numbers as json.Number.
func (j *JSONDetails) UnmarshalJSON(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		return err
	}
	j.Members = m
	return nil
}

// mapDetails is a map read as an object without declared fields.
type mapDetails struct {
	o *Object
	m Map
}

func (d mapDetails) ErrgenField(int, *Value) bool { return false }
func (d mapDetails) ExtraMembers() Map            { return d.m }

// jsonFloat is the number JSON writes for f: NaN is 0, the infinities the
// largest finite numbers.
func jsonFloat(f float64) float64 {
	switch {
	case math.IsNaN(f):
		return 0
	case math.IsInf(f, 1):
		return math.MaxFloat64
	case math.IsInf(f, -1):
		return -math.MaxFloat64
	}
	return f
}

// codePoints counts the characters of s as JSON Schema counts a string's
// length (invalid UTF-8 as U+FFFD, one each).
func codePoints(s string) int { return utf8.RuneCountInString(s) }
