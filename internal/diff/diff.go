// Package diff compares two validated catalogs and classifies every change
// as breaking, warning or compatible (SPEC §4, `errgen diff`).
//
// Errors are matched by identity: by symbol first; then an error of OLD whose
// symbol disappeared is matched to an error of NEW that appeared with the
// same code (a renamed symbol), and failing that with the same type. Only
// what is left over counts as removed or added. Domains are matched by name,
// then an unmatched pair with the same range counts as a renamed domain.
//
// The package is pure: [Compare] reads two [model.Catalog] values and returns
// the changes sorted; reading files and printing reports is the CLI's job.
package diff

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/diag"
	"github.com/errgen/errgen/internal/gen/outputs"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/tmpl"
)

// Severity classifies a change, the most severe first.
type Severity int

// Severities.
const (
	Breaking   Severity = iota // existing clients or callers may break: exit status 1
	Warning                    // worth a reviewer's look; not breaking
	Compatible                 // safe for every existing client
)

var severityNames = [...]string{"breaking", "warning", "compatible"}

func (s Severity) String() string {
	if s < 0 || int(s) >= len(severityNames) {
		return fmt.Sprintf("Severity(%d)", int(s))
	}
	return severityNames[s]
}

// MarshalText renders the severity as its name, for JSON reports.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Change is one difference between two catalogs.
type Change struct {
	Severity Severity
	Kind     string   // stable machine-readable name, one of the Kind constants
	Symbol   string   // the error concerned (its NEW symbol, its OLD one when removed); "" for catalog, domain and retired changes
	Pos      diag.Pos // where the change is: in NEW, or in OLD when InOld
	InOld    bool     // Pos is a position of the OLD catalog (removals)
	Message  string   // what changed, from what to what
	Old, New any      // the values compared (string, int64, bool, []int, []string) or nil

	// Shape is, for a change inside a named detail shape both catalogs'
	// errors use, the shape: the change is reported once, not once per
	// error that uses the shape.
	Shape string
	// Errors are the errors the change reaches, by NEW symbol (OLD for a
	// removal), sorted: the one error of an error's change; every error
	// using a shared shape, directly or through other shapes; none for
	// catalog, domain and retired changes.
	Errors []string
}

// Kinds of change.
const (
	KindNameChanged          = "name-changed"
	KindVersionChanged       = "version-changed"
	KindVersionBumpTooSmall  = "version-bump-too-small"
	KindSchemaVersionChanged = "schema-version-changed"
	KindProblemBaseChanged   = "problem-base-changed"
	KindFallbackChanged      = "fallback-changed"
	KindLimitChanged         = "limit-changed"
	KindOutputChanged        = "output-changed"
	KindFormatsChanged       = "formats-changed"

	KindDomainAdded         = "domain-added"
	KindDomainRemoved       = "domain-removed"
	KindDomainRenamed       = "domain-renamed"
	KindDomainRangeShrunk   = "domain-range-shrunk"
	KindDomainRangeGrown    = "domain-range-grown"
	KindDomainPrefixChanged = "domain-prefix-changed"
	KindDomainTextChanged   = "domain-text-changed"

	KindErrorAdded         = "error-added"
	KindErrorRemoved       = "error-removed"
	KindErrorRetired       = "error-retired"
	KindSymbolChanged      = "symbol-changed"
	KindCodeChanged        = "code-changed"
	KindCodeReused         = "code-reused"
	KindTypeReused         = "type-reused"
	KindWireCodeChanged    = "wire-code-changed"
	KindTypeChanged        = "type-changed"
	KindErrorDomainChanged = "error-domain-changed"
	KindStatusChanged      = "status-changed"
	KindStatusRemoved      = "status-removed"
	KindStatusAdded        = "status-added"
	KindRetryableOff       = "retryable-off"
	KindRetryableOn        = "retryable-on"
	KindRetryClassChanged  = "retry-class-changed"
	KindRetryDelayChanged  = "retry-delay-changed"
	KindThrottlingChanged  = "throttling-changed"
	KindProblemTypeChanged = "problem-type-changed"
	KindTitleChanged       = "title-changed"
	KindMessageChanged     = "message-changed"
	KindUserMessageChanged = "user-message-changed"
	KindSuggestionAdded    = "suggestion-added"
	KindSuggestionRemoved  = "suggestion-removed"
	KindDocChanged         = "doc-changed"
	KindSinceChanged       = "since-changed"
	KindExamplesChanged    = "examples-changed"
	KindDeprecated         = "deprecated"
	KindUndeprecated       = "undeprecated"
	KindDeprecationChanged = "deprecation-changed"
	KindSensitiveChanged   = "sensitive-changed"

	KindDetailsAdded        = "details-added"
	KindDetailsRemoved      = "details-removed"
	KindDetailsShapeChanged = "details-shape-changed"
	KindFieldAdded          = "field-added"
	KindFieldRemoved        = "field-removed"
	KindFieldRequired       = "field-required"
	KindFieldOptional       = "field-optional"
	KindFieldTypeChanged    = "field-type-changed"
	KindEnumValueAdded      = "enum-value-added"
	KindEnumValueRemoved    = "enum-value-removed"
	KindFieldConstraint     = "field-constraint-changed"
	KindFieldEmission       = "field-emission-changed"
	KindFieldDescription    = "field-description-changed"
	KindFieldKeywordChanged = "field-keyword-changed"

	KindAliasAdded   = "alias-added"
	KindAliasRemoved = "alias-removed"
	KindAliasMoved   = "alias-moved"

	KindRetiredAdded   = "retired-added"
	KindRetiredRemoved = "retired-removed"
	KindRetiredReused  = "retired-reused"
)

// Source is one side of a comparison: a validated catalog and, optionally,
// the raw catalog it was built from, which places changes on the exact key
// (a changed code on its `code:` line) instead of on the error's symbol.
type Source struct {
	Catalog *model.Catalog
	Raw     *catalog.Catalog // may be nil
}

// Compare returns the changes from old to new, sorted (see [Sort]).
func Compare(old, new *model.Catalog) []Change {
	return CompareSources(Source{Catalog: old}, Source{Catalog: new})
}

