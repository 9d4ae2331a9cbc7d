package golang

import (
	"encoding/json"
	"fmt"
	"go/format"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gencatalog"
	"github.com/errgen/errgen/internal/model"
)

// sameAsGofmt generates m's Go twice, with stencils and with every
// declaration through jennifer and gofmt, and reports where they differ;
// it fails when a defs file did not take the stencils. It returns how many
// shapes of the details files went through gofmt all the same.
func sameAsGofmt(t *testing.T, name string, m *model.Catalog) (hardShapes int) {
	t.Helper()
	fast := newGenerator(m, Options{Source: "errors.yaml"})
	got, err := fast.generate()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if n := fast.unstenciled.Load(); n != 0 {
		t.Errorf("%s: %d defs files rendered without stencils", name, n)
	}
	slow := newGenerator(m, Options{Source: "errors.yaml"})
	slow.noStencils = true
	want, err := slow.generate()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if len(got) != len(want) {
		t.Fatalf("%s: %d files, want %d", name, len(got), len(want))
	}
	for i := range want {
		g, w := string(got[i].Data), string(want[i].Data)
		if got[i].Path != want[i].Path || g != w {
			t.Errorf("%s: %s differs from jennifer and gofmt:\n%s", name, want[i].Path, firstDiff(g, w))
		}
		if formatted, err := format.Source(got[i].Data); err != nil || string(formatted) != g {
			t.Errorf("%s: %s is not gofmt'd (%v):\n%s", name, got[i].Path, err, firstDiff(g, string(formatted)))
		}
	}
	return int(fast.hardShapes.Load())
}

func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-120)
	return fmt.Sprintf("stencils: %q\ngofmt:    %q", a[from:min(len(a), i+80)], b[from:min(len(b), i+80)])
}

// TestStencilsMatchGofmt holds the stenciled declarations byte-equal to
// jennifer and gofmt on every catalog of the repository, the hostile ones
// (doc comments with headings, lists, code blocks, fences, separators,
// byte order marks, long lines), and a synthetic catalog of several files.
func TestStencilsMatchGofmt(t *testing.T) {
	for _, path := range []string{
		"../../../examples/mdmcp/errors.yaml", "../../../examples/plain/errors.yaml",
		"../../../examples/problem/errors.yaml", "../../../examples/taxonomy/errors.yaml",
		"../../endtoend/testdata/golden/kinds/errors.yaml", "../../../catalog/errors.yaml",
		"../markdown/testdata/hostile.yaml",
	} {
		hard := sameAsGofmt(t, path, errgentest.Model(t, catalog.OSFS{}, path))
		if hard != 0 && !strings.Contains(path, "hostile") {
			t.Errorf("%s: %d shapes went through gofmt; every shape of it can be written directly", path, hard)
		}
	}
	if hard := sameAsGofmt(t, "hostile", errgentest.Model(t, catalog.MapFS{"errors.yaml": gencatalog.HostileCatalog()}, "errors.yaml")); hard == 0 {
		t.Errorf("hostile: no shape went through gofmt; the test no longer covers the fallback")
	}
	if hard := sameAsGofmt(t, "synthetic", errgentest.Model(t, catalog.MapFS{"errors.yaml": gencatalog.Generate(2 * chunkSize)}, "errors.yaml")); hard != 0 {
		t.Errorf("synthetic: %d shapes went through gofmt", hard)
	}
	// Two shapes through gofmt among direct ones (a field comment gofmt
	// would rewrite), their comments naming the sentinels that separate
	// them in the formatted source.
	const mixed = `errgen: 1
name: mixed
version: 1.0.0
fallback: E_A
domains:
  d: {range: [1, 99]}
details:
  first:
    type: object
    properties: {a: {type: string, description: "# Heading\n\nvar ERRGENPHDH2X int"}}
  second:
    type: object
    properties: {b: {type: integer}}
  third:
    type: object
    properties: {c: {type: boolean, description: "A list:\n\n  - var ERRGENPHDH1X int"}}
errors:
  E_A: {code: 1, title: A, message: m, details: first}
  E_B: {code: 2, title: B, message: m, details: second}
  E_C: {code: 3, title: C, message: m, details: third}
`
	if hard := sameAsGofmt(t, "mixed", errgentest.Model(t, catalog.MapFS{"errors.yaml": []byte(mixed)}, "errors.yaml")); hard != 2 {
		t.Errorf("mixed: %d shapes went through gofmt, want 2", hard)
	}
}

