package conformance

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/facts"
)

// The value rule vectors give the maps of an error's details (open objects
// without declared properties) every case of their members' node at once,
// each a member of its own, so that one vector shows which a runner keeps:
//
//   - rules/check-values: for a map whose members' node has checks, values
//     on both sides of each bound, length and count (in characters of one
//     to four UTF-8 bytes), each enum and const value beside near misses,
//     equal and unequal array items, and valid and invalid values of each
//     format;
//   - rules/sanitize-values: for a map of strings a sanitizer scrubs, the
//     forms of home paths, URLs and e-mail addresses each sanitizer finds
//     or must leave alone, and token runs of every character class.
//
// Each uses the first error with such a map, every such map of it.

// valueRuleVectors adds the value rule vectors of the catalog.
func (g *generator) valueRuleVectors() {
	for _, rule := range []struct {
		name  string
		cases func(n *facts.Node) []any
	}{
		{"check-values", checkCases},
		{"sanitize-values", sanitizeCasesOf},
	} {
		for _, e := range g.rc.Facts.Errors {
			if e.Details == nil || e.Symbol == g.rc.Facts.Fallback {
				continue
			}
			details := g.example(e.Symbol)
			found := false
			for _, p := range g.resolve(e.Details).Properties {
				n := g.resolve(p.Node)
				if n.Type != "object" || len(n.Properties) > 0 || n.AdditionalProperties == nil {
					continue
				}
				cases := rule.cases(g.resolve(n.AdditionalProperties))
				if len(cases) == 0 {
					continue
				}
				m := make(map[string]any, len(cases))
				for i, c := range cases {
					m[fmt.Sprintf("c%03d", i)] = c
				}
				// a name a JSON Pointer escapes, in the violations' paths
				m["c000/~"] = m["c000"]
				delete(m, "c000")
				details[p.Name] = m
				found = true
			}
			if !found {
				continue
			}
			in := errgenrt.ConformanceInput{Kind: "error", Symbol: e.Symbol, Details: g.raw(details), Options: options()}
			in.Options.MaxStringBytes, in.Options.MaxDataBytes = valueBound, maximalData
			g.add("rules/"+rule.name, in)
			break
		}
	}
}

// valueBound is the string bound of the value rule vectors: long enough
// that no case is cut.
const valueBound = 512

// checkCases returns the cases of a checked node, and of an array whose
// items are checked: none for a node without checks, or with one of the
// sensitive or sanitizing keywords (whose values show no verdict).
func checkCases(n *facts.Node) []any {
	if n.Sensitive || n.Sanitize != "" {
		return nil
	}
	var out []any
	if n.Type == "array" && n.Items != nil {
		// one array of its items' cases: an item that breaks the items'
		// node is left out, the others written
		if items := checkCases(n.Items); len(items) > 0 {
			out = append(out, items)
		}
	}
	c := n.Check
	if c == nil {
		return out
	}
	switch n.Type {
	case "string":
		out = stringCases(c)
	case "integer", "number":
		out = numberCases(c, n.Type)
	case "array":
		out = append(out, arrayCases(n, c)...)
	case "any": // values of every type, each keyword judging its own
		out = append(stringCases(c), numberCases(c, "number")...)
		out = append(out, arrayCases(n, c)...)
		// an object with a length member is no array: the counts pass it by
		out = append(out, true, false, map[string]any{"a": "é"}, map[string]any{"length": 4})
	}
	if c.Const != nil {
		var v any
		if json.Unmarshal(*c.Const, &v) == nil {
			out = append(out, v)
			if f, ok := v.(float64); ok { // the same number written otherwise
				out = append(out, json.Number(strconv.FormatFloat(f, 'e', -1, 64)))
				if math.Abs(f) == math.MaxFloat64 { // a number past the doubles reads as the largest double of its sign
					past := json.Number("1e400")
					if f < 0 {
						past = "-1e400"
					}
					out = append(out, past)
				}
			}
			if n.Type == "any" { // of other types too: a typed node refuses them
				out = append(out, []any{v}, map[string]any{"v": v})
				if w, ok := exponents(v); ok { // equal: numbers compare by value at any depth
					out = append(out, w)
				}
				out = append(out, nearMisses(v)...)
			}
		}
	}
	return out
}

