package model

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/catalog"
)

// What the runtime may do to a detail value to keep a payload within its
// bounds — shorten a string, leave out an optional member, keep only the
// first items of an array — is decided here, from the keywords of the
// value's schema, so that a shortened payload still validates against the
// schema the JSON Schema emitter writes: a value whose schema constrains
// it is written whole.

// freeKeywords are the keywords that leave every value of the node's type
// valid: annotations, the type itself, errgen's extension keywords, and a
// $ref (the keywords of the node it leads to are looked at with it).
var freeKeywords = set("type", "description", "title", "$comment", "examples", "default", "deprecated",
	"readOnly", "writeOnly", "x-verbose", "x-sensitive", "x-max-bytes", "x-sanitize", "$ref")

// StringValueKeywords are the keywords that constrain a string's value:
// shortening, redaction or scrubbing can each produce a string that breaks
// them.
var StringValueKeywords = []string{"pattern", "format", "enum", "const", "minLength", "maxLength"}

// nodes returns the schema nodes that apply to one value: the node, and
// the nodes its $ref leads to.
func nodes(s *Schema) []*catalog.Value {
	var out []*catalog.Value
	for i := 0; s != nil && i < 1000; i++ {
		if s.Source != nil {
			out = append(out, s.Source)
		}
		if s.Ref == nil {
			break
		}
		s = s.Ref.Schema
	}
	return out
}

// onlyKeywords reports whether every keyword of the nodes of s is in
// allowed or free.
func onlyKeywords(s *Schema, allowed map[string]bool) bool {
	for _, n := range nodes(s) {
		if n.Kind == catalog.Bool {
			if !n.Bool {
				return false // the schema false: no value is valid
			}
			continue
		}
		for _, m := range n.Members {
			if !freeKeywords[m.Key] && !allowed[m.Key] {
				return false
			}
		}
	}
	return true
}

// Exact reports whether the strings written for a property with schema s —
// its value, the items of an array, the members of an untyped value — must
// be written whole: never truncated to the string limit, nor shortened in
// a minimal payload. A string is shortened only where its schema (and every
// schema between the property and the string) takes any string.
func Exact(s *Schema) bool {
	return !shortenable(s, 0)
}

func shortenable(s *Schema, depth int) bool {
	if s == nil {
		return true
	}
	if depth > 100 {
		return false
	}
	r := s.Resolved()
	if r == nil {
		return false
	}
	switch r.Type {
	case "string":
		return onlyKeywords(s, nil)
	case "array":
		// the items may be strings; the array's own keywords bound how many
		// items there are, which shortening an item leaves alone
		return onlyKeywords(s, set("items", "minItems", "maxItems")) && shortenable(r.Items, depth+1)
	case "integer", "number", "boolean":
		return true // no strings here (a minimal payload keeps numbers whole)
	case "object":
		// the members of a struct are fields of their own; an object without
		// properties is written as an untyped value, its strings with it
		if len(r.Properties) > 0 {
			return true
		}
		return onlyKeywords(s, set("additionalProperties")) && (r.Additional == nil || shortenable(r.Additional, depth+1))
	}
	return onlyKeywords(s, nil) // untyped: any value, its strings with it
}

// Trimmable reports whether a minimal payload may leave out the optional
// properties of object schema s: no keyword of the object ties validity to
// which properties it has.
func Trimmable(s *Schema) bool {
	return onlyKeywords(s, set("properties", "required", "additionalProperties", "propertyNames",
		"unevaluatedProperties", "maxProperties"))
}

// KeepItems returns how many items of an array with schema s a minimal
// payload keeps: its minItems (0 when unset), or -1 for all of them when
// the array's schema ties validity to its items in another way (contains,
// prefixItems, …).
func KeepItems(s *Schema) int {
	if !onlyKeywords(s, set("items", "minItems", "maxItems", "uniqueItems")) {
		return -1
	}
	keep := 0
	for _, n := range nodes(s) {
		if v := n.Get("minItems"); v != nil && v.Kind == catalog.Number {
			if k, err := strconv.Atoi(strings.TrimSuffix(string(v.Num), ".0")); err == nil && k > keep {
				keep = k
			}
		}
	}
	return keep
}

// A rewrite of x-sanitize leaves a valid value valid under a keyword when
// it cannot change what the keyword checks. What each rewrite does (see
// errgenrt's SanitizePathText, SanitizeURIText, SanitizeFreeText):
//
//   - path replaces each home directory (/home/NAME, /Users/NAME, /root,
//     X:\Users\NAME: five characters or more) by ~: it only shortens.
//   - uri replaces, in each scheme://… it finds, a password and the values
//     of secret query parameters by "redacted" (adding "=redacted" to a
//     secret name without a value): longer or shorter, and only with
//     letters and "=" put where a URI takes them.
//   - text does path and uri, then replaces e-mail addresses by <email>
//     (one character more than the shortest address) and long tokens by
//     <redacted>: longer or shorter, with characters no URI takes.
//
// So no rewrite empties a string (minLength 1 holds), path keeps maxLength,
// and an enum or const holds when the rewrite maps each listed value to a
// listed one (mostly: leaves it alone). A pattern may refuse any rewrite,
// as may an applicator (errgen does not look into one).

