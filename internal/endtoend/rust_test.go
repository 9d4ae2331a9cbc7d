package endtoend

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/conformance"
	"github.com/errgen/errgen/internal/gen/rust"
	"github.com/errgen/errgen/internal/gencatalog"
	"github.com/errgen/errgen/internal/model"
)

// cargo returns the cargo command, or skips the test when cargo is not
// installed outside CI (make test needs it).
func cargo(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds Rust crates: skipped in -short mode")
	}
	path, err := exec.LookPath("cargo")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("cargo is not installed: %v", err)
		}
		t.Skip("cargo is not installed; make test needs it")
	}
	return path
}

// targetDir is the cargo target directory every crate the tests build
// shares (their dependencies are the locked ones, built once): the
// repository's, unless CARGO_TARGET_DIR names another.
func targetDir(t *testing.T) string {
	if dir := os.Getenv("CARGO_TARGET_DIR"); dir != "" {
		return dir
	}
	return filepath.Join(repoRoot(t), "target")
}

// cargoIn runs cargo in dir with the shared target directory and returns
// its standard output. In the repository's workspace it keeps to
// Cargo.lock (--locked).
func cargoIn(t *testing.T, dir string, args ...string) string {
	t.Helper()
	if dir == repoRoot(t) && (args[0] == "build" || args[0] == "clippy") {
		args = append([]string{args[0], "--locked"}, args[1:]...)
	}
	cmd := exec.Command(cargo(t), args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CARGO_TARGET_DIR="+targetDir(t), "CARGO_TERM_COLOR=never")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("cargo %s (in %s): %v\n%s%s", strings.Join(args, " "), dir, err, out, stderr.String())
	}
	return string(out)
}

// rustWorkspace writes crates (directory name → files) into a new cargo
// workspace with the repository's Cargo.lock, so that they build against
// the locked versions of their dependencies, and returns its directory.
func rustWorkspace(t *testing.T, crates map[string][]gen.File) string {
	t.Helper()
	dir := t.TempDir()
	lock, err := os.ReadFile(filepath.Join(repoRoot(t), "Cargo.lock"))
	if err != nil {
		t.Fatal(err)
	}
	var members []string
	for name, files := range crates {
		members = append(members, fmt.Sprintf("%q", name))
		for _, f := range files {
			errgentest.WriteFile(t, filepath.Join(dir, name), f.Path, string(f.Data))
		}
	}
	errgentest.WriteFile(t, dir, "Cargo.toml", "[workspace]\nresolver = \"2\"\nmembers = ["+strings.Join(members, ", ")+"]\n")
	errgentest.WriteFile(t, dir, "Cargo.lock", string(lock))
	return dir
}

// TestGoldenRust regenerates the Rust crate of every golden catalog and of
// the MCP test catalog and compares it with testdata/golden/NAME/rust
// (testdata/mcp/rust), both ways. The crates are members of the
// repository's Cargo workspace, so that make test builds, lints and
// formats them with the workspace.
func TestGoldenRust(t *testing.T) {
	cases := append(goldenCases(t), goldenCase{"mcp", filepath.Join("testdata", "mcp", "errors.yaml"), filepath.Join("testdata", "mcp")})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := errgentest.Model(t, catalog.OSFS{}, c.catalog)
			want := filepath.Join(c.dir, "rust")
			files, err := rust.Generate(gen.NewInput(m), rust.Options{Source: c.source(want)})
			if err != nil {
				t.Fatal(err)
			}
			compareDir(t, want, files)
		})
	}
}

// rustCrate generates the crate of catalog m.
func rustCrate(t *testing.T, m *model.Catalog) []gen.File {
	t.Helper()
	files, err := rust.Generate(gen.NewInput(m), rust.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// conformanceRunner builds the example conformance of the workspace's
// crate named crate and returns the path of a copy of its binary (every
// crate's example has the one name).
func conformanceRunner(t *testing.T, dir, crate string) string {
	t.Helper()
	// every workspace's example lands at the one path of the shared target
	// directory: build and copy it before another test builds its own
	exampleMu.Lock()
	defer exampleMu.Unlock()
	cargoIn(t, dir, "build", "-q", "-p", crate, "--example", "conformance")
	bin := filepath.Join(targetDir(t), "debug", "examples", "conformance")
	data, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), crate+"-conformance")
	if err := os.WriteFile(out, data, 0o755); err != nil {
		t.Fatal(err)
	}
	return out
}

// exampleMu keeps one test at a time between building an example and
// copying its binary.
var exampleMu sync.Mutex

