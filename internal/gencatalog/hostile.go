package gencatalog

import (
	"encoding/json"
	"strings"
)

// Hostile are strings that break naive generators: comment ends, template
// and string delimiters, HTML, markdown structure, line and paragraph
// separators, a byte order mark, bidi overrides, emoji and a long line.
var Hostile = []string{
	"*/ /* // end of comment",
	"`backtick` ${template} \"quote\" \\ backslash '",
	"</script><script>alert(1)</script> & <b>",
	"| pipe | table | ``` fence\n# heading\n---",
	"line\u2028separator\u2029paragraph",
	"\ufeffbom \u202Eright-to-left\u202C 😀👍🏽 ∑",
	strings.Repeat("long line ", 300),
}

// HostileCatalog puts every hostile string in a title, message, user
// message, suggestion, doc, description, enum value and example. YAML
// double-quoted strings carry them, escaped with JSON's rules.
func HostileCatalog() []byte {
	q := func(s string) string {
		b, _ := json.Marshal(s)
		return strings.ReplaceAll(string(b), "\ufeff", `\uFEFF`) // a raw BOM is no YAML character
	}
	var b strings.Builder
	b.WriteString("errgen: 1\nname: hostile\nversion: 1.0.0\nfallback: E_H0\nlimits: {max_string_bytes: 8192, max_data_bytes: 65536}\n")
	b.WriteString("domains:\n  d: {range: [1, 99], description: " + q(Hostile[0]) + "}\n")
	b.WriteString("details:\n  shape:\n    type: object\n    description: " + q(Hostile[2]) + "\n    required: [s]\n    properties:\n")
	b.WriteString("      s: {type: string, description: " + q(Hostile[3]) + "}\n")
	var enum []string
	for i, h := range Hostile {
		enum = append(enum, q(string(rune('a'+i))+h))
	}
	b.WriteString("      e: {type: string, enum: [" + strings.Join(enum, ", ") + "]}\n")
	b.WriteString("errors:\n")
	for i, h := range Hostile {
		lit := strings.NewReplacer("{", "{{", "}", "}}").Replace(h)
		b.WriteString("  E_H" + string(rune('0'+i)) + ":\n")
		b.WriteString("    code: " + string(rune('1'+i)) + "\n")
		b.WriteString("    title: " + q(h) + "\n")
		b.WriteString("    message: " + q(lit) + "\n")
		b.WriteString("    user_message: " + q(lit+" {s}") + "\n")
		b.WriteString("    suggestions: [" + q(lit) + "]\n")
		b.WriteString("    doc: " + q(h) + "\n")
		b.WriteString("    details: shape\n")
		b.WriteString("    examples: [{s: " + q(h) + ", e: " + enum[i] + "}]\n")
	}
	return []byte(b.String())
}