// docCatalog is a catalog whose errors carry text as title, doc and
// deprecation note (the text of the Go doc comments), with and without
// details, of a generated type and of errgenrt.FieldErrors.
func docCatalog(texts ...string) []byte {
	q := func(s string) string {
		b, _ := json.Marshal(s)
		return strings.ReplaceAll(string(b), "\ufeff", `\uFEFF`)
	}
	var b strings.Builder
	b.WriteString("errgen: 1\nname: docs\nversion: 1.0.0\nfallback: E_A0\ndomains:\n  d: {range: [1, 999]}\n")
	b.WriteString("details:\n  shape: {type: object, properties: {s: {type: string}}}\n")
	b.WriteString("errors:\n")
	for i, text := range texts {
		for j, details := range []string{"", "shape", "field_errors"} {
			fmt.Fprintf(&b, "  E_%c%d:\n    code: %d\n    title: %s\n    message: m\n    doc: %s\n",
				'A'+j, i, 1+3*i+j, q(text), q(text))
			if details != "" {
				fmt.Fprintf(&b, "    details: %s\n", details)
			}
			if i > 0 {
				fmt.Fprintf(&b, "    deprecated: {since: 1.0.0, note: %s}\n", q(text))
			}
		}
	}
	return []byte(b.String())
}

// FuzzStencils checks stencils against jennifer and gofmt on fuzzed doc
// comment text; catalogs the checker refuses are skipped.
func FuzzStencils(f *testing.F) {
	for _, s := range append([]string{
		"plain", "# Heading\n\ntext", "Old Style Heading\n\nParagraph.", "- item\n- item",
		"1. one\n2. two", "\tcode\n\tblock", "text\n\n\n\nmore", "[link]: https://example.com",
		"see [Foo] and https://example.com/x.", "  indented\ntext", "a\u00a0\nb\u2028", "//go:generate x",
		"line \t\n\ttab", "x\r\ny",
	}, gencatalog.Hostile...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		raw, diags, err := catalog.Parse(catalog.MapFS{"errors.yaml": docCatalog("first", text)}, "errors.yaml")
		if err != nil || diags.HasErrors() {
			return
		}
		m, diags := model.Build(raw)
		if diags.HasErrors() {
			return
		}
		sameAsGofmt(t, fmt.Sprintf("%q", text), m)
	})
}

// FuzzPlainDoc holds plainDoc to its claim: a comment it calls plain is
// one gofmt leaves as it is.
func FuzzPlainDoc(f *testing.F) {
	for _, s := range append([]string{
		"plain", "Two lines\nof text.", "Para one.\n\nPara two.", "A\n\nHeading Like\n\nText.", "x ``y''",
		"see [Foo]", "[a]: https://example.com", "#hash", "- list\n- list", "1. one", " indented", "trail\u00a0",
		"a\n\n\nb", "Synthetic error 1", "",
	}, gencatalog.Hostile...) {
		f.Add(s, "second paragraph.")
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		lines := docLines(a, b)
		if !plainDoc(lines) {
			return
		}
		want := string(appendLines(nil, lines))
		if got, ok := gofmtDoc(lines); !ok || got != want {
			t.Errorf("plain doc %q reformats to %q", want, got)
		}
	})
}