// crateName is the name of the crate of catalog m.
func crateName(m *model.Catalog) string {
	if m.Outputs["rust.crate"] != "" {
		return m.Outputs["rust.crate"]
	}
	return rust.CrateName(m.Name)
}

// TestRustConformance runs errgen conformance on the example conformance
// of the Rust crate of every catalog whose vectors the tests check (see
// conformanceCatalogs) and of one whose names and texts take every length:
// every payload must be the Go runtime's, byte for byte. The crates of the golden catalogs and of the repository's own are
// members of the repository's Cargo workspace (see TestGoldenRust), and
// make test formats and lints them; the others are built in a workspace of
// their own, after rustfmt and clippy.
func TestRustConformance(t *testing.T) {
	cargo(t)
	root := repoRoot(t)
	catalogs := conformanceCatalogs(t)
	// names and texts of every length, shapes of every kind (see gencatalog.Widths)
	catalogs["widths"] = errgentest.Model(t, catalog.MapFS{"errors.yaml": gencatalog.Widths(1, 70)}, "errors.yaml")
	workspace := map[string]string{"repo": root}
	for _, c := range goldenCases(t) {
		workspace[c.name] = root
	}
	crates := map[string][]gen.File{}
	for name, m := range catalogs {
		if workspace[name] == "" {
			crates[name] = rustCrate(t, m)
		}
	}
	ws := rustWorkspace(t, crates)
	cargoIn(t, ws, "fmt", "--check")
	cargoIn(t, ws, "clippy", "-q", "--all-targets", "--", "-D", "warnings")
	for name := range crates {
		workspace[name] = ws
	}
	for name, m := range catalogs {
		t.Run(name, func(t *testing.T) {
			files, err := conformance.Generate(gen.NewInput(m), conformance.Options{File: "vectors.json"})
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			errgentest.WriteFile(t, dir, "vectors.json", string(files[0].Data))
			bin := conformanceRunner(t, workspace[name], crateName(m))
			stdout, stderr, exit := runCLI(t, dir, "conformance", "-vectors", "vectors.json", "--", bin)
			if exit != 0 || !strings.Contains(stdout, "every payload matches") || !strings.Contains(stdout, "advice answers match") || strings.Contains(stdout, "without advice") {
				t.Fatalf("errgen conformance: exit %d\n%s%s", exit, stdout, stderr)
			}
			t.Log(strings.TrimSpace(stdout))
		})
	}
}

