package conformance

import (
	"encoding/json"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/model"
)

// maker makes up the maximal details of an error: every field its schema
// allows filled in, the strings that may be shortened one byte past their
// bound (or at it) with a four-byte character across the cut and the
// characters every runtime must escape, sanitized fields holding what
// their scrubbing removes, floats in both notations, the other members of
// open objects. It starts from the first example (else the empty details)
// and keeps a filled-in field only where the details still validate
// against the schema, formats asserted.
type maker struct {
	g       *generator
	bound   int  // the string bound where a field sets no x-max-bytes
	atBound bool // strings exactly at their bound, not one past it
	// usedBound is set when a string was made to the bound, not to a
	// field's x-max-bytes
	usedBound bool
	// untypedShown is set once an untyped value got the full sample; the
	// later ones are strings, which keeps the vectors small
	untypedShown bool
}

// maxDepth bounds how deep the maker fills in nested values: shapes may
// contain themselves.
const maxDepth = 6

// field is what the maker reads of the field a string is made for: its
// x-max-bytes and x-sanitize, as the field's own schema writes them (the
// zero field: the catalog's bound, no scrubbing).
type field struct {
	maxBytes int
	sanitize errgenrt.Sanitizer
}

// fieldOf returns the field of a value of schema s.
func fieldOf(s *model.Schema) field {
	return field{maxBytes: int(s.MaxBytes), sanitize: sanitizerOf(s.Sanitize)}
}

func sanitizerOf(keyword string) errgenrt.Sanitizer {
	switch keyword {
	case "path":
		return errgenrt.SanitizePath
	case "uri":
		return errgenrt.SanitizeURI
	case "text":
		return errgenrt.SanitizeText
	}
	return errgenrt.SanitizeNone
}

// details returns the maximal details of e and whether it found valid
// ones.
func (mk *maker) details(e *model.Error) (any, bool) {
	mk.untypedShown = false
	root := e.Details.Schema
	var base map[string]any
	if len(e.Examples) > 0 {
		base, _ = e.Examples[0].Value.(map[string]any)
	} else {
		base, _ = model.ZeroDetails(e.Details).(map[string]any)
	}
	if base == nil {
		base = map[string]any{}
	}
	if isFieldErrors(root) {
		v := mk.fieldErrors()
		return v, mk.g.val.Valid(e, v)
	}
	full, _ := mk.value(root, field{}, base, 0).(map[string]any)
	if mk.g.val.Valid(e, full) {
		return full, true
	}
	// keep what validates, one member at a time, in the order written
	cur := clone(base)
	valid := mk.g.val.Valid(e, cur)
	for _, k := range memberOrder(root, full) {
		try := clone(cur)
		try[k] = full[k]
		if mk.g.val.Valid(e, try) {
			cur, valid = try, true
		}
	}
	return cur, valid
}

// memberOrder returns the keys of v: the declared properties of s in
// order, then the others sorted.
func memberOrder(s *model.Schema, v map[string]any) []string {
	var keys []string
	seen := map[string]bool{}
	if r := s.Resolved(); r != nil {
		for _, p := range r.Properties {
			if _, ok := v[p.Name]; ok {
				keys = append(keys, p.Name)
				seen[p.Name] = true
			}
		}
	}
	var rest []string
	for k := range v {
		if !seen[k] {
			rest = append(rest, k)
		}
	}
	sort.Strings(rest)
	return append(keys, rest...)
}

func clone(m map[string]any) map[string]any {
	out := make(map[string]any, len(m)+8)
	for k, v := range m {
		out[k] = v
	}
	return out
}

func isFieldErrors(s *model.Schema) bool {
	for s != nil && s.Ref != nil {
		if s.Ref.Builtin {
			return true
		}
		s = s.Ref.Schema
	}
	return false
}

// extraKeys are the other members the maker puts into an open object:
// unsorted, a name a problem document has of its own, and keys whose
// code-point order is not their UTF-16 order.
var extraKeys = []string{"zeta", "alpha", "title", "\uFF01fullwidth", "\U0001F600emoji"}

