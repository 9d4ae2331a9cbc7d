package model_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/model"
)

func build(t *testing.T, files catalog.MapFS) (*model.Catalog, string) {
	t.Helper()
	raw, diags, err := catalog.Parse(files, "errors.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if raw.Incomplete {
		return nil, diags.Format("")
	}
	m, more := model.Build(raw)
	diags.Append(more)
	diags.Sort()
	return m, diags.Format("")
}

const base = `errgen: 1
name: svc
version: 1.2.0
fallback: E_INTERNAL
domains:
  jsonrpc: {range: [-32768, -32000], reserved: true}
  common: {range: [1000, 1099]}
  fs: {range: [2500, 2599], prefix: FS}
details:
  limit:
    type: object
    required: [limit]
    properties:
      limit: {type: integer}
      path: {type: string, x-sensitive: true}
      token: {type: string}
`

func TestDefaultsAndOrder(t *testing.T) {
	m, diags := build(t, catalog.MapFS{"errors.yaml": []byte(base + `problem_base: https://errors.example.dev/docs
errors:
  E_FS_TOO_BIG:
    code: 2502
    title: Too big
    message: "over {limit}"
    details: limit
    sensitive: [token]
    wire_code: -32602
    status: [413, 400]
    doc: d
    examples: [{limit: 3}]
  E_INTERNAL: {code: 1000, title: Internal, message: Internal error, doc: d, retryable: true}
  E_PARSE: {code: -32700, title: Parse error, message: Parse error, doc: d, problem_type: "about:blank"}
`)})
	if strings.Contains(diags, "error:") {
		t.Fatalf("diagnostics:\n%s", diags)
	}
	var syms []string
	for _, e := range m.Errors {
		syms = append(syms, e.Symbol)
	}
	if got := strings.Join(syms, " "); got != "E_PARSE E_INTERNAL E_FS_TOO_BIG" {
		t.Errorf("errors not ordered by code: %s", got)
	}
	big := m.BySymbol("E_FS_TOO_BIG")
	if big.Type != "fs_too_big" || big.Slug != "fs-too-big" || big.Domain.Name != "fs" {
		t.Errorf("type/slug/domain = %q %q %q", big.Type, big.Slug, big.Domain.Name)
	}
	if big.ProblemType != "https://errors.example.dev/docs/fs-too-big" {
		t.Errorf("problem type = %q", big.ProblemType)
	}
	if big.WireCode != -32602 || big.Code != 2502 || big.Status() != 413 || len(big.Statuses) != 2 {
		t.Errorf("codes/status = %d %d %v", big.Code, big.WireCode, big.Statuses)
	}
	if got := strings.Join(big.Sensitive, ","); got != "path,token" {
		t.Errorf("sensitive = %q, want x-sensitive and listed fields in property order", got)
	}
	if big.GoName != "FsTooBig" || big.TSName != "FsTooBig" || big.Details.GoName != "Limit" {
		t.Errorf("identifiers = %q %q %q", big.GoName, big.TSName, big.Details.GoName)
	}
	if ex, _ := json.Marshal(big.Examples[0].Value); string(ex) != `{"limit":3}` {
		t.Errorf("example = %s", ex)
	}
	if fields := big.Message.Fields(); len(fields) != 1 || fields[0] != "limit" {
		t.Errorf("message fields = %v", fields)
	}
	in := m.BySymbol("E_INTERNAL")
	if in.WireCode != 1000 || in.Status() != 500 || !in.Retryable || in.Details != nil || m.Fallback != in {
		t.Errorf("E_INTERNAL defaults wrong: %+v", in)
	}
	if p := m.BySymbol("E_PARSE"); p.ProblemType != "about:blank" || p.Domain.Name != "jsonrpc" {
		t.Errorf("E_PARSE = %q in %q", p.ProblemType, p.Domain.Name)
	}
	if m.Limits != (model.Limits{MaxDataBytes: 16384, MaxStringBytes: 1024, MaxSuggestions: 3}) || m.SchemaVersion != 1 {
		t.Errorf("limits = %+v, schema version %d", m.Limits, m.SchemaVersion)
	}
	if m.ByCode(2502) != big || m.ByType("fs_too_big") != big || m.Shape("limit") != big.Details {
		t.Error("lookups disagree")
	}
}

