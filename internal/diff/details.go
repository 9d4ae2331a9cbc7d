package diff

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/errgen/errgen/internal/diag"
	"github.com/errgen/errgen/internal/model"
)

// details compares the detail schemas of an error and its match.
func (c *comparer) details(oe, ne *model.Error) {
	sym := ne.Symbol
	pos := c.new.at(ne, posDetails)
	os, ns := oe.Details, ne.Details
	switch {
	case os == nil && ns == nil:
		return
	case os == nil:
		fields, required := topFields(ns)
		sev, why := Compatible, ""
		if len(required) > 0 {
			sev, why = Breaking, fmt.Sprintf("; required %s: existing producers do not send them", list(required))
		}
		c.add(sev, KindDetailsAdded, sym, pos, nil, shapeLabel(ns),
			"%s now has details (%s) with fields %s%s", sym, shapeDesc(ns), list(fields), why)
		return
	case ns == nil:
		fields, _ := topFields(os)
		c.add(Breaking, KindDetailsRemoved, sym, c.new.at(ne, nil), shapeLabel(os), nil,
			"details of %s removed (%s with fields %s)", sym, shapeDesc(os), list(fields))
		return
	}
	if !(os.Inline && ns.Inline) && shapeLabel(os) != shapeLabel(ns) {
		c.add(Warning, KindDetailsShapeChanged, sym, pos, shapeLabel(os), shapeLabel(ns),
			"details of %s changed from %s to %s; the generated Go and TypeScript type names change", sym, shapeDesc(os), shapeDesc(ns))
	}
	sc := &schemaComparer{c: c, sym: sym, oldAt: oe.Pos, onPath: map[[2]*model.Schema]bool{}, budget: maxSchemaVisits}
	sc.compare("", os.Schema, ns.Schema, pos, 0)
}

// shapeLabel names a shape for the JSON report: its name, or "inline".
func shapeLabel(s *model.Shape) string {
	if s.Inline {
		return "inline"
	}
	return s.Name
}

func shapeDesc(s *model.Shape) string {
	if s.Inline {
		return "an inline shape"
	}
	return "shape " + q(s.Name)
}

// topFields lists the top-level fields of a shape, and the required ones.
func topFields(s *model.Shape) (all, required []string) {
	r := s.Schema.Resolved()
	if r == nil {
		return nil, nil
	}
	for _, p := range r.Properties {
		all = append(all, p.Name)
		if p.Required {
			required = append(required, p.Name)
		}
	}
	return all, required
}

// schemaComparer walks two detail schemas side by side.
type schemaComparer struct {
	c      *comparer
	sym    string
	oldAt  diag.Pos                  // fallback position in OLD
	onPath map[[2]*model.Schema]bool // pairs being compared, to stop at recursion
	budget int                       // node pairs left to compare
}

// maxSchemaVisits bounds the node pairs compared per error, so that shapes
// referring to each other many times over cannot blow up the walk.
const maxSchemaVisits = 100000

var anySchema = &model.Schema{}

// resolve follows $ref; a missing schema is any JSON value.
func resolve(s *model.Schema) *model.Schema {
	if r := s.Resolved(); r != nil {
		return r
	}
	return anySchema
}

// what names the node at path in messages.
func (sc *schemaComparer) what(path string) string {
	if path == "" {
		return "details of " + sc.sym
	}
	return fmt.Sprintf("detail field %q of %s", path, sc.sym)
}

// keyPos returns the position of a keyword's value in s, else at.
func keyPos(s *model.Schema, key string, at diag.Pos) diag.Pos {
	if s != nil && s.Source != nil {
		if m := s.Source.Member(key); m != nil && m.Value.Pos.File != "" {
			return m.Value.Pos
		}
	}
	return at
}

func typeName(t string) string {
	if t == "" {
		return "any"
	}
	return t
}

// annotation keywords: changing them changes no payload.
var annotationKeywords = map[string]bool{"title": true, "$comment": true, "examples": true, "default": true,
	"deprecated": true, "readOnly": true, "writeOnly": true}