// value returns the maximal value of schema s, starting from base (nil:
// none); f carries the rules of the field it is in (its bound and
// scrubbing). nil leaves an optional member out.
func (mk *maker) value(s *model.Schema, f field, base any, depth int) any {
	r := s.Resolved()
	if r == nil || depth > maxDepth {
		return base
	}
	if isFieldErrors(s) {
		return mk.fieldErrors()
	}
	switch r.Type {
	case "string":
		if model.Exact(s) {
			if base != nil {
				return base
			}
			return sample(r)
		}
		return mk.text(f)
	case "integer":
		if base != nil {
			return base
		}
		return number(r, "42")
	case "number":
		if base != nil {
			return base
		}
		return number(r, "1e21")
	case "boolean":
		if base != nil {
			return base
		}
		return true
	case "array":
		var items []any
		if list, ok := base.([]any); ok {
			for _, it := range list {
				items = append(items, mk.value(r.Items, f, it, depth+1))
			}
		}
		if depth < 3 || len(items) == 0 {
			// one more item than the example has, near the top
			if it := mk.value(r.Items, f, nil, depth+1); it != nil {
				items = append(items, it)
			}
		}
		if len(items) == 0 {
			return base
		}
		return items
	case "object":
		m, _ := base.(map[string]any)
		if len(r.Properties) == 0 {
			if m != nil {
				return m
			}
			return mk.members(r.Additional, f, depth)
		}
		out := clone(m)
		for _, p := range r.Properties {
			if v := mk.value(p.Schema, fieldOf(p.Schema), out[p.Name], depth+1); v != nil {
				out[p.Name] = v
			}
		}
		if r.Additional != nil { // an open object: other members too
			ef := fieldOf(r.Additional)
			for _, k := range extraKeys {
				if r.Property(k) != nil {
					continue
				}
				if v := mk.value(r.Additional, ef, out[k], depth+1); v != nil {
					out[k] = v
				}
			}
		}
		return out
	}
	if base != nil {
		return base
	}
	return mk.untyped(f)
}

// members returns the members of an object without properties: values of
// its additionalProperties schema (nil: any value).
func (mk *maker) members(add *model.Schema, f field, depth int) any {
	if add == nil {
		return mk.untyped(f)
	}
	out := map[string]any{}
	for _, k := range extraKeys[:2] {
		if v := mk.value(add, f, nil, depth+1); v != nil {
			out[k] = v
		}
	}
	return out
}

// untyped returns an untyped value: keys out of order (code points past
// U+FFFF among them), a key past the string bound, floats in both
// notations, -0, nulls, a long string, HTML, and nesting past the 32
// levels a runtime writes.
func (mk *maker) untyped(f field) any {
	if mk.untypedShown {
		return mk.text(f)
	}
	mk.untypedShown = true
	deep := any("bottom")
	for range 34 {
		deep = []any{deep}
	}
	return map[string]any{
		"zeta":                  []any{json.Number("1e21"), json.Number("1.5e-7"), json.Number("-0"), json.Number("0.1"), json.Number("12"), nil, true, mk.text(f)},
		"alpha":                 map[string]any{"html": "<b>&amp;</b>", "quote": "\"\\"},
		"\uFF01fullwidth":       "sorted after U+FF01 by code point",
		"\U0001F600emoji":       "sorted last by code point, first by UTF-16",
		strings.Repeat("k", 48): "a key past the bound",
		"deep":                  deep,
	}
}

// fieldErrors returns maximal field_errors details.
func (mk *maker) fieldErrors() map[string]any {
	f := field{}
	return map[string]any{
		"fieldErrors": map[string]any{
			"zeta":  []any{mk.text(f), "second <message>"},
			"alpha": []any{"required"},
		},
		"totalErrors": json.Number("3"),
	}
}

// specials are the characters every runtime must escape alike, and two
// it must not (U+007F, non-ASCII), first in every made-up string.
const specials = "<>&\"\\\u2028\u2029\t\n\r\x01\x1f\x7fé€ "

