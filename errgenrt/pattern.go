package errgenrt

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf16"
)

// A detail schema's pattern is an ECMAScript regular expression read with
// the u flag, as Ajv and every other runtime read it, matched anywhere in
// the string. Go's regexp (RE2) reads some of its syntax otherwise: its
// \s is ASCII white space, its . takes \r and the line separators, [[:
// opens a POSIX class, [] is an error, a{01} is text. CompilePattern
// translates a pattern into RE2's syntax with ECMAScript's meanings first,
// reading it as ECMAScript with the u flag reads it (the reference reading
// is runtime/ts/src/pattern.js's parser; runtime/rust/src/rt/regexp.rs
// translates the same way):
//
//   - \d, \w and \b stay ASCII, \s and \S are ECMAScript's white space and
//     line terminators, . any character but a line terminator;
//   - a class is read by ECMAScript's ClassRanges grammar (a - between two
//     atoms, not before the ], is a range; first, last or after a range, a
//     dash; in a class \b is a backspace and \- a dash) and written as the
//     code points it holds, [] and [^] the classes of no and of every
//     character;
//   - every escaped character, and every literal one but an ASCII letter or
//     digit, is written as a code point (\x{…}), so that RE2 reads nothing
//     of its own into it; \uD83D\uDE00, a surrogate pair of escapes, is one
//     character; a lone surrogate, which no well-formed value holds, the
//     class of no character;
//   - a quantifier's counts are written in decimal without leading zeros.
//
// What RE2 lacks (lookaround, backreferences, property escapes) is kept
// and does not compile: errgen check refuses it. What the u flag refuses
// but JavaScript without flags reads (a regex format value, see
// internal/model's regexValue) is read as Annex B reads it where that is a
// character, else kept.
//
// No payload is made with it: the runtime matches values with [Pattern]
// (linear.go). errgen check compiles every pattern with it, and the
// pattern fixtures (runtime/fixtures) take their verdicts from it.

// The classes of no character and of every one.
const (
	noCharacter  = `[^\x{0}-\x{10FFFF}]`
	anyCharacter = `[\x{0}-\x{10FFFF}]`
)

// CompilePattern compiles the ECMAScript pattern p as RE2 with its
// ECMAScript meanings (see above). Its error is regexp's: the caller
// names the pattern.
func CompilePattern(p string) (*regexp.Regexp, error) {
	return regexp.Compile(translatePattern(p))
}

// patternTranslator reads a pattern a code point at a time.
type patternTranslator struct {
	s   []rune
	i   int
	out strings.Builder
}

func translatePattern(p string) string {
	t := &patternTranslator{s: []rune(p)}
	for t.i < len(t.s) {
		c := t.s[t.i]
		t.i++
		switch c {
		case '\\':
			t.atomEscape()
		case '.':
			t.set(lineTerminators, true)
		case '[':
			t.class()
		case '(':
			t.out.WriteByte('(')
			t.groupOpening()
		case '{':
			t.braces()
		case '^', '$', '|', ')', '*', '+', '?':
			t.out.WriteRune(c)
		default:
			if c < 0x80 && (isASCIILetter(c) || isASCIIDigit(c)) {
				t.out.WriteRune(c) // as it is: a \1 kept for RE2 to refuse stays \1
			} else {
				t.char(c)
			}
		}
	}
	return t.out.String()
}

func isASCIILetter(c rune) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func (t *patternTranslator) peek(ahead int) rune {
	if t.i+ahead < len(t.s) {
		return t.s[t.i+ahead]
	}
	return -1
}

// copy copies up to n characters as they are.
func (t *patternTranslator) copy(n int) {
	for ; n > 0 && t.i < len(t.s); n-- {
		t.out.WriteRune(t.s[t.i])
		t.i++
	}
}

// char writes the character c as a code point, a surrogate (which no
// well-formed value holds) as the class of no character.
func (t *patternTranslator) char(c rune) {
	if c >= 0xD800 && c <= 0xDFFF {
		t.out.WriteString(noCharacter)
		return
	}
	writeCodePoint(&t.out, c)
}

func writeCodePoint(out *strings.Builder, r rune) {
	fmt.Fprintf(out, `\x{%X}`, r)
}