// CompareSources is [Compare] with the raw catalogs for finer positions.
func CompareSources(old, new Source) []Change {
	c := &comparer{old: newSide(old, true), new: newSide(new, false)}
	c.catalog()
	c.domains()
	c.errors()
	c.aliases()
	c.sharedShapes()
	c.fallback()
	c.formats()
	c.retired()
	c.versionBump()
	for i := range c.changes {
		if ch := &c.changes[i]; ch.Errors == nil && ch.Symbol != "" {
			ch.Errors = []string{ch.Symbol}
		}
	}
	Sort(c.changes)
	return c.changes
}

// Sort orders changes by severity (breaking first), then by position (file,
// line, column), kind and message.
func Sort(changes []Change) {
	sort.SliceStable(changes, func(i, j int) bool {
		a, b := changes[i], changes[j]
		if a.Severity != b.Severity {
			return a.Severity < b.Severity
		}
		if a.Pos != b.Pos {
			return a.Pos.Less(b.Pos)
		}
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		return a.Message < b.Message
	})
}

// Summary counts changes by severity.
type Summary struct {
	Breaking   int `json:"breaking"`
	Warning    int `json:"warning"`
	Compatible int `json:"compatible"`
}

// Summarize counts the changes of each severity.
func Summarize(changes []Change) Summary {
	var s Summary
	for _, c := range changes {
		switch c.Severity {
		case Breaking:
			s.Breaking++
		case Warning:
			s.Warning++
		default:
			s.Compatible++
		}
	}
	return s
}

// side is one catalog with lookups into its raw form.
type side struct {
	m       *model.Catalog
	raw     *catalog.Catalog
	old     bool
	errs    map[string]*catalog.Error
	domains map[string]*catalog.Domain
}

func newSide(s Source, old bool) *side {
	sd := &side{m: s.Catalog, raw: s.Raw, old: old, errs: map[string]*catalog.Error{}, domains: map[string]*catalog.Domain{}}
	if s.Raw != nil {
		for _, e := range s.Raw.Errors {
			if _, dup := sd.errs[e.Symbol.Value]; !dup {
				sd.errs[e.Symbol.Value] = e
			}
		}
		for _, d := range s.Raw.Domains {
			if _, dup := sd.domains[d.Name.Value]; !dup {
				sd.domains[d.Name.Value] = d
			}
		}
	}
	return sd
}

// root is the position of the catalog as a whole.
func (s *side) root() diag.Pos {
	if s.raw != nil && s.raw.Root.Line > 0 {
		return s.raw.Root
	}
	return diag.Pos{File: s.m.Path, Line: 1, Col: 1}
}

// setting returns the position of a top-level setting, or the root.
func (s *side) setting(f func(r *catalog.Catalog) (diag.Pos, bool)) diag.Pos {
	if s.raw != nil {
		if p, ok := f(s.raw); ok && p.Line > 0 {
			return p
		}
	}
	return s.root()
}

// at returns the position of one key of error e, or e's own position when
// the key is absent or the raw catalog unknown.
func (s *side) at(e *model.Error, f func(re *catalog.Error) (diag.Pos, bool)) diag.Pos {
	if re := s.errs[e.Symbol]; re != nil && f != nil {
		if p, ok := f(re); ok && p.Line > 0 {
			return p
		}
	}
	return e.Pos
}

// retryPart returns the position of a key of an error's retry mapping,
// else that of the retry class (a delay or throttling mark removed).
func retryPart(get func(r catalog.Retry) (diag.Pos, bool)) func(re *catalog.Error) (diag.Pos, bool) {
	return func(re *catalog.Error) (diag.Pos, bool) {
		if p, ok := get(re.Retry); ok {
			return p, true
		}
		return posRetry(re)
	}
}

func strPos(get func(re *catalog.Error) catalog.Str) func(re *catalog.Error) (diag.Pos, bool) {
	return func(re *catalog.Error) (diag.Pos, bool) { s := get(re); return s.Pos, s.Set }
}

func intPos(get func(re *catalog.Error) catalog.Int) func(re *catalog.Error) (diag.Pos, bool) {
	return func(re *catalog.Error) (diag.Pos, bool) { s := get(re); return s.Pos, s.Set }
}

var (
	posCode     = intPos(func(re *catalog.Error) catalog.Int { return re.Code })
	posWireCode = intPos(func(re *catalog.Error) catalog.Int { return re.WireCode })
	posType     = strPos(func(re *catalog.Error) catalog.Str { return re.Type })
	posDomain   = strPos(func(re *catalog.Error) catalog.Str { return re.Domain })
	posTitle    = strPos(func(re *catalog.Error) catalog.Str { return re.Title })
	posMessage  = strPos(func(re *catalog.Error) catalog.Str { return re.Message })
	posUserMsg  = strPos(func(re *catalog.Error) catalog.Str { return re.UserMessage })
	posDoc      = strPos(func(re *catalog.Error) catalog.Str { return re.Doc })
	posSince    = strPos(func(re *catalog.Error) catalog.Str { return re.Since })
	posProblem  = strPos(func(re *catalog.Error) catalog.Str { return re.ProblemType })
	posStatus   = func(re *catalog.Error) (diag.Pos, bool) { return re.Status.Pos, re.Status.Set }
	posDetails  = func(re *catalog.Error) (diag.Pos, bool) { return re.Details.Pos, re.Details.Set }
	// posRetry is the retry class: retry's class, else retryable
	posRetry = func(re *catalog.Error) (diag.Pos, bool) {
		switch r := re.Retry; {
		case r.Class.Set:
			return r.Class.Pos, true
		case r.Set:
			return r.Pos, true
		}
		return re.Retryable.Pos, re.Retryable.Set
	}
	posRetryDelay      = retryPart(func(r catalog.Retry) (diag.Pos, bool) { return r.Delay.Pos, r.Delay.Set })
	posRetryThrottling = retryPart(func(r catalog.Retry) (diag.Pos, bool) { return r.Throttling.Pos, r.Throttling.Set })
	posExamples        = func(re *catalog.Error) (diag.Pos, bool) {
		if len(re.Examples) > 0 {
			return re.Examples[0].Pos, true
		}
		return diag.Pos{}, false
	}
	posDeprecated = func(re *catalog.Error) (diag.Pos, bool) {
		if re.Deprecated != nil {
			return re.Deprecated.Pos, true
		}
		return diag.Pos{}, false
	}
	posSensitive = func(re *catalog.Error) (diag.Pos, bool) {
		if len(re.Sensitive) > 0 {
			return re.Sensitive[0].Pos, true
		}
		return diag.Pos{}, false
	}
)

