package model

import (
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"strconv"
	"sync"
	"unicode"
	"unicode/utf16"

	"github.com/errgen/errgen/errgenrt"
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

// A detail schema's pattern is an ECMAScript 2024 regular expression read
// with the u flag and no other, as Ajv compiles it (new RegExp(p, "u"))
// and as every runtime of errgen reads it, less what a matcher taking time
// linear in the value cannot do (lookarounds, back references) and what
// not every runtime carries the tables of (property escapes):
//
//	Disjunction      Alternative ( | Alternative )*
//	Alternative      Term*
//	Term             Assertion | Atom Quantifier?
//	Assertion        ^  $  \b  \B
//	Quantifier       ( *  +  ?  {n}  {n,}  {n,m} ) ?     n ≤ m; the ? makes it lazy
//	Atom             a character but ^ $ \ . * + ? ( ) [ ] { } |
//	                 .  \AtomEscape  Class  (Disjunction)  (?:Disjunction)  (?<name>Disjunction)
//	AtomEscape       \d \D \s \S \w \W  CharacterEscape
//	CharacterEscape  \f \n \r \t \v  \cA…\cZ \ca…\cz  \0 (no digit after)  \xHH
//	                 \uHHHH (a lead and a trail surrogate escape: one code point)  \u{H…} (≤ 10FFFF)
//	                 \ before one of ^ $ \ . * + ? ( ) [ ] { } | /
//	Class            [ ^? ( ClassAtom | ClassAtom - ClassAtom )* ]
//	ClassAtom        a character but \ ]   \b (backspace)  \-  \d \D \s \S \w \W  CharacterEscape
//
// A group name is an ECMAScript identifier name, each once; a range's ends
// are single characters, in order; [] is the class of no character, [^]
// of every one. Go's regexp must also compile the pattern as
// errgenrt.CompilePattern translates it, which caps repetition counts at
// 1000 and takes group names of word characters only.
//
// A value of the regex format is another reader's: ajv-formats reads it
// with new RegExp(s), no flags (the syntax of ECMAScript's Annex B), and a
// Go validator with regexp as written (see [regexValue]). One parser reads
// both languages, its unicode switch telling them apart: [jsPattern] and
// [jsRegexp].

// RegexpEngine compiles the pattern of a detail schema: an error saying
// what is wrong and how to write it unless s is in the language above and
// Go compiles its translation. It is the validators' regexp engine (see
// [assertFormats]), so santhosh-tekuri/jsonschema reads every pattern
// through it, and matches it as errgenrt does (errgenrt.Pattern).
func RegexpEngine(s string) (jsonschema.Regexp, error) {
	if err := jsPattern(s); err != nil {
		return nil, err
	}
	if _, err := errgenrt.CompilePattern(s); err != nil {
		return nil, goPatternError(err)
	}
	// matched as the runtimes match it, in time linear in the value
	return errgenrt.NewPattern(s, false)
}

// goPatternError words what Go's regexp refuses of a pattern JavaScript
// takes.
func goPatternError(err error) error {
	var se *syntax.Error
	if errors.As(err, &se) {
		switch se.Code {
		case syntax.ErrInvalidRepeatSize:
			return fmt.Errorf("the repetition %s is past what Go's regexp (RE2) takes, at most 1000 repetitions, nested ones multiplied: bound it lower, or write * or +", se.Expr)
		case syntax.ErrInvalidNamedCapture:
			return fmt.Errorf("the group name in %s is not one Go's regexp takes (ASCII letters, digits and _ only): rename the group", se.Expr)
		case syntax.ErrNestingDepth:
			return errors.New("its groups nest too deeply for Go's regexp: flatten the pattern")
		case syntax.ErrLarge:
			return errors.New("too large for Go's regexp (RE2): its repetitions multiply past what RE2 compiles; bound them lower")
		}
	}
	return fmt.Errorf("refused by Go's regexp: %v", err)
}

// regexValue checks a value of the regex format as its readers read it:
// a Go validator with regexp as written, errgen's translation
// (errgenrt.CompilePattern), and ajv-formats with JavaScript's RegExp, no
// flags ([jsRegexp]).
func regexValue(s string) error {
	if _, err := regexp.Compile(s); err != nil {
		return err
	}
	if _, err := errgenrt.CompilePattern(s); err != nil {
		return err
	}
	return jsRegexp(s)
}

// jsRegexp checks s as JavaScript's RegExp reads it without flags, as
// ajv-formats reads a regex format value: ECMAScript 2024 with the syntax
// of its Annex B (a lone ] { or }, an escape of any character, octal
// escapes, \c before no letter a backslash, quantified lookaheads, \k a
// letter unless the pattern names a group). nil when JavaScript takes s;
// else an error saying what it refuses, where.
func jsRegexp(s string) error { return parseRegexp(s, false) }

// jsPattern checks s as a detail schema's pattern (see [RegexpEngine]): as
// JavaScript's RegExp reads it with the u flag, refusing what else the
// language above leaves out. Syntax JavaScript refuses is a
// *jsSyntaxError.
func jsPattern(s string) error { return parseRegexp(s, true) }

// parseRegexp reads s as an ECMAScript Pattern, with the u flag when
// unicode is set: one scan for the group names and the number of
// capturing groups (\k<name> and \1 may come before their group), then
// one pass of recursive descent that never backtracks and reads each
// character a bounded number of times, so its time is linear in the
// length of s (and its depth bounded by maxDepth).
func parseRegexp(s string, unicode bool) error {
	p := &jsParser{s: []rune(s), unicode: unicode, names: map[string]bool{}, seen: map[string]bool{}, lastClass: -1, lastClassEnd: -1}
	if !unicode { // JavaScript reads the pattern as UTF-16 code units
		units := utf16.Encode(p.s)
		p.s = make([]rune, len(units))
		for i, u := range units {
			p.s[i] = rune(u)
		}
	}
	p.scan()
	p.disjunction()
	if p.err == nil && p.i < len(p.s) { // a ) the top level does not take
		p.syntax(p.i, "a ) closes no group: escape it as \\) or open its group with (")
	}
	return p.err
}

// A jsSyntaxError is a pattern JavaScript's RegExp refuses (with the u
// flag when unicode), at character at (from 1).
type jsSyntaxError struct {
	unicode bool
	goForm  bool // refused for Go's sake (its syntax, or what it does not read), as msg says
	at      int
	msg     string
}

func (e *jsSyntaxError) Error() string {
	switch {
	case e.goForm:
		return e.msg
	case e.unicode:
		return fmt.Sprintf("JavaScript clients (Ajv reads patterns with the u flag) refuse it at character %d: %s", e.at, e.msg)
	}
	return fmt.Sprintf("JavaScript refuses it at character %d: %s", e.at, e.msg)
}

// linearOnly is why lookarounds and back references are refused.
const linearOnly = "the runtimes match in time linear in the value (RE2's semantics), which has no "

type jsParser struct {
	s       []rune
	i       int
	unicode bool
	err     error
	groups  int             // the capturing groups, counted first
	names   map[string]bool // the group names, collected first
	seen    map[string]bool // the group names read so far

	lastClass, lastClassEnd int // where the last class read starts, and ends
	depth                   int // the groups open
}

// maxDepth is how deep groups may nest, which bounds the parser's
// recursion: about as deep as Go's regexp takes capturing groups.
const maxDepth = 1000

// syntax records syntax JavaScript refuses, pointing at character at (from 0).
func (p *jsParser) syntax(at int, format string, args ...any) {
	if p.err == nil {
		p.err = &jsSyntaxError{unicode: p.unicode, at: at + 1, msg: fmt.Sprintf(format, args...)}
	}
}

// goSyntax records Go's syntax, which JavaScript refuses, or what Go's
// regexp does not read.
func (p *jsParser) goSyntax(at int, format string, args ...any) {
	if p.err == nil {
		p.err = &jsSyntaxError{unicode: p.unicode, goForm: true, at: at + 1, msg: fmt.Sprintf(format, args...)}
	}
}

// refuse records what JavaScript takes and errgen does not.
func (p *jsParser) refuse(format string, args ...any) {
	if p.err == nil {
		p.err = fmt.Errorf(format, args...)
	}
}

func (p *jsParser) peek(ahead int) rune {
	if p.i+ahead < len(p.s) {
		return p.s[p.i+ahead]
	}
	return -1
}

func (p *jsParser) has(prefix string) bool {
	i := p.i
	for _, c := range prefix {
		if i >= len(p.s) || p.s[i] != c {
			return false
		}
		i++
	}
	return true
}

// scan counts the capturing groups and collects the names of groups
// (?<name>…), outside classes.
func (p *jsParser) scan() {
	s := p.s
	inClass := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			i++
		case inClass:
			inClass = c != ']'
		case c == '[':
			inClass = true
			if i+1 < len(s) && s[i+1] == '^' {
				i++
			}
			if i+1 < len(s) && s[i+1] == ']' { // [] and [^]
				i++
				inClass = false
			}
		case c != '(':
		case i+1 >= len(s) || s[i+1] != '?':
			p.groups++
		case i+3 < len(s) && s[i+2] == '<' && s[i+3] != '=' && s[i+3] != '!':
			p.groups++
			if name, n := p.identifier(i + 3); n > 0 && i+3+n < len(s) && s[i+3+n] == '>' {
				p.names[name] = true
			}
		}
	}
}