// groupOpening copies the syntax after a group's (: ?:, ?<name>, and what
// RE2 refuses or reads as its own (lookarounds, inline flags), which
// errgen check refuses.
func (t *patternTranslator) groupOpening() {
	if t.peek(0) != '?' {
		return
	}
	t.copy(1)
	switch c := t.peek(0); {
	case c == ':' || c == '=' || c == '!':
		t.copy(1)
	case c == '<':
		t.copy(1)
		if c := t.peek(0); c == '=' || c == '!' {
			t.copy(1)
			return
		}
		for t.i < len(t.s) && t.s[t.i] != '>' {
			t.copy(1)
		}
		t.copy(1)
	default: // inline flags
		for c := t.peek(0); c == '-' || isASCIILetter(c); c = t.peek(0) {
			t.copy(1)
		}
		if c := t.peek(0); c == ':' || c == ')' {
			t.copy(1)
		}
	}
}

// braces writes the quantifier {n}, {n,} or {n,m} whose { is read, its
// counts in decimal without leading zeros (RE2 reads a{01} as text); a {
// that opens none (which the u flag refuses) as a character.
func (t *patternTranslator) braces() {
	j := t.i
	count := func() (string, bool) {
		from := j
		for j < len(t.s) && isASCIIDigit(t.s[j]) {
			j++
		}
		n := strings.TrimLeft(string(t.s[from:j]), "0")
		if n == "" {
			n = "0"
		}
		return n, j > from
	}
	lo, ok := count()
	q := "{" + lo
	if ok && j < len(t.s) && t.s[j] == ',' {
		j++
		q += ","
		if hi, ok := count(); ok {
			q += hi
		}
	}
	if !ok || j >= len(t.s) || t.s[j] != '}' {
		t.char('{')
		return
	}
	t.i = j + 1
	t.out.WriteString(q + "}")
}

// atomEscape writes the escape whose backslash is read, outside a class.
func (t *patternTranslator) atomEscape() {
	e := t.peek(0)
	switch e {
	case -1:
		t.out.WriteString(`\\`)
		return
	case 'b', 'B': // RE2's are ASCII, as ECMAScript's
		t.i++
		t.out.WriteByte('\\')
		t.out.WriteRune(e)
		return
	case 'd', 'D', 's', 'S', 'w', 'W':
		t.i++
		ranges, negated := classEscape(e)
		t.set(ranges, negated)
		return
	}
	if c, ok := t.characterEscape(false); ok {
		t.char(c)
		return
	}
	// \1, \k, \p{…}, \x{…} and the like: kept, RE2 refuses or reads them
	t.out.WriteByte('\\')
	t.out.WriteRune(e)
	if (e == 'p' || e == 'P' || e == 'x') && t.peek(0) == '{' {
		for t.i < len(t.s) && t.s[t.i] != '}' {
			t.copy(1)
		}
		t.copy(1)
	}
}

// classEscape returns the ranges of \d, \D, \s, \S, \w or \W, and whether
// the escape is their complement.
func classEscape(e rune) ([]codeRange, bool) {
	switch e {
	case 'd', 'D':
		return digitRanges, e == 'D'
	case 's', 'S':
		return spaceRanges, e == 'S'
	}
	return wordRanges, e == 'W'
}

// characterEscape reads the escape of one character whose backslash is
// read (t.s[t.i] its letter), in a class when inClass: the character, or
// false outside a class for an escape that is none (a back reference, \k,
// \p, an ASCII letter the u flag refuses), its letter read. In a class
// such an escape is its letter, as Annex B reads it.
func (t *patternTranslator) characterEscape(inClass bool) (rune, bool) {
	e := t.s[t.i]
	t.i++
	switch e {
	case 'f':
		return '\f', true
	case 'n':
		return '\n', true
	case 'r':
		return '\r', true
	case 't':
		return '\t', true
	case 'v':
		return '\v', true
	case '0':
		return 0, true
	case 'c':
		if l := t.peek(0); isASCIILetter(l) || inClass && (isASCIIDigit(l) || l == '_') {
			t.i++
			return l % 32, true
		}
		t.i-- // Annex B: a backslash, then c
		return '\\', true
	case 'x':
		if hi, ok := hexDigit(t.peek(0)); ok {
			if lo, ok := hexDigit(t.peek(1)); ok {
				t.i += 2
				return hi<<4 | lo, true
			}
		}
	case 'u':
		return t.unicodeEscape(), true
	}
	if e < 0x80 && (isASCIILetter(e) || isASCIIDigit(e)) {
		return e, inClass
	}
	return e, true // an escaped syntax character, / or -
}

