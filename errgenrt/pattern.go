package errgenrt

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A detail schema's pattern is an ECMAScript regular expression read with
// the u flag, as Ajv and every other runtime read it, matched anywhere in
// the string. Go's regexp (RE2) reads some of its syntax otherwise: its
// \s is ASCII white space, its . takes \r and the line separators, [[:
// opens a POSIX class, [] is an error. CompilePattern translates a pattern
// into RE2's syntax with ECMAScript's meanings first: \d, \w and \b stay
// ASCII, \s and \S are ECMAScript's white space and line terminators, .
// is any character but a line terminator, [] and [^] the classes of no
// and of every character, and every escaped punctuation character and
// \uXXXX, \u{…}, \cX and \0 a code point. What RE2 lacks (lookaround,
// backreferences) is kept and does not compile: errgen check refuses it.

// jsSpaceClass is ECMAScript's white space and line terminators (\s), as
// the body of a class; jsNonSpaceClass is every other character.
const (
	jsSpaceClass    = `\t\n\x0B\x0C\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}`
	jsNonSpaceClass = `\x00-\x08\x0E-\x1F\x21-\x9F\x{A1}-\x{167F}\x{1681}-\x{1FFF}\x{200B}-\x{2027}\x{202A}-\x{202E}\x{2030}-\x{205E}\x{2060}-\x{2FFF}\x{3001}-\x{FEFE}\x{FF00}-\x{10FFFF}`
)

// CompilePattern compiles the ECMAScript pattern p as RE2 with its
// ECMAScript meanings (see above). Its error is regexp's: the caller
// names the pattern.
func CompilePattern(p string) (*regexp.Regexp, error) {
	return regexp.Compile(translatePattern(p))
}

func translatePattern(p string) string {
	var out strings.Builder
	for i := 0; i < len(p); {
		r, n := utf8.DecodeRuneInString(p[i:])
		i += n
		switch r {
		case '\\':
			i = translateEscape(&out, p, i, false)
		case '.':
			out.WriteString(`[^\n\r\x{2028}\x{2029}]`)
		case '[':
			i = translateClass(&out, p, i)
		default:
			out.WriteRune(r)
		}
	}
	return out.String()
}

// translateEscape writes the escape whose backslash ends before p[i] and
// returns where it ends; in a class when class is set.
func translateEscape(out *strings.Builder, p string, i int, class bool) int {
	if i >= len(p) {
		out.WriteString(`\\`)
		return i
	}
	e, n := utf8.DecodeRuneInString(p[i:])
	i += n
	switch e {
	case 'd':
		out.WriteString(wrapClass(class, false, "0-9"))
	case 'D':
		out.WriteString(`\D`) // RE2's is ASCII, as ECMAScript's
	case 'w':
		out.WriteString(wrapClass(class, false, "0-9A-Za-z_"))
	case 'W':
		out.WriteString(`\W`)
	case 's':
		out.WriteString(wrapClass(class, false, jsSpaceClass))
	case 'S':
		out.WriteString(wrapClass(class, false, jsNonSpaceClass))
	case 'b':
		if class {
			out.WriteString(`\x08`) // backspace in a class
		} else {
			out.WriteString(`\b`) // RE2's is ASCII, as ECMAScript's
		}
	case 'B':
		out.WriteString(`\B`)
	case 'n', 'r', 't', 'f', 'v', 'p', 'P', 'x':
		out.WriteByte('\\')
		out.WriteRune(e)
	case '0':
		out.WriteString(`\x00`)
	case 'c':
		if i < len(p) && (p[i] >= 'a' && p[i] <= 'z' || p[i] >= 'A' && p[i] <= 'Z') {
			writeCodePoint(out, rune(p[i]%32))
			i++
		} else {
			out.WriteString(`\\c`)
		}
	case 'u':
		if i < len(p) && p[i] == '{' {
			out.WriteString(`\x`) // \u{…} is \x{…}
		} else if i+4 <= len(p) {
			if v, err := strconv.ParseUint(p[i:i+4], 16, 32); err == nil {
				writeCodePoint(out, rune(v))
				i += 4
			} else {
				out.WriteByte('u')
			}
		} else {
			out.WriteByte('u')
		}
	default:
		if e < utf8.RuneSelf && (e >= '0' && e <= '9' || e >= 'a' && e <= 'z' || e >= 'A' && e <= 'Z') {
			out.WriteByte('\\') // \1, \k and the like: kept, RE2 refuses them
			out.WriteRune(e)
		} else {
			writeCodePoint(out, e)
		}
	}
	return i
}

// wrapClass returns a class body as a class of its own outside a class.
func wrapClass(class, negated bool, body string) string {
	if class {
		return body
	}
	if negated {
		return "[^" + body + "]"
	}
	return "[" + body + "]"
}

// translateClass writes the class whose [ ends before p[i] and returns
// where its ] ends.
func translateClass(out *strings.Builder, p string, i int) int {
	negated := i < len(p) && p[i] == '^'
	if negated {
		i++
	}
	if i < len(p) && p[i] == ']' {
		if negated {
			out.WriteString(`[\x00-\x{10FFFF}]`) // [^]: every character
		} else {
			out.WriteString(`[^\x00-\x{10FFFF}]`) // []: none
		}
		return i + 1
	}
	out.WriteByte('[')
	if negated {
		out.WriteByte('^')
	}
	dash := false // the last character written was a range's -
	for i < len(p) {
		r, n := utf8.DecodeRuneInString(p[i:])
		i += n
		wasDash := dash
		dash = false
		switch {
		case r == ']':
			out.WriteByte(']')
			return i
		case r == '\\':
			if i < len(p) && p[i] == '-' {
				writeCodePoint(out, '-')
				i++
				continue
			}
			i = translateEscape(out, p, i, true)
		case r == '-' && wasDash:
			writeCodePoint(out, '-')
		case r == '-':
			out.WriteByte('-')
			dash = true
		case r == '[':
			writeCodePoint(out, r) // a [ of its own, not a POSIX class
		default:
			out.WriteRune(r)
		}
	}
	return i // unclosed: RE2 refuses it, as ECMAScript does
}

func writeCodePoint(out *strings.Builder, r rune) {
	fmt.Fprintf(out, `\x{%X}`, r)
}