// scrubbed is what each x-sanitize mode removes.
var scrubbed = map[errgenrt.Sanitizer]string{
	errgenrt.SanitizePath: "/home/alice/notes.txt and C:\\Users\\bob\\x and /root/.profile ",
	errgenrt.SanitizeURI:  "https://alice:hunter2@example.com/cb?page=2&api_key=abc123&Session=s#top ",
	errgenrt.SanitizeText: "/home/alice/x https://u:p@h.example/?token=t alice@example.com tok_0123456789abcdefABCDEF0123456789ab ",
}

// text returns a string of field f: one byte past its bound (or at it)
// with a four-byte character across the cut; a sanitized field's string
// starts with what its scrubbing removes and is long enough to be cut
// after it.
func (mk *maker) text(f field) string {
	bound := f.maxBytes
	if bound <= 0 {
		bound = mk.bound
		mk.usedBound = true
	}
	prefix := specials
	if s, ok := scrubbed[f.sanitize]; ok {
		prefix = s + specials
		if !mk.atBound {
			bound += len(s) // scrubbing shortens it: still past the bound after
		}
	}
	// body, then a four-byte character ending 1 byte before the bound
	// (3 bytes before the cut of a string past it), then fill
	const four = "\U0001F600"
	body := bound - 5
	if mk.atBound {
		body = bound - 4
	}
	var b strings.Builder
	for _, r := range prefix {
		if b.Len()+utf8.RuneLen(r) > body {
			break
		}
		b.WriteRune(r)
	}
	for b.Len() < body {
		b.WriteByte('x')
	}
	b.WriteString(four)
	for n := bound + 1; !mk.atBound && b.Len() < n; {
		b.WriteByte('y')
	}
	return b.String()
}

// sample returns a value of a constrained string schema that validates,
// or nil when none is known (a pattern): its first enum value, or a value
// of its format, of its length bounds.
func sample(s *model.Schema) any {
	if len(s.Enum) > 0 {
		return s.Enum[0]
	}
	if s.Pattern != "" {
		return nil
	}
	v := ""
	if s.Format != "" {
		var ok bool
		if v, ok = formatSamples[s.Format]; !ok {
			return nil
		}
	}
	if s.MinLength != nil && int64(utf8.RuneCountInString(v)) < *s.MinLength {
		v += strings.Repeat("x", int(*s.MinLength)-utf8.RuneCountInString(v))
	}
	if s.MaxLength != nil && int64(utf8.RuneCountInString(v)) > *s.MaxLength {
		return nil
	}
	return v
}

// formatSamples are valid values of the formats JSON Schema defines.
var formatSamples = map[string]string{
	"date-time":             "2026-01-02T03:04:05Z",
	"date":                  "2026-01-02",
	"time":                  "03:04:05Z",
	"duration":              "P1DT2H",
	"email":                 "alice@example.com",
	"idn-email":             "alice@example.com",
	"hostname":              "api.example.com",
	"idn-hostname":          "api.example.com",
	"ipv4":                  "192.0.2.1",
	"ipv6":                  "2001:db8::1",
	"uri":                   "https://example.com/a?b=1",
	"uri-reference":         "/a/b?c=1",
	"iri":                   "https://example.com/é",
	"iri-reference":         "/é",
	"uri-template":          "https://example.com/{id}",
	"uuid":                  "3f7e4c8a-9d2b-4e3a-8f1c-2b5d9e6a7c8f",
	"json-pointer":          "/a/0",
	"relative-json-pointer": "0/a",
	"regex":                 "^a+$",
}

// number returns a number within s's minimum and maximum: the minimum,
// else the maximum, else def.
func number(s *model.Schema, def string) json.Number {
	switch {
	case s.Minimum != "":
		return json.Number(s.Minimum)
	case s.Maximum != "":
		return json.Number(s.Maximum)
	}
	return json.Number(def)
}
