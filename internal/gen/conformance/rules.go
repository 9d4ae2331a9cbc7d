package conformance

import (
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/facts"
	"github.com/errgen/errgen/internal/model"
)

// The rule vectors (ids rules/…) pin rules of the page that a catalog's
// own fields may never exercise, so that a runner passing a catalog's
// vectors has them right before the catalog grows a field where they act:
// untyped values through legacy data and extension members, which every
// error takes; the error chain, the number notation and the byte bounds,
// through the fallback; reading an input, among them inputs every runner
// refuses; and, where the catalog has a field of the kind, the rule of
// that field, which the rules catalogs' vectors (rulescatalog.go) pin in
// every file. TestRuleSwitches shows that each rule of the page, read
// another way, fails a vector of the file of every catalog the tests use.

// ruleVectors adds the rule vectors of the catalog.
func (g *generator) ruleVectors() {
	f := g.rc.Facts
	if f.Fallback == "" {
		return
	}
	base := errgenrt.ConformanceInput{Kind: "error", Symbol: f.Fallback, Options: options()}
	base.Options.MaxDataBytes = maximalData

	keys := base
	keys.Options.MaxStringBytes = 16
	keyed := map[string]any{
		"\uff61": 1, "\U0001F600": 2, "B": 3, "a": 4, "é": 5, // code point order: a JavaScript sort puts 😀 before ｡
		"kkkkkkkkkkkkkkkkkkkkkk2": 6, "kkkkkkkkkkkkkkkkkkkkkk1": 7, // bounded alike: the first by key as given
		"__proto__": 8, "constructor": 9, "KEYS": 10,
		// a key and its prefix; the first character past the surrogates,
		// U+E000, and the first past U+FFFF, whose UTF-16 starts at U+D800
		"ab": 11, "\ue000": 12, "\U00010000": 13,
		// the characters on either side of those
		"\ud7ff": 18, "\ue001": 19, "\uffff": 20, "\U0010ffff": 21,
		// at the bound and one byte past it; past it in bytes, not in
		// UTF-16 code units; at it in characters of three bytes
		"sixteen-bytes-ok": 14, "seventeen-bytes-x": 15, "ééééééééé": 16, "€€€€€a": 17,
	}
	// given in reverse order, and in order: a runner must sort them itself,
	// and a sort compares them both ways
	keys.Data = []errgenrt.ConformanceMember{{Key: "keys", Value: reversed(keyed)}, {Key: "sorted", Value: keyed}}
	g.add("rules/untyped-keys", keys)

	depth := base
	var nest any = "deepest"
	for range errgenrt.UntypedDepth {
		nest = []any{nest}
	}
	depth.Data = []errgenrt.ConformanceMember{{Key: "depth", Value: nest}}
	depth.Extensions = depth.Data // a problem document's members are bounded alike
	g.add("rules/untyped-depth", depth)

	// the clock's years run from 0000, a leap year (a runner on a date
	// type that starts at year 1 must still read it)
	clock := base
	clock.Options.Now = "0000-02-29T23:59:59Z"
	g.add("rules/clock", clock)

	values := base
	values.Options.MaxStringBytes = 16
	values.Data = []errgenrt.ConformanceMember{
		{Key: "numbers", Value: []any{json.Number("-0"), json.Number("1e21"), json.Number("1e-7"), json.Number("5e-324"), json.Number("0.1"),
			json.Number("123456789012345678901234567890"), json.Number("9007199254740993"), json.Number("1e400"), json.Number("-1e400"),
			json.Number("1.7976931348623157e308"), json.Number("1E3"), json.Number("-1.50")}},
		// escaped characters, and each of the five a JSON string written
		// for HTML escapes or quotes, alone
		{Key: "strings", Value: []any{"<&>", "\u2028\u2029", "\x00\x1f\x7f", "xxxxxxxxxxxx\U0001F600yy", "\"\\/", "\"", "\\", "<", ">", "&", "\b\f\n\r\t",
			// a backspace or form feed with the escapes of HTML and a backslash
			"\b\\<&\u2028\f>\\\u2029"}},
		{Key: "first", Value: 1},
		{Key: "first", Value: 2},
	}
	values.Extensions = []errgenrt.ConformanceMember{{Key: "once", Value: 1}, {Key: "once", Value: 2}}
	g.add("rules/untyped-values", values)

	// an occurrence's retry delay: rounded up, bounded, ignored where the
	// occurrence does not retry after a delay or the delay is negative
	yes, no := true, false
	for _, r := range []struct {
		id        string
		retryable *bool
		ms        float64
	}{
		{"rules/retry-after-round", &yes, 0.001},
		{"rules/retry-after-bound", &yes, 1e300},
		{"rules/retry-after-negative", &yes, -1},
		{"rules/retry-after-zero", &yes, 0},
		{"rules/retry-after-not-retried", &no, 5000},
	} {
		in := base
		in.Retryable, in.RetryAfterMs = r.retryable, &r.ms
		g.add(r.id, in)
	}

	// plain notation up to 1e21, not beyond; as many digits as the
	// decimal point's place (12.5e1); 2^-24 and 2^89, whose digits rounded
	// to the length of their shortest form read back as another number
	// (the shortest form is then not that rounding)
	notation := base
	notation.Data = []errgenrt.ConformanceMember{{Key: "numbers", Value: []any{
		json.Number("1e20"), json.Number("123456789012345678901"), json.Number("999999999999999900000"),
		json.Number("1e21"), json.Number("0.000001"), json.Number("1e-7"), json.Number("12.5e1"),
		json.Number("5.960464477539063e-8"), json.Number("6.189700196426902e+26"),
	}}}
	g.add("rules/number-notation", notation)

	// strings bounded at 16 bytes across characters of two, three and four
	// bytes, at every offset, and at exactly the bound
	bounds := base
	bounds.Options.MaxStringBytes = 16
	var cut []any
	for _, c := range []string{"é", "€", "😀"} {
		for n := range 4 {
			cut = append(cut, strings.Repeat("a", n)+strings.Repeat(c, 12))
		}
	}
	cut = append(cut, strings.Repeat("é", 8), "a"+strings.Repeat("é", 8), strings.Repeat("😀", 4), strings.Repeat("€", 5)+"a", strings.Repeat("€", 5)+"ab")
	// the last and first characters of each UTF-8 length, and those on
	// either side of the surrogates: nine of each, and as many as make
	// the bound and one character more
	for _, c := range []string{"\u007f", "\u0080", "\u07ff", "\u0800", "\ud7ff", "\ue000", "\uffff", "\U00010000", "\U0010ffff"} {
		at := 16 / len(c)
		cut = append(cut, strings.Repeat(c, 9), strings.Repeat(c, at), strings.Repeat(c, at+1))
	}
	bounds.Data = []errgenrt.ConformanceMember{{Key: "strings", Value: cut}}
	g.add("rules/byte-bounds", bounds)

	g.chainRuleVectors(base)
	g.inputRuleVectors()
	g.fieldRules()
}