func TestProblemTypeJoin(t *testing.T) {
	for base, want := range map[string]string{
		"https://x.dev/errors/": "https://x.dev/errors/e-a",
		"https://x.dev/errors":  "https://x.dev/errors/e-a",
		"https://x.dev/#":       "https://x.dev/#e-a",
		"urn:x:errors:":         "urn:x:errors:e-a",
		"":                      "urn:errgen:svc:e-a",
	} {
		pb := ""
		if base != "" {
			pb = "problem_base: \"" + base + "\"\n"
		}
		m, diags := build(t, catalog.MapFS{"errors.yaml": []byte(strings.Replace(base_(), "fallback: E_INTERNAL\n", "fallback: E_INTERNAL\n"+pb, 1) +
			"errors:\n  E_INTERNAL: {code: 1000, type: e_a, title: T, message: M, doc: d}\n")})
		if m == nil || strings.Contains(diags, "error:") {
			t.Fatalf("%q: %s", base, diags)
		}
		if got := m.Errors[0].ProblemType; got != want {
			t.Errorf("problem_base %q: type URI %q, want %q", base, got, want)
		}
	}
}

func base_() string { return base }

func TestIncludesKeepPositions(t *testing.T) {
	m, diags := build(t, catalog.MapFS{
		"errors.yaml": []byte(base + "include: [more/*.yaml]\nerrors:\n  E_INTERNAL: {code: 1000, title: T, message: M, doc: d}\n"),
		"more/a.yaml": []byte("errors:\n  E_FS_A: {code: 2500, title: A, message: A}\n"),
		"more/b.yaml": []byte("include: ../more/a.yaml\nerrors:\n  E_FS_B: {code: 2501, title: B, message: B, doc: d}\n"),
	})
	if m == nil {
		t.Fatal(diags)
	}
	if want := "more/a.yaml:2:3: warning: error E_FS_A has no doc (included from errors.yaml:17:11)\n"; diags != want {
		t.Errorf("diagnostics = %q, want %q", diags, want)
	}
	if len(m.Errors) != 3 || m.Errors[1].Pos.File != "more/a.yaml" || m.Errors[2].Pos.File != "more/b.yaml" {
		t.Errorf("errors from includes: %v", m.Errors)
	}
}

// A required string's empty value "" breaks most formats: check marks such
// an error as needing its details (its definition used bare renders as the
// fallback), as strict readers of the wire schema (Ajv with ajv-formats)
// refuse "" there; the formats "" satisfies leave it free.
func TestEmptyDetailsFormats(t *testing.T) {
	for _, c := range []struct {
		format string
		valid  bool
	}{
		{"uri", false}, {"date-time", false}, {"date", false}, {"time", false}, {"duration", false},
		{"email", false}, {"hostname", false}, {"ipv4", false}, {"ipv6", false}, {"uuid", false},
		{"iri", false}, {"relative-json-pointer", false},
		{"uri-reference", true}, {"uri-template", true}, {"json-pointer", true}, {"regex", true},
		{"idn-email", true}, {"idn-hostname", true}, // not asserted: the wire schema leaves them out
	} {
		src := base + `errors:
  E_INTERNAL: {code: 1000, title: Internal, message: Internal error, doc: d}
  E_LINK:
    code: 1001
    title: Link
    message: Link
    doc: d
    details:
      type: object
      required: [value]
      properties:
        value: {type: string, format: ` + c.format + `}
  E_OPTIONAL:
    code: 1002
    title: Optional
    message: Optional
    doc: d
    details:
      type: object
      properties:
        value: {type: string, format: ` + c.format + `}
`
		m, diags := build(t, catalog.MapFS{"errors.yaml": []byte(src)})
		if diags != "" {
			t.Fatalf("%s: %s", c.format, diags)
		}
		if got := m.BySymbol("E_LINK").EmptyDetailsValid; got != c.valid {
			t.Errorf("format %s: EmptyDetailsValid = %t, want %t", c.format, got, c.valid)
		}
		if !m.BySymbol("E_OPTIONAL").EmptyDetailsValid {
			t.Errorf("format %s: an optional field's empty details {} are valid", c.format)
		}
	}
}