// exponents returns v with each number inside it written in exponent
// notation (1 as 1e+00), and whether it holds one; a nested number is
// a scalar of another spelling that must still equal the const's.
func exponents(v any) (any, bool) {
	switch x := v.(type) {
	case float64:
		return json.Number(strconv.FormatFloat(x, 'e', -1, 64)), true
	case []any:
		out, held := make([]any, len(x)), false
		for i, item := range x {
			var ok bool
			out[i], ok = exponents(item)
			held = held || ok
		}
		return out, held
	case map[string]any:
		out, held := make(map[string]any, len(x)), false
		for k, item := range x {
			var ok bool
			out[k], ok = exponents(item)
			held = held || ok
		}
		return out, held
	}
	return v, false
}

// nearMisses returns JSON values that differ from v in one place each: a
// scalar of another value or type, an item or member changed, added or
// left out.
func nearMisses(v any) []any {
	switch x := v.(type) {
	case nil:
		return []any{false, json.Number("0"), ""}
	case bool:
		return []any{!x, json.Number(strconv.Itoa(map[bool]int{false: 0, true: 1}[x])), nil}
	case float64:
		return []any{num(x + 1), strconv.FormatFloat(x, 'g', -1, 64), nil}
	case string:
		return []any{x + " ", strings.ToUpper(x) + "X", nil}
	case []any:
		out := []any{append(slices.Clone(x), nil), nil, "[]"}
		if len(x) > 0 {
			out = append(out, x[:len(x)-1])
		}
		for i, item := range x {
			for _, m := range nearMisses(item) {
				changed := slices.Clone(x)
				changed[i] = m
				out = append(out, changed)
			}
		}
		return out
	case map[string]any:
		more := maps.Clone(x)
		more["extra"] = true
		out := []any{more, nil, []any{}}
		for _, k := range slices.Sorted(maps.Keys(x)) {
			less := maps.Clone(x)
			delete(less, k)
			out = append(out, less)
			for _, m := range nearMisses(x[k]) {
				changed := maps.Clone(x)
				changed[k] = m
				out = append(out, changed)
			}
		}
		return out
	}
	return nil
}

// stringCases returns strings of one to four code points of every UTF-8
// length, and the cases of c's enum, patterns and formats.
func stringCases(c *facts.Check) []any {
	var out []any
	for _, s := range []string{"", "a", "é", "€", "😀", "ab", "é€", "😀😀", "abc", "éé€", "😀😀😀", "abcd", "éé€€", "😀😀😀😀", "aé€😀b",
		// the first and last characters past U+FFFF (the first and last high
		// surrogates) and U+E000 (past the surrogates): three, three, two
		"\U00010000\U00010000\U00010000", "\U0010ffff\U0010ffff\U0010ffff", "\ue000\ue000"} {
		out = append(out, s)
	}
	for _, v := range c.Enum {
		out = append(out, v, strings.ToUpper(v), v+" ")
	}
	// strings on both sides of a length bound past the short ones
	for _, b := range []*int{c.MinLength, c.MaxLength} {
		if b != nil && *b > 4 {
			out = append(out, strings.Repeat("x", *b-1), strings.Repeat("x", *b), strings.Repeat("x", *b+1))
		}
	}
	if len(c.Patterns) > 0 {
		for _, s := range patternCases {
			out = append(out, s)
		}
	}
	for _, f := range c.Formats {
		for _, s := range formatCases[f] {
			out = append(out, s)
		}
	}
	return out
}

