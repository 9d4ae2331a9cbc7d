package gencatalog

import (
	"fmt"
	"strings"
)

// A probe catalog has one error per pair of a security keyword
// (x-sensitive, x-sanitize, x-max-bytes, x-verbose, an error's sensitive
// list) and a place in a detail schema where the keyword can stand: a
// property's string or untyped value, array items (of strings, of
// untyped values, of arrays), map values, an open object's other members,
// a nested object's property, a shape reached by $ref (its root, or a
// property in it). Each error's details hold the keyword's place under
// the property v.

// ProbeKeywords are the keywords of a probe catalog, as each error's
// symbol names them.
var ProbeKeywords = []string{"SENSITIVE", "SANITIZE", "MAXBYTES", "VERBOSE", "LISTED"}

// ProbePlace is one place of a keyword in a detail schema: the schema of
// the property v with KW where the keyword goes, and a JSON value of v
// whose strings are all MARK (Value replaces it with a marker string).
type ProbePlace struct {
	Name   string
	Schema string // YAML flow mapping; KW stands for the keyword
	Value  string // JSON; "MARK" stands for each string
	// Keywords are the keywords that may stand there (the checker refuses
	// the others: x-verbose on items, the list on anything but the
	// property itself).
	Keywords []string
}

// ProbePlaces are the places of a probe catalog.
var ProbePlaces = []ProbePlace{
	{"PROP", `{type: string, KW}`, `"MARK"`, []string{"SENSITIVE", "SANITIZE", "MAXBYTES", "VERBOSE", "LISTED"}},
	{"ANY", `{KW}`, `{"a": ["MARK", {"MARK": "MARK"}]}`, []string{"SENSITIVE", "SANITIZE", "MAXBYTES", "VERBOSE", "LISTED"}},
	{"ITEMS", `{type: array, items: {type: string, KW}}`, `["MARK", "MARK"]`, []string{"SENSITIVE", "SANITIZE", "MAXBYTES"}},
	{"ANYITEMS", `{type: array, items: {KW}}`, `[{"k": "MARK"}, "MARK"]`, []string{"SENSITIVE", "SANITIZE", "MAXBYTES"}},
	{"GRID", `{type: array, items: {type: array, items: {type: string, KW}}}`, `[["MARK"], ["MARK", "MARK"]]`, []string{"SENSITIVE", "SANITIZE", "MAXBYTES"}},
	{"MAP", `{type: object, additionalProperties: {type: string, KW}}`, `{"k1": "MARK", "k2": "MARK"}`, []string{"SENSITIVE", "SANITIZE", "MAXBYTES", "VERBOSE"}},
	{"OPEN", `{type: object, properties: {a: {type: string}}, additionalProperties: {KW}}`, `{"a": "plain", "k": {"x": "MARK"}}`, []string{"SENSITIVE", "SANITIZE", "MAXBYTES", "VERBOSE"}},
	{"NESTED", `{type: object, properties: {w: {type: string, KW}}}`, `{"w": "MARK"}`, []string{"SENSITIVE", "SANITIZE", "MAXBYTES", "VERBOSE"}},
	{"REF", `{$ref: REFSHAPE}`, `"MARK"`, []string{"SENSITIVE", "SANITIZE", "MAXBYTES", "VERBOSE"}},
	{"REFPROP", `{$ref: REFOBJ}`, `{"w": "MARK"}`, []string{"SENSITIVE", "SANITIZE", "MAXBYTES", "VERBOSE"}},
}

// probeKeyword is the YAML of a keyword.
var probeKeyword = map[string]string{
	"SENSITIVE": "x-sensitive: true",
	"SANITIZE":  "x-sanitize: text",
	"MAXBYTES":  "x-max-bytes: 8",
	"VERBOSE":   "x-verbose: true",
	"LISTED":    "",
}

// ProbeSymbol is the symbol of the error of keyword kw at place p.
func ProbeSymbol(kw string, p ProbePlace) string { return "E_" + kw + "_" + p.Name }

// ProbeCatalog returns the probe catalog.
func ProbeCatalog() []byte {
	var b strings.Builder
	b.WriteString("errgen: 1\nname: probe\nversion: 1.0.0\nfallback: E_INTERNAL\n")
	b.WriteString("domains:\n  probe: {range: [1, 9999]}\ndetails:\n")
	for _, kw := range ProbeKeywords {
		if kw == "LISTED" {
			continue
		}
		k := strings.ToLower(kw)
		fmt.Fprintf(&b, "  ref_%s: {type: string, %s}\n", k, probeKeyword[kw])
		fmt.Fprintf(&b, "  obj_%s:\n    type: object\n    properties:\n      w: {type: string, %s}\n", k, probeKeyword[kw])
	}
	b.WriteString("errors:\n  E_INTERNAL: {code: 1, title: Internal, message: Internal error, doc: The fallback.}\n")
	// the retry classes, and a default delay
	b.WriteString("  E_RETRY_CHANGE: {code: 2, title: Change, message: Change it, doc: x, retry: after_change}\n")
	b.WriteString("  E_RETRY_DELAY: {code: 3, title: Delay, message: Wait, status: 429, doc: x, retry: {class: after_delay, delay: 1500ms, throttling: true}}\n")
	code := 100
	for _, kw := range ProbeKeywords {
		for _, p := range ProbePlaces {
			if !contains(p.Keywords, kw) {
				continue
			}
			k := strings.ToLower(kw)
			schema := strings.NewReplacer("REFSHAPE", "ref_"+k, "REFOBJ", "obj_"+k).Replace(p.Schema)
			if kw == "LISTED" {
				schema = strings.NewReplacer("REFSHAPE", "ref_sensitive", "REFOBJ", "obj_sensitive").Replace(p.Schema)
			}
			kwYAML := probeKeyword[kw]
			schema = strings.Replace(schema, ", KW}", kwIf(kwYAML, ", "), 1)
			schema = strings.Replace(schema, "{KW}", "{"+kwYAML+"}", 1)
			fmt.Fprintf(&b, "  %s:\n    code: %d\n    title: %s %s\n    message: \"v={v}\"\n    doc: x\n", ProbeSymbol(kw, p), code, kw, p.Name)
			if kw == "LISTED" {
				b.WriteString("    sensitive: [v]\n")
			}
			required := "\n      required: [v]"
			if kw == "VERBOSE" {
				required = "" // a required field outside verbose mode is a warning
			}
			fmt.Fprintf(&b, "    details:\n      type: object%s\n      properties:\n        v: %s\n", required, schema)
			code++
		}
	}
	return []byte(b.String())
}

func kwIf(kw, sep string) string {
	if kw == "" {
		return "}"
	}
	return sep + kw + "}"
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