// unicodeEscape reads what follows \u: \u{…}, or \uXXXX with a lead
// surrogate's escape and a trail surrogate's after it one character; else
// (Annex B) the letter u.
func (t *patternTranslator) unicodeEscape() rune {
	if t.peek(0) == '{' {
		j, v := t.i+1, rune(0)
		for ; j < len(t.s); j++ {
			d, ok := hexDigit(t.s[j])
			if !ok {
				break
			}
			if v <= 0x10FFFF {
				v = v<<4 | d
			}
		}
		if j > t.i+1 && j < len(t.s) && t.s[j] == '}' && v <= 0x10FFFF {
			t.i = j + 1
			return v
		}
		return 'u'
	}
	v, ok := t.hex4(t.i)
	if !ok {
		return 'u'
	}
	t.i += 4
	if v >= 0xD800 && v <= 0xDBFF && t.peek(0) == '\\' && t.peek(1) == 'u' {
		if trail, ok := t.hex4(t.i + 2); ok && trail >= 0xDC00 && trail <= 0xDFFF {
			t.i += 6
			return utf16.DecodeRune(v, trail)
		}
	}
	return v
}

// hex4 returns the value of four hexadecimal digits at j, if there are.
func (t *patternTranslator) hex4(j int) (rune, bool) {
	if j+4 > len(t.s) {
		return 0, false
	}
	v := rune(0)
	for _, c := range t.s[j : j+4] {
		d, ok := hexDigit(c)
		if !ok {
			return 0, false
		}
		v = v<<4 | d
	}
	return v, true
}

// class writes the class whose [ is read, up to its ], as ECMAScript's
// ClassRanges grammar reads it.
func (t *patternTranslator) class() {
	negated := t.peek(0) == '^'
	if negated {
		t.i++
	}
	var ranges []codeRange
	for {
		if t.i >= len(t.s) {
			t.out.WriteByte('[') // unclosed: RE2 refuses it, as ECMAScript does
			return
		}
		if t.s[t.i] == ']' {
			t.i++
			break
		}
		lo, set := t.classAtom()
		if t.peek(0) != '-' || t.peek(1) == ']' || t.peek(1) == -1 {
			ranges = append(ranges, atomRanges(lo, set)...)
			continue
		}
		t.i++ // -
		hi, set2 := t.classAtom()
		switch {
		case set != nil || set2 != nil: // a class escape at an end: Annex B reads the atoms and a dash
			ranges = append(append(append(ranges, atomRanges(lo, set)...), codeRange{'-', '-'}), atomRanges(hi, set2)...)
		case hi < lo: // out of order: RE2 refuses it, as ECMAScript does
			t.out.WriteByte('[')
			writeCodePoint(&t.out, lo)
			t.out.WriteByte('-')
			writeCodePoint(&t.out, hi)
			t.out.WriteByte(']')
		default:
			ranges = append(ranges, codeRange{lo, hi})
		}
	}
	t.set(ranges, negated)
}

// classAtom reads one atom of a class: a character, or the ranges of a
// class escape.
func (t *patternTranslator) classAtom() (rune, []codeRange) {
	c := t.s[t.i]
	t.i++
	if c != '\\' {
		return c, nil
	}
	switch e := t.peek(0); e {
	case -1:
		return '\\', nil // unclosed
	case 'b':
		t.i++
		return '\b', nil
	case '-':
		t.i++
		return '-', nil
	case 'd', 'D', 's', 'S', 'w', 'W':
		t.i++
		ranges, negated := classEscape(e)
		if negated {
			ranges = complementRanges(ranges)
		}
		return 0, ranges
	}
	c, _ = t.characterEscape(true)
	return c, nil
}

func atomRanges(c rune, set []codeRange) []codeRange {
	if set != nil {
		return set
	}
	return []codeRange{{c, c}}
}

// set writes the class of ranges (their complement when negated), without
// the surrogates, which no well-formed value holds.
func (t *patternTranslator) set(ranges []codeRange, negated bool) {
	var rs []codeRange
	for _, r := range normalizeRanges(ranges) {
		if r.lo < 0xD800 {
			rs = append(rs, codeRange{r.lo, min(r.hi, 0xD7FF)})
		}
		if r.hi > 0xDFFF {
			rs = append(rs, codeRange{max(r.lo, 0xE000), r.hi})
		}
	}
	switch {
	case len(rs) == 0 && negated:
		t.out.WriteString(anyCharacter)
		return
	case len(rs) == 0:
		t.out.WriteString(noCharacter)
		return
	}
	t.out.WriteByte('[')
	if negated {
		t.out.WriteByte('^')
	}
	for _, r := range rs {
		writeCodePoint(&t.out, r.lo)
		if r.hi > r.lo {
			t.out.WriteByte('-')
			writeCodePoint(&t.out, r.hi)
		}
	}
	t.out.WriteByte(']')
}
