package errgenrt

import (
	"sort"
	"sync"
)

// The shapes of a catalog's details, as tables: generated packages (and
// errgen itself, for the conformance vectors and the docs) describe every
// detail schema with [Node] and [Object] values, and the runtime writes
// details by reading them through [Details], in one way for every catalog.
// Every rule of the wire that concerns a detail value — redaction,
// sanitizing, bounds, verbose-only fields, minimal payloads, the checks of
// the schema's constraints — is applied here, from these tables.

// Kind is the JSON type of a node.
type Kind uint8

// The kinds of node.
const (
	KindAny     Kind = iota // no type: any JSON value
	KindString              // string
	KindInteger             // integer
	KindNumber              // number
	KindBoolean             // boolean
	KindArray               // array of Items
	KindObject              // object: declared fields and, open, other members
)

// Node is one node of a detail schema: what its values are, errgen's
// keywords on it, and the constraints the runtime checks before it writes
// a value.
type Node struct {
	Kind Kind
	// Sensitive: written as Redacted unless the options show sensitive
	// values (x-sensitive; for a top-level field also the error's
	// sensitive list, see Def.Sensitive).
	Sensitive bool
	// Verbose: written only in verbose mode (x-verbose; a property or the
	// other members of an object).
	Verbose bool
	// Sanitize: scrubbed unless the options show sensitive values
	// (x-sanitize); every string of an untyped value.
	Sanitize Sanitizer
	// MaxBytes bounds its strings (x-max-bytes); 0: the options' bound.
	MaxBytes int
	// Exact: its strings are written whole, never bounded nor shortened in
	// a minimal payload, since its schema constrains them (a pattern,
	// format, enum, length bound…).
	Exact bool
	// Check is what its schema requires of a value; nil: nothing beyond
	// its type.
	Check *Check

	Items *Node // KindArray: the items
	// Keep is how many items a minimal payload keeps of a KindArray: its
	// minItems, or -1 for every item.
	Keep   int
	Object *Object // KindObject

	// Replacement is what a required value that breaks the node's checks
	// is written as: a value of the node that passes them, in the forms
	// encoding/json decodes into an interface (string, float64, bool,
	// []any, map[string]any, nil). HasReplacement reports whether there is
	// one; without, such a value makes its object fail in turn.
	Replacement    any
	HasReplacement bool
}

// Field is one declared property of an object.
type Field struct {
	Name     string
	Required bool
	Node     *Node
}

// Object is an object node: its declared properties in order and, for an
// open object (additionalProperties), the node of its other members.
type Object struct {
	Fields []Field
	Extra  *Node // nil: no other members are written
	// Trim: a minimal payload may leave out its optional fields (no
	// keyword ties validity to which fields it has).
	Trim bool
}

// index returns the position of the field named name, or -1.
func (o *Object) index(name string) int {
	for i := range o.Fields {
		if o.Fields[i].Name == name {
			return i
		}
	}
	return -1
}

// has reports whether o declares a field named name.
func (o *Object) has(name string) bool { return o.index(name) >= 0 }

// Check is what a node's schema requires of a value besides its type: the
// keywords of JSON Schema 2020-12 the runtime checks, each applying to the
// values of its type (minimum to numbers, pattern to strings, …), as in
// JSON Schema. A value that breaks one is not written as given.
type Check struct {
	Enum     []string // the value is one of these strings
	Const    any      // when HasConst: the value equals it (JSON equality)
	HasConst bool
	Patterns []string // ECMAScript regular expressions a string matches (unanchored)
	Formats  []string // formats a string has (see CheckFormat)

	Minimum, Maximum                   *float64
	ExclusiveMinimum, ExclusiveMaximum *float64
	MultipleOf                         float64 // 0: none

	MinLength, MaxLength *int // in code points; nil: none
	MinItems, MaxItems   *int // nil: none
	UniqueItems          bool

	once sync.Once
	res  []*Pattern
}

