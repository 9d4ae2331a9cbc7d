// Package difffuzz fuzzes the runtimes of a catalog against each other
// (issue 37, "the runtimes fuzzed against each other"): it generates input
// lines of the conformance protocol (docs/guide/conformance.md, "The
// runner protocol") from a catalog's facts — details typed and valid per
// the detail nodes, mutated (members dropped, null, of another type at any
// depth, names repeated or in another case, __proto__ and constructor),
// hostile (strings to escape, cut and scrub, number tokens at and past
// every limit, deep nesting, every option and occurrence member) and
// unreadable — drives several runners with the same lines, compares every
// answer, and shrinks a line the runners disagree on to a small one that
// they still disagree on the same way.
//
// The lines are written from a JSON tree of their own ([Value]), which
// holds what Go values cannot: number tokens as written (1e400, -0), lone
// surrogate escapes, repeated member names. A [Generator] is deterministic
// for its seed.
package difffuzz

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/errgen/errgen/internal/facts"
)

// Line is one input line of the protocol.
type Line struct {
	// ID is the line's name, unique in a run: its id member when it has
	// one a runner reads.
	ID string
	// Class is what the line tries: typed, mutated, hostile, input (the
	// input's own members of another type), unreadable, blank, kept (a
	// corpus line).
	Class string
	// Value is the line's JSON ({"id", "input"}); Prefix and Suffix are
	// raw text written around it. Raw, when set, is the whole line
	// instead (a corpus line that is no JSON tree).
	Value          *Value
	Prefix, Suffix string
	Raw            []byte
	// Solo lines are run alone (one process per line): a blank line,
	// which a runner may skip or answer with the id "".
	Solo bool
}

// Text returns the line as written, without its line feed.
func (l *Line) Text() []byte {
	if l.Raw != nil || l.Value == nil {
		return l.Raw
	}
	b := append([]byte(nil), l.Prefix...)
	b = l.Value.AppendJSON(b)
	return append(b, l.Suffix...)
}

// Generator makes input lines from a catalog's facts.
type Generator struct {
	f      *facts.Catalog
	r      *rand.Rand
	prefix string
	n      int
	shapes map[string]*facts.Node
	errors []*facts.Error

	// while one line is made
	hostile bool    // strings, numbers and keys from the hostile pools
	mutate  float64 // the chance each detail value is mutated
	mutated int     // mutations made in the line
	size    int     // values made in the line (a bound on its size)
}

// New returns a generator of lines for the catalog of f, deterministic for
// seed. Line ids start with prefix.
func New(f *facts.Catalog, seed uint64, prefix string) *Generator {
	g := &Generator{f: f, r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), prefix: prefix, shapes: map[string]*facts.Node{}}
	for _, s := range f.Shapes {
		g.shapes[s.Name] = s.Node
	}
	for i := range f.Errors {
		g.errors = append(g.errors, &f.Errors[i])
	}
	return g
}

// Lines returns the next n lines.
func (g *Generator) Lines(n int) []*Line {
	out := make([]*Line, 0, n)
	for len(out) < n {
		out = append(out, g.Line())
	}
	return out
}

// BlankLines are the lines a runner skips, or answers with the id "" (the
// page says "skips blank lines" and no more): white space of JSON and of
// other definitions. Each is run alone.
func BlankLines(prefix string) []*Line {
	var out []*Line
	for i, s := range []string{"", " ", "\t", " \t \r", "\f", "\v", "\u00a0", "\u0085", "\ufeff", "\u2028", "\u3000"} {
		out = append(out, &Line{ID: fmt.Sprintf("%sblank-%d", prefix, i), Class: "blank", Raw: []byte(s), Solo: true})
	}
	return out
}

// Line returns the next line.
func (g *Generator) Line() *Line {
	g.n++
	g.hostile, g.mutate, g.mutated, g.size = false, 0, 0, 0
	var class string
	switch x := g.r.IntN(100); {
	case x < 28:
		class = "typed"
	case x < 55:
		class = "mutated"
		g.mutate = 0.04 + g.r.Float64()*0.12
	case x < 88:
		class = "hostile"
		g.hostile = true
	case x < 96:
		class = "input"
	default:
		class = "unreadable"
	}
	idv := g.idString(fmt.Sprintf("%s%05d-%s", g.prefix, g.n, class))
	in := g.input()
	l := &Line{ID: idv.Str, Class: class}
	if class == "mutated" && g.mutated == 0 {
		if d := in.Get("details"); d != nil && d.Kind == Object {
			g.mutateObject(d)
		}
	}
	switch class {
	case "input":
		g.mutateInput(in)
	case "unreadable":
		return g.unreadable(l, in)
	}
	line := O()
	if g.r.IntN(40) == 0 {
		line.Add("input", in).Add("id", idv)
	} else {
		line.Add("id", idv).Add("input", in)
	}
	if g.r.IntN(30) == 0 {
		line.Add("extra", g.untyped(3)) // not read
	}
	l.Value = line
	if g.r.IntN(25) == 0 {
		l.Prefix = []string{" ", "\t", "  \t"}[g.r.IntN(3)]
	}
	if g.r.IntN(25) == 0 {
		l.Suffix = []string{" ", "\t", "\r", " \r"}[g.r.IntN(4)]
	}
	return l
}