// sanitizeFormats are, for each x-sanitize mode, the formats its rewrite
// leaves valid, for santhosh-tekuri/jsonschema and ajv-formats alike
// (TestSanitizeKeepsFormats holds each to many values; each format left
// out has a value its rewrite breaks):
//   - path: the formats that hold no / nor \, so no home directory: dates,
//     times, durations, UUIDs, IP addresses, host names. (A URI loses the
//     / that starts its path, http://h:80/home/a becoming http://h:80~; an
//     e-mail address may hold a /.)
//   - uri: those, whose values hold no ://, and the URIs and JSON pointers,
//     which take its letters and = where it puts them. (An e-mail address
//     may hold a URL in its quoted local part, which the password makes
//     longer than 64 characters; a URI template's {a:3} loses its brace.)
//   - text: dates and IP addresses, too short for a token and without @.
//     (A date-time's long fraction of a second is a token.)
var sanitizeFormats = map[string]map[string]bool{
	"path": set("date-time", "date", "time", "duration", "uuid", "ipv4", "ipv6", "hostname", "idn-hostname"),
	"uri": set("date-time", "date", "time", "duration", "uuid", "ipv4", "ipv6", "hostname", "idn-hostname",
		"uri", "uri-reference", "iri", "iri-reference", "json-pointer", "relative-json-pointer"),
	"text": set("date", "ipv4", "ipv6"),
}

// sanitizers are the rewrites of the x-sanitize modes.
var sanitizers = map[string]func(string) string{
	"path": errgenrt.SanitizePathText,
	"uri":  errgenrt.SanitizeURIText,
	"text": errgenrt.SanitizeFreeText,
}

// nonStringKeywords constrain numbers, arrays or objects only: the
// rewrite of a string never meets them (an untyped field's string is
// rewritten, its other values are not).
var nonStringKeywords = set("multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
	"items", "prefixItems", "contains", "minItems", "maxItems", "uniqueItems", "maxContains", "minContains",
	"unevaluatedItems", "properties", "patternProperties", "additionalProperties", "propertyNames",
	"required", "dependentRequired", "dependentSchemas", "minProperties", "maxProperties", "unevaluatedProperties")

// sanitizeConflict returns a keyword of the schema s of an x-sanitize
// field (the mode s.Sanitize) whose check the rewrite may break, and why;
// "" when there is none: the runtime scrubs such a field unless verbose,
// and the payload must still validate.
func sanitizeConflict(s *Schema) (keyword, why string) {
	mode := s.Sanitize
	scrub := sanitizers[mode]
	for _, n := range nodes(s) {
		for _, m := range n.Members {
			k, v := m.Key, m.Value
			switch {
			case freeKeywords[k], k == "$ref", nonStringKeywords[k]:
			case k == "maxLength" && mode == "path":
			case k == "minLength":
				if n, err := strconv.ParseFloat(string(v.Num), 64); v.Kind == catalog.Number && err == nil && n <= 1 {
					continue
				}
				return k, "a rewritten value may be shorter (only minLength 0 or 1 always holds)"
			case k == "maxLength":
				return k, "a rewritten value may be longer (only x-sanitize: path never lengthens)"
			case k == "format":
				if v.Kind == catalog.String && !sanitizeFormats[mode][v.Str] {
					return k, fmt.Sprintf("the rewrite keeps the formats %s, not %s", strings.Join(sortedList(sanitizeFormats[mode]), ", "), v.Str)
				}
			case k == "enum" || k == "const":
				if moved := rewrittenValue(v, k == "enum", scrub); moved != "" {
					return k, fmt.Sprintf("the rewrite turns %q into %q, which it does not list", moved, scrub(moved))
				}
			case k == "pattern":
				return k, "a rewritten value may not match it"
			default:
				return k, "errgen does not look into it"
			}
		}
	}
	return "", ""
}

// rewrittenValue returns a string of the enum (list) or const v that scrub
// turns into a value v does not hold; "" when there is none.
func rewrittenValue(v *catalog.Value, list bool, scrub func(string) string) string {
	values := []*catalog.Value{v}
	if list {
		values = v.Items
	}
	holds := func(s string) bool {
		for _, x := range values {
			if x.Kind == catalog.String && x.Str == s {
				return true
			}
		}
		return false
	}
	for _, x := range values {
		if x.Kind == catalog.String && !holds(scrub(x.Str)) {
			return x.Str
		}
	}
	return ""
}
