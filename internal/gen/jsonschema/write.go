package jsonschema

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"

	"github.com/errgen/errgen/errgenrt"
)

// object is a JSON object whose members keep their insertion order, so the
// emitted schema reads in a fixed, meaningful order (keywords as a person
// would write them, properties as the catalog declares them).
type object []member

type member struct {
	key   string
	value any
}

// add appends a member.
func (o *object) add(key string, value any) { *o = append(*o, member{key, value}) }

// get returns the value of key, or nil.
func (o object) get(key string) any {
	for _, m := range o {
		if m.key == key {
			return m.value
		}
	}
	return nil
}

// without returns o minus the members named by keys.
func (o object) without(keys ...string) object {
	out := make(object, 0, len(o))
next:
	for _, m := range o {
		for _, k := range keys {
			if m.key == k {
				continue next
			}
		}
		out = append(out, m)
	}
	return out
}

// lineWidth is the width up to which an object or array is written on one
// line: the rules of a large catalog stay one line each where they fit
// instead of a dozen, and the file a third of the size.
const lineWidth = 100

// appendJSON writes v, laid out as json.MarshalIndent(v, "", "  ") would
// except that an object or array whose one-line form ({"a": 1, "b": [2]})
// fits within lineWidth columns is written on one line. col is the column
// v starts at. v is built from object, []any, []string, string, bool, int,
// int64, json.Number and nil.
func appendJSON(dst []byte, v any, depth, col int) []byte {
	switch x := v.(type) {
	case object:
		if len(x) == 0 {
			return append(dst, "{}"...)
		}
		if _, ok := flatLen(v, lineWidth-col); ok {
			return appendFlat(dst, v)
		}
		dst = append(dst, '{')
		for i, m := range x {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = newline(dst, depth+1)
			dst = appendString(dst, m.key)
			dst = append(dst, ':', ' ')
			dst = appendJSON(dst, m.value, depth+1, 2*(depth+1)+stringLen(m.key)+2)
		}
		dst = newline(dst, depth)
		return append(dst, '}')
	case []any:
		if len(x) == 0 {
			return append(dst, "[]"...)
		}
		if _, ok := flatLen(v, lineWidth-col); ok {
			return appendFlat(dst, v)
		}
		dst = append(dst, '[')
		for i, it := range x {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = newline(dst, depth+1)
			dst = appendJSON(dst, it, depth+1, 2*(depth+1))
		}
		dst = newline(dst, depth)
		return append(dst, ']')
	case []string:
		return appendJSON(dst, anys(x), depth, col)
	}
	return appendFlat(dst, v)
}

// appendFlat writes v on one line.
func appendFlat(dst []byte, v any) []byte {
	switch x := v.(type) {
	case nil:
		return append(dst, "null"...)
	case bool:
		return strconv.AppendBool(dst, x)
	case string:
		return appendString(dst, x)
	case int:
		return strconv.AppendInt(dst, int64(x), 10)
	case int64:
		return strconv.AppendInt(dst, x, 10)
	case json.Number:
		return append(dst, x...)
	case object:
		dst = append(dst, '{')
		for i, m := range x {
			if i > 0 {
				dst = append(dst, ',', ' ')
			}
			dst = appendString(dst, m.key)
			dst = append(dst, ':', ' ')
			dst = appendFlat(dst, m.value)
		}
		return append(dst, '}')
	case []any:
		dst = append(dst, '[')
		for i, it := range x {
			if i > 0 {
				dst = append(dst, ',', ' ')
			}
			dst = appendFlat(dst, it)
		}
		return append(dst, ']')
	case []string:
		return appendFlat(dst, anys(x))
	}
	panic("jsonschema: cannot write a value of this type")
}

// flatLen returns the length of v's one-line form, and false when it passes
// budget (the count stops there).
func flatLen(v any, budget int) (int, bool) {
	n := 0
	add := func(k int) bool {
		n += k
		return n <= budget
	}
	switch x := v.(type) {
	case nil:
		return 4, 4 <= budget
	case bool:
		if x {
			return 4, 4 <= budget
		}
		return 5, 5 <= budget
	case string:
		if len(x)+2 > budget {
			return len(x) + 2, false
		}
		k := stringLen(x)
		return k, k <= budget
	case int:
		k := len(strconv.Itoa(x))
		return k, k <= budget
	case int64:
		k := len(strconv.FormatInt(x, 10))
		return k, k <= budget
	case json.Number:
		return len(x), len(x) <= budget
	case object:
		if !add(2) {
			return n, false
		}
		for i, m := range x {
			sep := 0
			if i > 0 {
				sep = 2
			}
			if !add(sep + stringLen(m.key) + 2) {
				return n, false
			}
			k, ok := flatLen(m.value, budget-n)
			if !ok || !add(k) {
				return n, false
			}
		}
		return n, true
	case []any:
		if !add(2) {
			return n, false
		}
		for i, it := range x {
			if i > 0 && !add(2) {
				return n, false
			}
			k, ok := flatLen(it, budget-n)
			if !ok || !add(k) {
				return n, false
			}
		}
		return n, true
	case []string:
		return flatLen(anys(x), budget)
	}
	return n, false
}

// stringLen returns the length of s written by appendString, in bytes.
func stringLen(s string) int {
	if plainString(s) {
		return len(s) + 2
	}
	return len(appendString(nil, s))
}

const spaces = "\n                                                                "

func newline(dst []byte, depth int) []byte {
	n := 2 * depth
	if n < len(spaces) {
		return append(dst, spaces[:n+1]...)
	}
	dst = append(dst, '\n')
	for i := 0; i < depth; i++ {
		dst = append(dst, ' ', ' ')
	}
	return dst
}

// appendString writes s as a JSON string, escaped as the runtime escapes
// its strings except for <, > and &, which are kept so that the schema
// stays readable.
func appendString(dst []byte, s string) []byte {
	if plainString(s) {
		dst = append(dst, '"')
		dst = append(dst, s...)
		return append(dst, '"')
	}
	return errgenrt.AppendJSONString(dst, s, false)
}

// plainString reports whether s is printable ASCII without quotes or
// backslashes: written as is.
func plainString(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}