// idString is the id as a JSON string; now and then with characters past
// ASCII, written as \u escapes.
func (g *Generator) idString(id string) *Value {
	v := S(id)
	if g.r.IntN(20) == 0 {
		v.Escape = true
		v.Str = id + "é😀"
	}
	return v
}

func (g *Generator) chance(n int) bool { return g.r.IntN(n) == 0 }

func pick[T any](g *Generator, list []T) T { return list[g.r.IntN(len(list))] }

// input returns the input of a line.
func (g *Generator) input() *Value {
	in := O()
	e := pick(g, g.errors)
	kind := "error"
	switch x := g.r.IntN(100); {
	case x < 10:
		kind = "definition"
	case x < 16:
		kind = "foreign"
	}
	in.Add("kind", S(kind))
	if kind != "foreign" {
		sym := e.Symbol
		if len(e.Aliases) > 0 && g.chance(4) {
			sym = pick(g, e.Aliases)
		}
		in.Add("symbol", S(sym))
	}
	switch {
	case kind == "error" && e.Details != nil:
		if !g.chance(25) {
			in.Add("details", g.object(e.Details, 1))
		} else if g.chance(2) {
			in.Add("details", NullValue())
		}
	case g.chance(6): // details nothing reads
		in.Add("details", g.untypedObject(3))
	}
	if kind == "foreign" || g.chance(3) || g.hostile && g.chance(2) {
		in.Add("cause", g.cause())
	}
	if kind == "error" || g.chance(10) {
		g.occurrence(in, e)
	}
	in.Add("options", g.options(e))
	if g.chance(10) {
		slicesShuffle(g, in.Members)
	}
	return in
}

func slicesShuffle[T any](g *Generator, s []T) {
	g.r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
}

// occurrence adds the occurrence members of an error input.
func (g *Generator) occurrence(in *Value, e *facts.Error) {
	if g.chance(4) {
		in.Add("retryable", B(g.chance(2)))
	}
	if g.chance(4) {
		in.Add("retryAfterMs", N(pick(g, retryDelays)))
	}
	if g.chance(4) {
		switch x := g.r.IntN(10); {
		case x < 6:
			in.Add("status", I(int64(pick(g, e.Statuses))))
		case x < 8:
			in.Add("status", I(int64(pick(g, []int{200, 400, 404, 418, 500, 599, 999, 0, -1, 100}))))
		default:
			in.Add("status", N(pick(g, []string{"400.0", "4e2", "9007199254740993", "-0"})))
		}
	}
	if g.chance(5) {
		in.Add("requestId", S(pick(g, []string{"", "req_123", strings.Repeat("r", 300), "req_\u2028<1>", g.hostileString()})))
	}
	if g.chance(6) {
		in.Add("instance", S(pick(g, []string{"", "urn:example:occurrence/1", "/home/alice/x", g.hostileString()})))
	}
	if g.chance(4) || g.hostile && g.chance(2) {
		in.Add("data", g.members(e))
	}
	if g.chance(4) || g.hostile && g.chance(2) {
		in.Add("extensions", g.members(e))
	}
}

// members returns legacy data or extension members: names the payloads
// write themselves, a detail field's name, names given twice, hostile
// names and values.
func (g *Generator) members(e *facts.Error) *Value {
	a := A()
	n := g.r.IntN(6)
	var fields []string
	if e.Details != nil {
		for _, p := range g.resolve(e.Details).Properties {
			fields = append(fields, p.Name)
		}
	}
	for i := 0; i < n; i++ {
		var key string
		switch x := g.r.IntN(10); {
		case x < 3:
			key = pick(g, words)
		case x < 4 && len(fields) > 0:
			key = pick(g, fields)
		case x < 5 && len(a.Items) > 0: // a name given before
			key = a.Items[g.r.IntN(len(a.Items))].Get("key").Str
		default:
			key = g.key()
		}
		m := O().Add("key", S(key)).Add("value", g.untyped(1+g.r.IntN(4)))
		if g.chance(30) {
			m.Add("other", S("ignored"))
		}
		if g.chance(40) {
			m.Members = m.Members[:1] // no value: null
		}
		a.Items = append(a.Items, m)
	}
	return a
}