// modelled keywords are compared one by one; the others are compared as JSON.
var modelledKeywords = map[string]bool{"$ref": true, "type": true, "properties": true, "required": true,
	"items": true, "enum": true, "format": true, "description": true, "pattern": true, "minimum": true,
	"maximum": true, "minLength": true, "maxLength": true, "x-verbose": true, "x-sensitive": true,
	"x-max-bytes": true, "x-sanitize": true}

func (sc *schemaComparer) compare(path string, ou, nu *model.Schema, at diag.Pos, depth int) {
	o, n := resolve(ou), resolve(nu)
	key := [2]*model.Schema{o, n}
	if sc.onPath[key] || sc.budget <= 0 {
		return // recursive shapes: this pair is being compared further up
	}
	sc.budget--
	sc.onPath[key] = true
	defer delete(sc.onPath, key)
	c, sym, what := sc.c, sc.sym, sc.what(path)
	if o.Type != n.Type {
		c.add(Breaking, KindFieldTypeChanged, sym, keyPos(n, "type", at), typeName(o.Type), typeName(n.Type),
			"type of %s changed from %s to %s", what, q(typeName(o.Type)), q(typeName(n.Type)))
		return
	}
	sc.enum(what, o, n, at)
	sc.constraints(what, o, n, at)
	c.text(KindFieldDescription, sym, "description of "+what, description(ou), description(nu), keyPos(n, "description", at))
	sc.extensions(what, o, n, at, depth)
	sc.keywords(what, o, n, at)
	if o.Type == "object" {
		sc.properties(path, o, n, at, depth)
	}
	if o.Type == "array" {
		sc.compare(path+"[]", o.Items, n.Items, keyPos(n, "items", at), depth+1)
	}
}

func description(s *model.Schema) string {
	if s == nil {
		return ""
	}
	if s.Description != "" {
		return s.Description
	}
	return resolve(s).Description
}

func (sc *schemaComparer) enum(what string, o, n *model.Schema, at diag.Pos) {
	c, sym := sc.c, sc.sym
	pos := keyPos(n, "enum", at)
	switch {
	case len(o.Enum) == 0 && len(n.Enum) == 0:
	case len(o.Enum) == 0:
		c.add(Breaking, KindFieldConstraint, sym, pos, nil, append([]string{}, n.Enum...),
			"%s is now restricted to enum %s; other values existing producers send are rejected", what, list(n.Enum))
	case len(n.Enum) == 0:
		c.add(Warning, KindFieldConstraint, sym, pos, append([]string{}, o.Enum...), nil,
			"%s is no longer restricted to enum %s; clients may receive values they do not know", what, list(o.Enum))
	default:
		for _, v := range o.Enum {
			if !containsString(n.Enum, v) {
				c.add(Breaking, KindEnumValueRemoved, sym, pos, v, nil, "enum value %q of %s removed", v, what)
			}
		}
		for i, v := range n.Enum {
			if !containsString(o.Enum, v) {
				p := pos
				if ev := n.Source.Get("enum"); ev != nil && i < len(ev.Items) && ev.Items[i].Pos.File != "" {
					p = ev.Items[i].Pos
				}
				c.add(Warning, KindEnumValueAdded, sym, p, nil, v,
					"enum value %q of %s added; clients with the old enum do not know it", v, what)
			}
		}
	}
}

// bound is one numeric constraint; tighterWhenGreater says which way
// restricts values (minimum: up; maximum: down).
type bound struct {
	name               string
	old, new           string // JSON number text; "" when unset
	tighterWhenGreater bool
}

func lengthText(p *int64) string {
	if p == nil {
		return ""
	}
	return strconv.FormatInt(*p, 10)
}