// patterns returns the compiled patterns, compiled on first use.
func (c *Check) patterns() []*Pattern {
	c.once.Do(func() {
		c.res = make([]*Pattern, 0, len(c.Patterns))
		for _, p := range c.Patterns {
			if re, err := NewPattern(p, false); err == nil {
				c.res = append(c.res, re)
			} else {
				c.res = append(c.res, nil) // errgen check refuses such a pattern
			}
		}
	})
	return c.res
}

// Value is one value of a detail field as the runtime reads it from
// details: a generated struct fills the member of its type, other sources
// (JSON values, untyped fields) set Any and IsAny.
type Value struct {
	Str   string
	Int   int64
	Num   float64
	Bool  bool
	Obj   Details // an object of declared fields (a generated struct)
	List  List    // an array
	Map   Map     // the members of a map (an object without declared fields)
	Any   any     // with IsAny: a JSON value as encoding/json decodes it into an interface
	IsAny bool
}

// Details are the details of an error, or an object within them, as the
// runtime reads them: generated structs implement it, their fields
// numbered as their node's Object lists them.
type Details interface {
	// ErrgenField fills v with field i and reports whether it is present
	// (an optional field set, a required one always).
	ErrgenField(i int, v *Value) bool
}

// OpenDetails are the details of an open object: besides the declared
// fields, the other members (additionalProperties).
type OpenDetails interface {
	Details
	// ExtraMembers returns the other members, nil for none.
	ExtraMembers() Map
}

// List is an array value.
type List interface {
	Len() int
	At(i int, v *Value)
}

// Map is the members of an object value by key.
type Map interface {
	Keys() []string // in any order
	Get(key string, v *Value)
}

// Strings is a []string as a [List].
type Strings []string

func (l *Strings) Len() int              { return len(*l) }
func (l *Strings) At(i int, v *Value)    { v.Str = (*l)[i] }
func (l *Int64s) Len() int               { return len(*l) }
func (l *Int64s) At(i int, v *Value)     { v.Int = (*l)[i] }
func (l *Float64s) Len() int             { return len(*l) }
func (l *Float64s) At(i int, v *Value)   { v.Num = (*l)[i] }
func (l *Bools) Len() int                { return len(*l) }
func (l *Bools) At(i int, v *Value)      { v.Bool = (*l)[i] }
func (l *Anys) Len() int                 { return len(*l) }
func (l *Anys) At(i int, v *Value)       { v.Any, v.IsAny = (*l)[i], true }
func (m *AnyMap) Keys() []string         { return keysOf(*m) }
func (m *AnyMap) Get(k string, v *Value) { v.Any, v.IsAny = (*m)[k], true }

// Int64s is a []int64 as a [List].
type Int64s []int64

// Float64s is a []float64 as a [List].
type Float64s []float64

// Bools is a []bool as a [List].
type Bools []bool

// Anys is a []any of JSON values as a [List].
type Anys []any

// AnyMap is a map[string]any of JSON values as a [Map].
type AnyMap map[string]any

func keysOf[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	return keys
}

// sortedKeys returns the keys of m in sorted order.
func sortedKeys[V any](m map[string]V) []string {
	keys := keysOf(m)
	sort.Strings(keys)
	return keys
}

// Valid reports whether v, a JSON value (the forms encoding/json decodes
// into an interface, numbers also as json.Number), is a value of n the
// runtime writes as given: of n's type and keeping its checks (a
// required field of an object at its replacement counts as kept).
func (n *Node) Valid(v any) bool {
	e := getEncoder(&Catalog{}, &defaultOptions)
	defer putEncoder(e)
	_, ok := e.writeValue(nil, n, &Value{Any: v, IsAny: true}, false)
	return ok
}

// Limit returns a pointer to n, for the length and item counts of a
// [Check].
func Limit(n int) *int { return &n }

// Bound returns a pointer to f, for the numeric bounds of a [Check].
func Bound(f float64) *float64 { return &f }