// TestRustMCPServer builds testdata/mcp/rust-server, an MCP server on the
// official Rust SDK (rmcp) whose tools fail every way, with the crate
// errgen generates from testdata/mcp/errors.yaml, and drives it over stdio
// with raw JSON-RPC lines: initialize, initialized, tools/list and a
// tools/call of each tool. A catalog error reaches the client as an
// isError tool result carrying its problem document, or, where the catalog
// says tool_errors: error, as a JSON-RPC error with the catalog's code and
// data; any other error as the fallback. No sensitive value, verbose-only
// field or cause text crosses; the server's log keeps the causes, and no
// sensitive value either.
func TestRustMCPServer(t *testing.T) {
	root := repoRoot(t)
	cargoIn(t, root, "build", "-q", "-p", "files-mcp-server")
	calls := []string{"read_file", "read_env", "fetch", "ok"}
	var in bytes.Buffer
	in.WriteString(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}` + "\n")
	in.WriteString(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n")
	in.WriteString(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}` + "\n")
	for i, name := range calls {
		fmt.Fprintf(&in, `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":{}}}`+"\n", 10+i, name)
	}
	cmd := exec.Command(filepath.Join(targetDir(t), "debug", "files-mcp-server"))
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the server: %v\n%s", err, stderr.String())
	}
	type response struct {
		ID     int             `json:"id"`
		Result json.RawMessage `json:"result"`
		Error  *struct {
			Code    int64           `json:"code"`
			Message string          `json:"message"`
			Data    json.RawMessage `json:"data"`
		} `json:"error"`
	}
	byID := map[int]response{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var r response
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("a line of the server's output is no JSON-RPC message: %q: %v", line, err)
		}
		byID[r.ID] = r
	}
	if r := byID[1]; r.Error != nil || !strings.Contains(string(r.Result), `"tools"`) {
		t.Fatalf("initialize: %s", out)
	}
	if r := byID[2]; r.Error != nil || !strings.Contains(string(r.Result), `"read_env"`) {
		t.Fatalf("tools/list: %s", out)
	}
	type toolResult struct {
		Content []struct {
			Type, Text string
		}
		StructuredContent map[string]any
		IsError           bool
	}
	problem := func(id int, symbol string) map[string]any {
		t.Helper()
		r := byID[id]
		var tr toolResult
		if r.Error != nil || json.Unmarshal(r.Result, &tr) != nil || !tr.IsError || len(tr.Content) != 1 {
			t.Fatalf("call %d: want an isError tool result, got %+v %s", id, r.Error, r.Result)
		}
		var doc map[string]any
		if err := json.Unmarshal([]byte(tr.Content[0].Text), &doc); err != nil || doc["symbol"] != symbol {
			t.Fatalf("call %d: the text is not the problem document of %s: %s", id, symbol, tr.Content[0].Text)
		}
		if tr.StructuredContent["symbol"] != symbol || tr.StructuredContent["detail"] != doc["detail"] {
			t.Errorf("call %d: the structured content is not the problem document: %v", id, tr.StructuredContent)
		}
		return doc
	}
	// read_file: the catalog's error as a tool result
	doc := problem(10, "E_FS_FILE_TOO_LARGE")
	if doc["status"] != 413.0 || doc["detail"] != "File is 5242880 bytes; the limit is 1048576 bytes" || doc["limit"] != 1048576.0 {
		t.Errorf("read_file: %v", doc)
	}
	// read_env: tool_errors: error, a JSON-RPC error with the catalog's code and data
	r := byID[11]
	if r.Error == nil || r.Error.Code != 3002 || r.Error.Message != "Environment variable <redacted> is not allowed by the policy" {
		t.Fatalf("read_env: want the JSON-RPC error 3002, got %+v %s", r.Error, r.Result)
	}
	var data struct {
		Symbol  string
		Context struct{ Details map[string]any }
	}
	if err := json.Unmarshal(r.Error.Data, &data); err != nil || data.Symbol != "E_POLICY_ENV_NOT_ALLOWED" || data.Context.Details["variable"] != "<redacted>" {
		t.Errorf("read_env: data %s", r.Error.Data)
	}
	if _, ok := data.Context.Details["policy_location"]; ok {
		t.Errorf("read_env: a verbose-only field crossed: %s", r.Error.Data)
	}
	// fetch: a foreign error, the fallback without its text
	if doc := problem(12, "E_INTERNAL"); doc["detail"] != "An internal error occurred" {
		t.Errorf("fetch: %v", doc)
	}
	if r := byID[13]; r.Error != nil || !strings.Contains(string(r.Result), `"ok: done"`) {
		t.Errorf("ok: %s", r.Result)
	}
	for _, secret := range []string{"AWS_SECRET_ACCESS_KEY", "/home/alice", "hunter2", "token=abc", "db.internal"} {
		if strings.Contains(string(out), secret) {
			t.Errorf("%q crossed the wire:\n%s", secret, out)
		}
	}
	// The server's log has the verbose form: the causes, and no sensitive
	// value (the occurrences do not opt in with with_log_sensitive).
	for _, s := range []string{"hunter2", "token=abc", "db.internal", "Environment variable <redacted>"} {
		if !strings.Contains(stderr.String(), s) {
			t.Errorf("the server's log lacks %q:\n%s", s, stderr.String())
		}
	}
	if strings.Contains(stderr.String(), "AWS_SECRET_ACCESS_KEY") {
		t.Errorf("the server's log holds the sensitive value:\n%s", stderr.String())
	}
}

// TestReadmeRust builds and runs the Rust program of the README's tour
// ("A Rust server") against the crate of the repo's catalog (gen/rust, as
// errgen writes it), with clippy's warnings denied.
func TestReadmeRust(t *testing.T) {
	m := regexp.MustCompile("(?s)```rust\n(.*?)```").FindStringSubmatch(readmeSection(t, "### A Rust server"))
	if m == nil || !strings.Contains(m[1], "fn main()") {
		t.Fatal("the section A Rust server has no program")
	}
	repo := errgentest.Model(t, catalog.OSFS{}, filepath.Join(repoRoot(t), "catalog", "errors.yaml"))
	ws := rustWorkspace(t, map[string][]gen.File{
		"mcp": rustCrate(t, repo),
		"readme": {
			{Path: "Cargo.toml", Data: []byte("[package]\nname = \"readme\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\n[dependencies]\nmcp-errors = { path = \"../mcp\" }\n")},
			{Path: "src/main.rs", Data: []byte(m[1])},
		},
	})
	cargoIn(t, ws, "clippy", "-q", "-p", "readme", "--", "-D", "warnings")
	out := cargoIn(t, ws, "run", "-q", "-p", "readme")
	var rpc struct {
		Code int64
		Data struct{ Symbol string }
	}
	if err := json.Unmarshal([]byte(out), &rpc); err != nil || rpc.Code != -32602 || rpc.Data.Symbol != "E_FS_FILE_TOO_LARGE" {
		t.Errorf("the README's program printed %q (%v)", out, err)
	}
}

