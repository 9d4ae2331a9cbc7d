package difffuzz

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Kind is the kind of a JSON value of the tree.
type Kind uint8

// The kinds of JSON values.
const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

// Value is a JSON value as a line writes it, with what Go values cannot
// hold: a number is its raw token (1e400, -0, 9007199254740993 as
// written), a string may hold lone surrogates (see [Surrogate]) and bytes
// that are not UTF-8, and an object's members keep their order and may
// repeat a name.
type Value struct {
	Kind    Kind
	Bool    bool
	Num     string   // Number: the token, written as it is
	Str     string   // String: the text (see Surrogate)
	Escape  bool     // String: every character past ASCII written as \u escapes
	Lone    bool     // String read by Parse: it held a lone surrogate escape
	Items   []*Value // Array
	Members []Member // Object, in order, names possibly repeated
}

// Member is one member of an object.
type Member struct {
	Key   *Value // a String
	Value *Value
}

// Surrogate returns the rune that stands, in a string of the tree, for
// the UTF-16 code unit u (0xD800–0xDFFF): the writer writes it as the
// escape \uXXXX, so that a lone surrogate (or a pair given as two
// escapes) reaches the line as JSON text writes it. Such runes lie at the
// top of plane 16 (U+10F800–U+10FFFF), which the generator never uses as
// themselves.
func Surrogate(u uint16) rune { return surrogateBase + rune(u-0xD800) }

const surrogateBase = 0x10F800

func isSurrogateRune(r rune) bool { return r >= surrogateBase && r <= 0x10FFFF }

// Constructors of values.

// N is a number written as the token tok.
func N(tok string) *Value { return &Value{Kind: Number, Num: tok} }

// I is the integer n.
func I(n int64) *Value { return N(strconv.FormatInt(n, 10)) }

// S is the string s.
func S(s string) *Value { return &Value{Kind: String, Str: s} }

// B is the boolean b.
func B(b bool) *Value { return &Value{Kind: Bool, Bool: b} }

// NullValue is JSON null.
func NullValue() *Value { return &Value{Kind: Null} }

// A is the array of items.
func A(items ...*Value) *Value { return &Value{Kind: Array, Items: items} }

// O is an empty object; Set and Add give it members.
func O() *Value { return &Value{Kind: Object} }

// Add appends the member key: v (a repeated name too) and returns o.
func (o *Value) Add(key string, v *Value) *Value {
	o.Members = append(o.Members, Member{S(key), v})
	return o
}

// Set sets the member key to v: the last member of that name, else a new
// one; it returns o.
func (o *Value) Set(key string, v *Value) *Value {
	for i := len(o.Members) - 1; i >= 0; i-- {
		if o.Members[i].Key.Str == key {
			o.Members[i].Value = v
			return o
		}
	}
	return o.Add(key, v)
}

// Get returns the value of the last member named key, as JSON.parse
// reads it, or nil.
func (o *Value) Get(key string) *Value {
	if o == nil || o.Kind != Object {
		return nil
	}
	for i := len(o.Members) - 1; i >= 0; i-- {
		if o.Members[i].Key.Str == key {
			return o.Members[i].Value
		}
	}
	return nil
}

// Delete removes every member named key.
func (o *Value) Delete(key string) {
	out := o.Members[:0]
	for _, m := range o.Members {
		if m.Key.Str != key {
			out = append(out, m)
		}
	}
	o.Members = out
}

// Clone returns a deep copy of v.
func (v *Value) Clone() *Value {
	if v == nil {
		return nil
	}
	c := *v
	if v.Items != nil {
		c.Items = make([]*Value, len(v.Items))
		for i, it := range v.Items {
			c.Items[i] = it.Clone()
		}
	}
	if v.Members != nil {
		c.Members = make([]Member, len(v.Members))
		for i, m := range v.Members {
			c.Members[i] = Member{m.Key.Clone(), m.Value.Clone()}
		}
	}
	return &c
}

// Size is the number of values in v, members' names not counted.
func (v *Value) Size() int {
	n := 1
	for _, it := range v.Items {
		n += it.Size()
	}
	for _, m := range v.Members {
		n += m.Value.Size()
	}
	return n
}

// Depth is the nesting of arrays and objects in v (a scalar is 0).
func (v *Value) Depth() int {
	d := 0
	for _, it := range v.Items {
		d = max(d, it.Depth())
	}
	for _, m := range v.Members {
		d = max(d, m.Value.Depth())
	}
	if v.Kind == Array || v.Kind == Object {
		d++
	}
	return d
}

// JSON returns the JSON text of v.
func (v *Value) JSON() []byte { return v.AppendJSON(nil) }

// String returns the JSON text of v.
func (v *Value) String() string { return string(v.JSON()) }

// AppendJSON appends the JSON text of v: compact, members in order and as
// many times as they are given, numbers as their tokens, strings escaped
// (quotes, backslashes and controls; the rest as it is, or as \u escapes
// when Escape is set), the runes of Surrogate as \uXXXX and bytes that are
// not UTF-8 as they are.
func (v *Value) AppendJSON(b []byte) []byte {
	switch v.Kind {
	case Null:
		return append(b, "null"...)
	case Bool:
		return strconv.AppendBool(b, v.Bool)
	case Number:
		return append(b, v.Num...)
	case String:
		return appendString(b, v.Str, v.Escape)
	case Array:
		b = append(b, '[')
		for i, it := range v.Items {
			if i > 0 {
				b = append(b, ',')
			}
			b = it.AppendJSON(b)
		}
		return append(b, ']')
	}
	b = append(b, '{')
	for i, m := range v.Members {
		if i > 0 {
			b = append(b, ',')
		}
		b = m.Key.AppendJSON(b)
		b = append(b, ':')
		b = m.Value.AppendJSON(b)
	}
	return append(b, '}')
}