// detailsKinds are the property schemas detailsCatalog picks from.
var detailsKinds = []string{
	"{type: string}", "{type: integer}", "{type: number}", "{type: boolean}",
	"{type: string, enum: [one, two-2, three three]}", "{type: array, items: {type: string}}",
	"{type: array, items: {type: array, items: {type: integer}}}",
	"{type: object, required: [x], properties: {x: {type: integer}, y: {type: string, enum: [a]}}}",
	"{type: array, items: {type: object, properties: {z: {type: boolean}}}}",
	"{$ref: other}", "{}", "{type: object}", "{$ref: field_errors}",
}

// detailsCatalog is a catalog of one error whose details have properties
// named a and b, the first described by desc, of the kinds and with the
// options that bits picks.
func detailsCatalog(a, b, desc string, bits uint32) []byte {
	q := func(s string) string {
		j, _ := json.Marshal(s)
		return strings.ReplaceAll(string(j), "\ufeff", `\uFEFF`)
	}
	n := uint32(len(detailsKinds))
	ka, kb, flags := detailsKinds[bits%n], detailsKinds[bits/n%n], bits/(n*n)
	opts := ""
	if flags&1 != 0 {
		opts += ", x-sanitize: " + [...]string{"path", "uri", "text"}[flags/2%3]
	}
	if flags&8 != 0 {
		opts += ", x-sensitive: true"
	}
	if flags&16 != 0 {
		opts += ", x-verbose: true"
	}
	if flags&32 != 0 {
		opts += ", x-max-bytes: 64"
	}
	required := [...]string{"[]", "[" + q(a) + "]", "[" + q(b) + "]", "[" + q(a) + ", " + q(b) + "]"}[flags/64%4]
	var c strings.Builder
	c.WriteString("errgen: 1\nname: details\nversion: 1.0.0\nfallback: E_A\ndomains:\n  d: {range: [1, 999]}\n")
	c.WriteString("details:\n  other: {type: object, properties: {o: {type: string}}}\n")
	c.WriteString("  shape:\n    type: object\n    description: " + q(desc) + "\n    required: " + required + "\n    properties:\n")
	fmt.Fprintf(&c, "      %s: {type: string, description: %s%s}\n", q(a), q(desc), opts)
	fmt.Fprintf(&c, "      %s: %s\n", q(b), ka)
	fmt.Fprintf(&c, "      %s: %s\n", q(a+b), kb)
	c.WriteString("errors:\n  E_A:\n    code: 1\n    title: A\n    message: m\n  E_B:\n    code: 2\n    title: B\n    message: m\n    details: shape\n")
	c.WriteString("  E_C:\n    code: 3\n    title: C\n    message: m\n    details: {type: object, properties: {" + q(b) + ": " + kb + "}}\n")
	return []byte(c.String())
}

// FuzzDetails checks the details files written directly against jennifer
// and gofmt on fuzzed property names, descriptions, kinds and options;
// catalogs the checker refuses are skipped.
func FuzzDetails(f *testing.F) {
	for i, s := range append([]string{
		"name", "request_id", "x", "a very long property name that is longer than the others", "ünïcode",
		"# Heading", "- item", "\tcode", "a\n\nb", "[link]", "with \"quotes\" and `ticks`",
	}, gencatalog.Hostile...) {
		f.Add(s, "b", "A description.", uint32(i*97))
		f.Add("short", s, s, uint32(i*1013+5))
	}
	f.Fuzz(func(t *testing.T, a, b, desc string, bits uint32) {
		raw, diags, err := catalog.Parse(catalog.MapFS{"errors.yaml": detailsCatalog(a, b, desc, bits)}, "errors.yaml")
		if err != nil || diags.HasErrors() {
			return
		}
		m, diags := model.Build(raw)
		if diags.HasErrors() {
			return
		}
		sameAsGofmt(t, fmt.Sprintf("%q %q %q %d", a, b, desc, bits), m)
	})
}