// Bounds no value keeps are refused at the lower one, a $ref target's
// bounds applying with the node's own; bounds that clash within a shape
// alone are refused there, once, not at each field that refers to it.
func TestBoundsNoValueKeeps(t *testing.T) {
	const catalogText = `errgen: 1
name: svc
version: 1.0.0
fallback: E_INTERNAL
domains:
  common: {range: [1, 99]}
details:
  short: {type: array, items: {type: string}, maxItems: 1}
  never: {type: string, minLength: 3, maxLength: 2}
errors:
  E_INTERNAL: {code: 1, title: Internal, message: m, doc: d}
  E_X:
    code: 2
    title: X
    message: m
    doc: d
    details:
      type: object
      properties:
        items: {type: array, items: {type: string}, minItems: 3, maxItems: 1}
        text: {type: string, maxLength: 2, minLength: 5}
        int: {type: integer, minimum: 5, maximum: 1}
        open: {type: number, exclusiveMinimum: 5, maximum: 5}
        open2: {type: number, minimum: 5, exclusiveMaximum: 5}
        open3: {type: number, exclusiveMinimum: 1e1, exclusiveMaximum: 10}
        exact: {type: number, minimum: 5, maximum: 5.0}
        fine: {type: number, exclusiveMinimum: 4.5, exclusiveMaximum: 4.50001}
        viaRef: {$ref: short, minItems: 2}
        refFine: {$ref: short, minItems: 1}
        toNever: {$ref: never}
        big: {type: integer, minimum: 9007199254740993, maximum: 9007199254740992}
`
	_, diags := build(t, catalog.MapFS{"errors.yaml": []byte(catalogText)})
	for _, want := range []string{
		"errors.yaml:9:25: error: minLength 3 is above maxLength 2",
		"errors.yaml:20:53: error: minItems 3 is above maxItems 1: no value keeps both, so the field could never be sent; lower minItems or raise maxItems",
		"errors.yaml:21:44: error: minLength 5 is above maxLength 2",
		"errors.yaml:22:30: error: minimum 5 is above maximum 1",
		"errors.yaml:23:30: error: exclusiveMinimum 5 is not below maximum 5",
		"errors.yaml:24:31: error: minimum 5 is not below exclusiveMaximum 5",
		"errors.yaml:25:31: error: exclusiveMinimum 10 is not below exclusiveMaximum 10",
		"errors.yaml:28:31: error: minItems 2 is above maxItems 1 (with those of $ref short)",
		"errors.yaml:31:30: error: minimum 9007199254740993 is above maximum 9007199254740992",
	} {
		if !strings.Contains(diags, want) {
			t.Errorf("want %q in diagnostics:\n%s", want, diags)
		}
	}
	for _, line := range []string{":26:", ":27:", ":29:", ":30:"} {
		if strings.Contains(diags, "errors.yaml"+line) {
			t.Errorf("line %s keeps a value, or repeats its shape's clash:\n%s", line, diags)
		}
	}
}

// An enum beside a $ref keeps only the values both allow; none is a
// schema no value keeps, refused at the enum.
func TestEnumBesideRefSharesAValue(t *testing.T) {
	const catalogText = `errgen: 1
name: svc
version: 1.0.0
fallback: E_INTERNAL
domains:
  common: {range: [1, 99]}
details:
  mode: {type: string, enum: [read, write]}
errors:
  E_INTERNAL: {code: 1, title: Internal, message: m, doc: d}
  E_X:
    code: 2
    title: X
    message: m
    doc: d
    details:
      type: object
      properties:
        ok: {$ref: mode, enum: [write, exec]}
        none: {$ref: mode, enum: [exec]}
`
	_, diags := build(t, catalog.MapFS{"errors.yaml": []byte(catalogText)})
	if !strings.Contains(diags, "errors.yaml:20:") || !strings.Contains(diags, "enum shares no value with the enum of $ref mode") || strings.Contains(diags, "errors.yaml:19:") {
		t.Errorf("diagnostics:\n%s", diags)
	}
}
