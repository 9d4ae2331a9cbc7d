package facts_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/facts"
)

// kindsCatalog holds a value of every class, reached in place and through
// $ref, and a shape that contains itself through an array.
const kindsCatalog = `errgen: 1
name: kinds
version: 1.0.0
fallback: E_A
domains:
  core: {range: [1, 99]}
details:
  level: {type: string, enum: [low, high]}
  names: {type: array, items: {type: string}, minItems: 1}
  node:
    type: object
    properties:
      name: {type: string}
      children: {type: array, items: {$ref: node}}
  tree: {type: array, items: {$ref: tree}}
  labels:
    type: object
    additionalProperties: {type: string}
  everything:
    type: object
    required: [s]
    additionalProperties: {type: object, properties: {x: {type: integer}}}
    properties:
      s: {type: string}
      e: {type: string, enum: [a, b]}
      i: {type: integer}
      n: {type: number}
      b: {type: boolean}
      anything: {}
      map: {type: object}
      counts: {type: object, additionalProperties: {type: integer}}
      inline: {type: object, properties: {x: {type: integer}}}
      level: {$ref: level}
      names: {$ref: names}
      node: {$ref: node}
      tree: {$ref: tree}
      failures: {$ref: field_errors}
errors:
  E_A:
    code: 1
    title: A
    message: a
    details: everything
  E_B:
    code: 2
    title: B
    message: b
    details: labels
  E_C:
    code: 3
    title: C
    message: c
    details: field_errors
`

// Every class of value gets its kind once, on the facts: a $ref names its
// shape (and is a reference), an array's items and an object's other
// members have kinds of their own, an error's details are their shape's
// declared in place, a shape that contains itself ends, and no kind is
// part of the facts' JSON.
func TestKinds(t *testing.T) {
	m := errgentest.Model(t, catalog.MapFS{"errors.yaml": []byte(kindsCatalog)}, "errors.yaml")
	c := facts.Build(m)
	everything := m.Shape("everything").Schema
	prop := func(name string) *facts.Kind { return c.Kind(everything.Property(name).Schema) }
	for name, want := range map[string]facts.Class{
		"s": facts.ClassString, "e": facts.ClassEnum, "i": facts.ClassInteger, "n": facts.ClassNumber,
		"b": facts.ClassBoolean, "anything": facts.ClassAny, "map": facts.ClassMap, "counts": facts.ClassMap,
		"inline": facts.ClassObject, "level": facts.ClassEnum, "names": facts.ClassArray,
		"node": facts.ClassObject, "tree": facts.ClassArray, "failures": facts.ClassFieldErrors,
	} {
		if k := prop(name); k.Class != want {
			t.Errorf("%s: class %d, want %d", name, k.Class, want)
		}
	}
	for _, name := range []string{"s", "e", "inline", "map"} {
		if k := prop(name); k.Ref || k.Shape != nil || k.Schema != everything.Property(name).Schema {
			t.Errorf("%s: %+v, want the property's own schema, not a reference", name, k)
		}
	}
	for _, name := range []string{"level", "names", "node", "tree", "failures"} {
		k := prop(name)
		if !k.Ref || k.Shape == nil || k.Shape.Name != name && name != "failures" || k.Schema != k.Shape.Schema {
			t.Errorf("%s: %+v, want a reference to its shape", name, k)
		}
	}
	if k := prop("names"); k.Items.Class != facts.ClassString || k.Items != c.Kind(m.Shape("names").Schema.Items) {
		t.Errorf("names: items %+v, want the shape's string items", k.Items)
	}
	if k := prop("counts"); k.Extra == nil || k.Extra.Class != facts.ClassInteger {
		t.Errorf("counts: other members %+v, want integers", k.Extra)
	}
	if k := prop("map"); k.Extra != nil {
		t.Errorf("map: other members %+v, want none named", k.Extra)
	}
	if k := c.Kind(everything); k.Extra == nil || k.Extra.Class != facts.ClassObject || k.Extra.Ref {
		t.Errorf("everything: other members %+v, want an object declared in place", k.Extra)
	}
	// node.children: an array of references to node itself
	node := m.Shape("node").Schema
	if k := c.Kind(node.Property("children").Schema); k.Items.Class != facts.ClassObject || !k.Items.Ref || k.Items.Schema != node {
		t.Errorf("node.children: items %+v, want references to node", k.Items)
	}
	// tree is an array of itself: its kinds form a cycle, which ends
	if k := prop("tree"); k.Items.Class != facts.ClassArray || k.Items.Items != k.Items {
		t.Errorf("tree: items %+v, want arrays of themselves", k.Items)
	}

	details := map[string]facts.Class{"E_A": facts.ClassObject, "E_B": facts.ClassMap, "E_C": facts.ClassFieldErrors}
	for i, e := range m.Errors {
		k := c.Details(e)
		if k.Class != details[e.Symbol] || k.Ref || k.Shape != e.Details || k.Schema != e.Details.Schema {
			t.Errorf("%s: details %+v, want their shape's, declared in place", e.Symbol, k)
		}
		if c.Errors[i].Details.Kind != k {
			t.Errorf("%s: the details node's kind is not the details'", e.Symbol)
		}
	}
	for _, s := range c.Shapes {
		if s.Node.Kind == nil {
			t.Errorf("shape %s: no kind", s.Name)
		}
		for _, p := range s.Node.Properties {
			if p.Node.Kind == nil {
				t.Errorf("shape %s, property %s: no kind", s.Name, p.Name)
			}
		}
	}

	// the kinds are the emitters' alone: the JSON reads back the same
	// without them
	text, _ := json.Marshal(c)
	var back facts.Catalog
	if err := json.Unmarshal(text, &back); err != nil {
		t.Fatal(err)
	}
	again, _ := json.Marshal(&back)
	if !bytes.Equal(text, again) || bytes.Contains(text, []byte(`"Kind"`)) || bytes.Contains(text, []byte(`"Class"`)) {
		t.Error("the kinds show in the facts' JSON")
	}
}