// suggestionPos returns the position of the suggestion whose text is src.
func (s *side) suggestionPos(e *model.Error, src string) diag.Pos {
	return s.at(e, func(re *catalog.Error) (diag.Pos, bool) {
		for _, sg := range re.Suggestions {
			if sg.Value == src {
				return sg.Pos, true
			}
		}
		return diag.Pos{}, false
	})
}

// domainRange returns the position of a domain's range, or its name.
func (s *side) domainRange(d *model.Domain) diag.Pos {
	if rd := s.domains[d.Name]; rd != nil && rd.RangePos.Line > 0 {
		return rd.RangePos
	}
	return d.Pos
}

type comparer struct {
	old, new *side
	changes  []Change

	reach         map[string]map[string]bool // shape name -> "error SYM" / "shape NAME" using it
	pendingShapes []string                   // shapes reached, in order, to compare once

	domainMap map[string]string               // OLD domain name -> NEW name of its match
	errMap    map[*model.Error]*model.Error   // OLD error -> its NEW match
	oldSyms   map[string]string               // NEW symbol of a matched error -> its OLD symbol
	removed   map[*model.Error]*model.Retired // OLD errors NEW lacks -> the NEW retired entry naming them
}

// add records a change positioned in NEW.
func (c *comparer) add(sev Severity, kind, symbol string, pos diag.Pos, old, new any, format string, args ...any) {
	c.changes = append(c.changes, Change{Severity: sev, Kind: kind, Symbol: symbol, Pos: pos,
		Message: fmt.Sprintf(format, args...), Old: old, New: new})
}

// addOld records a change positioned in OLD.
func (c *comparer) addOld(sev Severity, kind, symbol string, pos diag.Pos, old, new any, format string, args ...any) {
	c.add(sev, kind, symbol, pos, old, new, format, args...)
	c.changes[len(c.changes)-1].InOld = true
}

// q quotes a value for a message, shortening long text.
func q(s string) string {
	const max = 60
	if utf8.RuneCountInString(s) <= max {
		return fmt.Sprintf("%q", s)
	}
	r := []rune(s)
	return fmt.Sprintf("%q...", string(r[:max-3]))
}

// ---------------------------------------------------------------------------
// catalog settings

func (c *comparer) catalog() {
	o, n := c.old.m, c.new.m
	if o.Name != n.Name {
		sev, why := Warning, "; default package names derive from it"
		if o.ProblemBase == "" && n.ProblemBase == "" {
			sev, why = Breaking, "; every default problem type URI (urn:errgen:NAME:...) changes"
		}
		c.add(sev, KindNameChanged, "", c.new.setting(func(r *catalog.Catalog) (diag.Pos, bool) { return r.Name.Pos, r.Name.Set }),
			o.Name, n.Name, "catalog name changed from %s to %s%s", q(o.Name), q(n.Name), why)
	}
	if o.Version != n.Version {
		c.add(Compatible, KindVersionChanged, "", c.new.setting(func(r *catalog.Catalog) (diag.Pos, bool) { return r.Version.Pos, r.Version.Set }),
			o.Version, n.Version, "catalog version changed from %s to %s", q(o.Version), q(n.Version))
	}
	if o.SchemaVersion != n.SchemaVersion {
		c.add(Warning, KindSchemaVersionChanged, "", c.new.setting(func(r *catalog.Catalog) (diag.Pos, bool) { return r.SchemaVersion.Pos, r.SchemaVersion.Set }),
			int64(o.SchemaVersion), int64(n.SchemaVersion), "schema_version (data.context.schemaVersion on the wire) changed from %d to %d", o.SchemaVersion, n.SchemaVersion)
	}
	if o.ProblemBase != n.ProblemBase {
		sev, why := Breaking, "; the problem type URI of every error without problem_type changes"
		if effectiveBase(o) == effectiveBase(n) {
			sev, why = Compatible, "; the problem type URIs stay the same"
		}
		c.add(sev, KindProblemBaseChanged, "", c.new.setting(func(r *catalog.Catalog) (diag.Pos, bool) { return r.ProblemBase.Pos, r.ProblemBase.Set }),
			o.ProblemBase, n.ProblemBase, "problem_base changed from %s to %s%s", q(o.ProblemBase), q(n.ProblemBase), why)
	}
	for _, l := range []struct {
		name     string
		old, new int
	}{
		{"max_data_bytes", o.Limits.MaxDataBytes, n.Limits.MaxDataBytes},
		{"max_string_bytes", o.Limits.MaxStringBytes, n.Limits.MaxStringBytes},
		{"max_suggestions", o.Limits.MaxSuggestions, n.Limits.MaxSuggestions},
	} {
		switch {
		case l.new < l.old:
			c.add(Warning, KindLimitChanged, "", c.new.setting(limitPos(l.name)), int64(l.old), int64(l.new),
				"limits.%s lowered from %d to %d; payloads are cut down sooner", l.name, l.old, l.new)
		case l.new > l.old:
			c.add(Compatible, KindLimitChanged, "", c.new.setting(limitPos(l.name)), int64(l.old), int64(l.new),
				"limits.%s raised from %d to %d", l.name, l.old, l.new)
		}
	}
	// the outputs' settings, then their places, in the outputs' order;
	// a setting whose change matters is a warning
	type change struct {
		key, why string
		sev      Severity
	}
	var changes []change
	for _, out := range outputs.All {
		spec := out.Spec()
		for _, st := range spec.Settings {
			if st.Key != "" {
				sev := Compatible
				if st.Changed != "" {
					sev = Warning
				}
				changes = append(changes, change{spec.Key + "." + st.Key, st.Changed, sev})
			}
		}
	}
	for _, out := range outputs.All {
		changes = append(changes, change{outputs.PlaceKey(out.Spec()), "", Compatible})
	}
	for _, ch := range changes {
		if old, new := o.Outputs[ch.key], n.Outputs[ch.key]; old != new {
			c.add(ch.sev, KindOutputChanged, "", c.new.setting(func(r *catalog.Catalog) (diag.Pos, bool) { return r.Outputs.Pos, r.Outputs.Set }),
				old, new, "outputs.%s changed from %s to %s%s", ch.key, q(old), q(new), ch.why)
		}
	}
}