// numberCases returns numbers on both sides of c's bounds and multiples
// of c's multipleOf, of a node of type typ (integer or number).
func numberCases(c *facts.Check, typ string) []any {
	var out []any
	var bounds []float64
	for _, b := range []*json.Number{c.Minimum, c.Maximum, c.ExclusiveMinimum, c.ExclusiveMaximum} {
		if f, ok := float(b); ok {
			bounds = append(bounds, f)
		}
	}
	steps := []float64{-1, 0, 1}
	if typ == "number" {
		steps = []float64{-1, -0.5, -1e-9, 0, 1e-9, 0.5, 1}
	}
	// an integer node takes integers alone: a fraction is refused
	add := func(f float64) {
		if typ == "number" || f == math.Trunc(f) {
			out = append(out, num(f))
		}
	}
	for _, b := range bounds {
		for _, d := range steps {
			add(b + d)
		}
	}
	if k, ok := float(c.MultipleOf); ok && k > 0 {
		for _, q := range []float64{0, 1, 3, 7, 1.5, -2, 1.0 / 3} {
			add(q * k)
		}
	}
	add(0)
	add(1)
	if typ == "integer" {
		// the largest integers every runtime holds exactly, and the first
		// past them; integers in exponent notation and with a fraction of
		// 0, the largest among them
		for _, x := range []string{"9007199254740991", "-9007199254740991", "9007199254740992", "-9007199254740992", "4e0", "-2E1", "3.0",
			"9.007199254740991e15", "-9007199254740991.0", "9.007199254740992e15"} {
			out = append(out, json.Number(x))
		}
	}
	return out
}

// arrayCases returns arrays of every count around c's minItems and
// maxItems and, with uniqueItems, arrays with and without equal items.
func arrayCases(n *facts.Node, c *facts.Check) []any {
	var out []any
	counts := map[int]bool{}
	for _, b := range []*int{c.MinItems, c.MaxItems} {
		if b != nil {
			counts[max(*b-1, 0)], counts[*b], counts[*b+1] = true, true, true
		}
	}
	for k := range 8 {
		if counts[k] {
			items := make([]any, k)
			for i := range items {
				items[i] = itemOf(n, i)
			}
			out = append(out, items)
		}
	}
	if c.UniqueItems {
		one, two := itemOf(n, 0), itemOf(n, 1)
		out = append(out, []any{one, one}, []any{one, two}, []any{one, two, one}, []any{})
		if n.Items == nil || n.Items.Type == "any" { // items of every type, equal as JSON or not
			out = append(out,
				[]any{json.Number("1"), json.Number("1.0")}, []any{json.Number("1"), "1"},
				[]any{map[string]any{"a": json.Number("1"), "b": true}, map[string]any{"b": true, "a": json.Number("1")}},
				[]any{map[string]any{"a": json.Number("1")}, map[string]any{"a": json.Number("2")}},
				[]any{[]any{json.Number("1")}, []any{json.Number("1")}}, []any{[]any{json.Number("1")}, []any{json.Number("1"), json.Number("2")}},
				[]any{true, json.Number("1")}, []any{nil, nil}, []any{false, json.Number("0")})
		}
	}
	return out
}

// itemOf returns the i-th item of an array of n's items for the count
// cases: a string or number as the items' node takes.
func itemOf(n *facts.Node, i int) any {
	if n.Items != nil && (n.Items.Type == "integer" || n.Items.Type == "number") {
		return json.Number(strconv.Itoa(i))
	}
	return string(rune('a' + i))
}

func float(n *json.Number) (float64, bool) {
	if n == nil {
		return 0, false
	}
	f, err := n.Float64()
	return f, err == nil && !math.IsInf(f, 0)
}

// num returns f as JSON, in the shortest form that reads back as f.
func num(f float64) json.Number { return json.Number(strconv.FormatFloat(f, 'g', -1, 64)) }

