package endtoend

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// hazardCatalog names errors, shapes, fields and enum values after Go and
// TypeScript keywords and predeclared names; its outputs must still compile.
const hazardCatalog = `errgen: 1
name: hazards
version: 1.0.0
fallback: E_ERROR
domains:
  default: {range: [1, 99]}
  string: {range: [100, 199]}
details:
  string:
    type: object
    required: [default, string, error, constructor, __proto__]
    properties:
      default: {type: string}
      string: {type: string}
      error: {type: string}
      constructor: {type: string}
      __proto__: {type: string}
      interface: {type: string, enum: [type, func, "return", "", "__proto__"]}
      "x-y z": {type: integer}
      "1st": {type: boolean}
errors:
  E_ERROR: {code: 1, type: error, title: Error, message: "error {error} {__proto__}", details: string, doc: d}
  E_STRING: {code: 100, type: string, title: String, message: "{string} {default} {constructor}", details: string, doc: d}
  E_CONSTRUCTOR: {code: 2, type: constructor, title: Constructor, message: "{1st} {x-y z}", details: string, doc: d}
  E_FUNC: {code: 3, type: func, title: Func, message: m, doc: d}
`

// TestIdentifierHazardsCompile generates the Go and TypeScript outputs of a
// catalog full of keyword-like names and compiles both.
func TestIdentifierHazardsCompile(t *testing.T) {
	dir := tempModule(t, "example.com/hazards", map[string]string{"errors.yaml": hazardCatalog})
	generateIn(t, dir, "hz")
	goIn(t, dir, "vet", "./hz/")
	tscIn(t, dir, "ts/index.d.ts")
	nodeIn(t, dir, `import * as p from "./ts/index.js"; const r = p.parseErrorResponse('{"error": true, "code": "E_STRING", "message": "m", "details": {"default": "", "string": "", "error": "", "constructor": "", "__proto__": ""}}'); if (!r || p.symbolOf(r) !== "E_STRING") { process.exit(1) }`)
	data, _ := os.ReadFile(filepath.Join(dir, "hz", "details.go"))
	if !regexp.MustCompile(`\bProto\s+string\s+` + "`" + `json:"__proto__"` + "`").Match(data) {
		t.Errorf("__proto__ did not become the Go field Proto")
	}
}