func (sc *schemaComparer) constraints(what string, o, n *model.Schema, at diag.Pos) {
	c, sym := sc.c, sc.sym
	for _, b := range []bound{
		{"minimum", o.Minimum, n.Minimum, true},
		{"maximum", o.Maximum, n.Maximum, false},
		{"minLength", lengthText(o.MinLength), lengthText(n.MinLength), true},
		{"maxLength", lengthText(o.MaxLength), lengthText(n.MaxLength), false},
	} {
		if b.old == b.new {
			continue
		}
		pos := keyPos(n, b.name, at)
		switch {
		case b.old == "":
			c.add(Breaking, KindFieldConstraint, sym, pos, nil, b.new, "%s %s added to %s; values existing producers send may fail it", b.name, b.new, what)
		case b.new == "":
			c.add(Warning, KindFieldConstraint, sym, pos, b.old, nil, "%s %s of %s removed; clients may receive values the old schema rejects", b.name, b.old, what)
		default:
			ov, _ := strconv.ParseFloat(b.old, 64)
			nv, _ := strconv.ParseFloat(b.new, 64)
			if ov == nv {
				continue
			}
			if (nv > ov) == b.tighterWhenGreater {
				c.add(Breaking, KindFieldConstraint, sym, pos, b.old, b.new, "%s of %s tightened from %s to %s", b.name, what, b.old, b.new)
			} else {
				c.add(Warning, KindFieldConstraint, sym, pos, b.old, b.new, "%s of %s loosened from %s to %s; clients may receive values the old schema rejects", b.name, what, b.old, b.new)
			}
		}
	}
	for _, s := range []struct{ name, old, new string }{
		{"pattern", o.Pattern, n.Pattern},
		{"format", o.Format, n.Format},
	} {
		if s.old == s.new {
			continue
		}
		pos := keyPos(n, s.name, at)
		switch {
		case s.old == "":
			c.add(Breaking, KindFieldConstraint, sym, pos, nil, s.new, "%s %s added to %s; values existing producers send may fail it", s.name, q(s.new), what)
		case s.new == "":
			c.add(Warning, KindFieldConstraint, sym, pos, s.old, nil, "%s %s of %s removed; clients may receive values the old schema rejects", s.name, q(s.old), what)
		default:
			c.add(Breaking, KindFieldConstraint, sym, pos, s.old, s.new, "%s of %s changed from %s to %s", s.name, what, q(s.old), q(s.new))
		}
	}
}

// extensions compares errgen's x- keywords, which change what is emitted.
func (sc *schemaComparer) extensions(what string, o, n *model.Schema, at diag.Pos, depth int) {
	c, sym := sc.c, sc.sym
	if o.Verbose != n.Verbose {
		if n.Verbose {
			c.add(Warning, KindFieldEmission, sym, keyPos(n, "x-verbose", at), false, true,
				"%s is now emitted only in verbose mode (x-verbose changed from false to true)", what)
		} else {
			c.add(Compatible, KindFieldEmission, sym, keyPos(n, "x-verbose", at), true, false,
				"%s is now always emitted (x-verbose changed from true to false)", what)
		}
	}
	// top-level sensitivity is compared through the error's sensitive list
	if depth > 0 && o.Sensitive != n.Sensitive {
		c.add(Warning, KindFieldEmission, sym, keyPos(n, "x-sensitive", at), o.Sensitive, n.Sensitive,
			"x-sensitive of %s changed from %t to %t; what clients see redacted changes", what, o.Sensitive, n.Sensitive)
	}
	if o.Sanitize != n.Sanitize {
		c.add(Warning, KindFieldEmission, sym, keyPos(n, "x-sanitize", at), o.Sanitize, n.Sanitize,
			"x-sanitize of %s changed from %s to %s; what clients see scrubbed changes", what, q(o.Sanitize), q(n.Sanitize))
	}
	if o.MaxBytes != n.MaxBytes {
		sev := Compatible
		if n.MaxBytes != 0 && (o.MaxBytes == 0 || n.MaxBytes < o.MaxBytes) {
			sev = Warning // values are cut shorter than before
		}
		c.add(sev, KindFieldEmission, sym, keyPos(n, "x-max-bytes", at), o.MaxBytes, n.MaxBytes,
			"x-max-bytes of %s changed from %s to %s", what, maxBytesText(o.MaxBytes), maxBytesText(n.MaxBytes))
	}
}

func maxBytesText(n int64) string {
	if n == 0 {
		return "unset"
	}
	return strconv.FormatInt(n, 10)
}