// formats compares the wire formats the catalogs use: a format left out
// takes its types, guards and parsers from the TypeScript package and its
// examples from the docs.
func (c *comparer) formats() {
	o, n := c.old.m, c.new.m
	var removed, added []string
	for _, f := range model.Formats {
		switch {
		case o.Uses(f) && !n.Uses(f):
			removed = append(removed, f)
		case !o.Uses(f) && n.Uses(f):
			added = append(added, f)
		}
	}
	if len(removed) == 0 && len(added) == 0 {
		return
	}
	sev, why := Compatible, ""
	if len(removed) > 0 {
		sev, why = Breaking, "; the TypeScript package no longer has the types, guards and parsers of "+strings.Join(removed, ", ")
	}
	c.add(sev, KindFormatsChanged, "", c.new.setting(func(r *catalog.Catalog) (diag.Pos, bool) { return r.Formats.Pos, r.Formats.Set }),
		o.Formats, n.Formats, "formats changed from [%s] to [%s]%s", strings.Join(o.Formats, ", "), strings.Join(n.Formats, ", "), why)
}

// fallback compares the error every non-catalog error becomes; a renamed
// fallback is the same error.
func (c *comparer) fallback() {
	of, nf := c.old.m.Fallback, c.new.m.Fallback
	if of == nil || nf == nil || c.errMap[of] == nf {
		return
	}
	c.add(Breaking, KindFallbackChanged, "", c.new.setting(func(r *catalog.Catalog) (diag.Pos, bool) { return r.Fallback.Pos, r.Fallback.Set }),
		of.Symbol, nf.Symbol, "fallback changed from %s to %s; every non-catalog error now renders as %s (code %d)", q(of.Symbol), q(nf.Symbol), nf.Symbol, nf.Code)
}

func limitPos(name string) func(r *catalog.Catalog) (diag.Pos, bool) {
	return func(r *catalog.Catalog) (diag.Pos, bool) {
		v := map[string]catalog.Int{"max_data_bytes": r.Limits.MaxDataBytes, "max_string_bytes": r.Limits.MaxStringBytes,
			"max_suggestions": r.Limits.MaxSuggestions}[name]
		return v.Pos, v.Set
	}
}

// effectiveBase is the prefix of derived problem type URIs (README: a "/" is
// inserted when the base ends in none of /, #, :, =; default
// urn:errgen:NAME:).
func effectiveBase(m *model.Catalog) string {
	base := m.ProblemBase
	if base == "" {
		return "urn:errgen:" + m.Name + ":"
	}
	if !strings.HasSuffix(base, "/") && !strings.HasSuffix(base, "#") && !strings.HasSuffix(base, ":") && !strings.HasSuffix(base, "=") {
		base += "/"
	}
	return base
}

// derivedProblemType reports whether e's problem type URI is the one its
// catalog derives from the slug (no problem_type override).
func derivedProblemType(m *model.Catalog, e *model.Error) bool {
	return e.ProblemType == effectiveBase(m)+e.Slug
}

// ---------------------------------------------------------------------------
// domains

func (c *comparer) domains() {
	c.domainMap = map[string]string{}
	newByName := map[string]*model.Domain{}
	for _, d := range c.new.m.Domains {
		newByName[d.Name] = d
	}
	matchedNew := map[*model.Domain]bool{}
	var unmatched []*model.Domain
	for _, od := range c.old.m.Domains {
		if nd := newByName[od.Name]; nd != nil {
			c.domainMap[od.Name] = nd.Name
			matchedNew[nd] = true
			c.domain(od, nd)
			continue
		}
		unmatched = append(unmatched, od)
	}
	for _, od := range unmatched {
		var nd *model.Domain
		for _, cand := range c.new.m.Domains {
			if !matchedNew[cand] && cand.Low == od.Low && cand.High == od.High {
				nd = cand
				break
			}
		}
		if nd == nil {
			c.addOld(Breaking, KindDomainRemoved, "", od.Pos, od.Name, nil,
				"domain %s (range [%d, %d]) removed", q(od.Name), od.Low, od.High)
			continue
		}
		matchedNew[nd] = true
		c.domainMap[od.Name] = nd.Name
		c.add(Breaking, KindDomainRenamed, "", nd.Pos, od.Name, nd.Name,
			"domain of range [%d, %d] renamed from %s to %s; data.domain changes on the wire", nd.Low, nd.High, q(od.Name), q(nd.Name))
		c.domain(od, nd)
	}
	for _, nd := range c.new.m.Domains {
		if !matchedNew[nd] {
			c.add(Compatible, KindDomainAdded, "", nd.Pos, nil, nd.Name,
				"domain %s (range [%d, %d]) added", q(nd.Name), nd.Low, nd.High)
		}
	}
}

func (c *comparer) domain(od, nd *model.Domain) {
	oldRange, newRange := []int64{od.Low, od.High}, []int64{nd.Low, nd.High}
	switch {
	case (nd.Low > od.Low || nd.High < od.High) && (nd.Low < od.Low || nd.High > od.High):
		c.add(Breaking, KindDomainRangeShrunk, "", c.new.domainRange(nd), oldRange, newRange,
			"range of domain %s moved from [%d, %d] to [%d, %d]; it no longer covers all of its old codes", q(nd.Name), od.Low, od.High, nd.Low, nd.High)
	case nd.Low > od.Low || nd.High < od.High:
		c.add(Breaking, KindDomainRangeShrunk, "", c.new.domainRange(nd), oldRange, newRange,
			"range of domain %s shrunk from [%d, %d] to [%d, %d]", q(nd.Name), od.Low, od.High, nd.Low, nd.High)
	case nd.Low < od.Low || nd.High > od.High:
		c.add(Compatible, KindDomainRangeGrown, "", c.new.domainRange(nd), oldRange, newRange,
			"range of domain %s grown from [%d, %d] to [%d, %d]", q(nd.Name), od.Low, od.High, nd.Low, nd.High)
	}
	if od.Prefix != nd.Prefix {
		c.add(Compatible, KindDomainPrefixChanged, "", nd.Pos, od.Prefix, nd.Prefix,
			"prefix of domain %s changed from %s to %s", q(nd.Name), q(od.Prefix), q(nd.Prefix))
	}
	c.text(KindDomainTextChanged, "", "title of domain "+q(nd.Name), od.Title, nd.Title, nd.Pos)
	c.text(KindDomainTextChanged, "", "description of domain "+q(nd.Name), od.Description, nd.Description, nd.Pos)
}