// fieldRules adds the rule vectors of the fields of the catalog: each
// where the catalog has a field where the rule acts. The rules catalog
// has one for every rule, and every vector file holds its vectors
// (rules-catalog/…).
func (g *generator) fieldRules() {
	for _, e := range g.rc.Facts.Errors {
		g.fieldRuleVectors(e)
	}
	g.valueRuleVectors()
	g.declaredRuleVector()
	g.failRuleVector()
	g.heldRuleVector()
	g.placeholderChecksRuleVector()
	g.placeholderReplacementRuleVector()
	g.replacementRuleVector()
	g.violationsMinimalRuleVector()
	g.dataBoundRuleVector()
	g.verboseRuleVector()
	g.openOrderRuleVector()
}

// The token runs of the chain vectors: 31 bytes (kept), 32 (a secret),
// 32 with one separator per 8 bytes (a secret, whole) and 33 with five
// (more than one per 8 bytes: kept, having no 32 letters and digits).
const (
	run31    = "aB3aB3aB3aB3aB3aB3aB3aB3aB3aB3c"
	run32    = "aB3aB3aB3aB3aB3aB3aB3aB3aB3aB3cd"
	boundary = "aB3d_aB3d-aB3d+aB3d/aB3daB3daB3d"
	over     = "aB3d_aB3d-aB3d+aB3d/aB3d_aB3daB3d"
)

// chainRuleVectors adds the vectors of the error chain's scrubbing, which
// the fallback shows in verbose mode whatever the catalog.
func (g *generator) chainRuleVectors(base errgenrt.ConformanceInput) {
	tokens := base
	tokens.Options.Verbose = true
	tokens.Cause = []string{
		"key " + run31 + ": 31 bytes, kept",
		"key " + run32 + ": 32 bytes, redacted",
		"key " + boundary + ": one separator per 8 bytes, redacted whole",
		"key " + over + ": more separators, kept",
	}
	g.add("rules/chain-tokens", tokens)

	sensitive := base
	sensitive.Options.Verbose, sensitive.Options.ShowSensitive = true, true
	sensitive.Cause = []string{"read /home/alice/.netrc", "GET https://u:pw@h.example/?token=t", "key " + run32}
	g.add("rules/chain-sensitive", sensitive)
}