// identifier reads the identifier name (without escapes) at s[at:]: the
// name and its length, 0 when no name starts there. A name holds no
// character of the syntax, so the scans of two names never overlap.
func (p *jsParser) identifier(at int) (string, int) {
	n := 0
	for at+n < len(p.s) {
		r, size := p.s[at+n], 1
		if !p.unicode && utf16.IsSurrogate(r) && at+n+1 < len(p.s) {
			if c := utf16.DecodeRune(r, p.s[at+n+1]); c != unicode.ReplacementChar {
				r, size = c, 2
			}
		}
		if !idChar(r, n == 0) {
			break
		}
		n += size
	}
	return p.text(at, at+n), n
}

// text is the pattern from s[from] to s[to], as a Go string.
func (p *jsParser) text(from, to int) string {
	if p.unicode {
		return string(p.s[from:to])
	}
	units := make([]uint16, to-from)
	for i, u := range p.s[from:to] {
		units[i] = uint16(u)
	}
	return string(utf16.Decode(units))
}

// idChar reports whether r may start an ECMAScript identifier name
// (start), or continue one.
func idChar(r rune, start bool) bool {
	if r == '$' || r == '_' || unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.Other_ID_Start, r) {
		return true
	}
	return !start && (r == 0x200c || r == 0x200d || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue))
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

