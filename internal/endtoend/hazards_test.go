package endtoend

import (
	"os"
	"os/exec"
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
	if testing.Short() {
		t.Skip("builds a module: skipped in -short mode")
	}
	root := repoRoot(t)
	dir := t.TempDir()
	write := func(name, data string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sum, _ := os.ReadFile(filepath.Join(root, "go.sum"))
	write("go.mod", "module example.com/hazards\n\ngo 1.24\n\nrequire github.com/errgen/errgen v0.0.0\n\nreplace github.com/errgen/errgen => "+root+"\n")
	write("go.sum", string(sum))
	write("errors.yaml", hazardCatalog)
	if stdout, stderr, code := runCLI(t, dir, "generate", "-catalog", "errors.yaml", "-go", "hz", "-ts", "ts", "-schema", "schema/s.json", "-docs", "docs"); code != 0 {
		t.Fatalf("generate: exit %d\n%s%s", code, stdout, stderr)
	}
	cmd := exec.Command("go", "vet", "./hz/")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go vet of the generated package: %v\n%s", err, out)
	}
	tsc := filepath.Join(root, "node_modules", "typescript", "bin", "tsc")
	if _, err := os.Stat(tsc); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("TypeScript is not installed (run npm ci): %v", err)
		}
		t.Skip("TypeScript is not installed; make test installs it")
	}
	write("tsconfig.json", `{"compilerOptions": {"strict": true, "noEmit": true, "noUncheckedIndexedAccess": true, "exactOptionalPropertyTypes": true, "module": "esnext", "moduleResolution": "bundler", "target": "es2022", "lib": ["es2022"], "types": []}, "files": ["ts/index.d.ts"]}`)
	tc := exec.Command("node", tsc, "-p", "tsconfig.json")
	tc.Dir = dir
	if out, err := tc.CombinedOutput(); err != nil {
		t.Fatalf("tsc: %v\n%s", err, out)
	}
	js := exec.Command("node", "--input-type=module", "-e",
		`import * as p from "./ts/index.js"; const r = p.parseErrorResponse('{"error": true, "code": "E_STRING", "message": "m", "details": {"default": "", "string": "", "error": "", "constructor": "", "__proto__": ""}}'); if (!r || p.symbolOf(r) !== "E_STRING") { process.exit(1) }`)
	js.Dir = dir
	if out, err := js.CombinedOutput(); err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "hz", "details.go"))
	if !regexp.MustCompile(`\bProto\s+string\s+` + "`" + `json:"__proto__"` + "`").Match(data) {
		t.Errorf("__proto__ did not become the Go field Proto")
	}
}