// patternCases are strings a pattern's every construct tells apart:
// letters, digits, white space and word characters at each end of their
// classes, characters of one to four UTF-8 bytes (a four-byte one two
// UTF-16 units, one character), repeats of each count, alternatives.
var patternCases = []string{
	"", "a", "b", "c", "d", "ab", "abc", "abc1", "abc12", "cab9", "ABC", "Abc", "Hello", "hello", "HELLO", "Hé",
	"1", "12", "123", "1234", "1a", "a\nb", "a\tb", "ab\n", "x y", "_a b", "foo", "a foo b", "xfoo", "foo_",
	"abab", "abcd", "cdab", "aba", "aab", "aaab", "aaa", "bbb", "abbbccc", "ac", "xy", "yx", "xyz", "xx",
	"é", "ééé", "éÿ", "è", "Ā", "😀", "😀😀", "😀😀😀", "a😀", "!1 ", "!a ", " 1x", "Z", "z",
	// a word boundary after each end of the word characters' ranges, and
	// after a character that is none; counts of 9 and 10, a count of 0;
	// U+0080, the first character past ASCII; a class's ^ and [
	"0foo", "9foo", "Afoo", "Zfoo", "afoo", "zfoo", "@foo", "xxxxxxxxx", "xxxxxxxxxx", "yyyyyyyyy", "yyyyyyyyyy", "xz",
	"\u0080", "x^", "x[",
	// the escapes map's hexadecimal (each end of each digit range), NUL,
	// tab and / escapes (those a validator on Go's regexp reads alike)
	"Ooabc", "ª", "\x00\t/", "O0",
	// the ecma_escapes map's \u, \u{} (the largest code point apart),
	// surrogate pairs (each end of each half, and one inside), \c (each
	// end of each letter range), \0, control and class escapes and named
	// groups; ecma_tail's surrogate pair at the pattern's end (after the
	// largest count): what only an engine reading ECMAScript takes (Go's
	// regexp does not)
	"A\t😀", "\U00010000\U0010FFFF", "x\U0010FFFF", "😁", "\x01\x1a", "\n", "\x00:", "\f\v\r", "QR", "\b-é", "\x1b", "\x00;",
	"z😀",
	// the edges of an engine's automaton: a run its loop reads at once,
	// then a character it must not (X); the word characters' ends before
	// a word boundary (: [ {); a non-boundary at the value's end; a loop
	// that can read nothing; a block of 16 characters read at once, a
	// match ending inside it; the character a lone high surrogate before
	// U+E000 would make as a pair
	"bX", "X!", "-", "bbc", ":foo", "[foo", "x{foo", "ooooooooooooooooo", "\U00010400",
	// white space (\s) past ASCII and Latin-1: each end of U+2000–U+200A,
	// and U+202F
	"x\u2000y", "x\u200ay", "x\u202fy",
	// a complemented class escape inside a class (names_classes' [\W\d]):
	// the first word character after each gap, the last before one, the
	// escape's own letter, and a character past the surrogates; a word
	// boundary after a letter that is no ASCII word character; each
	// control escape of a class alone, and the character after the
	// surrogates (class_escapes)
	"XA", "XZ", "XW", "X😀", "éfoo", "\f", "\r", "\t", "\v", "\ue000",
}

// formatCases are values on both sides of each format's rule (ajv-formats'
// full mode, which the runtimes follow), leaving out those where JSON
// Schema validators disagree (a date-time with a space for its T, a uuid
// with its urn:uuid: prefix): every payload of a vector validates against
// its schema under any of them.
// longHost is three labels of 63 bytes, each with its dot: 192 bytes.
var longHost = strings.Repeat("a", 63) + "." + strings.Repeat("b", 63) + "." + strings.Repeat("c", 63) + "."

