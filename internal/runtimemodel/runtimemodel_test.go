package runtimemodel_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/runtimemodel"
)

// The byte-for-byte comparison with the compiled generated packages is
// internal/endtoend's TestRuntimeModelVectors and TestRuntimeModelVariants;
// these tests pin the SPEC's own example and the zero-value rules.

const specCatalog = `errgen: 1
name: mcp
version: 2.1.0
problem_base: https://errors.mcp.example.dev/
fallback: E_INTERNAL
domains:
  common: {range: [1000, 1099]}
  filesystem: {range: [2500, 2599], prefix: FS}
details:
  resource_limit:
    type: object
    required: [resource, limit, actual, unit]
    properties:
      resource: {type: string}
      limit: {type: integer, minimum: 0}
      actual: {type: integer, minimum: 0}
      unit: {type: string}
      config_source: {type: string, x-verbose: true}
errors:
  E_INTERNAL:
    code: 1099
    title: Internal error
    message: An internal error occurred
  E_FS_FILE_TOO_LARGE:
    code: 2502
    type: file_too_large
    title: File too large
    message: "File is {actual} {unit}; the limit is {limit} {unit}"
    user_message: The file is too large to read at once.
    status: 413
    wire_code: -32602
    details: resource_limit
    suggestions: [Read the file in chunks using offset and length]
    examples:
      - {resource: file_size, limit: 1048576, actual: 5242880, unit: bytes}
`

func buildSpec(t *testing.T) *model.Catalog {
	t.Helper()
	raw, diags, err := catalog.Parse(catalog.MapFS{"errors.yaml": []byte(specCatalog)}, "errors.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m, more := model.Build(raw)
	diags.Append(more)
	if diags.HasErrors() {
		t.Fatal(diags.Format(""))
	}
	return m
}

func fixed() *errgenrt.Options {
	o := errgenrt.DefaultOptions()
	o.Now = func() time.Time { return time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC) }
	o.Instance = func() string { return "urn:uuid:3f7e4c8a-9d2b-4e3a-8f1c-2b5d9e6a7c8f" }
	return &o
}

// TestRuntimeModelSpecExample renders SPEC §2's example error.
func TestRuntimeModelSpecExample(t *testing.T) {
	m := buildSpec(t)
	rm := runtimemodel.Build(gen.NewInput(m))
	e := m.BySymbol("E_FS_FILE_TOO_LARGE")
	err := rm.New(e, e.Examples[0].Value, errgenrt.WithData("method", "tools/call"), errgenrt.WithData("requestId", "req_123"))
	o := fixed()
	for _, c := range []struct{ got, want string }{
		{string(err.AppendJSONRPC(nil, o)), `{"code":-32602,"message":"File is 5242880 bytes; the limit is 1048576 bytes","data":{"method":"tools/call","requestId":"req_123","domain":"filesystem","symbol":"E_FS_FILE_TOO_LARGE","retryable":false,"retry":"never","context":{"schemaVersion":1,"type":"file_too_large","details":{"resource":"file_size","limit":1048576,"actual":5242880,"unit":"bytes"},"userMessage":"The file is too large to read at once.","suggestions":["Read the file in chunks using offset and length"],"retryable":false}}}`},
		{string(err.AppendProblem(nil, o)), `{"type":"https://errors.mcp.example.dev/file-too-large","title":"File too large","status":413,"detail":"File is 5242880 bytes; the limit is 1048576 bytes","instance":"urn:uuid:3f7e4c8a-9d2b-4e3a-8f1c-2b5d9e6a7c8f","timestamp":"2026-11-21T10:00:00Z","symbol":"E_FS_FILE_TOO_LARGE","retryable":false,"retry":"never","userMessage":"The file is too large to read at once.","suggestions":["Read the file in chunks using offset and length"],"resource":"file_size","limit":1048576,"actual":5242880,"unit":"bytes"}`},
		{string(err.AppendResponse(nil, o)), `{"error":true,"code":"E_FS_FILE_TOO_LARGE","message":"File is 5242880 bytes; the limit is 1048576 bytes","details":{"resource":"file_size","limit":1048576,"actual":5242880,"unit":"bytes"},"retry":"never"}`},
	} {
		if c.got != c.want {
			t.Errorf("\n got %s\nwant %s", c.got, c.want)
		}
	}
	if rm.Runtime.BySymbol("E_INTERNAL") != rm.Runtime.Fallback || rm.Def(e) != rm.Runtime.ByCode(2502) {
		t.Error("catalog lookups")
	}
}

// TestRuntimeModelZeroValues: a missing required field is its zero value,
// a missing optional one is left out, and verbose mode shows x-verbose
// fields; a key matching a property only case-insensitively is not it
// (JSON Schema and every runtime match names exactly).
func TestRuntimeModelZeroValues(t *testing.T) {
	m := buildSpec(t)
	rm := runtimemodel.Build(gen.NewInput(m))
	e := m.BySymbol("E_FS_FILE_TOO_LARGE")
	ex := map[string]any{"Resource": "x", "config_source": "policy.yaml", "actual": json.Number("5")}
	got := string(rm.New(e, ex).AppendResponse(nil, fixed()))
	want := `{"error":true,"code":"E_FS_FILE_TOO_LARGE","message":"File is 5 ; the limit is 0 ","details":{"resource":"","limit":0,"actual":5,"unit":""},"retry":"never"}`
	if got != want {
		t.Errorf("\n got %s\nwant %s", got, want)
	}
	o := fixed()
	o.Verbose = true
	got = string(rm.New(e, ex).AppendResponse(nil, o))
	want = `{"error":true,"code":"E_FS_FILE_TOO_LARGE","message":"File is 5 ; the limit is 0 ","details":{"resource":"","limit":0,"actual":5,"unit":"","config_source":"policy.yaml"},"retry":"never"}`
	if got != want {
		t.Errorf("verbose:\n got %s\nwant %s", got, want)
	}
	if d := rm.Details(m.BySymbol("E_INTERNAL"), ex); d != nil {
		t.Errorf("details of an error without: %v", d)
	}
}