// ---------------------------------------------------------------------------
// errors

// retiredFor returns the entry of m's retired list that names e: the same
// symbol, or the same code with no other symbol.
func retiredFor(m *model.Catalog, e *model.Error) *model.Retired {
	for _, r := range m.Retired {
		if r.Symbol != "" && r.Symbol == e.Symbol {
			return r
		}
	}
	for _, r := range m.Retired {
		if r.HasCode && r.Code == e.Code && (r.Symbol == "" || r.Symbol == e.Symbol) {
			return r
		}
	}
	return nil
}

func (c *comparer) errors() {
	o, n := c.old.m, c.new.m
	c.errMap = map[*model.Error]*model.Error{}
	c.removed = map[*model.Error]*model.Retired{}
	matchedNew := map[*model.Error]bool{}
	var unmatched []*model.Error
	for _, oe := range o.Errors {
		if ne := n.BySymbol(oe.Symbol); ne != nil && ne.Symbol == oe.Symbol { // an alias: see aliases
			c.errMap[oe] = ne
			matchedNew[ne] = true
			continue
		}
		unmatched = append(unmatched, oe)
	}
	// a symbol that disappeared while another appeared with the same code,
	// else the same type, is a rename — unless NEW retires the old symbol
	renamedBy := map[*model.Error]string{}
	for _, key := range []string{"code", "type"} {
		rest := unmatched[:0:0]
		for _, oe := range unmatched {
			var ne *model.Error
			if retiredFor(n, oe) == nil {
				if key == "code" {
					ne = n.ByCode(oe.Code)
				} else {
					ne = n.ByType(oe.Type)
				}
			}
			if ne == nil || matchedNew[ne] {
				rest = append(rest, oe)
				continue
			}
			c.errMap[oe] = ne
			matchedNew[ne] = true
			renamedBy[oe] = key
		}
		unmatched = rest
	}
	c.oldSyms = map[string]string{}
	for oe, ne := range c.errMap {
		c.oldSyms[ne.Symbol] = oe.Symbol
	}
	for _, oe := range o.Errors {
		ne := c.errMap[oe]
		if ne == nil {
			continue
		}
		if key := renamedBy[oe]; key != "" {
			what := fmt.Sprintf("code %d", oe.Code)
			if key == "type" {
				what = fmt.Sprintf("type %s", q(oe.Type))
			}
			c.add(Breaking, KindSymbolChanged, ne.Symbol, ne.Pos, oe.Symbol, ne.Symbol,
				"symbol of the error with %s changed from %s to %s", what, q(oe.Symbol), q(ne.Symbol))
		}
		c.error(oe, ne)
	}
	removedCodes := map[int64]*model.Error{}
	removedTypes := map[string]*model.Error{}
	for _, oe := range unmatched {
		c.removeError(oe)
		removedCodes[oe.Code] = oe
		removedTypes[oe.Type] = oe
	}
	for _, ne := range n.Errors {
		if matchedNew[ne] {
			continue
		}
		c.add(Compatible, KindErrorAdded, ne.Symbol, ne.Pos, nil, ne.Symbol,
			"error %s (code %d) added; clients built from the old catalog read it as an unknown error (its symbol, code, message, status and retryable flag), and the old schema accepts it only through its Any… entry points", ne.Symbol, ne.Code)
		if oe := removedCodes[ne.Code]; oe != nil {
			c.add(Breaking, KindCodeReused, ne.Symbol, c.new.at(ne, posCode), oe.Symbol, ne.Symbol,
				"%s reuses code %d of the removed error %s; clients that know the code read it wrongly", ne.Symbol, ne.Code, oe.Symbol)
		}
		if oe := removedTypes[ne.Type]; oe != nil {
			c.add(Breaking, KindTypeReused, ne.Symbol, c.new.at(ne, posType), oe.Symbol, ne.Symbol,
				"%s reuses type %s of the removed error %s", ne.Symbol, q(ne.Type), oe.Symbol)
		}
	}
}

// removeError reports an error of OLD that NEW no longer has.
func (c *comparer) removeError(oe *model.Error) {
	r := retiredFor(c.new.m, oe)
	c.removed[oe] = r
	switch {
	case r != nil && oe.Deprecated != nil:
		since := ""
		if oe.Deprecated.Since != "" {
			since = " since " + oe.Deprecated.Since
		}
		c.addOld(Warning, KindErrorRetired, oe.Symbol, oe.Pos, oe.Symbol, nil,
			"error %s (code %d) removed and retired; it was deprecated%s", oe.Symbol, oe.Code, since)
	case r != nil:
		c.addOld(Breaking, KindErrorRemoved, oe.Symbol, oe.Pos, oe.Symbol, nil,
			"error %s (code %d) removed and retired without being deprecated first; deprecate it in one release, remove it in a later one", oe.Symbol, oe.Code)
	case oe.Deprecated != nil:
		c.addOld(Breaking, KindErrorRemoved, oe.Symbol, oe.Pos, oe.Symbol, nil,
			"error %s (code %d) removed without a retired entry; list it under retired so its code and symbol are never reused", oe.Symbol, oe.Code)
	default:
		c.addOld(Breaking, KindErrorRemoved, oe.Symbol, oe.Pos, oe.Symbol, nil,
			"error %s (code %d) removed; deprecate it first, then remove it and list it under retired", oe.Symbol, oe.Code)
	}
}