var formatCases = map[string][]string{
	"date": {"2024-02-29", "2023-02-29", "2000-02-29", "1900-02-29", "2024-04-30", "2024-04-31", "2024-12-31", "2024-13-01", "2024-00-10", "2024-01-00", "24-01-01", "2024-1-01", "2024-03-01", "2024-12-32", "2024-06-31", "12024-02-29", "2024-02-290", "2024+01-01", "2024-01+01", "+024-01-01"},
	// leap seconds: only at 23:59 UTC, whatever the offset
	"time":          {"12:00:00Z", "12:00:00z", "12:00:00+01:00", "12:00:00-23:59", "12:00:00", "12:00:00.123Z", "24:00:00Z", "12:60:00Z", "23:59:60Z", "22:59:60-01:00", "12:59:60Z", "00:00:00+24:00", "12:00:00+23:60", "23:59:60+00:00", "00:59:60+01:00", "22:58:60-01:01", "23:58:60Z", "22:59:60Z", "23:59:61Z", "23:59:60.5Z", "23:59:60-00:01", "23:59:59Z", "23:59:59+23:59", "00:29:60+00:30", "01:00:60+01:01", "23:59:60+01", "22:59:60.5-01:00", "22:59:60.09-01:00", "12:00:00.5", "012:00:00Z", "12:00:00Zx", "12-00:00Z", "12:00-00Z", "+1:00:00Z", "12:00:00+1", "12:00:00+01-00"},
	"date-time":     {"2024-02-29T12:00:00Z", "2024-02-30T12:00:00Z", "2024-02-29t12:00:00z", "2024-02-29T12:00:00", "2024-02-29T23:59:60Z", "2024-02-29T12:00:00.5+05:30", "2024-02-29T00:59:60+01:00", "2024-02-29T23:58:60Z", "2024-02-29\u4e0012:00:00Z", "2024-02-29T12:00:00Zt"},
	"duration":      {"P1D", "PT1H", "P1Y2M3DT4H5M6S", "P", "PT", "P1W", "P1W2D", "1D", "PT1.5S", "P1DT", "PT1M1H", "xP1D", "P1Dx", "P10Y", "P10M", "P10D", "PT10H", "PT10M", "PT10S", "P10W", "PT1M", "p1d", "pt1h"},
	"uri":           {"https://example.com/a?b#c", "urn:isbn:0451450523", "//example.com", "http://[::1]/", "http://é.example", "a:b", "http://exa mple.com", "HTTP://EXAMPLE.COM", "http://example.com/%zz", "mailto:a@b.co"},
	"uri-reference": {"../a", "#frag", "", "http://a b", "%zz", "/a/b?c", "http://[::1", "é"},
	"uri-template":  {"/a[", "/users/{id}", "/users/{id", "{+path}/x", "{}", "/a/{b,c}", "/a/{é}", "/plain", "%41", "a%4", "{a%41}", "{a%4}", "/{a:1}", "/{a:12}", "/{a:1234}", "/{a:0}", "{a,b%41}", "{a,bc}", "{a,b%4}", "/{a,b:1}", "/{a,b:12}", "/{a,b:0}"},
	"email":         {"a@b.co", "a.b@c.de", "a..b@c.de", "a@b", "@b.co", "a@-b.co", "a@b-.co", "A@B.CO", "é@b.co", "a+b@c-d.e", "a@b.co!", "a.bc@x.co", "a@b.c.co"},
	// names of 253 and 254 bytes, with and without a final dot
	"hostname": {"example.com", "a", "-a.com", "a-.com", "a..com", strings.Repeat("x", 63) + ".com", strings.Repeat("x", 64) + ".com", "Example.COM", "ex_ample.com", "é.com", "a.b.c.",
		longHost + strings.Repeat("d", 61), longHost + strings.Repeat("d", 61) + ".", longHost + strings.Repeat("d", 62), longHost + strings.Repeat("d", 62) + ".", ""},
	"ipv4":                  {"0.0.0.0", "255.255.255.255", "256.0.0.0", "01.2.3.4", "1.2.3", "1.2.3.4.5", "249.250.199.100", "1.2.3.04", "1.2.3.4 ", "1.1.1.240", "1.1.1.2x0"},
	"ipv6":                  {"::", "::1", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8:9", "::ffff:1.2.3.4", "1::2::3", "FE80::1", "fe80::1%eth0", "gggg::1", "1:2:3:4:5:6:1.2.3.4"},
	"uuid":                  {"123e4567-e89b-12d3-a456-426614174000", "123E4567-E89B-12D3-A456-426614174000", "123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-42661417400g", "x123e4567-e89b-12d3-a456-426614174000", "123e4567-e89b-12d3-a456-426614174000x"},
	"json-pointer":          {"", "/", "/a~0b", "/a~1b", "/a~2b", "a/b", "/~", "/é"},
	"relative-json-pointer": {"0", "1/a", "0#", "01", "-1", "2/a~1", "1#/a", "10"},
}

// sanitizeCasesOf returns the sanitizer cases of a node of sanitized
// strings without checks (a checked string is written whole or not at all,
// whatever its scrubbing), none for any other node.
func sanitizeCasesOf(n *facts.Node) []any {
	if n.Type != "string" || n.Sanitize == "" || n.Sensitive || n.Check != nil {
		return nil
	}
	out := make([]any, len(sanitizeCases))
	for i, s := range sanitizeCases {
		out[i] = s
	}
	return out
}

// sanitizeCases are the forms each sanitizer finds or must leave alone;
// every sanitizer gets all of them.
var sanitizeCases = []string{
	// home paths: each prefix, names of every byte a name may hold, and
	// the drive letter at each end of its class and past it
	"/home/alice/x", "/home/", "/home//x", "x/home/al ice", "/home/a\"b", "/home/a'b", "/home/a\tb", "/home/a\\b/c",
	"/Users/bob/y", "/Users/b\\c", "/Users/", "/Users//y", "/root", "/rooted/x", "/roo", "/HOME/a",
	`C:\Users\carol\z`, `c:\Users\d e`, `1:\Users\e`, `@:\Users\f`, `[:\Users\g`, "`:\\Users\\h", `{:\Users\i`,
	`A:\Users\j`, `Z:\Users\k`, `a:\Users\l`, `z:\Users\m`, `C:\Users\`, `C:\Users\ z`, `C:\Users\a/b`, `C:\users\n`,
	// URLs: the user information, the query's secret names however
	// written, where the query and fragment start, what ends a URL, and
	// which runs are schemes
	"https://u:p@h/x", "https://u@h/x", "https://u:p:q@h", "https://a@b:c@h/", "https://a:b@c@h/", "https://h/@u:p",
	"http://h/p?token=1&x=2", "http://h/p?TOKEN=1", "http://h?api_key=1#frag", "http://h#f?token=1", "http://h/#?token=1",
	"http://h/?a=1&pass=2&pwd=3&code=4&credential=5&credentials=6&sig=7&signature=8",
	"http://h/?authz=1&session_id=2&my_secret=3&passes=4&codes=5&xsig=6&sigs=7&monkey=8&oauth=9&Auth=10",
	"http://h/?%74oken=1&to%6Ben=2&to+ken=3&%7=4&%zz=5&key&s%69g=6&%70wd=7&t%4Fken=8&t%6fken=9&%6bey=10&%4bEY=11&x%4=12",
	"http://h/?=1&&token&=&token=", "http://h/?a=1?b=2&token=3", "http://h/?a=1#b&token=2",
	"x://h?token=1", "9http://h?token=1", "+http://h?token=1", "http:///x?token=1", "://h?token=1", "a.b+c-d://h?token=1",
	"http://h?token=a b", "'http://h?token=1'", "<http://h?token=1>", "http://h?token=1\"x", "HTTP://H?Token=1",
	"z9://h?token=1", "A0://h?token=1", "Z+://h?token=1", "a.9://h?token=1", "a-9://h?token=1", "a://", "a:// h", "a://\"h",
	// the first :// starts the authority, the first ? the query, the
	// first # after it the fragment, the first = ends a name; a user
	// information without a user; names past ASCII and escapes at the end
	"https://u:p@h/?next=http://x", "https://:pw@h/x", "http://h/?a=1?token=3", "http://h/?token=a#x#y", "http://h/?#token=1",
	"http://h/?pass=a=b", "http://h/?ÄTOKEN=1&SİG=2&S%C4%B0G=3&İD=4", "http://h/?toke%6E=1&tok%6=2&%FF%FEtoken=3&a%XXb=4&x%g6=5",
	// the Kelvin sign, whose lower case is k, escaped with A and a; a name
	// that escapes a character and holds a secret's letters as they are
	"http://h/?%E2%84%AAey=1&%e2%84%aaey=2&\u212Aey=3&x_secret%21=4",
	// U+210A (script g, its own lower case): a lower-case hex digit read
	// as upper case would make its last byte the Kelvin sign's (0x8a as
	// 0xaa), and the name key
	"http://h/?%e2%84%8aey=1",
	// escapes of characters that are no hex digits, which decoded would
	// spell secret names (p, c, and T from the % below 0)
	"http://h/?%6gass=1&%6:ode=2&%6Gwd=3&%%4oken=4",
	// a port without user information, with a user; no query but a name;
	// an empty name; an authority that ends the URL; a scheme of one
	// letter after a space
	"https://h:8080/p?token=1", "https://u@h:8080/?x=1", "https://u:p@h/token=1", "http://h/?=token", "https://u:p@", "x a://h?token=1",
	// a URL after a "://" that starts the value and starts none, an
	// address after an "@" that starts the value and ends no local part:
	// the search goes on past each
	"://x https://u:p@h/?token=1", "@x a@b.co",
	// e-mail addresses: local and domain parts at each end of their
	// classes, and top-level labels of one letter and of more
	"bob@example.com", "a@b.co", "a@b.c", "@example.com", "a.b%c+d-e_f@ex-ample.org", "a@b.c.de", "a@b.cde9", "a@b..com",
	"a@.com", "a@b.c1d.ef", "x@y.Z1.Com", "09AZaz@09AZaz.AZaz", "a@b.co@c.de", "é@b.co", "a@é.co", "a@b.co.",
	"a@b.cc1@d.ee", "a@b.cc12@dd.ee", // the second starts where the first ends
	// a value long enough that a runtime keeps its scrubbed text: each
	// sanitizer scrubs it its own way
	"https://u:p@h/home/alice/" + strings.Repeat("x", 4096) + "?token=1",
	// token runs of every class, their bounds and separators
	"0Aa9Zz0Aa9Zz0Aa9Zz0Aa9Zz0Aa9Zz0A", "0123456789012345678901234567890", "01234567890123456789012345678901",
	"ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEF", "abcdefghijklmnopqrstuvwxyzabcdef", "zZ9aA0zZ9aA0zZ9aA0zZ9aA0zZ9aA0zZ",
	"aB3d_aB3d-aB3d+aB3d/aB3daB3daB3d", "aB3d_aB3d-aB3d+aB3d/aB3d_aB3daB3d", "a_b_c_d_e_f_g_h_i_j_k_l_m_n_o_p_1",
	"@B3d[aB3d`aB3d{aB3d:aB3d/aB3daB3daB3d", "key=0Aa9Zz0Aa9Zz0Aa9Zz0Aa9Zz0Aa9Zz0A;",
	// runs cut by a separator into stretches under 32: a secret whole only
	// with a digit, an upper-case and a lower-case letter, each class met
	// at its ends alone
	"abcDabcDabcDabcD_abcDabcDabcDabc0", "abcDabcDabcDabcD_abcDabcDabcDabc9", "abc1abc1abc1abc1_abc1abc1abc1abcA",
	"abc1abc1abc1abc1_abc1abc1abc1abcZ", "ABC1ABC1ABC1ABC1_ABC1ABC1ABC1ABCz", "ABC1ABC1ABC1ABC1_ABC1ABC1ABC1ABCa",
	"abcDabcDabcDabcD_abcDabcDabcDabcD", "abc1abc1abc1abc1_abc1abc1abc1abc1", "ABC1ABC1ABC1ABC1_ABC1ABC1ABC1ABC1",
}
