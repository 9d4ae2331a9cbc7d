package endtoend

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
)

// TestMCPConformance runs the official MCP conformance suite (every server
// scenario of @modelcontextprotocol/conformance, pinned with the Node it
// needs in test/mcp-conformance) against an MCP server on each official
// SDK, built as that SDK's examples build one, over Streamable HTTP,
// stateful and stateless: a TypeScript server (testdata/mcp/conformance/ts)
// with handleErrors, a Go server on go-sdk (testdata/mcp/conformance/go)
// with errgenmcp.Middleware, a Rust server on rmcp
// (testdata/mcp/rust-conformance) with the generated crate's rmcp
// conversions, and a Python server on FastMCP
// (testdata/mcp/conformance/python) with the generated package's
// handle_errors, each installed as errgen's docs show. run.mjs starts each
// server without errgen and with it (ERRGEN=1): every check that passes
// without errgen passes with it, the scenarios that fail are exactly the
// SDK's gaps each <server>-expected-failures.yml lists, and with errgen the
// failing tools answer in the catalog's form (the problem document as
// structured content and text, a JSON-RPC error where the catalog says so,
// nothing secret on the wire).
func TestMCPConformance(t *testing.T) {
	if testing.Short() {
		t.Skip("builds four servers: skipped in -short mode")
	}
	root := repoRoot(t)
	conf := filepath.Join(root, "test", "mcp-conformance")
	node := filepath.Join(conf, "node_modules", ".bin", "node")
	if _, err := os.Stat(filepath.Join(conf, "node_modules", "@modelcontextprotocol", "conformance")); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("the MCP conformance suite is not installed (make test installs it): %v", err)
		}
		t.Skip("the MCP conformance suite is not installed; make test installs it (npm ci --prefix test/mcp-conformance)")
	}
	if _, err := os.Stat(node); err != nil {
		// No Node package of this platform: a Node on PATH, if it is 22 or newer.
		node = "node"
	}
	src := filepath.Join(root, "internal", "endtoend", "testdata", "mcp")
	build := map[string]func(t *testing.T) []string{
		"go":     func(t *testing.T) []string { return conformanceGoServer(t, src) },
		"ts":     func(t *testing.T) []string { return conformanceTSServer(t, src) },
		"rust":   func(t *testing.T) []string { return conformanceRustServer(t, root) },
		"python": func(t *testing.T) []string { return conformancePythonServer(t, src) },
	}
	for _, name := range []string{"go", "python", "rust", "ts"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			server := build[name](t)
			for _, mode := range []string{"stateful", "stateless"} {
				args := []string{filepath.Join(conf, "run.mjs"), "-expected-failures", filepath.Join(src, "conformance", name+"-expected-failures.yml")}
				if mode == "stateless" {
					args = append(args, "-stateless")
				}
				cmd := exec.Command(node, append(append(args, "--"), server...)...)
				cmd.Dir = t.TempDir()
				out, err := cmd.CombinedOutput()
				if err != nil || !strings.HasSuffix(string(out), "\nok\n") {
					t.Errorf("%s: %v\n%s", mode, err, out)
					continue
				}
				t.Logf("%s\n%s", mode, out)
			}
		})
	}
}

// conformanceGoServer builds testdata/mcp/conformance/go in a module of its
// own, with the Go package errgen generates from testdata/mcp/errors.yaml.
func conformanceGoServer(t *testing.T, src string) []string {
	read := func(name string) string {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(src, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	dir := tempModule(t, "example.com/mcpserver", map[string]string{
		"errors.yaml": read("errors.yaml"),
		"main.go":     read("conformance/go/main.go"),
	})
	generateIn(t, dir, "fileserrors")
	goIn(t, dir, "mod", "tidy")
	goIn(t, dir, "vet", "./...")
	goIn(t, dir, "build", "-o", "server", ".")
	return []string{filepath.Join(dir, "server")}
}

// conformanceTSServer compiles testdata/mcp/conformance/ts/server.ts in a
// project that installed the package errgen generates from
// testdata/mcp/errors.yaml (files-errors) beside the pinned MCP SDK, and
// runs it with the machine's Node.
func conformanceTSServer(t *testing.T, src string) []string {
	root := repoRoot(t)
	for _, dep := range []string{"typescript", "@modelcontextprotocol/sdk", "zod", "@types/node"} {
		if _, err := os.Stat(filepath.Join(root, "node_modules", filepath.FromSlash(dep))); err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("%s is not installed (run npm ci): %v", dep, err)
			}
			t.Skipf("%s is not installed; make test installs it", dep)
		}
	}
	dir := t.TempDir()
	m := errgentest.Model(t, catalog.OSFS{}, filepath.Join(src, "errors.yaml"))
	writePackage(t, m, filepath.Join(dir, "files-errors"))
	server, err := os.ReadFile(filepath.Join(src, "conformance", "ts", "server.ts"))
	if err != nil {
		t.Fatal(err)
	}
	errgentest.WriteFile(t, dir, "server.ts", string(server))
	errgentest.WriteFile(t, dir, "package.json", `{"private": true, "type": "module"}`)
	links := map[string]string{
		"files-errors":          filepath.Join(dir, "files-errors"),
		"@modelcontextprotocol": filepath.Join(root, "node_modules", "@modelcontextprotocol"),
		"zod":                   filepath.Join(root, "node_modules", "zod"),
		"@types":                filepath.Join(root, "node_modules", "@types"),
	}
	for name, target := range links {
		link := filepath.Join(dir, "node_modules", filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
	}
	tscProject(t, dir, []string{"server.ts"}, false)
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal(err)
	}
	return []string{node, filepath.Join(dir, "server.js")}
}

// conformanceRustServer builds testdata/mcp/rust-conformance, a member of
// the repository's Cargo workspace.
func conformanceRustServer(t *testing.T, root string) []string {
	cargoIn(t, root, "build", "-q", "-p", "files-mcp-conformance")
	return []string{filepath.Join(targetDir(t), "debug", "files-mcp-conformance")}
}

// conformancePythonServer writes testdata/mcp/conformance/python/server.py
// beside the Python package errgen generates from testdata/mcp/errors.yaml
// (files_errors), which the script imports from its own directory, and runs
// it with the test environment's Python (mcp and uvicorn installed).
func conformancePythonServer(t *testing.T, src string) []string {
	py := pythonBin(t)
	dir := t.TempDir()
	m := errgentest.Model(t, catalog.OSFS{}, filepath.Join(src, "errors.yaml"))
	pythonPackage(t, m, dir)
	server, err := os.ReadFile(filepath.Join(src, "conformance", "python", "server.py"))
	if err != nil {
		t.Fatal(err)
	}
	errgentest.WriteFile(t, dir, "server.py", string(server))
	return []string{py, filepath.Join(dir, "server.py")}
}
