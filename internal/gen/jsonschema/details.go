package jsonschema

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/model"
)

// Keywords of JSON Schema 2020-12 by what their value holds: the model's
// classes (model.KeywordSubschemas).
func subschemaKeyword(key string) bool { return model.KeywordSubschemas(key) == model.OneSubschema }
func subschemaListKeyword(key string) bool {
	return model.KeywordSubschemas(key) == model.SubschemaList
}
func subschemaMapKeyword(key string) bool { return model.KeywordSubschemas(key) == model.SubschemaMap }

var (
	// Formats ajv-formats implements among those JSON Schema 2020-12
	// defines. The others (idn-email, idn-hostname, iri, iri-reference) are
	// unknown formats to Ajv, whose strict mode refuses to compile them;
	// they are annotations only in 2020-12, so dropping them loses nothing a
	// default validator checks.
	portableFormats = set("date-time", "date", "time", "duration", "email", "hostname",
		"ipv4", "ipv6", "uri", "uri-reference", "uuid", "uri-template", "json-pointer",
		"relative-json-pointer", "regex")

	// Keywords that only constrain a string's value: truncation, redaction
	// and sanitizing can each produce a string that breaks them.
	stringValueKeywords = []string{"pattern", "format", "enum", "const", "minLength", "maxLength"}

	// Keywords that do not restrict which values are valid.
	annotationKeywords = set("description", "title", "$comment", "examples", "default",
		"deprecated", "readOnly", "writeOnly")
)

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// Redacted is the value the runtime writes for a sensitive field.
const Redacted = "<redacted>"

// maxTrieRunes bounds the enum values whose truncated forms are spelled out
// as a regular expression (its nesting grows with the value's length).
const maxTrieRunes = 200

// detailSchema converts one node of a detail schema into its wire form:
// errgen's x- keywords removed, $ref pointed at the shape's $defs entry,
// formats Ajv does not know dropped, and the node widened to what the
// runtime may write in its place:
//
//   - a truncated string (any string, to max_string_bytes, x-max-bytes or 64
//     bytes in a minimal context, ending in "..."), where the node
//     constrains a string's value (pattern, format, enum, const, minLength,
//     maxLength); for enum and const only a prefix of an allowed value
//     followed by "..." is accepted;
//   - "<redacted>" where the field is sensitive (x-sensitive, or named in the
//     error's sensitive list: extra holds those names for the root's
//     properties);
//   - any string where the field is sanitized (x-sanitize), since scrubbing
//     rewrites the value;
//   - an empty array where the node requires items (minItems, contains):
//     a minimal context writes required arrays empty;
//   - x-verbose properties left out of required, since they are written in
//     verbose mode only.
//
// Under not, if and propertyNames nothing is widened (there a wider schema
// would reject more, or test something else): only the keywords are
// converted.
func (g *generator) detailSchema(v *catalog.Value, sensitive bool, extra map[string]bool) any {
	return g.convert(v, sensitive, extra, true)
}

// noWiden are the keywords whose subschemas are converted without widening.
var noWiden = set("not", "if", "propertyNames")

func (g *generator) convert(v *catalog.Value, sensitive bool, extra map[string]bool, wide bool) any {
	if v == nil {
		return true
	}
	if v.Kind != catalog.Object {
		return plain(v)
	}
	if b := v.Get("x-sensitive"); b != nil && b.Kind == catalog.Bool && b.Bool {
		sensitive = true
	}
	sanitized := v.Get("x-sanitize") != nil
	out := make(object, 0, len(v.Members))
	for _, m := range v.Members {
		key, val := m.Key, m.Value
		switch {
		case strings.HasPrefix(key, "x-"):
		case key == "$ref" && val.Kind == catalog.String:
			out.add(key, g.shapeRef(val.Str))
		case key == "format":
			if val.Kind == catalog.String && portableFormats[val.Str] {
				out.add(key, val.Str)
			}
		case key == "required":
			if req := requiredNames(v, val); len(req) > 0 {
				out.add(key, req)
			}
		case subschemaKeyword(key):
			out.add(key, g.convert(val, false, nil, wide && !noWiden[key]))
		case subschemaListKeyword(key) && val.Kind == catalog.Array:
			items := make([]any, len(val.Items))
			for i, it := range val.Items {
				items[i] = g.convert(it, false, nil, wide)
			}
			out.add(key, items)
		case subschemaMapKeyword(key) && val.Kind == catalog.Object:
			props := make(object, 0, len(val.Members))
			for _, pm := range val.Members {
				props.add(pm.Key, g.convert(pm.Value, key == "properties" && extra[pm.Key], nil, wide))
			}
			out.add(key, props)
		default:
			out.add(key, plain(val))
		}
	}
	if !wide {
		return out
	}
	if sanitized {
		out = out.without(stringValueKeywords...)
	}
	return widen(out, sensitive)
}

// requiredNames returns the names of required minus the properties written
// in verbose mode only.
func requiredNames(v, req *catalog.Value) []string {
	names, ok := req.StringList()
	if !ok {
		return nil
	}
	props := v.Get("properties")
	out := make([]string, 0, len(names))
	for _, n := range names {
		if p := props.Get(n); p != nil {
			if x := p.Get("x-verbose"); x != nil && x.Kind == catalog.Bool && x.Bool {
				continue
			}
		}
		out = append(out, n)
	}
	return out
}

