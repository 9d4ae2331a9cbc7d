package diff

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
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
	if sharedShape(os, ns) {
		c.reachShape(sym, "", os.Name) // compared once, for every error using it
		return
	}
	if !(os.Inline && ns.Inline) && shapeLabel(os) != shapeLabel(ns) {
		c.add(Warning, KindDetailsShapeChanged, sym, pos, shapeLabel(os), shapeLabel(ns),
			"details of %s changed from %s to %s; the generated Go and TypeScript type names change", sym, shapeDesc(os), shapeDesc(ns))
	}
	sc := &schemaComparer{c: c, sym: sym, oldAt: oe.Pos, onPath: map[[2]*model.Schema]bool{}, budget: maxSchemaVisits}
	sc.compare("", os.Schema, ns.Schema, pos, 0, false)
}

// sharedShape reports whether two detail shapes are one named shape of
// both catalogs (the built-in field_errors never changes).
func sharedShape(os, ns *model.Shape) bool {
	return os != nil && ns != nil && !os.Inline && !ns.Inline && !os.Builtin && !ns.Builtin && os.Name == ns.Name
}

// reachShape records that an error (sym) or a shape (from) uses the named
// shape name, which is then compared once.
func (c *comparer) reachShape(sym, from, name string) {
	if c.reach == nil {
		c.reach = map[string]map[string]bool{}
	}
	key := "error " + sym
	if from != "" {
		key = "shape " + from
	}
	if c.reach[name] == nil {
		c.reach[name] = map[string]bool{}
		c.pendingShapes = append(c.pendingShapes, name)
	}
	c.reach[name][key] = true
}

// sharedShapes compares each named shape that both catalogs' errors use,
// once, and lists on each of its changes the errors it reaches: those
// using it, directly or through other shapes.
func (c *comparer) sharedShapes() {
	first := len(c.changes)
	for i := 0; i < len(c.pendingShapes); i++ {
		name := c.pendingShapes[i]
		os, ns := c.old.m.Shape(name), c.new.m.Shape(name)
		if os == nil || ns == nil {
			continue
		}
		sc := &schemaComparer{c: c, shape: name, oldAt: os.Pos, onPath: map[[2]*model.Schema]bool{}, budget: maxSchemaVisits}
		sc.compare("", os.Schema, ns.Schema, ns.Pos, 0, false)
	}
	for i := first; i < len(c.changes); i++ {
		ch := &c.changes[i]
		ch.Errors = c.errorsReaching(ch.Shape)
		ch.Message += usedBy(ch.Errors)
	}
}