// error compares an error of OLD with its match in NEW.
func (c *comparer) error(oe, ne *model.Error) {
	sym := ne.Symbol
	if oe.Code != ne.Code {
		c.add(Breaking, KindCodeChanged, sym, c.new.at(ne, posCode), oe.Code, ne.Code,
			"code of %s changed from %d to %d", sym, oe.Code, ne.Code)
	}
	// the wire code follows the code unless wire_code is set; a code change
	// alone is reported once, above
	if oe.WireCode != ne.WireCode && !(oe.WireCode == oe.Code && ne.WireCode == ne.Code) {
		c.add(Breaking, KindWireCodeChanged, sym, c.new.at(ne, posWireCode), oe.WireCode, ne.WireCode,
			"wire code (JSON-RPC error.code) of %s changed from %d to %d", sym, oe.WireCode, ne.WireCode)
	}
	if oe.Type != ne.Type {
		c.add(Breaking, KindTypeChanged, sym, c.new.at(ne, posType), oe.Type, ne.Type,
			"type of %s changed from %s to %s", sym, q(oe.Type), q(ne.Type))
	}
	if od, nd := domainName(oe), domainName(ne); c.domainMap[od] != nd && !(od == "" && nd == "") {
		c.add(Breaking, KindErrorDomainChanged, sym, c.new.at(ne, posDomain), od, nd,
			"domain of %s changed from %s to %s", sym, q(od), q(nd))
	}
	if oe.ProblemType != ne.ProblemType && !(derivedProblemType(c.old.m, oe) && derivedProblemType(c.new.m, ne)) {
		c.add(Breaking, KindProblemTypeChanged, sym, c.new.at(ne, posProblem), oe.ProblemType, ne.ProblemType,
			"problem type URI of %s changed from %s to %s", sym, q(oe.ProblemType), q(ne.ProblemType))
	}
	c.statuses(oe, ne)
	c.retry(oe, ne)
	c.text(KindTitleChanged, sym, "title of "+sym, oe.Title, ne.Title, c.new.at(ne, posTitle))
	c.text(KindMessageChanged, sym, "message of "+sym, oe.Message.Source, ne.Message.Source, c.new.at(ne, posMessage))
	c.text(KindUserMessageChanged, sym, "user_message of "+sym, tmplSource(oe.UserMessage), tmplSource(ne.UserMessage), c.new.at(ne, posUserMsg))
	c.text(KindDocChanged, sym, "doc of "+sym, oe.Doc, ne.Doc, c.new.at(ne, posDoc))
	c.text(KindSinceChanged, sym, "since of "+sym, oe.Since, ne.Since, c.new.at(ne, posSince))
	c.suggestions(oe, ne)
	c.deprecation(oe, ne)
	if !sameExamples(oe.Examples, ne.Examples) {
		c.add(Compatible, KindExamplesChanged, sym, c.new.at(ne, posExamples), int64(len(oe.Examples)), int64(len(ne.Examples)),
			"examples of %s changed (%d before, %d now)", sym, len(oe.Examples), len(ne.Examples))
	}
	c.details(oe, ne)
	if !equalStrings(oe.Sensitive, ne.Sensitive) && !sensitiveFromSharedShape(oe, ne) {
		c.add(Warning, KindSensitiveChanged, sym, c.new.at(ne, posSensitive), nonNil(oe.Sensitive), nonNil(ne.Sensitive),
			"sensitive detail fields of %s changed from %s to %s; what clients see redacted changes", sym, list(oe.Sensitive), list(ne.Sensitive))
	}
}

// retry compares an error's retry class, default delay and throttling
// mark. A change into or out of after_delay is a change of retryable as
// well, reported once, naming both; the delay and the mark, which only
// after_delay has, are compared only when both sides have that class.
func (c *comparer) retry(oe, ne *model.Error) {
	sym := ne.Symbol
	switch {
	case oe.Retryable && !ne.Retryable:
		also := ""
		if retryClass(ne) == errgenrt.RetryAfterChange {
			also = ", and those that act on the class retry only a changed request"
		}
		c.add(Breaking, KindRetryableOff, sym, c.new.at(ne, posRetry), true, false,
			"retryable of %s changed from true to false (retry class from after_delay to %s); clients that retry it stop%s; keep it retryable (after_delay) if the same request can still succeed later",
			sym, retryClass(ne), also)
		return
	case !oe.Retryable && ne.Retryable:
		c.add(Warning, KindRetryableOn, sym, c.new.at(ne, posRetry), false, true,
			"retryable of %s changed from false to true (retry class from %s to after_delay%s); clients that honour retryable start retrying it, so the same request must be safe to repeat",
			sym, retryClass(oe), retrySpec(ne))
		return
	case retryClass(oe) != retryClass(ne):
		why := "clients that act on the class now retry it once the request is changed; say what to change in its suggestions"
		if retryClass(ne) == errgenrt.RetryNever {
			why = "clients that act on the class stop retrying it with a changed request; keep after_change if a changed request can succeed"
		}
		c.add(Warning, KindRetryClassChanged, sym, c.new.at(ne, posRetry), string(retryClass(oe)), string(retryClass(ne)),
			"retry class of %s changed from %s to %s; retryable stays false, but %s", sym, retryClass(oe), retryClass(ne), why)
	}
	if !ne.Retryable {
		return
	}
	pos := c.new.at(ne, posRetryDelay)
	switch o, n := oe.RetryAfterMs, ne.RetryAfterMs; {
	case o == n:
	case o == 0:
		c.add(Compatible, KindRetryDelayChanged, sym, pos, nil, n,
			"default retry delay of %s added: %s; where an occurrence gives no delay of its own, the wire now carries retryAfterMs (and an HTTP answer Retry-After) for clients to wait", sym, delay(n))
	case n == 0:
		c.add(Compatible, KindRetryDelayChanged, sym, pos, o, nil,
			"default retry delay of %s removed (was %s); where an occurrence gives no delay of its own, clients retry on their own backoff", sym, delay(o))
	default:
		c.add(Compatible, KindRetryDelayChanged, sym, pos, o, n,
			"default retry delay of %s changed from %s to %s; where an occurrence gives no delay of its own, clients that honour retryAfterMs or Retry-After wait %s", sym, delay(o), delay(n), delay(n))
	}
	if oe.Throttling != ne.Throttling {
		state := "now marked as throttling"
		if !ne.Throttling {
			state = "no longer marked as throttling"
		}
		c.add(Compatible, KindThrottlingChanged, sym, c.new.at(ne, posRetryThrottling), oe.Throttling, ne.Throttling,
			"%s %s (retry.throttling); its docs and generated definitions say so, the wire is unchanged", sym, state)
	}
}

// retryClass returns e's retry class; a model built by hand may leave it
// empty, which reads as retryable says.
func retryClass(e *model.Error) errgenrt.RetryClass {
	switch {
	case e.Retry != "":
		return e.Retry
	case e.Retryable:
		return errgenrt.RetryAfterDelay
	}
	return errgenrt.RetryNever
}

// retrySpec returns the default delay and throttling mark of an
// after_delay error for a message: ", 30s by default, throttling".
func retrySpec(e *model.Error) string {
	s := ""
	if e.RetryAfterMs > 0 {
		s += ", " + delay(e.RetryAfterMs) + " by default"
	}
	if e.Throttling {
		s += ", throttling"
	}
	return s
}

