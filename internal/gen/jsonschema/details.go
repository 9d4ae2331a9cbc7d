package jsonschema

import (
	"strings"

	"github.com/errgen/errgen/errgenrt"
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

// Redacted is the value the runtime writes for a sensitive field: the
// runtime's own constant, so that the schema admits exactly what is
// written.
const Redacted = errgenrt.Redacted

// detailSchema converts one node of a detail schema into its wire form:
// errgen's x- keywords removed, $ref pointed at the shape's $defs entry,
// formats Ajv does not know dropped, x-verbose properties left out of
// required (they are written in verbose mode only), and "<redacted>"
// admitted where the field is sensitive (x-sensitive, or named in the
// error's sensitive list: extra holds those names for the root's
// properties), as the catalog says it is written. Nothing else is widened:
// the runtime shortens, scrubs or leaves out only what the schema takes
// without it (model.Exact, model.Trimmable, model.KeepItems, and check's
// rule on x-sanitize), so the schema is exactly as strict as the catalog.
//
// Under not, if and propertyNames "<redacted>" is not admitted (there a
// wider schema would reject more, or test something else): only the
// keywords are converted.
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

// widen wraps the converted node of a sensitive field in anyOf with
// "<redacted>", the value the runtime writes in its place (see
// detailSchema).
func widen(node object, sensitive bool) any {
	if !sensitive || acceptsAnyString(node) {
		return node
	}
	outer := object{}
	inner := node
	if d := node.get("description"); d != nil {
		outer.add("description", d)
		inner = node.without("description")
	}
	outer.add("anyOf", []any{inner, object{{"const", Redacted}}})
	return outer
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