// errorsReaching returns the NEW symbols of the errors that use the shape
// name, directly or through other shapes, sorted.
func (c *comparer) errorsReaching(name string) []string {
	seen := map[string]bool{name: true}
	errs := map[string]bool{}
	for queue := []string{name}; len(queue) > 0; queue = queue[1:] {
		for key := range c.reach[queue[0]] {
			kind, id, _ := strings.Cut(key, " ")
			switch {
			case kind == "error":
				errs[id] = true
			case !seen[id]:
				seen[id] = true
				queue = append(queue, id)
			}
		}
	}
	out := make([]string, 0, len(errs))
	for s := range errs {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// maxListed is how many errors a text message names before "and N more";
// the JSON report lists them all.
const maxListed = 10

func usedBy(syms []string) string {
	switch {
	case len(syms) == 1:
		return " (used by " + syms[0] + ")"
	case len(syms) <= maxListed:
		return fmt.Sprintf(" (used by %d errors: %s)", len(syms), strings.Join(syms, ", "))
	}
	return fmt.Sprintf(" (used by %d errors: %s and %d more)", len(syms), strings.Join(syms[:maxListed], ", "), len(syms)-maxListed)
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

// schemaComparer walks two detail schemas side by side: the details of one
// error (sym), or one named shape both catalogs share (shape).
type schemaComparer struct {
	c      *comparer
	sym    string
	shape  string
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
	switch {
	case sc.shape != "" && path == "":
		return "shape " + q(sc.shape)
	case sc.shape != "":
		return fmt.Sprintf("detail field %q of shape %s", path, q(sc.shape))
	case path == "":
		return "details of " + sc.sym
	}
	return fmt.Sprintf("detail field %q of %s", path, sc.sym)
}

// add records a change found by the walk, naming the shape it is in.
func (sc *schemaComparer) add(sev Severity, kind string, pos diag.Pos, old, new any, format string, args ...any) {
	sc.c.add(sev, kind, sc.sym, pos, old, new, format, args...)
	sc.c.changes[len(sc.c.changes)-1].Shape = sc.shape
}

// addOld is [schemaComparer.add] positioned in OLD.
func (sc *schemaComparer) addOld(sev Severity, kind string, pos diag.Pos, old, new any, format string, args ...any) {
	sc.add(sev, kind, pos, old, new, format, args...)
	sc.c.changes[len(sc.c.changes)-1].InOld = true
}

// text is [comparer.text] for the walk.
func (sc *schemaComparer) text(kind, what, old, new string, pos diag.Pos) {
	n := len(sc.c.changes)
	sc.c.text(kind, sc.sym, what, old, new, pos)
	if len(sc.c.changes) > n {
		sc.c.changes[n].Shape = sc.shape
	}
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

// compare compares the schemas ou and nu of the node at path; required
// tells that the node is a property required on both sides.
func (sc *schemaComparer) compare(path string, ou, nu *model.Schema, at diag.Pos, depth int, required bool) {
	what := sc.what(path)
	if ou != nil && nu != nil && ou.Ref != nil && nu.Ref != nil && sharedShape(ou.Ref, nu.Ref) {
		// one named shape on both sides: compared once for all its users;
		// here only what the referring node says of itself
		sc.text(KindFieldDescription, "description of "+what, ou.Description, nu.Description, keyPos(nu, "description", at))
		sc.extensions(what, ou, nu, at, depth, required)
		sc.keywords(what, ou, nu, at)
		sc.c.reachShape(sc.sym, sc.shape, ou.Ref.Name)
		return
	}
	o, n := resolve(ou), resolve(nu)
	key := [2]*model.Schema{o, n}
	if sc.onPath[key] || sc.budget <= 0 {
		return // recursive shapes: this pair is being compared further up
	}
	sc.budget--
	sc.onPath[key] = true
	defer delete(sc.onPath, key)
	if o.Type != n.Type {
		sc.add(Breaking, KindFieldTypeChanged, keyPos(n, "type", at), typeName(o.Type), typeName(n.Type),
			"type of %s changed from %s to %s", what, q(typeName(o.Type)), q(typeName(n.Type)))
		return
	}
	sc.enum(what, o, n, at)
	sc.constraints(what, o, n, at)
	sc.text(KindFieldDescription, "description of "+what, description(ou), description(nu), keyPos(n, "description", at))
	sc.extensions(what, orAny(ou), orAny(nu), at, depth, required)
	sc.keywords(what, o, n, at)
	if o.Type == "object" {
		sc.properties(path, o, n, at, depth)
	}
	if o.Type == "array" {
		sc.compare(path+"[]", o.Items, n.Items, keyPos(n, "items", at), depth+1, false)
	}
}

// orAny is s, or the schema of any JSON value when s is missing.
func orAny(s *model.Schema) *model.Schema {
	if s == nil {
		return anySchema
	}
	return s
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
	pos := keyPos(n, "enum", at)
	switch {
	case len(o.Enum) == 0 && len(n.Enum) == 0:
	case len(o.Enum) == 0:
		sc.add(Breaking, KindFieldConstraint, pos, nil, append([]string{}, n.Enum...),
			"%s is now restricted to enum %s; other values existing producers send are rejected", what, list(n.Enum))
	case len(n.Enum) == 0:
		sc.add(Warning, KindFieldConstraint, pos, append([]string{}, o.Enum...), nil,
			"%s is no longer restricted to enum %s; clients may receive values they do not know", what, list(o.Enum))
	default:
		for _, v := range o.Enum {
			if !containsString(n.Enum, v) {
				sc.add(Breaking, KindEnumValueRemoved, pos, v, nil, "enum value %q of %s removed", v, what)
			}
		}
		for i, v := range n.Enum {
			if !containsString(o.Enum, v) {
				p := pos
				if ev := n.Source.Get("enum"); ev != nil && i < len(ev.Items) && ev.Items[i].Pos.File != "" {
					p = ev.Items[i].Pos
				}
				sc.add(Warning, KindEnumValueAdded, p, nil, v,
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
			sc.add(Breaking, KindFieldConstraint, pos, nil, b.new, "%s %s added to %s; values existing producers send may fail it", b.name, b.new, what)
		case b.new == "":
			sc.add(Warning, KindFieldConstraint, pos, b.old, nil, "%s %s of %s removed; clients may receive values the old schema rejects", b.name, b.old, what)
		default:
			ov, _ := strconv.ParseFloat(b.old, 64)
			nv, _ := strconv.ParseFloat(b.new, 64)
			if ov == nv {
				continue
			}
			if (nv > ov) == b.tighterWhenGreater {
				sc.add(Breaking, KindFieldConstraint, pos, b.old, b.new, "%s of %s tightened from %s to %s", b.name, what, b.old, b.new)
			} else {
				sc.add(Warning, KindFieldConstraint, pos, b.old, b.new, "%s of %s loosened from %s to %s; clients may receive values the old schema rejects", b.name, what, b.old, b.new)
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
			sc.add(Breaking, KindFieldConstraint, pos, nil, s.new, "%s %s added to %s; values existing producers send may fail it", s.name, q(s.new), what)
		case s.new == "":
			sc.add(Warning, KindFieldConstraint, pos, s.old, nil, "%s %s of %s removed; clients may receive values the old schema rejects", s.name, q(s.old), what)
		default:
			sc.add(Breaking, KindFieldConstraint, pos, s.old, s.new, "%s of %s changed from %s to %s", s.name, what, q(s.old), q(s.new))
		}
	}
}

// extensions compares errgen's x- keywords, which change what is emitted.
// They are read from the property's own node, as the runtime reads them
// (x-verbose beside a $ref included). A required property that turns
// x-verbose leaves non-verbose payloads and the wire schema's required
// list, which breaks clients relying on it; one that stops being x-verbose
// becomes required on the wire, which payloads of the old runtime break.
func (sc *schemaComparer) extensions(what string, o, n *model.Schema, at diag.Pos, depth int, required bool) {
	if o.Verbose != n.Verbose {
		pos := keyPos(n, "x-verbose", at)
		switch {
		case n.Verbose && required:
			sc.add(Breaking, KindFieldEmission, pos, false, true,
				"%s is required but now emitted only in verbose mode (x-verbose changed from false to true); the wire schema no longer requires it and clients relying on it break", what)
		case n.Verbose:
			sc.add(Warning, KindFieldEmission, pos, false, true,
				"%s is now emitted only in verbose mode (x-verbose changed from false to true)", what)
		case required:
			sc.add(Breaking, KindFieldEmission, pos, true, false,
				"%s is now always emitted and required on the wire (x-verbose changed from true to false); payloads that leave it out, as the old runtime's do outside verbose mode, fail the new schema", what)
		default:
			sc.add(Compatible, KindFieldEmission, pos, true, false,
				"%s is now always emitted (x-verbose changed from true to false)", what)
		}
	}
	// top-level sensitivity is compared through the error's sensitive list
	if depth > 0 && o.Sensitive != n.Sensitive {
		sc.add(Warning, KindFieldEmission, keyPos(n, "x-sensitive", at), o.Sensitive, n.Sensitive,
			"x-sensitive of %s changed from %t to %t; what clients see redacted changes", what, o.Sensitive, n.Sensitive)
	}
	if o.Sanitize != n.Sanitize {
		sc.add(Warning, KindFieldEmission, keyPos(n, "x-sanitize", at), o.Sanitize, n.Sanitize,
			"x-sanitize of %s changed from %s to %s; what clients see scrubbed changes", what, q(o.Sanitize), q(n.Sanitize))
	}
	if o.MaxBytes != n.MaxBytes {
		sev := Compatible
		if n.MaxBytes != 0 && (o.MaxBytes == 0 || n.MaxBytes < o.MaxBytes) {
			sev = Warning // values are cut shorter than before
		}
		sc.add(sev, KindFieldEmission, keyPos(n, "x-max-bytes", at), o.MaxBytes, n.MaxBytes,
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
		sev, why := Warning, ""
		if annotationKeywords[k] {
			sev = Compatible
		}
		if k == "additionalProperties" {
			if why = openMapBreak(o, n); why != "" {
				sev = Breaking
			}
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
			sc.add(sev, KindFieldKeywordChanged, pos, ovAny, nvAny, "keyword %q added to %s: %s%s", k, what, shortJSON(nv), why)
		case nv == "":
			sc.add(sev, KindFieldKeywordChanged, pos, ovAny, nvAny, "keyword %q of %s removed (was %s)%s", k, what, shortJSON(ov), why)
		default:
			sc.add(sev, KindFieldKeywordChanged, pos, ovAny, nvAny, "keyword %q of %s changed from %s to %s%s", k, what, shortJSON(ov), shortJSON(nv), why)
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
	for _, op := range o.Properties {
		if findProperty(n, op.Name) != nil {
			continue
		}
		p := joinPath(path, op.Name)
		pos := op.Pos
		if pos.File == "" {
			pos = sc.oldAt
		}
		was := "optional"
		if op.Required {
			was = "required"
		}
		sc.addOld(Breaking, KindFieldRemoved, pos, p, nil, "%s %s removed", was, sc.what(p))
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
				sc.add(Breaking, KindFieldAdded, pos, nil, p,
					"%s added as required; existing producers do not send it", sc.what(p))
			} else {
				sc.add(Compatible, KindFieldAdded, pos, nil, p, "%s added (optional)", sc.what(p))
			}
			continue
		}
		switch {
		case !op.Required && np.Required:
			sc.add(Breaking, KindFieldRequired, requiredPos(n, np.Name, pos), false, true,
				"%s is now required; existing producers may omit it", sc.what(p))
		case op.Required && !np.Required:
			sc.add(Breaking, KindFieldOptional, pos, true, false,
				"%s is now optional; clients that rely on it being present break", sc.what(p))
		}
		sc.compare(p, op.Schema, np.Schema, pos, depth+1, op.Required && np.Required)
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