// cause returns a cause chain of up to seven hostile texts.
func (g *Generator) cause() *Value {
	a := A()
	for n := g.r.IntN(8); len(a.Items) < n; {
		var s string
		switch x := g.r.IntN(10); {
		case x < 3:
			s = pick(g, hostileStrings)
		case x < 5:
			s = pick(g, runStrings)
		case x < 6:
			s = strings.Repeat(pick(g, []string{"x", "é", "😀", "ab "}), 50+g.r.IntN(300))
		case x < 7:
			s = g.cutString(256)
		default:
			s = g.hostileString()
		}
		a.Items = append(a.Items, S(s))
	}
	return a
}

// options returns the rendering options.
func (g *Generator) options(e *facts.Error) *Value {
	o := O()
	switch {
	case g.chance(25):
		o.Add("now", S(pick(g, badNow)))
	case g.chance(8):
		o.Add("now", S(pick(g, goodNow)))
	default:
		o.Add("now", S("2026-01-02T03:04:05Z"))
	}
	switch {
	case g.chance(40):
		o.Add("instance", S(""))
	case g.chance(6):
		o.Add("instance", S(g.hostileString()))
	default:
		o.Add("instance", S("urn:uuid:00000000-0000-4000-8000-000000000000"))
	}
	for _, flag := range []string{"verbose", "showSensitive", "omitSuggestions"} {
		switch x := g.r.IntN(12); {
		case x < 4:
			o.Add(flag, B(true))
		case x < 5:
			o.Add(flag, B(false))
		case x < 6 && g.hostile:
			o.Add(flag, NullValue())
		}
	}
	for _, lim := range []struct {
		name   string
		values []string
	}{
		{"maxDataBytes", []string{"0", "1", "160", "511", "512", "513", "1000", "16384", "1e9", "-1", "512.0", "9007199254740993"}},
		{"maxStringBytes", []string{"0", "1", "2", "3", "4", "15", "16", "17", "40", "64", "1024", "-5", "16.0"}},
		{"maxSuggestions", []string{"0", "1", "2", "-1", "1e0"}},
	} {
		if g.chance(3) {
			o.Add(lim.name, N(pick(g, lim.values)))
		}
	}
	if g.chance(5) {
		o.Add("serverVersion", S(pick(g, []string{"", "1.2.3", "1.2.3 <beta>", strings.Repeat("v", 300), g.hostileString()})))
	}
	if g.chance(30) {
		o.Add("unknownOption", B(true))
	}
	return o
}

// resolve returns the node a shape reference names.
func (g *Generator) resolve(n *facts.Node) *facts.Node {
	if n.Shape != "" {
		if s := g.shapes[n.Shape]; s != nil {
			return s
		}
	}
	return n
}

// value returns a value for node n at depth d of the details.
func (g *Generator) value(n *facts.Node, d int) *Value {
	g.size++
	if g.mutate > 0 && g.r.Float64() < g.mutate {
		if v := g.wrongType(n); v != nil {
			g.mutated++
			return v
		}
	}
	switch n.Type {
	case "string":
		return S(g.stringFor(n))
	case "integer":
		return g.integer(n)
	case "number":
		return g.number(n)
	case "boolean":
		if c := n.Check; c != nil && c.Const != nil && !g.chance(5) {
			if p := Parse(string(*c.Const)); p != nil {
				return p
			}
		}
		return B(g.chance(2))
	case "array":
		return g.array(n, d)
	case "object":
		return g.object(n, d)
	}
	if c := n.Check; c != nil && c.Const != nil && !g.chance(4) {
		if p := Parse(string(*c.Const)); p != nil {
			return p
		}
	}
	return g.untyped(1 + g.r.IntN(4))
}

// wrongType returns a value of another type than n's (nil for an
// untyped node, which takes any).
func (g *Generator) wrongType(n *facts.Node) *Value {
	var options []*Value
	switch n.Type {
	case "string":
		options = []*Value{N("1"), B(true), A(), O(), A(S("x"))}
	case "integer":
		options = []*Value{N(pick(g, notIntegerTokens)), S("1"), B(false), A(I(1)), O()}
	case "number":
		options = []*Value{S("1.5"), B(true), A(), O(), S("")}
	case "boolean":
		options = []*Value{S("true"), N("1"), N("0"), A(), O()}
	case "array":
		options = []*Value{O(), S("[]"), N("0"), B(false), O().Add("0", S("x"))}
	case "object":
		options = []*Value{A(), S("{}"), N("1"), B(true), A(O())}
	default:
		return nil
	}
	return pick(g, options)
}

