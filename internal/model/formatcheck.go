package model

import (
	"errors"
	"fmt"
	"github.com/errgen/errgen/errgenrt"
	"regexp"
	"strconv"
	"sync"
	"unicode"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// The formats check asserts, when it validates examples and empty details,
// as the strictest readers of the wire schema do: Go services with
// santhosh-tekuri/jsonschema and JavaScript clients with Ajv and
// ajv-formats (the versions in package-lock.json, in the "full" mode
// addFormats uses by default). A value has a format only when both accept
// it. The checks of ajv-formats (MIT licence) are ported below: its regular
// expressions, taken as they are, where Go's RE2 reads them as JavaScript
// does (the input ASCII where a JavaScript /i expression can match only
// ASCII, the lookaheads RE2 lacks spelled out), and its date and time
// functions. TestFormatsAgreeWithAjv holds the port to Ajv itself.
//
// The formats the emitted wire schema drops (idn-email, idn-hostname, iri,
// iri-reference: ajv-formats has none of them, see the JSON Schema
// emitter) are asserted as santhosh-tekuri/jsonschema asserts them: iri
// and iri-reference as URIs, the idn ones not at all.

// RegexpEngine compiles the patterns of detail schemas, and checks the
// regex format, for both readers: Go's regexp (RE2) must compile it as
// errgenrt.CompilePattern translates it (ECMAScript's meanings of \s, .,
// [] and the escapes), and so must JavaScript's RegExp as ajv-formats calls it (without flags, the
// syntax of ECMAScript's Annex B; see [jsRegexp]). Ajv compiles patterns
// with the u flag, which refuses yet more (identity escapes such as \-
// outside a class, a lone ] or {): those are not caught here.
func RegexpEngine(s string) (jsonschema.Regexp, error) {
	re, err := errgenrt.CompilePattern(s)
	if err != nil {
		return nil, err
	}
	if err := jsRegexp(s); err != nil {
		return nil, err
	}
	return re, nil
}

// jsRegexp checks s as JavaScript's RegExp reads a pattern without the u
// flag (ECMAScript 2023, Annex B): groups, classes (where [] and [^] are
// classes of their own), quantifiers (after an atom or a lookahead, not
// after another quantifier, ^, $, \b, \B or a lookbehind; {n,m} in
// order), group names (starting with a letter, $ or _; each once; \k<name>
// naming one of them). It returns an error saying what JavaScript refuses,
// where; nil when it takes s.
func jsRegexp(s string) error {
	p := &jsParser{s: []rune(s), names: map[string]bool{}}
	p.scanNames()
	p.disjunction()
	if p.err == nil && p.i < len(p.s) {
		p.fail("unmatched )")
	}
	return p.err
}

type jsParser struct {
	s     []rune
	i     int
	err   error
	names map[string]bool // the group names, collected first (\k may precede its group)
	seen  map[string]bool
}

func (p *jsParser) fail(format string, args ...any) {
	if p.err == nil {
		p.err = fmt.Errorf("JavaScript refuses it: %s (at character %d)", fmt.Sprintf(format, args...), p.i+1)
	}
}

func (p *jsParser) peek(ahead int) rune {
	if p.i+ahead < len(p.s) {
		return p.s[p.i+ahead]
	}
	return -1
}

func (p *jsParser) has(prefix string) bool {
	r := []rune(prefix)
	if p.i+len(r) > len(p.s) {
		return false
	}
	for k, c := range r {
		if p.s[p.i+k] != c {
			return false
		}
	}
	return true
}

// scanNames collects the names of the groups (?<name>…) outside classes.
func (p *jsParser) scanNames() {
	inClass := false
	for i := 0; i < len(p.s); i++ {
		switch c := p.s[i]; {
		case c == '\\':
			i++
		case inClass:
			inClass = c != ']'
		case c == '[':
			inClass = true
			if i+1 < len(p.s) && p.s[i+1] == '^' {
				i++
			}
			if i+1 < len(p.s) && p.s[i+1] == ']' {
				i++
				inClass = false
			}
		case c == '(' && i+2 < len(p.s) && p.s[i+1] == '?' && p.s[i+2] == '<':
			if end := indexRune(p.s[i+3:], '>'); end >= 0 {
				p.names[string(p.s[i+3:i+3+end])] = true
			}
		}
	}
}

func indexRune(s []rune, r rune) int {
	for i, c := range s {
		if c == r {
			return i
		}
	}
	return -1
}

func (p *jsParser) disjunction() {
	for p.err == nil {
		p.alternative()
		if p.peek(0) != '|' {
			return
		}
		p.i++
	}
}

func (p *jsParser) alternative() {
	for p.err == nil && p.i < len(p.s) && p.peek(0) != '|' && p.peek(0) != ')' {
		p.term()
	}
}

// quantifier reads a quantifier at p.i, if any; it reports whether there
// was one.
func (p *jsParser) quantifier() bool {
	switch p.peek(0) {
	case '*', '+', '?':
		p.i++
	case '{':
		n, ok := p.braced()
		if !ok {
			return false
		}
		p.i += n
	default:
		return false
	}
	if p.peek(0) == '?' {
		p.i++ // lazy
	}
	return true
}

// braced reports whether a braced quantifier {n}, {n,} or {n,m} starts at
// p.i and how long it is; one with m < n fails.
func (p *jsParser) braced() (int, bool) {
	m := bracedQuantifier.FindStringSubmatch(string(p.s[p.i:]))
	if m == nil {
		return 0, false
	}
	if m[3] != "" {
		lo, _ := strconv.ParseFloat(m[1], 64)
		hi, _ := strconv.ParseFloat(m[3], 64)
		if hi < lo {
			p.fail("numbers out of order in {} quantifier")
		}
	}
	return len([]rune(m[0])), true
}

// bracedQuantifier is a quantifier {n}, {n,} or {n,m} at the start.
var bracedQuantifier = regexp.MustCompile(`^\{([0-9]+)(,([0-9]*))?\}`)

func (p *jsParser) term() {
	start := p.i
	quantifiable := true
	switch c := p.peek(0); {
	case c == '^' || c == '$':
		p.i++
		quantifiable = false
	case c == '\\' && (p.peek(1) == 'b' || p.peek(1) == 'B'):
		p.i += 2
		quantifiable = false
	case c == '\\':
		p.escape()
	case c == '(':
		quantifiable = p.group()
	case c == '[':
		p.class()
	case c == '*' || c == '+' || c == '?':
		p.fail("nothing to repeat")
		return
	case c == '{':
		if _, ok := p.braced(); ok {
			p.fail("nothing to repeat")
			return
		}
		p.i++ // a literal {
	default:
		p.i++ // ., ], }, or a character
	}
	if p.err != nil {
		return
	}
	at := p.i
	if p.quantifier() {
		if !quantifiable {
			p.i = start
			p.fail("nothing to repeat: %s cannot be repeated", string(p.s[start:at]))
			return
		}
		switch p.peek(0) {
		case '*', '+', '?':
			p.fail("nothing to repeat")
		case '{':
			if _, ok := p.braced(); ok {
				p.fail("nothing to repeat")
			}
		}
	}
}

// escape reads an escape outside a class.
func (p *jsParser) escape() {
	p.i++ // the backslash
	if p.i >= len(p.s) {
		p.i--
		p.fail("\\ at end of pattern")
		return
	}
	if p.peek(0) == 'k' && len(p.names) > 0 {
		if p.peek(1) != '<' {
			p.fail("invalid named reference")
			return
		}
		end := indexRune(p.s[p.i+2:], '>')
		if end < 0 || !p.names[string(p.s[p.i+2:p.i+2+end])] {
			p.fail("invalid named capture referenced")
			return
		}
		p.i += 3 + end
		return
	}
	p.i++
}

// group reads a group and reports whether a quantifier may follow it.
func (p *jsParser) group() bool {
	p.i++ // (
	quantifiable := true
	if p.peek(0) == '?' {
		switch {
		case p.has("?:"), p.has("?="), p.has("?!"):
			p.i += 2
		case p.has("?<="), p.has("?<!"):
			p.i += 3
			quantifiable = false
		case p.has("?<"):
			p.i += 2
			p.groupName()
		case p.has("?P<"):
			p.i--
			p.fail("(?P<name>…) is Go's named group; write (?<name>…)")
			return false
		default:
			p.i--
			p.fail("inline flags (?…) are Go's; spell the cases out, as [Aa], or drop them")
			return false
		}
	}
	p.disjunction()
	if p.err != nil {
		return false
	}
	if p.peek(0) != ')' {
		p.fail("unterminated group")
		return false
	}
	p.i++
	return quantifiable
}

// groupName reads name> of (?<name>…).
func (p *jsParser) groupName() {
	end := indexRune(p.s[p.i:], '>')
	if end <= 0 {
		p.fail("invalid capture group name")
		return
	}
	name := string(p.s[p.i : p.i+end])
	for k, r := range name {
		ok := r == '$' || r == '_' || unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.Other_ID_Start, r)
		if k > 0 {
			ok = ok || r == 0x200c || r == 0x200d || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue)
		}
		if !ok {
			p.fail("invalid capture group name %q", name)
			return
		}
	}
	if p.seen == nil {
		p.seen = map[string]bool{}
	}
	if p.seen[name] {
		p.fail("duplicate capture group name %q", name)
		return
	}
	p.seen[name] = true
	p.i += end + 1
}