// The Rust crate is an output like the others: written only where -rust
// or outputs.rust puts it, recorded, checked by generate -check (stale,
// missing, extra), its files no longer produced removed.
func TestRustOutputChecked(t *testing.T) {
	dir := t.TempDir()
	catalogText := `errgen: 1
name: demo
version: 1.0.0
fallback: E_INTERNAL
domains:
  common: {range: [1000, 1099]}
  storage: {range: [2000, 2099]}
errors:
  E_INTERNAL: {code: 1000, title: Internal error, message: An internal error occurred, doc: D.}
  E_FULL: {code: 2000, title: Full, message: The disk is full, doc: D.}
`
	errgentest.WriteFile(t, dir, "errors.yaml", catalogText)
	args := []string{"generate", "-catalog", "errors.yaml", "-go", "go", "-ts", "ts", "-schema", "schema/s.json", "-docs", "docs"}
	if _, stderr, exit := runCLI(t, dir, args...); exit != 0 {
		t.Fatal(stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "rust")); err == nil {
		t.Fatal("a crate written without being asked for")
	}
	args = append(args, "-rust", "rust", "-rust-crate", "demo_errors")
	if _, stderr, exit := runCLI(t, dir, append(args, "-check")...); exit != 1 || !strings.Contains(stderr, "rust/src/lib.rs: missing") {
		t.Fatalf("-check before the crate is written: exit %d\n%s", exit, stderr)
	}
	if _, stderr, exit := runCLI(t, dir, args...); exit != 0 {
		t.Fatal(stderr)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "rust", "Cargo.toml")); err != nil || !strings.Contains(string(data), `name = "demo_errors"`) {
		t.Fatalf("Cargo.toml: %s %v", data, err)
	}
	if records, _ := filepath.Glob(filepath.Join(dir, "rust", ".errgen-*")); len(records) != 1 {
		t.Fatalf("records in the crate's directory: %v", records)
	}
	if _, stderr, exit := runCLI(t, dir, append(args, "-check")...); exit != 0 {
		t.Fatalf("-check after generate: exit %d\n%s", exit, stderr)
	}
	lib := filepath.Join(dir, "rust", "src", "lib.rs")
	data, _ := os.ReadFile(lib)
	if err := os.WriteFile(lib, bytes.Replace(data, []byte("demo"), []byte("DEMO"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, exit := runCLI(t, dir, append(args, "-check")...); exit != 1 || !strings.Contains(stderr, "rust/src/lib.rs: stale") {
		t.Fatalf("-check after an edit: exit %d\n%s", exit, stderr)
	}
	// the storage domain loses its only error: its module is no longer produced
	errgentest.WriteFile(t, dir, "errors.yaml", strings.Replace(catalogText, "  E_FULL: {code: 2000, title: Full, message: The disk is full, doc: D.}\n", "", 1))
	if _, stderr, exit := runCLI(t, dir, append(args, "-check")...); exit != 1 || !strings.Contains(stderr, "rust/src/storage_errors.rs: extra") {
		t.Fatalf("-check after the domain emptied: exit %d\n%s", exit, stderr)
	}
	stdout, stderr, exit := runCLI(t, dir, args...)
	if exit != 0 || !strings.Contains(stdout, "removed rust/src/storage_errors.rs") {
		t.Fatalf("generate after the domain emptied: exit %d\n%s%s", exit, stdout, stderr)
	}
	if _, _, exit := runCLI(t, dir, "generate", "-catalog", "errors.yaml", "-rust", "rust", "-rust-crate", "self"); exit != 2 {
		t.Errorf("-rust-crate self: exit %d, want 2", exit)
	}
	if _, stderr, exit := runCLI(t, dir, "generate", "-catalog", "errors.yaml", "-rust-crate", "x"); exit != 2 || !strings.Contains(stderr, "places no Rust crate directory: give it with -rust DIR or outputs.rust.dir") {
		t.Errorf("-rust-crate without -rust: exit %d, want 2\n%s", exit, stderr)
	}
}