// object returns an object for node n: its properties (required ones
// mostly, optional ones half the time), other members when the node has
// them, and, in a mutated line, members dropped, null, repeated, in
// another case, named __proto__ or constructor.
func (g *Generator) object(n *facts.Node, d int) *Value {
	r := g.resolve(n)
	o := O()
	deep := d > 5 || g.size > 300
	for _, p := range r.Properties {
		present := g.r.IntN(100) < 55
		if p.Required {
			present = g.r.IntN(100) < 92
		}
		if deep && (!p.Required || g.chance(2)) {
			present = false
		}
		if !present {
			continue
		}
		if g.chance(40) {
			o.Add(p.Name, NullValue())
			continue
		}
		o.Add(p.Name, g.value(p.Node, d+1))
	}
	if ap := r.AdditionalProperties; ap != nil && !deep {
		for k := g.r.IntN(4); k > 0; k-- {
			o.Add(g.openKey(r), g.value(ap, d+1))
		}
	} else if g.chance(12) {
		o.Add(g.openKey(r), g.untyped(2)) // a member no node describes: not read
	}
	if g.mutate > 0 && g.r.Float64() < g.mutate*2 {
		g.mutateObject(o)
	}
	if g.chance(15) {
		slicesShuffle(g, o.Members)
	}
	return o
}

// openKey is the name of an other member of object node r.
func (g *Generator) openKey(r *facts.Node) string {
	switch x := g.r.IntN(10); {
	case x < 2 && len(r.Properties) > 0: // a declared name in another case
		name := pick(g, r.Properties).Name
		if up := strings.ToUpper(name); up != name {
			return up
		}
		return strings.ToLower(name) + "_"
	case x < 5:
		return pick(g, words)
	}
	return g.key()
}

// mutateObject mutates the object o (the details or an object in them):
// a member dropped, made null, given twice (the first of another type),
// given again in another case, a __proto__ or constructor member, an
// extra member.
func (g *Generator) mutateObject(o *Value) {
	g.mutated++
	switch x := g.r.IntN(7); {
	case x == 0 && len(o.Members) > 0:
		i := g.r.IntN(len(o.Members))
		o.Members = slices.Delete(o.Members, i, i+1)
	case x == 1 && len(o.Members) > 0:
		o.Members[g.r.IntN(len(o.Members))].Value = NullValue()
	case x == 2 && len(o.Members) > 0: // the same name twice: the last counts
		m := o.Members[g.r.IntN(len(o.Members))]
		first := pick(g, []*Value{S("first"), N("1.5"), B(true), A(), O(), NullValue()})
		o.Members = append([]Member{{S(m.Key.Str), first}}, o.Members...)
	case x == 3 && len(o.Members) > 0: // the same name in another case
		m := o.Members[g.r.IntN(len(o.Members))]
		variant := strings.ToUpper(m.Key.Str)
		if variant == m.Key.Str {
			variant = strings.ToLower(variant)
		}
		if variant == m.Key.Str {
			variant = strings.ToUpper(variant[:min(1, len(variant))]) + "x"
		}
		o.Members = append(o.Members, Member{S(variant), m.Value.Clone()})
	case x == 4:
		o.Add(pick(g, []string{"__proto__", "constructor"}), pick(g, []*Value{O().Add("polluted", B(true)), S("x"), N("1"), NullValue(), A()}))
	default:
		o.Add(g.key(), g.untyped(2))
	}
}

// array returns an array for node n: a few items, counts around its
// bounds, repeated items.
func (g *Generator) array(n *facts.Node, d int) *Value {
	a := A()
	count := g.r.IntN(4)
	if c := n.Check; c != nil && g.chance(2) {
		switch {
		case c.MinItems != nil && g.chance(2):
			count = max(0, *c.MinItems-1+g.r.IntN(3))
		case c.MaxItems != nil:
			count = max(0, *c.MaxItems-1+g.r.IntN(3))
		}
	}
	if d > 5 || g.size > 300 {
		count = min(count, 1)
	}
	if g.hostile && g.chance(8) {
		count += 4 + g.r.IntN(8)
	}
	for i := 0; i < count; i++ {
		if i > 0 && g.chance(5) { // repeated: uniqueItems drops it
			a.Items = append(a.Items, a.Items[g.r.IntN(i)].Clone())
			continue
		}
		if g.chance(30) {
			a.Items = append(a.Items, NullValue())
			continue
		}
		a.Items = append(a.Items, g.value(n.Items, d+1))
	}
	return a
}