// inputRuleVectors adds the vectors of reading an input: the members a
// kind does not read are still type-checked, and refused when they are
// of another type; a data or extension entry is an object with a string
// key, its value null when absent, its other members ignored.
func (g *generator) inputRuleVectors() {
	fb := g.rc.Facts.Fallback
	yes, ms := true, 5000.0
	ignored := errgenrt.ConformanceInput{
		Kind: "definition", Symbol: fb, Details: json.RawMessage(`{"ignored":true}`),
		Cause: []string{"read /home/alice/ignored"}, Retryable: &yes, RetryAfterMs: &ms, Status: 599,
		RequestID: "req_ignored", Instance: "urn:uuid:44444444-4444-4444-8444-444444444444",
		Data:       []errgenrt.ConformanceMember{{Key: "ignored", Value: 1}},
		Extensions: []errgenrt.ConformanceMember{{Key: "ignored", Value: 1}},
		Options:    options(),
	}
	ignored.Options.Verbose = true
	g.add("rules/definition-members", ignored)
	ignored.Kind, ignored.Symbol, ignored.Cause = "foreign", "E_IN_NO_CATALOG", []string{"EACCES"}
	g.add("rules/foreign-members", ignored)

	opts := `"options":{"now":` + quote(Now) + `,"instance":` + quote(Instance) + `}`
	g.addRaw("rules/member-entries", json.RawMessage(`{"kind":"error","symbol":`+quote(fb)+
		`,"data":[{"key":"noValue"},{"value":1,"key":"more","note":"ignored"}],"extensions":[{"key":"nullValue","value":null}],`+opts+`}`))

	in := func(kind string, kv ...any) map[string]any {
		m := map[string]any{"kind": kind, "options": map[string]any{"now": Now, "instance": Instance}}
		if kind != "foreign" {
			m["symbol"] = fb
		} else {
			m["cause"] = []any{"EACCES"}
		}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	g.refuse("rules/refuse-data-entry", in("error", "data", []any{1}), "a data entry that is not an object")
	g.refuse("rules/refuse-data-key", in("error", "data", []any{map[string]any{"key": 7, "value": 1}}), "a data entry whose key is not a string")
	g.refuse("rules/refuse-extension-key", in("error", "extensions", []any{map[string]any{"value": "v"}}), "an extension entry without a key")
	g.refuse("rules/refuse-extensions", in("error", "extensions", map[string]any{"key": "a", "value": 1}), "extensions that are not an array")
	g.refuse("rules/refuse-definition-retryable", in("definition", "retryable", "yes"), "a retryable flag that is not a boolean, on a definition")
	g.refuse("rules/refuse-definition-cause", in("definition", "cause", []any{1}), "a cause entry that is not a string, on a definition")
	g.refuse("rules/refuse-definition-data", in("definition", "data", []any{map[string]any{"key": nil}}), "a data entry without a string key, on a definition")
	g.refuse("rules/refuse-foreign-status", in("foreign", "status", "400"), "a status that is not a number, on a foreign error")
	g.refuse("rules/refuse-foreign-details", in("foreign", "details", "x"), "details that are not an object, on a foreign error")
	g.refuse("rules/refuse-foreign-no-cause", map[string]any{"kind": "foreign", "options": map[string]any{"now": Now, "instance": Instance}}, "a foreign error without its text")
	g.refuse("rules/refuse-clock-sign", map[string]any{"kind": "definition", "symbol": fb, "options": map[string]any{"now": "+026-01-02T03:04:05Z", "instance": Instance}},
		"a clock whose year has a sign (a reader of four digits as a number takes +026 for 26)")
	g.lineDepthRuleVector(fb)
	g.unreadableRuleVectors(fb)
}

// unreadableRuleVectors adds rules/unreadable-…: lines a runner cannot
// read, each answered with the error answer and the id "" (the page's
// "Reading the input", rule 1), though each holds its id: one nested a
// level deeper than MaxInputDepth, one JSON object followed by another,
// one after a byte order mark, one whose id is a number, one cut short,
// an array, and a line of U+0085 alone (no JSON white space).
func (g *generator) unreadableRuleVectors(fb string) {
	line := func(id string, input any) string {
		b, err := marshal(map[string]any{"id": id, "input": input})
		if err != nil {
			g.err = err
		}
		return string(b)
	}
	input := map[string]any{"kind": "definition", "symbol": fb, "options": map[string]any{"now": Now, "instance": Instance}}
	var deep any = "deepest"
	for range errgenrt.MaxInputDepth - 1 { // with the line and the input: one level too many
		deep = []any{deep}
	}
	deepInput := map[string]any{"kind": "error", "symbol": fb, "data": []any{map[string]any{"key": "deep", "value": deep}}, "options": input["options"]}
	for _, u := range []struct{ id, line, why string }{
		{"rules/unreadable-depth", line("rules/unreadable-depth", deepInput), "nested a level deeper than a line may be"},
		{"rules/unreadable-two-values", line("rules/unreadable-two-values", input) + " {}", "a second JSON value after the object"},
		{"rules/unreadable-byte-order-mark", "\ufeff" + line("rules/unreadable-byte-order-mark", input), "a byte order mark before the object"},
		{"rules/unreadable-number-id", strings.Replace(line("rules/unreadable-number-id", input), `"id":"rules/unreadable-number-id"`, `"id":7`, 1), "an id that is not a string"},
		{"rules/unreadable-cut", strings.TrimSuffix(line("rules/unreadable-cut", input), "}"), "the object cut short"},
		{"rules/unreadable-array", "[" + line("rules/unreadable-array", input) + "]", "an array, not an object"},
		{"rules/unreadable-next-line", "\u0085", "U+0085 alone, which is not JSON white space"},
	} {
		if g.err != nil {
			return
		}
		if id, _, err := errgenrt.ReadConformanceLine([]byte(u.line)); id != "" || err == nil {
			g.err = fmt.Errorf("vector %s: errgenrt reads the line (id %q)", u.id, id)
			return
		}
		if g.register(u.id) {
			g.out = append(g.out, Vector{ID: u.id, Unreadable: u.why, RawLine: u.line})
		}
	}
}

// lineDepthRuleVector adds rules/line-depth: a line nested exactly as deep
// as a runner reads (MaxInputDepth levels: legacy data nested to the
// bound), its strings holding brackets, braces, quotes and backslashes,
// which are no nesting: the runner reads it and renders it.
func (g *generator) lineDepthRuleVector(fb string) {
	text := strings.Repeat("[{", 60) + `"\"` + strings.Repeat("]}", 10) + `\`
	for levels := errgenrt.MaxInputDepth; levels > 0 && g.err == nil; levels-- {
		var deep any = text
		for range levels {
			deep = []any{deep}
		}
		in := errgenrt.ConformanceInput{Kind: "error", Symbol: fb, Options: options()}
		in.Data = []errgenrt.ConformanceMember{{Key: text, Value: deep}}
		line, err := Vector{ID: "rules/line-depth", Input: in}.Line()
		if err != nil {
			g.err = err
			return
		}
		if _, _, err := errgenrt.ReadConformanceLine(line); err == nil {
			g.add("rules/line-depth", in) // the deepest that reads: MaxInputDepth
			return
		}
	}
}

// payloads renders in, and reports whether it renders as the fallback.
func (g *generator) payloads(in errgenrt.ConformanceInput) (p errgenrt.ConformancePayloads, fallback bool, ok bool) {
	raw, err := marshal(in)
	if err != nil {
		return p, false, false
	}
	v, err := g.render("candidate", raw)
	if err != nil {
		return p, false, false
	}
	p = v.Expect
	return p, strings.HasPrefix(p.Response, `{"error":true,"code":`+quote(g.rc.Facts.Fallback)+`,`), true
}

// example returns a copy of the error's first example (else empty
// details).
func (g *generator) example(sym string) map[string]any {
	details := map[string]any{}
	if e := g.errorBySymbol(sym); e != nil && len(e.Examples) > 0 {
		if ex, ok := e.Examples[0].Value.(map[string]any); ok {
			for k, x := range ex {
				details[k] = x
			}
		}
	}
	return details
}

// declaredRuleVector adds rules/extension-declared: the first error with
// an optional top-level field, its first example without it, and an
// extension named like it: dropped though the field is not written.
func (g *generator) declaredRuleVector() {
	for e, p := range g.fields(false) {
		if p.Required {
			continue
		}
		d := g.example(e.Symbol)
		delete(d, p.Name)
		in := errgenrt.ConformanceInput{Kind: "error", Symbol: e.Symbol, Details: g.raw(d), Options: options()}
		in.Extensions = []errgenrt.ConformanceMember{{Key: p.Name, Value: "spoofed"}, {Key: "kept", Value: "an extension"}}
		if _, fallback, ok := g.payloads(in); ok && !fallback {
			g.add("rules/extension-declared", in)
			return
		}
	}
}

// failRuleVector adds rules/details-fail: the first error whose empty
// details fail as a whole (a required value breaks its node and has no
// replacement), verbose, with every occurrence member, none of which the
// fallback it becomes keeps.
func (g *generator) failRuleVector() {
	fb := g.rc.Facts.Fallback
	for _, e := range g.rc.Facts.Errors {
		if e.Details == nil || e.Symbol == fb {
			continue
		}
		in := errgenrt.ConformanceInput{Kind: "error", Symbol: e.Symbol, Details: json.RawMessage(`{}`), Options: options()}
		if _, fallback, ok := g.payloads(in); !ok || !fallback {
			continue
		}
		yes, ms := true, 1000.0
		in.Options.Verbose, in.Options.ServerVersion = true, serverVersion
		in.Cause, in.RequestID = shortChain, "req_fail"
		in.Instance = "urn:uuid:33333333-3333-4333-8333-333333333333"
		in.Retryable, in.RetryAfterMs = &yes, &ms
		in.Data = []errgenrt.ConformanceMember{{Key: "method", Value: "tools/call"}}
		in.Extensions = []errgenrt.ConformanceMember{{Key: "tool", Value: "read_file"}}
		g.add("rules/details-fail", in)
		return
	}
}

// heldRuleVector adds rules/violation-held: the first optional object
// field with a required member that has no replacement, given a value of
// the member that breaks it. The member's violation is held until the
// object's fate is known, then reported with it: the object left out.
func (g *generator) heldRuleVector() {
	for e, p := range g.fields(true) {
		n := g.resolve(p.Node)
		if p.Required || n.Type != "object" {
			continue
		}
		for _, q := range n.Properties {
			if !q.Required || g.resolve(q.Node).Replacement != nil {
				continue
			}
			held := "/" + p.Name + "/" + q.Name
			for _, v := range breaking(g.resolve(q.Node).Type) {
				details := g.example(e.Symbol)
				details[p.Name] = map[string]any{q.Name: v}
				if vs := g.violations(e.Symbol, details); len(vs) == 2 && vs[0].Path == held && vs[0].Outcome == "omitted" && vs[1].Path == "/"+p.Name {
					g.add("rules/violation-held", errgenrt.ConformanceInput{Kind: "error", Symbol: e.Symbol, Details: g.raw(details), Options: options()})
					return
				}
			}
		}
	}
}

// placeholderChecksRuleVector adds rules/placeholder-checks: the first
// error whose templates show string, integer or number fields with
// checks, or arrays of such items, each such field given a value of its
// type that breaks them (an array, one item that does): the placeholder
// shows nothing, or a required field's replacement, or the array without
// the item; its violations are the details' alone, reported once.
func (g *generator) placeholderChecksRuleVector() {
	for _, e := range g.rc.Facts.Errors {
		if e.Details == nil || e.Symbol == g.rc.Facts.Fallback {
			continue
		}
		details, broken := g.example(e.Symbol), 0
		for _, p := range g.resolve(e.Details).Properties {
			n := g.resolve(p.Node)
			if n.Sensitive || n.Sanitize != "" || !inTemplate(e, p.Name) {
				continue
			}
			var cases []any
			switch {
			case n.Check == nil && n.Type == "array" && n.Items != nil:
				if items := g.resolve(n.Items); items.Check != nil && !items.Sensitive && items.Sanitize == "" && (items.Type == "integer" || items.Type == "number") {
					for _, c := range numberCases(items.Check, items.Type) {
						cases = append(cases, []any{c})
					}
				}
			case n.Check == nil:
			case n.Type == "string":
				cases = stringCases(n.Check)
			case n.Type == "integer", n.Type == "number":
				cases = numberCases(n.Check, n.Type)
			}
			for _, c := range cases {
				try := clone(details)
				try[p.Name] = c
				if vs := g.violations(e.Symbol, try); len(vs) > broken && under(vs[broken:], "/"+p.Name) {
					details, broken = try, len(vs)
					break
				}
			}
		}
		if broken > 0 {
			g.add("rules/placeholder-checks", errgenrt.ConformanceInput{Kind: "error", Symbol: e.Symbol, Details: g.raw(details), Options: options()})
			return
		}
	}
}

// violations returns the violations of error sym given details (none when
// the input is refused).
func (g *generator) violations(sym string, details map[string]any) []errgenrt.ConformanceViolation {
	raw, err := marshal(errgenrt.ConformanceInput{Kind: "error", Symbol: sym, Details: g.raw(details), Options: options()})
	if err != nil {
		return nil
	}
	v, err := g.render("candidate", raw)
	if err != nil {
		return nil
	}
	return v.Violations
}

// under reports whether every violation of vs is at path or below it, and
// none made the error the fallback.
func under(vs []errgenrt.ConformanceViolation, path string) bool {
	for _, v := range vs {
		if v.Outcome == "fallback" || v.Path != path && !strings.HasPrefix(v.Path, path+"/") {
			return false
		}
	}
	return true
}

// breaking returns values of a node's type that may break its checks.
func breaking(typ string) []any {
	switch typ {
	case "string":
		return []any{"", "\x00", strings.Repeat("x", 300), "not a valid value"}
	case "integer":
		return []any{json.Number("9007199254740992"), json.Number("-1")}
	case "number":
		return []any{json.Number("-1e308"), json.Number("1e308")}
	case "array":
		return []any{[]any{}}
	case "object":
		return []any{map[string]any{}}
	}
	return nil
}

// placeholderReplacementRuleVector adds rules/placeholder-replacement:
// the first required array or object field with a replacement that a
// template shows, given a value that breaks it: the details and the
// placeholder both hold the replacement (the placeholder its text).
func (g *generator) placeholderReplacementRuleVector() {
	for e, p := range g.fields(true) {
		n := g.resolve(p.Node)
		if !p.Required || n.Replacement == nil || n.Verbose || n.Type != "array" && n.Type != "object" || !inTemplate(e, p.Name) {
			continue
		}
		for _, v := range breaking(n.Type) {
			d := g.example(e.Symbol)
			d[p.Name] = v
			if vs := g.violations(e.Symbol, d); len(vs) == 1 && vs[0].Path == "/"+p.Name && vs[0].Outcome == "replaced" {
				g.add("rules/placeholder-replacement", errgenrt.ConformanceInput{Kind: "error", Symbol: e.Symbol, Details: g.raw(d), Options: options()})
				return
			}
		}
	}
}

// replacementRuleVector adds rules/replacement-node: the first required
// field with a string replacement its node redacts, scrubs or bounds,
// given a value that breaks it: the replacement is written through the
// node.
func (g *generator) replacementRuleVector() {
	g.replacementVector("rules/replacement-node", func(e facts.Error, name string, n *facts.Node, repl string) bool {
		return n.Sensitive || slices.Contains(e.Sensitive, name) || n.Sanitize != "" || !n.Exact && len(repl) > 16
	}, nil)
	// rules/replacement-listed: the same of a field its error's sensitive
	// list names (its node not x-sensitive): the list redacts the
	// replacement too, in the details and in a template
	g.replacementVector("rules/replacement-listed", func(e facts.Error, name string, n *facts.Node, _ string) bool {
		return !n.Sensitive && slices.Contains(e.Sensitive, name)
	}, strings.Repeat("long text ", 500))
	// and of an untyped field a template shows, given a value outside its
	// enum: the template's text of the replacement is redacted too
	g.replacementVector("rules/replacement-listed-untyped", func(e facts.Error, name string, n *facts.Node, _ string) bool {
		return n.Type == "any" && !n.Sensitive && slices.Contains(e.Sensitive, name) && inTemplate(e, name)
	}, "not a valid value")
}

// replacementVector adds vector id: the first required field with a string
// replacement that want takes, given a value that breaks it (its one
// violation, replaced; of first, then of breaking's), which the payloads
// write as they write the replacement.
func (g *generator) replacementVector(id string, want func(e facts.Error, name string, n *facts.Node, repl string) bool, first ...any) {
	for e, p := range g.fields(false) {
		n := g.resolve(p.Node)
		if !p.Required || n.Replacement == nil {
			continue
		}
		repl, isString := facts.Decode(*n.Replacement).(string)
		if !isString || !want(e, p.Name, n, repl) {
			continue
		}
		for _, v := range append(slices.Clone(first), breaking(n.Type)...) {
			d := g.example(e.Symbol)
			d[p.Name] = v
			if vs := g.violations(e.Symbol, d); len(vs) != 1 || vs[0].Path != "/"+p.Name || vs[0].Outcome != "replaced" {
				continue // it keeps its node
			}
			in, ok := g.replacedBy(e.Symbol, p.Name, v, repl)
			if ok {
				g.add(id, in)
				return
			}
		}
	}
}

// violationsMinimalRuleVector adds rules/violations-minimal: the first
// required field with a replacement, given a value that breaks it, in a
// payload that legacy data of 600 bytes takes past maxDataBytes: written
// again minimal (the data cut to 64 bytes), the field replaced on every
// pass, and its violation reported once, on the first.
func (g *generator) violationsMinimalRuleVector() {
	for e, p := range g.fields(true) {
		n := g.resolve(p.Node)
		if !p.Required || n.Replacement == nil || n.Verbose {
			continue
		}
		for _, v := range breaking(n.Type) {
			d := g.example(e.Symbol)
			d[p.Name] = v
			in := errgenrt.ConformanceInput{Kind: "error", Symbol: e.Symbol, Details: g.raw(d), Options: options()}
			in.Options.MaxStringBytes, in.Options.MaxDataBytes = 1024, errgenrt.MinMaxDataBytes
			in.Data = []errgenrt.ConformanceMember{{Key: "long", Value: strings.Repeat("x", 600)}}
			raw, err := marshal(in)
			if err != nil {
				continue
			}
			v, err := g.render("candidate", raw)
			pl, vs := v.Expect, v.Violations
			if err != nil || len(vs) != 1 || vs[0].Path != "/"+p.Name || vs[0].Outcome != "replaced" || len(pl.JSONRPC) >= 600 {
				continue
			}
			g.add("rules/violations-minimal", in)
			return
		}
	}
}

// dataBoundRuleVector adds rules/data-bound-exact: the fallback with
// legacy data of 600 bytes, maxDataBytes exactly the length of its
// JSON-RPC error object: a payload at the bound is written whole (the
// other formats, longer or shorter, are written as the bound makes them);
// and rules/data-bound-floor, the same with maxDataBytes 1, which the
// floor (minMaxDataBytes) raises.
func (g *generator) dataBoundRuleVector() {
	in := errgenrt.ConformanceInput{Kind: "error", Symbol: g.rc.Facts.Fallback, Options: options()}
	in.Data = []errgenrt.ConformanceMember{{Key: "long", Value: strings.Repeat("x", 600)}}
	in.Options.MaxDataBytes = maximalData
	whole, _, ok := g.payloads(in)
	if !ok {
		return
	}
	in.Options.MaxDataBytes = len(whole.JSONRPC)
	if at, _, _ := g.payloads(in); at.JSONRPC != whole.JSONRPC {
		g.err = errors.New("vector rules/data-bound-exact: a JSON-RPC error object at maxDataBytes is not written whole")
		return
	}
	g.add("rules/data-bound-exact", in)
	// the least maxDataBytes an option gives: the floor bounds it
	in.Options.MaxDataBytes = 1
	g.add("rules/data-bound-floor", in)
	g.minimalBoundRuleVector()
}

// minimalBoundRuleVector adds rules/minimal-bound-exact: the first error
// other than the fallback with forty extension members of 100 bytes,
// which a minimal payload leaves out, and an instance of 600 bytes, which
// it keeps whole, and maxDataBytes exactly the length of its minimal
// problem document: a minimal payload at the bound is written, not the
// fallback (one byte less and it is).
func (g *generator) minimalBoundRuleVector() {
	var sym string
	for _, e := range g.rc.Facts.Errors {
		if e.Symbol != g.rc.Facts.Fallback {
			sym = e.Symbol
			break
		}
	}
	if sym == "" {
		return
	}
	in := errgenrt.ConformanceInput{Kind: "error", Symbol: sym, Details: g.raw(g.example(sym)), Options: options()}
	for i := range 40 {
		in.Extensions = append(in.Extensions, errgenrt.ConformanceMember{Key: fmt.Sprintf("k%02d", i), Value: strings.Repeat("x", 100)})
	}
	in.Instance = "urn:example:" + strings.Repeat("i", 600)
	// kept reports whether the error is written within n bytes, not the fallback
	kept := func(n int) bool {
		in.Options.MaxDataBytes = n
		p, _, ok := g.payloads(in)
		return ok && strings.Contains(p.Problem, `"symbol":`+quote(sym))
	}
	lo, hi := errgenrt.MinMaxDataBytes, maximalData // the least n kept is in (lo, hi]
	if kept(lo) || !kept(hi) {
		return
	}
	for hi-lo > 1 {
		if mid := (lo + hi) / 2; kept(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	in.Options.MaxDataBytes = hi
	if p, _, _ := g.payloads(in); len(p.Problem) != hi {
		return // kept below the bound, not at it
	}
	g.add("rules/minimal-bound-exact", in)
}

// replacedBy returns the input of error sym with field name given v, and
// whether it renders as the same input given repl does, with sensitive
// values shown too: v breaks the field, which is written as repl.
func (g *generator) replacedBy(sym, name string, v any, repl string) (errgenrt.ConformanceInput, bool) {
	with := func(x any, show bool) errgenrt.ConformanceInput {
		d := g.example(sym)
		d[name] = x
		in := errgenrt.ConformanceInput{Kind: "error", Symbol: sym, Details: g.raw(d), Options: options()}
		in.Options.MaxStringBytes, in.Options.ShowSensitive = 16, show
		return in
	}
	for _, show := range []bool{false, true} {
		a, fa, oka := g.payloads(with(v, show))
		b, _, okb := g.payloads(with(repl, show))
		if !oka || !okb || fa || a != b {
			return errgenrt.ConformanceInput{}, false
		}
	}
	return with(v, false), true
}

// verboseRuleVector adds rules/verbose-required: the first required
// x-verbose field without a replacement, outside verbose mode, given a
// value that breaks it (in verbose mode the details fail): it is left out
// before it is checked, and the error renders as itself.
func (g *generator) verboseRuleVector() {
	for e, p := range g.fields(false) {
		n := g.resolve(p.Node)
		if !p.Required || !n.Verbose || n.Replacement != nil {
			continue
		}
		for _, v := range breaking(n.Type) {
			d := g.example(e.Symbol)
			d[p.Name] = v
			in := errgenrt.ConformanceInput{Kind: "error", Symbol: e.Symbol, Details: g.raw(d), Options: options()}
			_, quiet, ok := g.payloads(in)
			in.Options.Verbose = true
			_, loud, okv := g.payloads(in)
			in.Options.Verbose = false
			if ok && okv && !quiet && loud {
				g.add("rules/verbose-required", in)
				return
			}
		}
	}
}

// openOrderRuleVector adds rules/open-order: the maximal details of the
// first error with an open object, every object's members given in
// reverse order: a runner sorts the other members itself.
func (g *generator) openOrderRuleVector() {
	for _, e := range g.rc.Facts.Errors {
		max, ok := g.maximal[e.Symbol]
		if !ok || !g.open(e.Details, map[*facts.Node]bool{}) {
			continue
		}
		in := errgenrt.ConformanceInput{Kind: "error", Symbol: e.Symbol, Details: reversed(max), Options: options()}
		in.Options.MaxStringBytes, in.Options.MaxDataBytes = maximalBound, maximalData
		g.add("rules/open-order", in)
		return
	}
}

// open reports whether node n holds an open object.
func (g *generator) open(n *facts.Node, seen map[*facts.Node]bool) bool {
	n = g.resolve(n)
	if n == nil || seen[n] {
		return false
	}
	seen[n] = true
	if n.AdditionalProperties != nil {
		return true
	}
	if n.Items != nil && g.open(n.Items, seen) {
		return true
	}
	for _, p := range n.Properties {
		if g.open(p.Node, seen) {
			return true
		}
	}
	return false
}

// reversed returns v as JSON with every object's members in reverse
// order of their keys.
func reversed(v any) json.RawMessage {
	var b []byte
	var write func(v any)
	write = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			keys := slices.Sorted(maps.Keys(x))
			slices.Reverse(keys)
			b = append(b, '{')
			for i, k := range keys {
				if i > 0 {
					b = append(b, ',')
				}
				kb, _ := marshal(k)
				b = append(append(b, kb...), ':')
				write(x[k])
			}
			b = append(b, '}')
		case []any:
			b = append(b, '[')
			for i, y := range x {
				if i > 0 {
					b = append(b, ',')
				}
				write(y)
			}
			b = append(b, ']')
		default:
			vb, _ := marshal(x)
			b = append(b, vb...)
		}
	}
	write(v)
	return b
}

// fieldRuleVectors adds the rule vectors of the first error of the catalog
// that has a field where each rule acts.
func (g *generator) fieldRuleVectors(e facts.Error) {
	if e.Details == nil {
		return
	}
	me := g.errorBySymbol(e.Symbol)
	if me == nil {
		return
	}
	o := g.resolve(e.Details)
	for _, p := range o.Properties {
		n := g.resolve(p.Node)
		switch {
		case n.Type == "integer" && n.Check == nil && inTemplate(e, p.Name) && !g.shown["placeholder-safe-integer"]:
			// past −(2^53 − 1) where a template shows it: the placeholder
			// shows what the payload writes of it, nothing (or a required
			// field's replacement), not the number
			g.fieldVector("placeholder-safe-integer", me, p.Name, json.Number("-9007199254740992"))
		case !p.Required && !n.Verbose && (n.Type == "integer" || n.Type == "number" || n.Type == "boolean") && inTemplate(e, p.Name) && !g.shown["placeholder-null-absent"]:
			// null is absent: the placeholder shows nothing, not the
			// type's empty value
			g.fieldVector("placeholder-null-absent", me, p.Name, nil)
		case n.Type == "integer" && n.Check == nil && !g.shown["safe-integer"]: // a check could break it either way
			// past 2^53 − 1: of its type, but it breaks its node
			g.fieldVector("safe-integer", me, p.Name, json.Number("9007199254740992"))
		case n.Type == "any" && n.Sanitize != "" && !n.Sensitive && !slices.Contains(e.Sensitive, p.Name) && !g.shown["scrub-nested"]:
			// and its members sorted by their keys as written: "a" before
			// "~/k", which /home/alice/k sorts before
			nested := map[string]any{p.Name: map[string]any{
				"/home/alice/k": []any{"read /home/alice/.netrc", map[string]any{"url": "https://u:pw@h.example/?token=t"}},
				"a":             "b",
			}}
			g.fieldsVector("scrub-nested", me, nested, nil)
			// with showSensitive, which shows sanitized values as given,
			// keys too
			g.fieldsVector("scrub-nested-shown", me, nested, func(o *errgenrt.ConformanceOptions) { o.ShowSensitive = true })
		case n.Type == "array" && g.resolve(n.Items).Type == "any" && g.resolve(n.Items).Sensitive && !g.shown["sensitive-null"]:
			g.fieldVector("sensitive-null", me, p.Name, []any{nil, "secret"})
		case n.Type == "array" && g.resolve(n.Items).Type == "any" && inTemplate(e, p.Name) && !g.shown["placeholder-null"]:
			g.fieldVector("placeholder-null", me, p.Name, []any{nil, "a", json.Number("1")})
		case !p.Required && n.Type == "string" && n.Check == nil && !n.Verbose && !g.shown["null-absent"]:
			// an empty string would keep its node: null must be absent, not ""
			g.fieldVector("null-absent", me, p.Name, nil)
		case n.Type == "number" && n.Check != nil && n.Check.MultipleOf != nil && !g.shown["multipleof-quotient"]:
			// a multiple whose quotient is 1e21: it breaks its node
			m, err := n.Check.MultipleOf.Float64()
			if err == nil && m > 0 {
				g.fieldVector("multipleof-quotient", me, p.Name, json.Number(strconv.FormatFloat(m*1e21, 'g', -1, 64)))
			}
		}
		if n.Type == "string" && n.Check == nil && !n.Sensitive && !slices.Contains(e.Sensitive, p.Name) && n.Sanitize == "" && !n.Verbose && inTemplate(e, p.Name) && !g.shown["placeholder-long"] {
			// a string of 5,000 bytes a template shows: its text whole,
			// then bounded with the rendered text (a runtime may keep the
			// text of a long value it rendered last)
			g.fieldVector("placeholder-long", me, p.Name, strings.Repeat("long text ", 500))
			// another long value of the same field next: a runtime that
			// keeps the text of the last long value must not answer with it
			g.fieldVector("placeholder-long-again", me, p.Name, strings.Repeat("other text ", 500))
		}
		if n.Type == "number" && !g.shown["number-past-doubles"] {
			// a number past the doubles, below: the largest negative
			// double (and a check then judges it)
			g.fieldVector("number-past-doubles", me, p.Name, json.Number("-1e400"))
		}
		if n.Type == "string" && n.Check == nil && (n.Sensitive || slices.Contains(e.Sensitive, p.Name)) && n.Sanitize == "" && !n.Verbose && inTemplate(e, p.Name) && !g.shown["placeholder-long-shown"] {
			// a sensitive string of 5,000 bytes a template shows, with
			// showSensitive and then without: a runtime that keeps the
			// text of the last long value keeps it for those flags alone
			long := map[string]any{p.Name: strings.Repeat("secret text ", 500)}
			g.fieldsVector("placeholder-long-shown", me, long, func(o *errgenrt.ConformanceOptions) { o.ShowSensitive = true })
			g.fieldsVector("placeholder-long-hidden", me, long, nil)
		}
	}
	g.longFieldsRuleVector(e, me, o)
	if o.AdditionalProperties == nil && !g.shown["unknown-member"] {
		// a member the details' schema does not name: dropped, not read
		g.fieldVector("unknown-member", me, "not a field", map[string]any{"x": []any{json.Number("1e400"), "y"}})
	}
}

// longFieldsRuleVector adds rules/placeholder-long-fields: the first
// error whose templates show a string field without checks or security
// keywords and a sanitized one, both given the same 5,000-byte home path:
// each placeholder shows its own field's text (a runtime that keeps the
// text of the last long value keeps it for that field alone).
func (g *generator) longFieldsRuleVector(e facts.Error, me *model.Error, o *facts.Node) {
	if g.shown["placeholder-long-fields"] {
		return
	}
	var plain, sanitized string
	for _, p := range o.Properties {
		n := g.resolve(p.Node)
		if n.Type != "string" || n.Check != nil || n.Sensitive || slices.Contains(e.Sensitive, p.Name) || n.Verbose || !inTemplate(e, p.Name) {
			continue
		}
		switch {
		case n.Sanitize == "" && plain == "":
			plain = p.Name
		case n.Sanitize != "" && sanitized == "":
			sanitized = p.Name
		}
	}
	if plain != "" && sanitized != "" {
		v := "/home/alice/" + strings.Repeat("long text ", 500)
		g.fieldsVector("placeholder-long-fields", me, map[string]any{plain: v, sanitized: v}, nil)
	}
}

// fields yields each top-level detail field of each error with details,
// in the catalog's order, but the fallback's when skipFallback is set.
func (g *generator) fields(skipFallback bool) iter.Seq2[facts.Error, facts.Property] {
	return func(yield func(facts.Error, facts.Property) bool) {
		for _, e := range g.rc.Facts.Errors {
			if e.Details == nil || skipFallback && e.Symbol == g.rc.Facts.Fallback {
				continue
			}
			for _, p := range g.resolve(e.Details).Properties {
				if !yield(e, p) {
					return
				}
			}
		}
	}
}

// fieldVector adds vector rules/RULE: the error's first example (else its
// empty details) with field name set to v.
func (g *generator) fieldVector(rule string, e *model.Error, name string, v any) {
	g.fieldsVector(rule, e, map[string]any{name: v}, nil)
}

// fieldsVector adds vector rules/RULE: the error's first example (else its
// empty details) with each field of fields set to its value, its options
// set by set when given.
func (g *generator) fieldsVector(rule string, e *model.Error, fields map[string]any, set func(*errgenrt.ConformanceOptions)) {
	details := map[string]any{}
	if len(e.Examples) > 0 {
		if ex, ok := e.Examples[0].Value.(map[string]any); ok {
			for k, x := range ex {
				details[k] = x
			}
		}
	}
	maps.Copy(details, fields)
	in := errgenrt.ConformanceInput{Kind: "error", Symbol: e.Symbol, Details: g.raw(details), Options: options()}
	in.Options.MaxDataBytes = maximalData
	if set != nil {
		set(&in.Options)
	}
	if g.add("rules/"+rule, in) {
		if g.shown == nil {
			g.shown = map[string]bool{}
		}
		g.shown[rule] = true
	}
}

func (g *generator) errorBySymbol(sym string) *model.Error {
	for _, e := range g.m.Errors {
		if e.Symbol == sym {
			return e
		}
	}
	return nil
}

// resolve returns the node a shape reference names.
func (g *generator) resolve(n *facts.Node) *facts.Node {
	if n != nil && n.Type == "object" && n.Shape != "" && n.Properties == nil {
		for _, s := range g.rc.Facts.Shapes {
			if s.Name == n.Shape {
				return s.Node
			}
		}
	}
	return n
}

// inTemplate reports whether a template of e has a placeholder of field.
func inTemplate(e facts.Error, field string) bool {
	tpls := append([]facts.Template{e.Message}, e.Suggestions...)
	if e.UserMessage != nil {
		tpls = append(tpls, *e.UserMessage)
	}
	for _, t := range tpls {
		for _, p := range t.Parts {
			if p.Field == field {
				return true
			}
		}
	}
	return false
}