const hexDigits = "0123456789abcdef"

func appendU(b []byte, u rune) []byte {
	return append(b, '\\', 'u', hexDigits[u>>12&15], hexDigits[u>>8&15], hexDigits[u>>4&15], hexDigits[u&15])
}

func appendString(b []byte, s string, escape bool) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\t':
				b = append(b, '\\', 't')
			case c < 0x20:
				b = appendU(b, rune(c))
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1: // not UTF-8: the byte as it is
			b = append(b, c)
		case isSurrogateRune(r):
			b = appendU(b, 0xD800+(r-surrogateBase))
		case escape && r >= 0x10000:
			r -= 0x10000
			b = appendU(appendU(b, 0xD800+(r>>10)), 0xDC00+(r&0x3FF))
		case escape:
			b = appendU(b, r)
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}

// Parse reads the JSON text of one value into a tree, keeping number
// tokens, member order and repeated names, and escapes of lone surrogates
// as the runes of Surrogate. It returns nil for text that is not one JSON
// value (a line kept as it is, such as one that is not UTF-8, is not
// parsed).
func Parse(text string) *Value {
	p := &parser{s: text}
	p.space()
	v := p.value(0)
	p.space()
	if v == nil || p.i != len(p.s) {
		return nil
	}
	return v
}

type parser struct {
	s string
	i int
}

func (p *parser) space() {
	for p.i < len(p.s) && strings.IndexByte(" \t\r\n", p.s[p.i]) >= 0 {
		p.i++
	}
}

func (p *parser) value(depth int) *Value {
	if p.i >= len(p.s) || depth > 10000 {
		return nil
	}
	switch c := p.s[p.i]; {
	case c == '{':
		p.i++
		o := O()
		p.space()
		if p.i < len(p.s) && p.s[p.i] == '}' {
			p.i++
			return o
		}
		for {
			p.space()
			k := p.str()
			if k == nil {
				return nil
			}
			p.space()
			if p.i >= len(p.s) || p.s[p.i] != ':' {
				return nil
			}
			p.i++
			p.space()
			v := p.value(depth + 1)
			if v == nil {
				return nil
			}
			o.Members = append(o.Members, Member{k, v})
			p.space()
			if p.i < len(p.s) && p.s[p.i] == ',' {
				p.i++
				continue
			}
			if p.i < len(p.s) && p.s[p.i] == '}' {
				p.i++
				return o
			}
			return nil
		}
	case c == '[':
		p.i++
		a := A()
		p.space()
		if p.i < len(p.s) && p.s[p.i] == ']' {
			p.i++
			return a
		}
		for {
			p.space()
			v := p.value(depth + 1)
			if v == nil {
				return nil
			}
			a.Items = append(a.Items, v)
			p.space()
			if p.i < len(p.s) && p.s[p.i] == ',' {
				p.i++
				continue
			}
			if p.i < len(p.s) && p.s[p.i] == ']' {
				p.i++
				return a
			}
			return nil
		}
	case c == '"':
		return p.str()
	case strings.HasPrefix(p.s[p.i:], "true"):
		p.i += 4
		return B(true)
	case strings.HasPrefix(p.s[p.i:], "false"):
		p.i += 5
		return B(false)
	case strings.HasPrefix(p.s[p.i:], "null"):
		p.i += 4
		return NullValue()
	case c == '-' || c >= '0' && c <= '9':
		start := p.i
		for p.i < len(p.s) && strings.IndexByte("+-0123456789.eE", p.s[p.i]) >= 0 {
			p.i++
		}
		return N(p.s[start:p.i])
	}
	return nil
}

func (p *parser) str() *Value {
	if p.i >= len(p.s) || p.s[p.i] != '"' {
		return nil
	}
	p.i++
	var b strings.Builder
	lone := false
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			v := S(b.String())
			v.Lone = lone
			return v
		case c == '\\':
			if p.i+1 >= len(p.s) {
				return nil
			}
			e := p.s[p.i+1]
			p.i += 2
			switch e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'u':
				if p.i+4 > len(p.s) {
					return nil
				}
				u, err := strconv.ParseUint(p.s[p.i:p.i+4], 16, 16)
				if err != nil {
					return nil
				}
				p.i += 4
				r := rune(u)
				if r >= 0xD800 && r <= 0xDBFF && strings.HasPrefix(p.s[p.i:], `\u`) && p.i+6 <= len(p.s) {
					if lo, err := strconv.ParseUint(p.s[p.i+2:p.i+6], 16, 16); err == nil && lo >= 0xDC00 && lo <= 0xDFFF {
						p.i += 6
						b.WriteRune(0x10000 + (r-0xD800)<<10 + (rune(lo) - 0xDC00))
						continue
					}
				}
				if r >= 0xD800 && r <= 0xDFFF {
					r = Surrogate(uint16(r))
					lone = true
				}
				b.WriteRune(r)
			default:
				b.WriteByte(e)
			}
		default:
			b.WriteByte(c)
			p.i++
		}
	}
	return nil
}