// delay returns a retry delay in milliseconds as the catalog writes one:
// a whole number and the largest unit that divides it (30s, 2m, 1500ms).
func delay(ms int64) string {
	for _, u := range []struct {
		name string
		ms   int64
	}{{"h", 3_600_000}, {"m", 60_000}, {"s", 1000}} {
		if ms >= u.ms && ms%u.ms == 0 {
			return strconv.FormatInt(ms/u.ms, 10) + u.name
		}
	}
	return strconv.FormatInt(ms, 10) + "ms"
}

// sensitiveFromSharedShape reports whether the change of an error's
// sensitive fields comes from x-sensitive in the named shape it shares
// with its match alone, which the shape's own change reports once.
func sensitiveFromSharedShape(oe, ne *model.Error) bool {
	return sharedShape(oe.Details, ne.Details) && equalStrings(listedSensitive(oe), listedSensitive(ne))
}

// listedSensitive is the part of e's sensitive fields its own sensitive
// list adds to those its shape marks x-sensitive.
func listedSensitive(e *model.Error) []string {
	var out []string
	for _, name := range e.Sensitive {
		if p := e.Details.Schema.Property(name); p == nil || !p.Schema.Sensitive {
			out = append(out, name)
		}
	}
	return out
}

func domainName(e *model.Error) string {
	if e.Domain == nil {
		return ""
	}
	return e.Domain.Name
}

func tmplSource(t *tmpl.Template) string {
	if t == nil {
		return ""
	}
	return t.Source
}

// text reports a change of free text (what names it: "doc of E_X").
func (c *comparer) text(kind, sym, what, old, new string, pos diag.Pos) {
	if old == new {
		return
	}
	switch {
	case old == "":
		c.add(Compatible, kind, sym, pos, old, new, "%s added: %s", what, q(new))
	case new == "":
		c.add(Compatible, kind, sym, pos, old, new, "%s removed (was %s)", what, q(old))
	default:
		c.add(Compatible, kind, sym, pos, old, new, "%s changed from %s to %s", what, q(old), q(new))
	}
}

func (c *comparer) statuses(oe, ne *model.Error) {
	sym := ne.Symbol
	pos := c.new.at(ne, posStatus)
	defaultChanged := oe.Status() != ne.Status()
	if defaultChanged {
		c.add(Breaking, KindStatusChanged, sym, pos, int64(oe.Status()), int64(ne.Status()),
			"default HTTP status of %s changed from %d to %d", sym, oe.Status(), ne.Status())
	}
	for _, s := range oe.Statuses {
		if !containsInt(ne.Statuses, s) && !(defaultChanged && s == oe.Status()) {
			c.add(Breaking, KindStatusRemoved, sym, pos, ints(oe.Statuses), ints(ne.Statuses),
				"HTTP status %d of %s is no longer allowed (statuses changed from %s to %s)", s, sym, intList(oe.Statuses), intList(ne.Statuses))
		}
	}
	for _, s := range ne.Statuses {
		if !containsInt(oe.Statuses, s) && !(defaultChanged && s == ne.Status()) {
			c.add(Warning, KindStatusAdded, sym, pos, ints(oe.Statuses), ints(ne.Statuses),
				"HTTP status %d of %s is now allowed (statuses changed from %s to %s); clients validating with the old schema reject it", s, sym, intList(oe.Statuses), intList(ne.Statuses))
		}
	}
}

func (c *comparer) suggestions(oe, ne *model.Error) {
	sym := ne.Symbol
	var olds, news []string
	for _, s := range oe.Suggestions {
		olds = append(olds, s.Source)
	}
	for _, s := range ne.Suggestions {
		news = append(news, s.Source)
	}
	for _, s := range news {
		if !containsString(olds, s) {
			c.add(Compatible, KindSuggestionAdded, sym, c.new.suggestionPos(ne, s), nil, s, "suggestion of %s added: %s", sym, q(s))
		}
	}
	for _, s := range olds {
		if !containsString(news, s) {
			c.add(Compatible, KindSuggestionRemoved, sym, c.new.at(ne, nil), s, nil, "suggestion of %s removed: %s", sym, q(s))
		}
	}
}

func (c *comparer) deprecation(oe, ne *model.Error) {
	sym := ne.Symbol
	pos := c.new.at(ne, posDeprecated)
	od, nd := oe.Deprecated, ne.Deprecated
	switch {
	case od == nil && nd != nil:
		c.add(Warning, KindDeprecated, sym, pos, nil, deprecationText(nd),
			"%s deprecated%s; clients should migrate before it is removed", sym, deprecationText(nd))
	case od != nil && nd == nil:
		c.add(Compatible, KindUndeprecated, sym, pos, deprecationText(od), nil, "%s is no longer deprecated", sym)
	case od != nil && nd != nil && (od.Since != nd.Since || od.Note != nd.Note || replacement(od) != c.oldSymbol(replacement(nd))):
		c.add(Compatible, KindDeprecationChanged, sym, pos, deprecationText(od), deprecationText(nd),
			"deprecation of %s changed from%s to%s", sym, orNone(deprecationText(od)), orNone(deprecationText(nd)))
	}
}

// oldSymbol returns the OLD symbol of the error a NEW symbol names, so that
// a replaced_by that follows a rename is no change.
func (c *comparer) oldSymbol(newSym string) string {
	if old, ok := c.oldSyms[newSym]; ok {
		return old
	}
	return newSym
}

func replacement(d *model.Deprecation) string {
	if d.ReplacedBy == nil {
		return ""
	}
	return d.ReplacedBy.Symbol
}

