package model

import (
	"strconv"
	"strings"

	"github.com/errgen/errgen/internal/catalog"
)

// What the runtime may do to a detail value to keep a payload within its
// bounds — shorten a string, leave out an optional member, keep only the
// first items of an array — is decided here, from the keywords of the
// value's schema, so that a shortened payload still validates against the
// schema the JSON Schema emitter writes: a value whose schema constrains
// it is written whole.

// freeKeywords are the keywords that leave every value of the node's type
// valid: annotations, the type itself, and errgen's extension keywords.
var freeKeywords = set("type", "description", "title", "$comment", "examples", "default", "deprecated",
	"readOnly", "writeOnly", "x-verbose", "x-sensitive", "x-max-bytes", "x-sanitize")

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

// uriFormats are the formats a URI keeps when x-sanitize: uri scrubs it
// (its password and secret query values replaced).
var uriFormats = set("uri", "uri-reference", "iri", "iri-reference")

// sanitizeConflict returns the keyword of string schema s that the
// rewriting of its x-sanitize may break (a pattern, an enum, a length
// bound, a format, an applicator), or "" when there is none: the runtime
// scrubs such a field unless verbose, and the payload must still validate.
func sanitizeConflict(s *Schema) string {
	for _, n := range nodes(s) {
		for _, m := range n.Members {
			switch {
			case freeKeywords[m.Key], m.Key == "$ref":
			case m.Key == "format" && s.Sanitize == "uri" && m.Value.Kind == catalog.String && uriFormats[m.Value.Str]:
			default:
				return m.Key
			}
		}
	}
	return ""
}