// class reads [ … ]: a range's ends in order where both are single
// characters.
func (p *jsParser) class() {
	open := p.i
	p.i++
	if p.peek(0) == '^' {
		p.i++
	}
	for p.i < len(p.s) && p.peek(0) != ']' {
		c := p.classAtom()
		if p.peek(0) == '-' && p.peek(1) != ']' && p.peek(1) != -1 {
			p.i++
			if d := p.classAtom(); c >= 0 && d >= 0 && d < c {
				p.fail("range out of order in character class")
				return
			}
		}
	}
	if p.i >= len(p.s) {
		p.i = open
		p.fail("unterminated character class")
		return
	}
	p.i++ // ]
}

// classAtom reads one character or escape of a class: the character it
// stands for, or -1 for a class escape (\d, \w, …) or one it does not
// resolve.
func (p *jsParser) classAtom() rune {
	c := p.peek(0)
	p.i++
	if c != '\\' {
		return c
	}
	e := p.peek(0)
	if e == -1 {
		return -1 // unterminated: reported by class
	}
	p.i++
	switch e {
	case 'd', 'D', 'w', 'W', 's', 'S':
		return -1
	case 'b':
		return '\b'
	case 'n':
		return '\n'
	case 't':
		return '\t'
	case 'r':
		return '\r'
	case 'f':
		return '\f'
	case 'v':
		return '\v'
	case 'x', 'u', 'c', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return -1 // hex, unicode, control and octal escapes: not resolved here
	}
	return e
}