func deprecationText(d *model.Deprecation) string {
	var parts []string
	if d.Since != "" {
		parts = append(parts, "since "+d.Since)
	}
	if r := replacement(d); r != "" {
		parts = append(parts, "replaced by "+r)
	}
	if d.Note != "" {
		parts = append(parts, "note "+q(d.Note))
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

func orNone(s string) string {
	if s == "" {
		return " (no details)"
	}
	return s
}

// ---------------------------------------------------------------------------
// retired

func retiredKey(r *model.Retired) string {
	if r.HasCode {
		return fmt.Sprintf("%d/%s", r.Code, r.Symbol)
	}
	return "-/" + r.Symbol
}

func retiredName(r *model.Retired) string {
	switch {
	case r.HasCode && r.Symbol != "":
		return fmt.Sprintf("code %d (%s)", r.Code, r.Symbol)
	case r.HasCode:
		return fmt.Sprintf("code %d", r.Code)
	}
	return "symbol " + r.Symbol
}

func (c *comparer) retired() {
	oldKeys := map[string]bool{}
	for _, r := range c.old.m.Retired {
		oldKeys[retiredKey(r)] = true
	}
	newKeys := map[string]bool{}
	for _, r := range c.new.m.Retired {
		newKeys[retiredKey(r)] = true
	}
	for _, r := range c.old.m.Retired {
		if newKeys[retiredKey(r)] {
			continue
		}
		c.addOld(Warning, KindRetiredRemoved, "", r.Pos, retiredName(r), nil,
			"retired entry for %s removed; what it retired may be reused", retiredName(r))
		// NEW may now reuse what OLD retired: check cannot see it any more
		if r.HasCode {
			if e := c.new.m.ByCode(r.Code); e != nil {
				c.add(Breaking, KindRetiredReused, e.Symbol, c.new.at(e, posCode), r.Code, e.Code,
					"%s reuses code %d, retired in OLD", e.Symbol, r.Code)
			}
		}
		if r.Symbol != "" {
			if e := c.new.m.BySymbol(r.Symbol); e != nil && e.Symbol == r.Symbol {
				c.add(Breaking, KindRetiredReused, e.Symbol, e.Pos, r.Symbol, e.Symbol,
					"%s reuses symbol %s, retired in OLD", e.Symbol, r.Symbol)
			} else if e != nil {
				c.add(Breaking, KindRetiredReused, e.Symbol, aliasPos(e, r.Symbol), r.Symbol, e.Symbol,
					"%s takes symbol %s, retired in OLD, as an alias", e.Symbol, r.Symbol)
			}
		}
	}
	// retired entries that go with a removed error are reported with it
	covered := map[*model.Retired]bool{}
	for _, r := range c.removed {
		if r != nil {
			covered[r] = true
		}
	}
	for _, r := range c.new.m.Retired {
		if oldKeys[retiredKey(r)] || covered[r] {
			continue
		}
		c.add(Compatible, KindRetiredAdded, "", r.Pos, nil, retiredName(r), "%s retired", retiredName(r))
	}
}

// ---------------------------------------------------------------------------
// helpers

func containsInt(l []int, v int) bool {
	for _, x := range l {
		if x == v {
			return true
		}
	}
	return false
}

func containsString(l []string, v string) bool {
	for _, x := range l {
		if x == v {
			return true
		}
	}
	return false
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func ints(l []int) []int { return append([]int{}, l...) }

func nonNil(l []string) []string { return append([]string{}, l...) }

func intList(l []int) string {
	parts := make([]string, len(l))
	for i, v := range l {
		parts[i] = fmt.Sprint(v)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func list(l []string) string {
	parts := make([]string, len(l))
	for i, v := range l {
		parts[i] = fmt.Sprintf("%q", v)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// versionBump reports a catalog version that changed by less than its
// breaking changes need: a minor or patch bump (or a pre-release or a
// lower version) where a change is breaking. A breaking change needs a new
// major version, or, while the major version is 0, a new minor one: what
// npm's caret ranges (^1.2.0 takes every 1.x, ^0.2.0 every 0.2.x) and Go's
// and Cargo's rules let clients update to without a look. An unchanged
// version says nothing (it may be bumped at release time), and neither
// does an OLD pre-release, which promised nothing.
func (c *comparer) versionBump() {
	o, n := c.old.m.Version, c.new.m.Version
	if o == n {
		return
	}
	ov, ok1 := parseVersion(o)
	nv, ok2 := parseVersion(n)
	if !ok1 || !ok2 || ov.pre {
		return
	}
	breaking := 0
	for _, ch := range c.changes {
		if ch.Severity == Breaking {
			breaking++
		}
	}
	if breaking == 0 {
		return
	}
	need, next := nv.major > ov.major, fmt.Sprintf("%d.0.0", ov.major+1)
	if ov.major == 0 {
		need, next = nv.major > 0 || nv.minor > ov.minor, fmt.Sprintf("0.%d.0", ov.minor+1)
	}
	if need {
		return
	}
	var bump string
	switch {
	case nv.major < ov.major || nv.major == ov.major && (nv.minor < ov.minor || nv.minor == ov.minor && nv.patch < ov.patch):
		bump = "a lower version"
	case nv.minor > ov.minor:
		bump = "a minor bump"
	case nv.patch > ov.patch:
		bump = "a patch bump"
	default:
		bump = "a pre-release of the same version"
	}
	what := "a new major version"
	if ov.major == 0 {
		what = "a new minor version (the major version is 0)"
	}
	changes, them := "1 change is", "change"
	if breaking > 1 {
		changes, them = strconv.Itoa(breaking)+" changes are", "changes"
	}
	c.add(Breaking, KindVersionBumpTooSmall, "", c.new.setting(func(r *catalog.Catalog) (diag.Pos, bool) { return r.Version.Pos, r.Version.Set }),
		o, n, "catalog version changed from %s to %s, %s, but %s breaking: clients that take every %s.x release (npm ^%s) update into the break; make it %s, %s, or undo the breaking %s",
		q(o), q(n), bump, changes, caret(ov), o, next, what, them)
}

// caret is the version prefix clients of v take updates within: "1" for
// 1.2.0, "0.2" for 0.2.3.
func caret(v version) string {
	if v.major == 0 {
		return fmt.Sprintf("0.%d", v.minor)
	}
	return strconv.FormatUint(v.major, 10)
}

// version is a semantic version's core and whether it is a pre-release.
type version struct {
	major, minor, patch uint64
	pre                 bool
}

func parseVersion(s string) (version, bool) {
	m := model.SemverRE.FindStringSubmatch(s)
	if m == nil {
		return version{}, false
	}
	var v version
	var err [3]error
	v.major, err[0] = strconv.ParseUint(m[1], 10, 64)
	v.minor, err[1] = strconv.ParseUint(m[2], 10, 64)
	v.patch, err[2] = strconv.ParseUint(m[3], 10, 64)
	v.pre = m[4] != ""
	return v, err[0] == nil && err[1] == nil && err[2] == nil
}