// integer returns an integer token for node n: within its bounds mostly,
// at and past them and past 2^53 now and then.
func (g *Generator) integer(n *facts.Node) *Value {
	if g.hostile && g.chance(3) || g.chance(12) {
		if g.hostile && g.chance(12) {
			return N(pick(g, notIntegerTokens))
		}
		return N(pick(g, integerTokens))
	}
	lo, hi := -1000.0, 100000.0
	if c := n.Check; c != nil {
		if c.Const != nil && !g.chance(4) {
			if p := Parse(string(*c.Const)); p != nil {
				return p
			}
		}
		var bounds []float64
		if f, ok := number(c.Minimum); ok {
			lo = f
			bounds = append(bounds, f)
		}
		if f, ok := number(c.ExclusiveMinimum); ok {
			lo = math.Floor(f) + 1
			bounds = append(bounds, f)
		}
		if f, ok := number(c.Maximum); ok {
			hi = f
			bounds = append(bounds, f)
		}
		if f, ok := number(c.ExclusiveMaximum); ok {
			hi = math.Ceil(f) - 1
			bounds = append(bounds, f)
		}
		if len(bounds) > 0 && g.chance(4) { // at a bound, or one past it
			return N(strconv.FormatFloat(math.Round(pick(g, bounds))+float64(g.r.IntN(3)-1), 'f', -1, 64))
		}
		if lo > hi {
			lo, hi = hi, lo
		}
		if m, ok := number(c.MultipleOf); ok && m > 0 && m == math.Trunc(m) && hi-lo < 1e15 {
			k := math.Ceil(lo / m)
			steps := max(1, math.Floor((hi-lo)/m)+1)
			return N(strconv.FormatFloat((k+float64(g.r.Int64N(int64(min(steps, 1e6)))))*m, 'f', -1, 64))
		}
	}
	if hi-lo > 1e15 {
		hi = lo + 1e15
	}
	v := min(hi, lo+math.Floor(g.r.Float64()*(hi-lo+1)))
	return N(strconv.FormatFloat(v, 'f', -1, 64))
}

// number returns the value of a bound, if it is one.
func number(n *json.Number) (float64, bool) {
	if n == nil {
		return 0, false
	}
	f, err := n.Float64()
	return f, err == nil && !math.IsInf(f, 0)
}

// number returns a number token for node n.
func (g *Generator) number(n *facts.Node) *Value {
	if g.hostile && g.chance(2) || g.chance(10) {
		return N(pick(g, numberTokens))
	}
	if c := n.Check; c != nil && c.Const != nil && !g.chance(4) {
		if p := Parse(string(*c.Const)); p != nil {
			return p
		}
	}
	return N(g.double())
}