// widen wraps a converted node in anyOf with the values the runtime may
// write in its place (see detailSchema).
func widen(node object, sensitive bool) any {
	var alts []any
	switch {
	case node.has("enum") || isString(node.get("const")):
		alts = append(alts, object{{"type", "string"}, {"pattern", truncatedOneOf(node)}})
	case node.has("pattern") || node.has("format") || node.has("minLength") || node.has("maxLength"):
		alts = append(alts, object{{"type", "string"}, {"pattern", `\.\.\.$`}})
	}
	if positive(node.get("minItems")) || node.has("contains") {
		alts = append(alts, object{{"type", "array"}, {"maxItems", 0}})
	}
	if sensitive && !acceptsAnyString(node) {
		alts = append(alts, object{{"const", Redacted}})
	}
	if len(alts) == 0 {
		return node
	}
	outer := object{}
	inner := node
	if d := node.get("description"); d != nil {
		outer.add("description", d)
		inner = node.without("description")
	}
	outer.add("anyOf", append([]any{inner}, alts...))
	return outer
}

func isString(v any) bool { _, ok := v.(string); return ok }

// positive reports whether a converted number is > 0.
func positive(v any) bool {
	n, ok := v.(json.Number)
	if !ok {
		return false
	}
	f, err := n.Float64()
	return err == nil && f > 0
}

// acceptsAnyString reports whether a converted node accepts every string
// (so "<redacted>" needs no alternative of its own).
func acceptsAnyString(v any) bool {
	switch x := v.(type) {
	case bool:
		return x
	case object:
		for _, m := range x {
			switch {
			case m.key == "type":
				if m.value != "string" {
					return false
				}
			case annotationKeywords[m.key]:
			default:
				return false
			}
		}
		return true
	}
	return false
}

// truncatedOneOf returns a pattern matching what truncation makes of the
// node's enum or const strings: a prefix of one of them followed by "...".
func truncatedOneOf(node object) string {
	var values []string
	if c, ok := node.get("const").(string); ok {
		values = append(values, c)
	}
	if e, ok := node.get("enum").([]any); ok {
		for _, v := range e {
			if s, ok := v.(string); ok {
				values = append(values, s)
			}
		}
	}
	long := false
	for _, v := range values {
		if utf8.RuneCountInString(v) > maxTrieRunes {
			long = true
		}
	}
	if long {
		return `\.\.\.$`
	}
	t := &trie{}
	for _, v := range values {
		t.insert(v)
	}
	if p := t.prefixes(); p != "" {
		return "^(?:" + p + ")?" + `\.\.\.$`
	}
	return `^\.\.\.$`
}

// trie of runes, to spell "any prefix of these strings" as a regular
// expression.
type trie struct {
	next map[rune]*trie
}

func (t *trie) insert(s string) {
	for _, r := range s {
		if t.next == nil {
			t.next = map[rune]*trie{}
		}
		n := t.next[r]
		if n == nil {
			n = &trie{}
			t.next[r] = n
		}
		t = n
	}
}

// prefixes returns a regular expression matching every non-empty prefix of
// the strings below t (the empty one too when wrapped in (?:…)?), as an
// alternation without a group of its own.
func (t *trie) prefixes() string {
	if len(t.next) == 0 {
		return ""
	}
	runes := make([]rune, 0, len(t.next))
	for r := range t.next {
		runes = append(runes, r)
	}
	sort.Slice(runes, func(i, j int) bool { return runes[i] < runes[j] })
	alts := make([]string, len(runes))
	for i, r := range runes {
		alt := regexpLiteral(r)
		if sub := t.next[r].prefixes(); sub != "" {
			alt += "(?:" + sub + ")?"
		}
		alts[i] = alt
	}
	return strings.Join(alts, "|")
}

// regexpLiteral spells r for both ECMAScript (unicode mode, as Ajv compiles
// patterns) and Go's regexp: syntax characters and "/" escaped, control
// characters as \xHH.
func regexpLiteral(r rune) string {
	switch {
	case strings.ContainsRune(`^$\.*+?()[]{}|/`, r):
		return `\` + string(r)
	case r < 0x20 || r == 0x7f:
		// \xHH means the same in both dialects.
		return fmt.Sprintf(`\x%02x`, r)
	}
	return string(r)
}

// plain converts a catalog value (a keyword's value that holds no schema)
// keeping the member order of objects.
func plain(v *catalog.Value) any {
	switch v.Kind {
	case catalog.Null:
		return nil
	case catalog.Bool:
		return v.Bool
	case catalog.Number:
		return v.Num
	case catalog.String:
		return v.Str
	case catalog.Array:
		items := make([]any, len(v.Items))
		for i, it := range v.Items {
			items[i] = plain(it)
		}
		return items
	case catalog.Object:
		o := make(object, len(v.Members))
		for i, m := range v.Members {
			o[i] = member{m.Key, plain(m.Value)}
		}
		return o
	}
	return nil
}

// resolvedSource follows a shape's root $ref chain to the schema that
// declares its properties.
func resolvedSource(s *model.Shape) *catalog.Value {
	r := s.Schema.Resolved()
	if r == nil || r.Source == nil {
		return s.Schema.Source
	}
	return r.Source
}