// keywords compares the JSON Schema keywords errgen does not model (they
// still reach the emitted wire schema) as JSON.
func (sc *schemaComparer) keywords(what string, o, n *model.Schema, at diag.Pos) {
	ok, nk := otherKeywords(o), otherKeywords(n)
	names := map[string]bool{}
	for k := range ok {
		names[k] = true
	}
	for k := range nk {
		names[k] = true
	}
	var sorted []string
	for k := range names {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	for _, k := range sorted {
		ov, nv := ok[k], nk[k]
		if ov == nv {
			continue
		}
		sev := Warning
		if annotationKeywords[k] {
			sev = Compatible
		}
		var ovAny, nvAny any
		if ov != "" {
			ovAny = ov
		}
		if nv != "" {
			nvAny = nv
		}
		pos := keyPos(n, k, at)
		switch {
		case ov == "":
			sc.c.add(sev, KindFieldKeywordChanged, sc.sym, pos, ovAny, nvAny, "keyword %q added to %s: %s", k, what, shortJSON(nv))
		case nv == "":
			sc.c.add(sev, KindFieldKeywordChanged, sc.sym, pos, ovAny, nvAny, "keyword %q of %s removed (was %s)", k, what, shortJSON(ov))
		default:
			sc.c.add(sev, KindFieldKeywordChanged, sc.sym, pos, ovAny, nvAny, "keyword %q of %s changed from %s to %s", k, what, shortJSON(ov), shortJSON(nv))
		}
	}
}

// otherKeywords maps each keyword of s that errgen does not model to its
// JSON text.
func otherKeywords(s *model.Schema) map[string]string {
	out := map[string]string{}
	if s == nil || s.Source == nil {
		return out
	}
	for _, m := range s.Source.Members {
		if modelledKeywords[m.Key] {
			continue
		}
		data, err := json.Marshal(m.Value.JSON())
		if err != nil {
			continue
		}
		out[m.Key] = string(data)
	}
	return out
}

func shortJSON(s string) string {
	const max = 60
	if len(s) <= max {
		return s
	}
	cut := max - 3
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}

func joinPath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

func (sc *schemaComparer) properties(path string, o, n *model.Schema, at diag.Pos, depth int) {
	c, sym := sc.c, sc.sym
	for _, op := range o.Properties {
		if findProperty(n, op.Name) != nil {
			continue
		}
		p := joinPath(path, op.Name)
		pos := op.Pos
		if pos.File == "" {
			pos = sc.oldAt
		}
		c.addOld(Breaking, KindFieldRemoved, sym, pos, p, nil, "%s removed", sc.what(p))
	}
	for _, np := range n.Properties {
		p := joinPath(path, np.Name)
		pos := np.Pos
		if pos.File == "" {
			pos = at
		}
		op := findProperty(o, np.Name)
		if op == nil {
			if np.Required {
				c.add(Breaking, KindFieldAdded, sym, pos, nil, p,
					"%s added as required; existing producers do not send it", sc.what(p))
			} else {
				c.add(Compatible, KindFieldAdded, sym, pos, nil, p, "%s added (optional)", sc.what(p))
			}
			continue
		}
		switch {
		case !op.Required && np.Required:
			c.add(Breaking, KindFieldRequired, sym, requiredPos(n, np.Name, pos), false, true,
				"%s is now required; existing producers may omit it", sc.what(p))
		case op.Required && !np.Required:
			c.add(Breaking, KindFieldOptional, sym, pos, true, false,
				"%s is now optional; clients that rely on it being present break", sc.what(p))
		}
		sc.compare(p, op.Schema, np.Schema, pos, depth+1)
	}
}

func findProperty(s *model.Schema, name string) *model.Property {
	for _, p := range s.Properties {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// requiredPos is the position of name in the schema's required list.
func requiredPos(s *model.Schema, name string, at diag.Pos) diag.Pos {
	if s.Source != nil {
		if req := s.Source.Get("required"); req != nil {
			for _, it := range req.Items {
				if it.Str == name && it.Pos.File != "" {
					return it.Pos
				}
			}
		}
	}
	return at
}

// sameExamples compares two example lists by their JSON values.
func sameExamples(a, b []model.Example) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, err1 := json.Marshal(a[i].Value)
		y, err2 := json.Marshal(b[i].Value)
		if err1 != nil || err2 != nil || string(x) != string(y) {
			return false
		}
	}
	return true
}