// double returns a random double in one of JSON's notations.
func (g *Generator) double() string {
	var f float64
	switch g.r.IntN(4) {
	case 0:
		f = math.Float64frombits(g.r.Uint64())
		if math.IsNaN(f) || math.IsInf(f, 0) {
			f = 1.25
		}
	case 1:
		f = math.Pow(10, float64(g.r.IntN(50)-25)) * (1 + g.r.Float64())
	case 2:
		f = float64(g.r.IntN(2000000)-1000000) / math.Pow(10, float64(g.r.IntN(12)))
	default:
		f = float64(g.r.IntN(1000))
	}
	switch g.r.IntN(3) {
	case 0:
		return strconv.FormatFloat(f, 'e', -1, 64)
	case 1:
		return strconv.FormatFloat(f, 'g', 17, 64)
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// stringFor returns a string for node n: one its checks keep (an enum or
// const value, a format's or a pattern's sample, a length within its
// bounds) mostly, plain or hostile text else, cut around the bounds.
func (g *Generator) stringFor(n *facts.Node) string {
	if c := n.Check; c != nil && !g.chance(6) {
		switch {
		case len(c.Enum) > 0:
			return pick(g, c.Enum)
		case c.Const != nil:
			if p := Parse(string(*c.Const)); p != nil && p.Kind == String {
				return p.Str
			}
		case len(c.Formats) > 0:
			if samples := formatSamples[c.Formats[0]]; len(samples) > 0 {
				return pick(g, samples)
			}
		case len(c.Patterns) > 0:
			if s, ok := g.matching(c.Patterns); ok {
				return s
			}
		}
		if c.MinLength != nil || c.MaxLength != nil {
			lo, hi := 0, 20
			if c.MinLength != nil {
				lo = *c.MinLength
			}
			if c.MaxLength != nil {
				hi = *c.MaxLength
			}
			k := lo + g.r.IntN(max(1, hi-lo+1))
			if g.chance(3) {
				k = pick(g, []int{lo - 1, lo, hi, hi + 1})
			}
			return g.runesOf(max(k, 0))
		}
	}
	if n.MaxBytes > 0 && g.chance(3) {
		return g.cutString(n.MaxBytes)
	}
	if g.hostile {
		return g.hostileString()
	}
	if g.chance(8) {
		return g.cutString(pick(g, []int{8, 16, 40, 64}))
	}
	return pick(g, words)
}

// matching returns a sample that matches every pattern (Go's reading of
// them), if any does.
func (g *Generator) matching(patterns []string) (string, bool) {
	var res []*regexp.Regexp
	for _, p := range patterns {
		re, err := regexp.Compile(p)
		if err != nil {
			return "", false
		}
		res = append(res, re)
	}
	start := g.r.IntN(len(patternSamples))
	for i := range patternSamples {
		s := patternSamples[(start+i)%len(patternSamples)]
		ok := true
		for _, re := range res {
			ok = ok && re.MatchString(s)
		}
		if ok {
			return s, true
		}
	}
	return "", false
}

// runesOf returns a string of k code points, some past ASCII.
func (g *Generator) runesOf(k int) string {
	var b strings.Builder
	for i := 0; i < k; i++ {
		b.WriteRune(pick(g, []rune{'a', 'b', 'é', '😀', '日', 'z'}))
	}
	return b.String()
}

// cutString returns a string just past (or at) the byte bound b with a
// character of two, three or four bytes across the place a runtime cuts
// it (b − 3 bytes, then "...").
func (g *Generator) cutString(b int) string {
	ch := pick(g, []string{"😀", "é", "日", "\u2028"})
	at := max(0, b-3-g.r.IntN(len(ch)+1))
	s := strings.Repeat("x", at) + ch
	for len(s) < b+g.r.IntN(3)-1 {
		s += "z"
	}
	return s
}

// hostileString returns a hostile text: one of the pool, a run for the
// token rule, a lone surrogate, text cut across a character, or some of
// these together; now and then 100 KB.
func (g *Generator) hostileString() string {
	switch x := g.r.IntN(100); {
	case x < 30:
		return pick(g, hostileStrings)
	case x < 42:
		return pick(g, runStrings)
	case x < 52:
		return g.surrogates()
	case x < 62:
		return g.cutString(pick(g, []int{8, 16, 40, 64, 256, int(g.f.Limits.MaxStringBytes)}))
	case x < 63:
		return strings.Repeat(pick(g, []string{"a", "é", "😀", "<", "\\", "/home/x "}), 100<<10/4)
	case x < 70:
		return pick(g, words)
	}
	var parts []string
	for k := 2 + g.r.IntN(3); k > 0; k-- {
		switch g.r.IntN(4) {
		case 0:
			parts = append(parts, pick(g, runStrings))
		case 1:
			parts = append(parts, g.surrogates())
		default:
			parts = append(parts, pick(g, hostileStrings))
		}
	}
	return strings.Join(parts, pick(g, []string{" ", "", "\n", "&"}))
}

// surrogates returns text with lone surrogate escapes (and, now and then,
// a pair written as two escapes).
func (g *Generator) surrogates() string {
	switch g.r.IntN(6) {
	case 0:
		return "a" + string(Surrogate(0xD800)) + "b"
	case 1:
		return string(Surrogate(0xDC00))
	case 2: // high, high, low: one lone, one pair
		return string(Surrogate(0xD83D)) + string(Surrogate(0xD83D)) + string(Surrogate(0xDE00))
	case 3: // low before high: two lone
		return "x" + string(Surrogate(0xDE00)) + string(Surrogate(0xD83D)) + "y"
	case 4: // a pair as escapes: 😀
		return "pair " + string(Surrogate(0xD83D)) + string(Surrogate(0xDE00))
	}
	return strings.Repeat("k", 13) + string(Surrogate(0xDBFF))
}

// key returns a member name for an open map, an untyped object, legacy
// data or extensions.
func (g *Generator) key() string {
	switch x := g.r.IntN(10); {
	case x < 5:
		return pick(g, hostileKeys)
	case x < 6:
		return g.surrogates()
	case x < 8:
		return pick(g, words)
	}
	return "k" + strconv.Itoa(g.r.IntN(20))
}

// untyped returns an untyped JSON value of up to depth levels.
func (g *Generator) untyped(depth int) *Value {
	g.size++
	if g.hostile && g.chance(40) {
		return g.deep(30 + g.r.IntN(6))
	}
	x := g.r.IntN(10)
	if depth <= 1 || g.size > 400 {
		x = g.r.IntN(6)
	}
	switch x {
	case 0:
		return NullValue()
	case 1:
		return B(g.chance(2))
	case 2:
		if g.chance(2) {
			return N(pick(g, numberTokens))
		}
		return N(g.double())
	case 3, 4, 5:
		if g.hostile || g.chance(3) {
			return S(g.hostileString())
		}
		return S(pick(g, words))
	case 6, 7:
		a := A()
		for k := g.r.IntN(4); k > 0; k-- {
			a.Items = append(a.Items, g.untyped(depth-1))
		}
		return a
	}
	return g.untypedObject(depth - 1)
}

func (g *Generator) untypedObject(depth int) *Value {
	o := O()
	for k := g.r.IntN(4); k > 0; k-- {
		key := g.key()
		if g.chance(6) && len(o.Members) > 0 { // a name given twice
			key = o.Members[0].Key.Str
		}
		o.Add(key, g.untyped(depth))
	}
	return o
}

// deep returns a value nested levels deep (arrays and objects), around
// the depth an untyped value is written to (32).
func (g *Generator) deep(levels int) *Value {
	v := pick(g, []*Value{S("deep"), N("1"), NullValue(), O(), A()})
	wraps := levels
	if v.Kind == Object || v.Kind == Array {
		wraps--
	}
	for i := 0; i < wraps; i++ {
		if g.chance(2) {
			v = A(v)
		} else {
			v = O().Add(pick(g, []string{"a", "__proto__", "b"}), v)
		}
	}
	return v
}

// mutateInput makes one member of the input another type than the
// protocol's, null, unknown or missing.
func (g *Generator) mutateInput(in *Value) {
	opts := in.Get("options")
	set := func(o *Value, key string, v *Value) {
		if o == nil || o.Kind != Object {
			return
		}
		o.Set(key, v)
	}
	switch g.r.IntN(23) {
	case 21:
		in.Set("retryAfterMs", pick(g, []*Value{S("1000"), S("1s"), B(true), A(), O(), A(N("1"))}))
	case 0:
		in.Set("status", pick(g, []*Value{S("400"), N("1.5"), N("1e400"), B(true), A()}))
	case 1:
		in.Set("cause", pick(g, []*Value{A(N("1")), S("text"), A(NullValue()), O(), A(S("a"), B(true))}))
	case 2:
		in.Set("retryable", pick(g, []*Value{S("yes"), N("1"), A()}))
	case 3:
		in.Set(pick(g, []string{"requestId", "instance"}), pick(g, []*Value{N("5"), O(), B(false), A(S("x"))}))
	case 4:
		in.Set(pick(g, []string{"data", "extensions"}), pick(g, []*Value{
			O(), S("x"), A(S("x")), A(O().Add("value", N("1"))), A(O().Add("key", N("5")).Add("value", N("1"))), A(NullValue()),
		}))
	case 5:
		if g.chance(2) {
			in.Delete("options")
		} else {
			in.Set("options", pick(g, []*Value{NullValue(), A(), S("x"), O()}))
		}
	case 6:
		set(opts, "now", pick(g, []*Value{S(pick(g, badNow)), N("0"), NullValue()}))
		if g.chance(3) {
			opts.Delete("now")
		}
	case 7:
		set(opts, "instance", pick(g, []*Value{S(""), N("5"), NullValue(), O()}))
		if g.chance(3) {
			opts.Delete("instance")
		}
	case 8:
		set(opts, pick(g, []string{"verbose", "showSensitive", "omitSuggestions"}), pick(g, []*Value{S("true"), N("1"), N("0"), A(), O()}))
	case 9:
		set(opts, pick(g, []string{"maxDataBytes", "maxStringBytes", "maxSuggestions"}),
			pick(g, []*Value{S("512"), N("1.5"), N("-1"), N("1e400"), N("-1e400"), B(true), N("1e-400"), N("0.0")}))
	case 10:
		set(opts, "serverVersion", pick(g, []*Value{N("1"), B(true), A()}))
	case 11:
		in.Set("kind", pick(g, []*Value{S("bogus"), S("Error"), S(""), N("1"), NullValue()}))
		if g.chance(3) {
			in.Delete("kind")
		}
	case 12:
		sym := in.Get("symbol")
		switch {
		case sym != nil && sym.Kind == String && g.chance(2):
			in.Set("symbol", S(strings.ToLower(sym.Str)))
		case g.chance(2):
			in.Set("symbol", pick(g, []*Value{S("E_NOPE"), S(""), N("1"), A()}))
		default:
			in.Delete("symbol")
		}
	case 13:
		in.Set("details", pick(g, []*Value{A(), S("x"), N("5"), B(true), S("{}")}))
	case 14: // members null: absent
		for i := range in.Members {
			if in.Members[i].Key.Str != "kind" && in.Members[i].Key.Str != "options" && g.chance(2) {
				in.Members[i].Value = NullValue()
			}
		}
	case 15:
		in.Add(pick(g, []string{"vectors", "expect", "id", "Kind", "KIND"}), g.untyped(2))
	case 16: // a member given twice: the last counts
		if len(in.Members) > 0 {
			m := in.Members[g.r.IntN(len(in.Members))]
			in.Members = append([]Member{{S(m.Key.Str), pick(g, []*Value{N("1"), S("x"), A(), B(true)})}}, in.Members...)
		}
	case 17: // a foreign error without its text
		in.Set("kind", S("foreign"))
		in.Set("cause", pick(g, []*Value{A(), NullValue(), A(S(""))}))
	case 18: // the input's members in another case
		if len(in.Members) > 0 {
			m := &in.Members[g.r.IntN(len(in.Members))]
			m.Key = S(strings.ToUpper(m.Key.Str[:1]) + m.Key.Str[1:])
		}
	case 19:
		set(opts, "Verbose", B(true))
	case 20: // status, limits as integers written otherwise
		set(opts, "maxDataBytes", N(pick(g, []string{"5.12e2", "512E0", "1e9", "0.0", "-0"})))
	default:
		in.Set("status", N(pick(g, []string{"4e2", "400.0", "9007199254740993", "-9007199254740993", "1e-400"})))
	}
}

// unreadable makes l a line no runner can read: not UTF-8, not one JSON
// object, nested past 100 levels, without a string id — or one just
// inside those bounds.
func (g *Generator) unreadable(l *Line, in *Value) *Line {
	line := O().Add("id", S(l.ID)).Add("input", in)
	l.Value = line
	switch g.r.IntN(16) {
	case 0: // past 100 levels: the line is 1, input 2, details 3
		in.Set("details", O().Add("v", g.deep(98+g.r.IntN(30))))
	case 1: // 100 levels (line, input, data, member, 96): readable, the value cut to null at 32
		in.Set("data", A(O().Add("key", S("k")).Add("value", g.deep(96))))
		l.Class = "deep"
	case 2: // past 100 levels in legacy data
		in.Set("data", A(O().Add("key", S("k")).Add("value", g.deep(97+g.r.IntN(3)))))
	case 3:
		in.Set("requestId", S("bad \xff byte"))
	case 4:
		in.Set("requestId", S(pick(g, []string{"\xed\xa0\x80 encoded surrogate", "\xc0\xaf overlong", "\xf4\x90\x80\x80 past U+10FFFF", "cut \xe6\x97"})))
	case 5:
		l.Suffix = pick(g, []string{"x", " {}", "]", ",", "\x00", " //", "\u00a0"})
	case 6:
		l.Prefix = pick(g, []string{"\ufeff", "x", "[", "\u00a0", "\f"})
	case 7:
		l.Value = pick(g, []*Value{A(line), S(l.ID), N("1"), NullValue(), B(true), A()})
	case 8:
		line.Set("id", pick(g, []*Value{N("5"), NullValue(), A(S(l.ID)), O(), B(true)}))
	case 9:
		line.Delete("id")
	case 10:
		in.Set("status", N(pick(g, badNumberTokens)))
	case 11: // a control character or a bad escape, raw in a string
		text := string(l.Value.JSON())
		at := strings.Index(text, `"kind"`) + 2
		l.Raw = []byte(text[:at] + pick(g, []string{"\x01", "\t", "\\x", "\\u12", "\\U0041", "\\'", "\x7f"}) + text[at:])
		l.Value = nil
	case 12: // cut short
		text := l.Value.JSON()
		l.Raw = text[:1+g.r.IntN(len(text)-1)]
		l.Value = nil
	case 13: // ids a runner reads: given twice (the last counts), in escapes
		line.Add("id", S(l.ID))
		line.Members[0].Value = N("1")
		l.Class = "dup-id"
	case 14: // single quotes, comments, trailing commas
		text := string(l.Value.JSON())
		l.Raw = []byte(pick(g, []string{
			strings.Replace(text, `"kind"`, `'kind'`, 1),
			strings.Replace(text, `{"kind"`, `{/*c*/"kind"`, 1),
			text[:len(text)-1] + ",}",
			strings.Replace(text, `"input"`, `input`, 1),
		}))
		l.Value = nil
	default: // not UTF-8 in a member name
		in.Add("k\xfe", N("1"))
	}
	return l
}

// ValidUTF8 reports whether the line is UTF-8.
func (l *Line) ValidUTF8() bool { return utf8.Valid(l.Text()) }