func isHex(r rune) bool { return isDigit(r) || r >= 'a' && r <= 'f' || r >= 'A' && r <= 'F' }

func hexValue(r rune) rune {
	switch {
	case r >= 'a':
		return r - 'a' + 10
	case r >= 'A':
		return r - 'A' + 10
	}
	return r - '0'
}

func isASCIILetter(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

// isSyntaxChar reports whether r is one of ECMAScript's SyntaxCharacter.
func isSyntaxChar(r rune) bool {
	switch r {
	case '^', '$', '\\', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|':
		return true
	}
	return false
}

// decimalLess reports whether the decimal number a is less than b.
func decimalLess(a, b []rune) bool {
	for len(a) > 1 && a[0] == '0' {
		a = a[1:]
	}
	for len(b) > 1 && b[0] == '0' {
		b = b[1:]
	}
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return string(a) < string(b)
}

// v8Bound is a quantifier's bound as V8 compares bounds, at most
// 2^31 − 1 (ECMAScript compares them as they are, but Ajv runs on V8, and
// Go refuses a bound over 1000 anyway).
func v8Bound(d []rune) []rune {
	if max := []rune("2147483647"); decimalLess(max, d) {
		return max
	}
	return d
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

func (p *jsParser) term() {
	start := p.i
	quantifiable := true
	switch c := p.peek(0); c {
	case '^', '$':
		p.i++
		quantifiable = false
	case '\\':
		quantifiable = p.atomEscape()
	case '(':
		quantifiable = p.group()
	case '[':
		p.class()
	case '*', '+', '?':
		p.syntax(start, "%c repeats nothing: escape it as \\%c", c, c)
		return
	case '{':
		if n, ok := p.braced(); ok {
			p.syntax(start, "%s repeats nothing: escape the { as \\{", p.text(start, start+n))
			return
		}
		if p.unicode {
			p.loneBrace()
			return
		}
		p.i++ // Annex B: a {
	case '}':
		if p.unicode {
			p.syntax(start, "a lone } must be escaped: write \\}")
			return
		}
		p.i++
	case ']':
		if p.unicode {
			if p.lastClassEnd == start && p.lastClass+3 <= len(p.s) && string(p.s[p.lastClass:p.lastClass+3]) == "[[:" {
				p.syntax(start, "%s is a POSIX class, which JavaScript lacks (it reads a class, then a lone ]): list the characters instead, as [A-Za-z] for [[:alpha:]]", p.text(p.lastClass, start+1))
				return
			}
			p.syntax(start, "a lone ] must be escaped: write \\]")
			return
		}
		p.i++
	default: // ., or a character
		p.i++
	}
	if p.err != nil {
		return
	}
	at := p.i
	if !p.quantifier() || p.err != nil {
		return
	}
	if !quantifiable {
		what := p.text(start, at)
		fix := "drop the " + p.text(at, p.i)
		if what == "^" || what == "$" {
			fix += ", or escape it as \\" + what + " to match the character"
		}
		p.syntax(start, "%s matches a position, not a character, and cannot be repeated: %s", what, fix)
		return
	}
	first := p.i
	if p.quantifier() && p.err == nil {
		p.syntax(first, "%s repeats the quantifier before it: group what that one repeats, as (?:%s)%s", p.text(first, p.i), p.text(start, first), p.text(first, p.i))
	}
}

// loneBrace reports a { that opens no quantifier (with the u flag).
func (p *jsParser) loneBrace() {
	start := p.i
	if p.peek(1) == ',' {
		j := p.i + 2
		for j < len(p.s) && isDigit(p.s[j]) {
			j++
		}
		if j > p.i+2 && j < len(p.s) && p.s[j] == '}' {
			p.syntax(start, "%s is no quantifier (JavaScript takes no bound left out but the upper): write {0%s", p.text(start, j+1), p.text(start+1, j+1))
			return
		}
	}
	p.syntax(start, "a { that opens no quantifier {n}, {n,} or {n,m} must be escaped: write \\{")
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

// braced reports whether a quantifier {n}, {n,} or {n,m} starts at p.i
// and how long it is; one with m < n fails. It reads only the digits
// after the {, which no other call reads again.
func (p *jsParser) braced() (int, bool) {
	s := p.s
	i := p.i + 1
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	lo := s[p.i+1 : i]
	if len(lo) == 0 {
		return 0, false
	}
	var hi []rune
	if i < len(s) && s[i] == ',' {
		i++
		h := i
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		hi = s[h:i]
	}
	if i >= len(s) || s[i] != '}' {
		return 0, false
	}
	if len(hi) > 0 && decimalLess(v8Bound(hi), v8Bound(lo)) {
		p.syntax(p.i, "the bounds of %s are out of order: write {%s,%s}", string(s[p.i:i+1]), string(hi), string(lo))
	}
	return i + 1 - p.i, true
}

// atomEscape reads an escape outside a class and reports whether a
// quantifier may follow it (not after \b or \B).
func (p *jsParser) atomEscape() bool {
	start := p.i
	p.i++ // the backslash
	switch e := p.peek(0); {
	case e == -1:
		p.syntax(start, "\\ ends the pattern: write \\\\ for a backslash")
	case e == 'b' || e == 'B':
		p.i++
		return false
	case e >= '1' && e <= '9':
		p.decimalEscape(start)
	case e == 'k':
		p.namedReference(start)
	default:
		p.characterEscape(start, false)
	}
	return true
}

// decimalEscape reads \1, \2, … outside a class: a back reference when
// the pattern has that many capturing groups, else (without the u flag)
// an octal escape or a digit.
func (p *jsParser) decimalEscape(start int) {
	d := p.i
	for isDigit(p.peek(0)) {
		p.i++
	}
	if !decimalLess([]rune(strconv.Itoa(p.groups)), p.s[d:p.i]) {
		if p.unicode {
			p.refuse("back reference %s is not supported: %sback references; repeat the group instead", p.text(start, p.i), linearOnly)
		}
		return
	}
	if p.unicode {
		p.syntax(start, "%s refers to no group (the pattern has %d): %s", p.text(start, p.i), p.groups, p.octalFix(d, p.i))
		return
	}
	p.i = d
	p.legacyOctal()
}

// octalFix says how to write the digits s[d:end] after a backslash, which
// JavaScript without the u flag reads as an octal escape or as digits.
func (p *jsParser) octalFix(d, end int) string {
	if p.s[d] > '7' {
		return fmt.Sprintf("write %s without the backslash", p.text(d, end))
	}
	i := p.i
	p.i = d
	v := p.legacyOctal()
	rest := p.text(p.i, end)
	p.i = i
	return fmt.Sprintf("write \\x%02X%s for the character it means without the u flag", v, rest)
}

// legacyOctal reads an octal escape of Annex B at p.i, or the digit 8 or
// 9, and returns the character it stands for.
func (p *jsParser) legacyOctal() rune {
	first := p.peek(0)
	if first < '0' || first > '7' {
		p.i++
		return first
	}
	most := 3
	if first > '3' {
		most = 2
	}
	v := rune(0)
	for n := 0; n < most && p.peek(0) >= '0' && p.peek(0) <= '7'; n++ {
		v = v*8 + p.peek(0) - '0'
		p.i++
	}
	return v
}

// namedReference reads \k outside a class: a back reference \k<name> with
// the u flag or when the pattern names a group, else the letter k.
func (p *jsParser) namedReference(start int) {
	if !p.unicode && len(p.names) == 0 {
		p.i++
		return
	}
	if p.peek(1) != '<' {
		p.syntax(start, "\\k starts a named back reference \\k<name> here: write k without the backslash")
		return
	}
	if p.unicode {
		name, n := p.identifier(p.i + 2)
		end := p.i + 2 + n
		if n > 0 && end < len(p.s) && p.s[end] == '>' {
			p.refuse("back reference \\k<%s> is not supported: %sback references; repeat the group instead", name, linearOnly)
		} else {
			p.refuse("back reference \\k<…> is not supported: %sback references; repeat the group instead", linearOnly)
		}
		return
	}
	name, n := p.identifier(p.i + 2)
	end := p.i + 2 + n
	if n == 0 || end >= len(p.s) || p.s[end] != '>' || !p.names[name] {
		p.syntax(start, "\\k<…> names no group of the pattern: name one with (?<name>…), or write k without the backslash")
		return
	}
	p.i = end + 1
}

// characterEscape reads the escape whose backslash is at start, p.i just
// past it: a character escape, a class escape (\d, …; it returns -1) or,
// without the u flag, an identity escape; in a class when inClass.
func (p *jsParser) characterEscape(start int, inClass bool) rune {
	e := p.peek(0)
	p.i++
	switch e {
	case 'd', 'D', 's', 'S', 'w', 'W':
		return -1
	case 'f':
		return '\f'
	case 'n':
		return '\n'
	case 'r':
		return '\r'
	case 't':
		return '\t'
	case 'v':
		return '\v'
	case 'c':
		return p.controlEscape(start, inClass)
	case 'x':
		if v, ok := p.hex(2); ok {
			return v
		}
		if !p.unicode {
			return 'x'
		}
		if p.peek(0) == '{' {
			p.syntax(start, "\\x{…} is Go's code point escape: write \\u{…}")
		} else {
			p.syntax(start, "\\x takes two hex digits, as \\x2F")
		}
		return -1
	case 'u':
		return p.unicodeEscape(start)
	case 'p', 'P':
		if p.unicode {
			p.propertyEscape(start)
			return -1
		}
		return e
	case '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		if e == '0' && !isDigit(p.peek(0)) {
			return 0
		}
		p.i--
		if !p.unicode {
			return p.legacyOctal()
		}
		end := p.i
		for end < len(p.s) && isDigit(p.s[end]) {
			end++
		}
		esc := p.text(start, end)
		if e == '0' {
			p.syntax(start, "%s is an octal escape, which the u flag refuses: %s", esc, p.octalFix(p.i, end))
		} else {
			p.syntax(start, "%s in a class is no escape with the u flag: %s", esc, p.octalFix(p.i, end))
		}
		return -1
	}
	if !p.unicode {
		if e == 'k' && inClass && len(p.names) > 0 {
			p.syntax(start, "\\k in a class of a pattern that names groups: write k without the backslash")
			return -1
		}
		if e == -1 {
			p.syntax(start, "\\ ends the pattern: write \\\\ for a backslash")
			return -1
		}
		return e // an identity escape
	}
	if isSyntaxChar(e) || e == '/' {
		return e
	}
	p.badEscape(start, e)
	return -1
}

// badEscape reports \e, which the u flag refuses.
func (p *jsParser) badEscape(start int, e rune) {
	esc := "\\" + string(e)
	switch {
	case e == -1:
		p.syntax(start, "\\ ends the pattern: write \\\\ for a backslash")
	case e == 'A':
		p.syntax(start, "\\A is Go's: anchor the start with ^")
	case e == 'z' || e == 'Z':
		p.syntax(start, "%s is Go's: anchor the end with $", esc)
	case e == 'Q' || e == 'E':
		p.syntax(start, "\\Q…\\E quoting is Go's: escape each syntax character with a backslash instead")
	case e < 0x80 && (isASCIILetter(e) || isDigit(e)):
		p.syntax(start, "%s is no escape with the u flag: write %c without the backslash", esc, e)
	default:
		p.syntax(start, "%s escapes no syntax character, which the u flag refuses (only ^ $ \\ . * + ? ( ) [ ] { } | and / take a backslash, and - in a class): write %c without the backslash", esc, e)
	}
}

// controlEscape reads what follows \c. Without the u flag, \c before no
// ASCII letter is a backslash (and, in a class, \c before a digit or _ a
// control character).
func (p *jsParser) controlEscape(start int, inClass bool) rune {
	l := p.peek(0)
	if isASCIILetter(l) {
		p.i++
		return l % 32
	}
	if !p.unicode {
		if inClass && (isDigit(l) || l == '_') {
			p.i++
			return l % 32
		}
		p.i = start + 1 // the backslash stands for itself, c for c
		return '\\'
	}
	p.syntax(start, "\\c takes an ASCII letter, as \\cJ for a line feed: write \\\\c for a backslash and c")
	return -1
}

// hex reads n hex digits at p.i, if there are.
func (p *jsParser) hex(n int) (rune, bool) {
	if p.i+n > len(p.s) {
		return 0, false
	}
	v := rune(0)
	for _, c := range p.s[p.i : p.i+n] {
		if !isHex(c) {
			return 0, false
		}
		v = v*16 + hexValue(c)
	}
	p.i += n
	return v, true
}

// unicodeEscape reads what follows \u: with the u flag \u{…}, and a lead
// surrogate escape and a trail one as one code point.
func (p *jsParser) unicodeEscape(start int) rune {
	if p.unicode && p.peek(0) == '{' {
		j := p.i + 1
		v := rune(0)
		for j < len(p.s) && isHex(p.s[j]) {
			if v <= 0x10FFFF {
				v = v*16 + hexValue(p.s[j])
			}
			j++
		}
		if j == p.i+1 || j >= len(p.s) || p.s[j] != '}' {
			p.syntax(start, "\\u{ takes hex digits and a }, as \\u{1F600}")
			return -1
		}
		if v > 0x10FFFF {
			p.syntax(start, "%s is past the last code point, \\u{10FFFF}", p.text(start, j+1))
			return -1
		}
		p.i = j + 1
		return v
	}
	v, ok := p.hex(4)
	if !ok {
		if p.unicode {
			p.syntax(start, "\\u takes four hex digits or a code point in braces, as \\u00E9 or \\u{1F600}")
			return -1
		}
		return 'u'
	}
	if p.unicode && v >= 0xD800 && v <= 0xDBFF && p.peek(0) == '\\' && p.peek(1) == 'u' {
		lead := p.i
		p.i += 2
		if t, ok := p.hex(4); ok && t >= 0xDC00 && t <= 0xDFFF {
			return utf16.DecodeRune(v, t)
		}
		p.i = lead
	}
	return v
}

// propertyEscape refuses \p{…} or \P{…} (with the u flag), p.i past the p.
func (p *jsParser) propertyEscape(start int) {
	end := p.i
	if p.peek(0) == '{' {
		j := p.i + 1
		for j < len(p.s) && (p.s[j] == '_' || p.s[j] == '=' || isDigit(p.s[j]) || isASCIILetter(p.s[j])) {
			j++
		}
		if j < len(p.s) && p.s[j] == '}' {
			end = j + 1
		}
	} else if isASCIILetter(p.peek(0)) {
		end++
	}
	p.refuse("Unicode property escape %s is not supported: not every runtime carries Unicode's property tables; list the ranges instead, e.g. [A-Za-z\\u00C0-\\u024F]", p.text(start, end))
}

// group reads a group and reports whether a quantifier may follow it.
func (p *jsParser) group() bool {
	open := p.i
	if p.depth++; p.depth > maxDepth {
		p.refuse("its groups nest more than %d deep, deeper than errgen reads (and Go's regexp, for capturing groups): flatten the pattern", maxDepth)
		return false
	}
	defer func() { p.depth-- }()
	p.i++ // (
	quantifiable := true
	if p.peek(0) == '?' {
		switch {
		case p.has("?:"):
			p.i += 2
		case p.has("?="), p.has("?!"), p.has("?<="), p.has("?<!"):
			n := 2
			if p.peek(1) == '<' {
				n = 3
			}
			if p.unicode {
				p.refuse("lookaround %s…) is not supported: %slookaround; anchor the pattern or spell out the alternatives instead", p.text(open, p.i+n), linearOnly)
				return false
			}
			quantifiable = n == 2 // Annex B: a lookahead may be repeated
			p.i += n
		case p.has("?<"):
			p.i += 2
			p.groupName(open)
		case p.has("?P"):
			p.goSyntax(open, "(?P<name>…) is Go's named group, which JavaScript refuses: write (?<name>…)")
			return false
		case p.peek(1) == '-' || isASCIILetter(p.peek(1)):
			j := p.i + 1
			for j < len(p.s) && (p.s[j] == '-' || isASCIILetter(p.s[j])) {
				j++
			}
			form := p.text(open, j) + ")"
			if j < len(p.s) && p.s[j] == ':' {
				form = p.text(open, j+1) + "…)"
			}
			p.goSyntax(open, "inline flags %s are Go's, which JavaScript refuses: spell the cases out, as [Aa], or drop them", form)
			return false
		default:
			p.syntax(open, "(? opens no group JavaScript knows: write (?:…) for a group that does not capture, (?<name>…) for a named one, or \\(\\? for the characters")
			return false
		}
	}
	p.disjunction()
	if p.err != nil {
		return false
	}
	if p.peek(0) != ')' {
		p.syntax(open, "the group opened here is not closed: close it with ), or escape the ( as \\(")
		return false
	}
	p.i++
	return quantifiable
}

// groupName reads name> of (?<name>…), the group opening at open.
func (p *jsParser) groupName(open int) {
	name, n := p.identifier(p.i)
	end := p.i + n
	if end < len(p.s) && p.s[end] == '\\' {
		p.goSyntax(p.i, "the group name at character %d holds an escape, which Go's regexp does not read: write the name as it is, in ASCII letters, digits and _", p.i+1)
		return
	}
	if n == 0 || end >= len(p.s) || p.s[end] != '>' {
		p.syntax(p.i, "a group name is an identifier (a letter, $ or _, then letters, digits, $ or _) closed by >, as (?<year>…)")
		return
	}
	if p.seen[name] {
		p.syntax(open, "the group name %q is an earlier group's: name each group once", name)
		return
	}
	p.seen[name] = true
	p.i = end + 1
}

// class reads [ … ]: a range's ends in order where both are single
// characters (with the u flag, both must be).
func (p *jsParser) class() {
	open := p.i
	p.i++
	if p.peek(0) == '^' {
		p.i++
	}
	for p.err == nil && p.i < len(p.s) && p.peek(0) != ']' {
		from := p.i
		lo, set := p.classAtom()
		if p.err != nil || p.peek(0) != '-' || p.peek(1) == ']' || p.peek(1) == -1 {
			continue
		}
		p.i++ // -
		hi, set2 := p.classAtom()
		switch {
		case p.err != nil:
		case set || set2:
			if p.unicode {
				p.syntax(from, "the range %s has a class escape at an end, which the u flag refuses: escape the - as \\-, or put it last in the class", p.text(from, p.i))
			}
		case hi < lo:
			p.syntax(from, "the range %s is out of order: put its lower end first", p.text(from, p.i))
		}
	}
	if p.err != nil {
		return
	}
	if p.i >= len(p.s) {
		p.syntax(open, "the class opened here is not closed: close it with ], or escape the [ as \\[")
		return
	}
	p.i++ // ]
	p.lastClass, p.lastClassEnd = open, p.i
}

// classAtom reads one character or escape of a class: the character it
// stands for, or set when it is a class escape (\d, \w, …).
func (p *jsParser) classAtom() (r rune, set bool) {
	start := p.i
	c := p.peek(0)
	p.i++
	if c != '\\' {
		return c, false
	}
	switch e := p.peek(0); {
	case e == 'b':
		p.i++
		r = '\b'
	case e == '-':
		p.i++
		r = '-'
	case e == -1:
		p.syntax(start, "\\ ends the pattern: write \\\\ for a backslash")
		return -1, true
	default:
		r = p.characterEscape(start, true)
	}
	return r, r < 0
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
		return regexValue(s)
	}
	if err := santhoshFormat(f, v); err != nil {
		return err
	}
	if errgenrt.HasFormatCheck(f) && !errgenrt.CheckFormat(f, s) {
		return errors.New("JavaScript clients (Ajv with ajv-formats) refuse it")
	}
	return nil
}

// assertFormats makes c assert formats as check does (see [FormatError]),
// and read patterns as [RegexpEngine] does. santhosh-tekuri/jsonschema
// checks the regex format with the same engine, which a regex value is
// not read by: [regexFormats] gives a compiled schema's regex formats
// their own check.
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

// regexFormat is the regex format as check asserts it: see [regexValue].
var regexFormat = &jsonschema.Format{Name: "regex", Validate: func(v any) error { return FormatError("regex", v) }}

// regexFormats makes the regex formats of sch, and of every schema it
// reaches, check a value as [regexValue] does in place of the compiler's
// regexp engine, which reads patterns. Call it on a compiled schema before
// another goroutine may validate with it: it writes only to the schemas of
// which no earlier call has made the change.
func regexFormats(sch *jsonschema.Schema) {
	seen := map[*jsonschema.Schema]bool{}
	var walk func(s *jsonschema.Schema)
	walkAny := func(v any) {
		switch v := v.(type) {
		case *jsonschema.Schema:
			walk(v)
		case []*jsonschema.Schema:
			for _, t := range v {
				walk(t)
			}
		}
	}
	walk = func(s *jsonschema.Schema) {
		if s == nil || seen[s] {
			return
		}
		seen[s] = true
		if s.Format != nil && s.Format.Name == "regex" && s.Format != regexFormat {
			s.Format = regexFormat
		}
		for _, t := range []*jsonschema.Schema{s.Ref, s.RecursiveRef, s.Not, s.If, s.Then, s.Else, s.PropertyNames,
			s.UnevaluatedProperties, s.Contains, s.Items2020, s.UnevaluatedItems, s.ContentSchema} {
			walk(t)
		}
		if s.DynamicRef != nil {
			walk(s.DynamicRef.Ref)
		}
		for _, list := range [][]*jsonschema.Schema{s.AllOf, s.AnyOf, s.OneOf, s.PrefixItems} {
			for _, t := range list {
				walk(t)
			}
		}
		for _, t := range s.Properties {
			walk(t)
		}
		for _, t := range s.PatternProperties {
			walk(t)
		}
		for _, t := range s.DependentSchemas {
			walk(t)
		}
		for _, d := range s.Dependencies {
			walkAny(d)
		}
		walkAny(s.AdditionalProperties)
		walkAny(s.Items)
		walkAny(s.AdditionalItems)
	}
	walk(sch)
}
