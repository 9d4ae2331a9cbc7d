package catalog

import (
	"encoding/json"
	"strconv"

	"github.com/errgen/errgen/internal/diag"
)

// Kind is the JSON kind of a [Value].
type Kind int

// The JSON kinds.
const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

var kindNames = [...]string{"null", "boolean", "number", "string", "list", "mapping"}

func (k Kind) String() string { return kindNames[k] }

// Article returns the kind with its indefinite article: "a list", "null".
func (k Kind) Article() string {
	switch k {
	case Null:
		return "null"
	case Array, Object, String, Number:
		return "a " + kindNames[k]
	}
	return "a boolean"
}

// Value is a JSON value read from YAML that remembers where each part stood.
// Detail schemas and examples are kept as Values so that a schema or example
// failure can point at the offending line.
type Value struct {
	Kind    Kind
	Pos     diag.Pos
	Bool    bool
	Num     json.Number // Number: canonical decimal text
	Int     bool        // Number: the YAML scalar was an integer
	Str     string
	Items   []*Value
	Members []Member // Object, in document order, keys unique
}

// Member is one key of an object Value.
type Member struct {
	Key    string
	KeyPos diag.Pos
	Value  *Value
}

// Get returns the member named key, or nil.
func (v *Value) Get(key string) *Value {
	if v == nil || v.Kind != Object {
		return nil
	}
	for _, m := range v.Members {
		if m.Key == key {
			return m.Value
		}
	}
	return nil
}

// Member returns the member named key, or nil.
func (v *Value) Member(key string) *Member {
	if v == nil || v.Kind != Object {
		return nil
	}
	for i := range v.Members {
		if v.Members[i].Key == key {
			return &v.Members[i]
		}
	}
	return nil
}

// At follows a JSON pointer given as reference tokens and returns the deepest
// value reached: the whole path when it exists, else the last existing parent.
func (v *Value) At(tokens []string) *Value {
	cur := v
	for _, tok := range tokens {
		var next *Value
		switch cur.Kind {
		case Object:
			next = cur.Get(tok)
		case Array:
			if i, err := strconv.Atoi(tok); err == nil && i >= 0 && i < len(cur.Items) {
				next = cur.Items[i]
			}
		}
		if next == nil {
			return cur
		}
		cur = next
	}
	return cur
}

// JSON converts v to the plain Go form encoding/json and the JSON Schema
// validator use: nil, bool, json.Number, string, []any, map[string]any.
func (v *Value) JSON() any {
	if v == nil {
		return nil
	}
	switch v.Kind {
	case Bool:
		return v.Bool
	case Number:
		return v.Num
	case String:
		return v.Str
	case Array:
		out := make([]any, len(v.Items))
		for i, it := range v.Items {
			out[i] = it.JSON()
		}
		return out
	case Object:
		out := make(map[string]any, len(v.Members))
		for _, m := range v.Members {
			out[m.Key] = m.Value.JSON()
		}
		return out
	}
	return nil
}

// StringList returns the strings of an array of strings, and false when v is
// not one.
func (v *Value) StringList() ([]string, bool) {
	if v == nil || v.Kind != Array {
		return nil, false
	}
	out := make([]string, 0, len(v.Items))
	for _, it := range v.Items {
		if it.Kind != String {
			return nil, false
		}
		out = append(out, it.Str)
	}
	return out, true
}