var (
	builtinOnce sync.Once
	builtin     map[string]*jsonschema.Schema // a schema {"format": F} for each format santhosh-tekuri/jsonschema asserts
)

// santhoshFormat checks v against format f as santhosh-tekuri/jsonschema
// does on its own; nil when it takes v, or has no check of f.
func santhoshFormat(f string, v any) error {
	sch := santhoshSchema(f)
	if sch == nil {
		return nil
	}
	err := sch.Validate(v)
	var ve *jsonschema.ValidationError
	if errors.As(err, &ve) {
		for len(ve.Causes) > 0 {
			ve = ve.Causes[0]
		}
		if k, ok := ve.ErrorKind.(*kind.Format); ok && k.Err != nil {
			return k.Err
		}
	}
	return err
}

// santhoshSchema returns the schema {"format": f} as
// santhosh-tekuri/jsonschema asserts it alone; nil when it has no check of
// f.
func santhoshSchema(f string) *jsonschema.Schema {
	builtinOnce.Do(func() {
		builtin = map[string]*jsonschema.Schema{}
		c := jsonschema.NewCompiler()
		c.DefaultDraft(jsonschema.Draft2020)
		c.AssertFormat()
		for name := range knownFormats {
			u := "errgen:///format/" + name + ".json"
			if c.AddResource(u, map[string]any{"format": name}) == nil {
				if sch, err := c.Compile(u); err == nil && sch.Format != nil {
					builtin[name] = sch
				}
			}
		}
	})
	return builtin[f]
}

// FormatError checks v against format f as check does: nil when both
// santhosh-tekuri/jsonschema and ajv-formats take it, or when v is not a
// string.
func FormatError(f string, v any) error {
	s, ok := v.(string)
	if !ok {
		return nil
	}
	if f == "regex" {
		// a validator in Go reads the value with regexp as it stands,
		// with no translation: a value both readers take is one RE2
		// compiles as written and JavaScript compiles too
		if _, err := regexp.Compile(s); err != nil {
			return err
		}
		_, err := RegexpEngine(s)
		return err
	}
	if err := santhoshFormat(f, v); err != nil {
		return err
	}
	if errgenrt.HasFormatCheck(f) && !errgenrt.CheckFormat(f, s) {
		return errors.New("JavaScript clients (Ajv with ajv-formats) refuse it")
	}
	return nil
}

// assertFormats makes c assert formats as check does (see [FormatError]).
func assertFormats(c *jsonschema.Compiler) {
	c.AssertFormat()
	c.UseRegexpEngine(RegexpEngine)
	for name := range knownFormats {
		if !errgenrt.HasFormatCheck(name) {
			continue
		}
		c.RegisterFormat(&jsonschema.Format{Name: name, Validate: func(v any) error { return FormatError(name, v) }})
	}
}
