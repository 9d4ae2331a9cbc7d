package model

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/catalog"
)

// Keywords is what a detail schema says of a value, every keyword the
// runtimes honor resolved once: a node's own schema and the shapes its
// $ref leads to apply together (any x-sensitive or x-verbose, the first
// x-sanitize, the least x-max-bytes, the tighter bound, every pattern and
// format). The facts are built from it, and so every runtime's tables.
type Keywords struct {
	Sensitive bool
	Verbose   bool
	Sanitize  string // path, uri, text or ""
	MaxBytes  int    // 0: unbounded
	Closed    bool   // additionalProperties: false
	Check     *Check // nil: no constraint
}

// Check is what a schema requires of a value, each keyword applying to the
// values of its type (see errgenrt.Check); the facts write it as it is.
type Check struct {
	Enum             []string         `json:"enum,omitempty"`
	Const            *json.RawMessage `json:"const,omitempty"`
	Patterns         []string         `json:"patterns,omitempty"`
	Formats          []string         `json:"formats,omitempty"`
	Minimum          *json.Number     `json:"minimum,omitempty"`
	Maximum          *json.Number     `json:"maximum,omitempty"`
	ExclusiveMinimum *json.Number     `json:"exclusiveMinimum,omitempty"`
	ExclusiveMaximum *json.Number     `json:"exclusiveMaximum,omitempty"`
	MultipleOf       *json.Number     `json:"multipleOf,omitempty"`
	MinLength        *int             `json:"minLength,omitempty"`
	MaxLength        *int             `json:"maxLength,omitempty"`
	MinItems         *int             `json:"minItems,omitempty"`
	MaxItems         *int             `json:"maxItems,omitempty"`
	UniqueItems      bool             `json:"uniqueItems,omitempty"`
}

// ResolveKeywords returns the keywords of schemas applying together: a
// node's schema and the schemas of the shapes its $ref leads to, in that
// order.
func ResolveKeywords(schemas ...*Schema) Keywords {
	var sources []*catalog.Value
	for _, s := range schemas {
		if s != nil && s.Source != nil && s.Source.Kind == catalog.Object {
			sources = append(sources, s.Source)
		}
	}
	var k Keywords
	for _, src := range sources {
		if v := src.Get("x-sensitive"); v != nil && v.Kind == catalog.Bool && v.Bool {
			k.Sensitive = true
		}
		if v := src.Get("x-verbose"); v != nil && v.Kind == catalog.Bool && v.Bool {
			k.Verbose = true
		}
		if v := src.Get("x-sanitize"); v != nil && v.Kind == catalog.String && k.Sanitize == "" {
			k.Sanitize = v.Str
		}
		if v := src.Get("x-max-bytes"); v != nil && v.Kind == catalog.Number {
			if n, err := strconv.Atoi(string(v.Num)); err == nil && (k.MaxBytes == 0 || n < k.MaxBytes) {
				k.MaxBytes = n
			}
		}
		if v := src.Get("additionalProperties"); v != nil && v.Kind == catalog.Bool && !v.Bool {
			k.Closed = true
		}
	}
	k.Check = check(sources)
	return k
}

// check returns the constraints of the keywords in sources, each applying
// (a $ref's target and the node that refers to it both apply: the
// tighter bound wins, every pattern and format holds); nil for none.
func check(sources []*catalog.Value) *Check {
	c := &Check{}
	any := false
	tighter := func(dst **json.Number, v *catalog.Value, min bool) {
		if v.Kind != catalog.Number {
			return
		}
		n := json.Number(v.Num)
		if *dst != nil {
			a, _ := (*dst).Float64()
			x, _ := n.Float64()
			if min && x <= a || !min && x >= a {
				return
			}
		}
		*dst = &n
		any = true
	}
	count := func(dst **int, v *catalog.Value, min bool) {
		k, err := strconv.Atoi(strings.TrimSuffix(string(v.Num), ".0"))
		if v.Kind != catalog.Number || err != nil {
			return
		}
		if *dst == nil || min && k > **dst || !min && k < **dst {
			*dst = &k
			any = true
		}
	}
	for _, src := range sources {
		for _, m := range src.Members {
			v := m.Value
			switch m.Key {
			case "enum":
				if list, ok := v.StringList(); ok {
					if c.Enum == nil {
						c.Enum = list
					} else {
						c.Enum = intersect(c.Enum, list)
					}
					any = true
				}
			case "const":
				raw, _ := json.Marshal(v.JSON())
				msg := json.RawMessage(raw)
				c.Const = &msg
				any = true
			case "pattern":
				if v.Kind == catalog.String {
					c.Patterns = append(c.Patterns, v.Str)
					any = true
				}
			case "format":
				if v.Kind == catalog.String && errgenrt.HasFormatCheck(v.Str) {
					c.Formats = append(c.Formats, v.Str)
					any = true
				}
			case "minimum":
				tighter(&c.Minimum, v, true)
			case "exclusiveMinimum":
				tighter(&c.ExclusiveMinimum, v, true)
			case "maximum":
				tighter(&c.Maximum, v, false)
			case "exclusiveMaximum":
				tighter(&c.ExclusiveMaximum, v, false)
			case "multipleOf":
				if v.Kind == catalog.Number {
					n := json.Number(v.Num)
					c.MultipleOf = &n
					any = true
				}
			case "minLength":
				count(&c.MinLength, v, true)
			case "maxLength":
				count(&c.MaxLength, v, false)
			case "minItems":
				count(&c.MinItems, v, true)
			case "maxItems":
				count(&c.MaxItems, v, false)
			case "uniqueItems":
				if v.Kind == catalog.Bool && v.Bool {
					c.UniqueItems = true
					any = true
				}
			}
		}
	}
	if !any {
		return nil
	}
	return c
}

func intersect(a, b []string) []string {
	out := []string{}
	for _, x := range a {
		for _, y := range b {
			if x == y {
				out = append(out, x)
				break
			}
		}
	}
	return out
}
