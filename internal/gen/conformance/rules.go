package conformance

import (
	"encoding/json"
	"slices"
	"strconv"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/facts"
	"github.com/errgen/errgen/internal/model"
)

// The rule vectors (ids rules/…) pin rules of the page that a catalog's
// own fields may never exercise, so that a runner passing a catalog's
// vectors has them right before the catalog grows a field where they act:
// untyped values through legacy data and extension members, which every
// error takes; and, where the catalog has a field of the kind, the rule of
// that field. errgenrt's TestRuleSwitches shows that each rule of the page,
// read another way, fails a vector of the repo's test catalogs.

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
	keys.Data = []errgenrt.ConformanceMember{{Key: "keys", Value: map[string]any{
		"\uff61": 1, "\U0001F600": 2, "B": 3, "a": 4, "é": 5, // code point order: a JavaScript sort puts 😀 before ｡
		"kkkkkkkkkkkkkkkkkkkkkk2": 6, "kkkkkkkkkkkkkkkkkkkkkk1": 7, // bounded alike: the first by key as given
		"__proto__": 8, "constructor": 9, "KEYS": 10,
	}}}
	g.add("rules/untyped-keys", keys, nil)

	depth := base
	var nest any = "deepest"
	for range errgenrt.UntypedDepth {
		nest = []any{nest}
	}
	depth.Data = []errgenrt.ConformanceMember{{Key: "depth", Value: nest}}
	g.add("rules/untyped-depth", depth, nil)

	// the clock's years run from 0000, a leap year (a runner on a date
	// type that starts at year 1 must still read it)
	clock := base
	clock.Options.Now = "0000-02-29T23:59:59Z"
	g.add("rules/clock", clock, nil)

	values := base
	values.Options.MaxStringBytes = 16
	values.Data = []errgenrt.ConformanceMember{
		{Key: "numbers", Value: []any{json.Number("-0"), json.Number("1e21"), json.Number("1e-7"), json.Number("5e-324"), json.Number("0.1"),
			json.Number("123456789012345678901234567890"), json.Number("9007199254740993"), json.Number("1e400"), json.Number("-1e400"),
			json.Number("1.7976931348623157e308"), json.Number("1E3"), json.Number("-1.50")}},
		{Key: "strings", Value: []any{"<&>", "\u2028\u2029", "\x00\x1f\x7f", "xxxxxxxxxxxx\U0001F600yy", "\"\\/"}},
		{Key: "first", Value: 1},
		{Key: "first", Value: 2},
	}
	values.Extensions = []errgenrt.ConformanceMember{{Key: "once", Value: 1}, {Key: "once", Value: 2}}
	g.add("rules/untyped-values", values, nil)

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
		{"rules/retry-after-not-retried", &no, 5000},
	} {
		in := base
		in.Retryable, in.RetryAfterMs = r.retryable, &r.ms
		g.add(r.id, in, nil)
	}

	for _, e := range f.Errors {
		g.fieldRuleVectors(e)
	}
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
		case n.Type == "integer" && !g.shown["safe-integer"]:
			// past 2^53 − 1: of its type, but it breaks its node
			g.fieldVector("safe-integer", me, p.Name, json.Number("9007199254740992"))
		case n.Type == "any" && n.Sanitize != "" && !n.Sensitive && !slices.Contains(e.Sensitive, p.Name) && !g.shown["scrub-nested"]:
			g.fieldVector("scrub-nested", me, p.Name, map[string]any{
				"/home/alice/k": []any{"read /home/alice/.netrc", map[string]any{"url": "https://u:pw@h.example/?token=t"}},
			})
		case n.Type == "array" && g.resolve(n.Items).Type == "any" && g.resolve(n.Items).Sensitive && !g.shown["sensitive-null"]:
			g.fieldVector("sensitive-null", me, p.Name, []any{nil, "secret"})
		case n.Type == "array" && g.resolve(n.Items).Type == "any" && inTemplate(e, p.Name) && !g.shown["placeholder-null"]:
			g.fieldVector("placeholder-null", me, p.Name, []any{nil, "a", json.Number("1")})
		case !p.Required && n.Type == "string" && !g.shown["null-absent"]:
			g.fieldVector("null-absent", me, p.Name, nil)
		case n.Type == "number" && n.Check != nil && n.Check.MultipleOf != nil && !g.shown["multipleof-quotient"]:
			// a multiple whose quotient is 1e21: it breaks its node
			m, err := n.Check.MultipleOf.Float64()
			if err == nil && m > 0 {
				g.fieldVector("multipleof-quotient", me, p.Name, json.Number(strconv.FormatFloat(m*1e21, 'g', -1, 64)))
			}
		}
	}
}

// fieldVector adds vector rules/RULE: the error's first example (else its
// empty details) with field name set to v.
func (g *generator) fieldVector(rule string, e *model.Error, name string, v any) {
	details := map[string]any{}
	if len(e.Examples) > 0 {
		if ex, ok := e.Examples[0].Value.(map[string]any); ok {
			for k, x := range ex {
				details[k] = x
			}
		}
	}
	details[name] = v
	in := errgenrt.ConformanceInput{Kind: "error", Symbol: e.Symbol, Details: g.raw(details), Options: options()}
	in.Options.MaxDataBytes = maximalData
	if g.add("rules/"+rule, in, nil) != nil {
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
