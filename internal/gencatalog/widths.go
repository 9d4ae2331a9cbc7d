package gencatalog

import (
	"fmt"
	"strings"
)

// name returns a lower-case snake name of n characters.
func name(prefix string, n int) string {
	s := prefix
	for len(s) < n {
		s += "_x"
	}
	s = strings.TrimSuffix(s[:n], "_")
	for len(s) < n {
		s += "y"
	}
	return s
}

// words returns text of n characters (runes), from the word w.
func words(w string, n int) string {
	r := []rune(strings.Repeat(w+" ", n/len([]rune(w))+1))[:n]
	if r[n-1] == ' ' {
		r[n-1] = 'z'
	}
	return string(r)
}

// Widths returns the YAML of a valid catalog whose names and texts take
// every length from lo to hi characters — domain, shape, property, type
// and symbol names, titles, messages, suggestions, enum values, aliases,
// deprecation notes — and whose shapes are of every kind (nested arrays of
// structs, a struct holding itself, an open object, field_errors, a
// struct of only optional fields, one of many required ones, Rust
// keywords for names of types, fields and enum values), some text
// in Latin letters with accents and in CJK ideographs: code generators
// that lay their output out by width meet every boundary with it.
func Widths(lo, hi int) []byte {
	var b strings.Builder
	b.WriteString("errgen: 1\nname: widths\nversion: 1.0.0\nfallback: E_A\nlimits: {max_suggestions: 10}\ndomains:\n")
	b.WriteString("  base: {range: [1, 9999]}\n")
	for n := lo; n <= hi; n++ {
		fmt.Fprintf(&b, "  %s: {range: [%d, %d]}\n", name("dom", n), 10000+n*10, 10000+n*10+9)
	}
	b.WriteString("details:\n")
	b.WriteString("  optional_only:\n    type: object\n    properties:\n      a: {type: string}\n      b: {type: integer}\n")
	b.WriteString("  keywords:\n    type: object\n    required: [fn, self]\n    properties:\n")
	b.WriteString("      fn: {type: object, required: [type], properties: {type: {type: string}, crate: {type: integer}}}\n")
	b.WriteString("      self: {type: string, enum: [self, crate, type, none, some, ok, err, default]}\n      match: {type: integer}\n      async: {type: boolean}\n")
	b.WriteString("      \"</script> \\\"q\\\" \\\\ é語 \\u202E😀 \\n end\": {type: object, properties: {\"*/ x\": {type: string, enum: [\"\\u2028x\", \"}y\"]}}}\n")
	b.WriteString("  into:\n    type: object\n    properties: {from: {type: string}}\n")
	b.WriteString("  many:\n    type: object\n    required: [a, b, c, d, e, f, g, h]\n    properties:\n")
	for _, p := range []string{"a", "b", "c", "d", "e", "f", "g", "h"} {
		fmt.Fprintf(&b, "      %s: {type: string}\n", p)
	}
	for n := lo; n <= hi; n++ {
		text := words("word", n)
		switch n % 3 {
		case 1:
			text = words("mot é", n)
		case 2:
			text = words("語", n)
		}
		fmt.Fprintf(&b, "  %s:\n    type: object\n    required: [%s]\n    properties:\n", name("shape", n), name("p", n))
		fmt.Fprintf(&b, "      %s: {type: string, enum: [%q, a, b]}\n", name("p", n), text)
		fmt.Fprintf(&b, "      %q: {type: array, items: {type: array, items: {$ref: %s}}}\n", words("word", n), name("shape", n))
		fmt.Fprintf(&b, "      %s: {$ref: %s}\n", name("q", n), name("shape", n))
		fmt.Fprintf(&b, "      %s:\n        type: object\n        properties: {%s: {type: integer}}\n        additionalProperties: {type: array, items: {type: string}}\n", name("r", n), name("s", n))
	}
	b.WriteString("errors:\n  E_A: {code: 1, title: A, message: a, doc: A.}\n")
	b.WriteString("  E_B: {code: 2, title: B, message: \"{a}\", details: optional_only, doc: B.}\n")
	b.WriteString("  E_C: {code: 3, title: C, message: \"{h}\", details: many, doc: C.}\n")
	b.WriteString("  E_D: {code: 4, title: D, message: \"{totalErrors}\", details: field_errors, doc: D.}\n")
	b.WriteString("  E_SELF: {code: 5, type: self, title: S, message: \"{fn} {self}\", details: keywords, doc: S.}\n")
	b.WriteString("  E_MATCH: {code: 6, type: match, title: M, message: m, details: into, doc: M.}\n")
	code := 7
	for n := lo; n <= hi; n++ {
		typ := name("t", n)
		sym := "E_" + strings.ToUpper(typ)
		text := words("word", n)
		if n%2 == 1 {
			text = words("語 é", n)
		}
		fmt.Fprintf(&b, "  %s:\n    code: %d\n    type: %s\n    title: %q\n    message: %q\n    user_message: %q\n",
			sym, code, typ, text, words("word", n+8), words("word", n+16))
		statuses := []string{}
		for i := 0; i < n%45+1; i++ {
			statuses = append(statuses, fmt.Sprint(400+i))
		}
		fmt.Fprintf(&b, "    status: [%s]\n", strings.Join(statuses, ", "))
		sugg := []string{fmt.Sprintf("%q", text)}
		for i := 0; i < n%7; i++ {
			sugg = append(sugg, fmt.Sprintf("%q", words("wé", i+2)))
		}
		fmt.Fprintf(&b, "    suggestions: [%s]\n", strings.Join(sugg, ", "))
		fmt.Fprintf(&b, "    details: %s\n    doc: %q\n", name("shape", n), words("word", n*2))
		if n%4 == 0 {
			fmt.Fprintf(&b, "    deprecated: {since: 1.0.0, note: %q}\n", words("note", n))
		}
		code++
		var aliases []string
		for i := 0; i < n%5+1; i++ {
			aliases = append(aliases, fmt.Sprintf("E_%s_%d", strings.ToUpper(name("v", n)), i))
		}
		fmt.Fprintf(&b, "  %s:\n    code: %d\n    domain: %s\n    title: T\n    message: m\n    doc: D.\n    aliases: [%s]\n",
			"E_"+strings.ToUpper(name("u", n)), 10000+n*10, name("dom", n), strings.Join(aliases, ", "))
	}
	return []byte(b.String())
}
