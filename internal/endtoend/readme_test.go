package endtoend

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/golang"
)

// Tests holding the README and the guide (docs/guide) to what errgen does.

// guidePage returns the text of a page of docs/guide.
func guidePage(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot(t), "docs", "guide", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// readmeSection returns the README from the heading line onwards.
func readmeSection(t *testing.T, heading string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	i := strings.Index(s, "\n"+heading+"\n")
	if i < 0 {
		t.Fatalf("README has no section %q", heading)
	}
	return s[i:]
}

// TestReadmeModuleFlow holds the guide's "Using errgen in your module",
// "In CI" and the catalog language's editor support to the commands
// TestGoGenerateEndToEnd runs: each stands on a line of its own.
func TestReadmeModuleFlow(t *testing.T) {
	data := []byte(guidePage(t, "getting-started.md") + guidePage(t, "ci.md") + guidePage(t, "catalog.md"))
	lines := map[string]bool{}
	for _, l := range strings.Split(string(data), "\n") {
		if i := strings.Index(l, "  # "); i >= 0 {
			l = l[:i] // a trailing comment
		}
		lines[strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "run:"))] = true
	}
	all := append(append(append([]string{readmeGenerateLine, readmeSchemaRefresh}, readmeSetup...), readmeBuild...), readmeCI...)
	for _, cmd := range all {
		if !lines[cmd] {
			t.Errorf("the guide lacks the line %q", cmd)
		}
	}
	for _, bad := range []string{"@latest", "go run github.com/errgen/errgen/cmd/errgen init", "go install github.com/errgen/errgen"} {
		if strings.Contains(string(data), bad) {
			t.Errorf("the guide still says %q", bad)
		}
	}
}

// readmeSample returns the sample catalog of the guide's "The catalog
// language".
func readmeSample(t *testing.T) string {
	t.Helper()
	m := regexp.MustCompile("(?s)```yaml\n(.*?)```").FindStringSubmatch(guidePage(t, "catalog.md"))
	if m == nil {
		t.Fatal("The catalog language has no yaml block")
	}
	return m[1]
}

// TestReadmeTourCatalog: the catalog of the README's tour checks.
func TestReadmeTourCatalog(t *testing.T) {
	m := regexp.MustCompile("(?s)```yaml\n(.*?)```").FindStringSubmatch(readmeSection(t, "### A catalog"))
	if m == nil {
		t.Fatal("the tour's catalog has no yaml block")
	}
	dir := t.TempDir()
	errgentest.WriteFile(t, dir, "errors.yaml", m[1])
	if stdout, stderr, code := runCLI(t, dir, "check", "-catalog", "errors.yaml"); code != 0 {
		t.Fatalf("check: exit %d\n%s%s", code, stdout, stderr)
	}
	// the names the tour's Go server uses are those its catalog gets
	model := errgentest.Model(t, catalog.OSFS{}, filepath.Join(dir, "errors.yaml"))
	files, err := golang.Generate(gen.NewInput(model), golang.Options{Package: "mcperrors"})
	if err != nil {
		t.Fatal(err)
	}
	var src strings.Builder
	for _, f := range files {
		src.Write(f.Data)
	}
	goServer := strings.TrimPrefix(readmeSection(t, "### A Go server"), "\n")
	goServer = goServer[:strings.Index(goServer, "\n### ")]
	uses := regexp.MustCompile(`mcperrors\.([A-Z][A-Za-z]*)\b`).FindAllStringSubmatch(goServer, -1)
	if len(uses) == 0 {
		t.Fatal("the tour's Go server uses no name of mcperrors")
	}
	for _, use := range uses {
		decl := regexp.MustCompile(`(?m)^(func|type|var) ` + use[1] + `\b|^\t` + use[1] + ` +=`)
		if !decl.MatchString(src.String()) {
			t.Errorf("the tour's Go server uses mcperrors.%s, which its catalog's package does not declare", use[1])
		}
	}
}

// TestReadmeSampleCatalog: the guide's sample catalog checks, and the Go
// identifiers the guide's table names for E_FS_FILE_TOO_LARGE are those
// errgen generates from it.
func TestReadmeSampleCatalog(t *testing.T) {
	dir := t.TempDir()
	errgentest.WriteFile(t, dir, "errors.yaml", readmeSample(t))
	if stdout, stderr, code := runCLI(t, dir, "check", "-catalog", "errors.yaml"); code != 0 {
		t.Fatalf("check: exit %d\n%s%s", code, stdout, stderr)
	}
	m := errgentest.Model(t, catalog.OSFS{}, filepath.Join(dir, "errors.yaml"))
	files, err := golang.Generate(gen.NewInput(m), golang.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var src strings.Builder
	for _, f := range files {
		src.Write(f.Data)
	}
	for _, decl := range []string{"CodeFileTooLarge ", "SymbolFileTooLarge ", "TypeFileTooLarge ", "DomainFilesystem ",
		"type ResourceLimit struct", "func NewFileTooLarge(d ResourceLimit, opts ...errgenrt.Option) *errgenrt.Error", "var ErrFileTooLarge = "} {
		if !strings.Contains(src.String(), decl) {
			t.Errorf("the Go package of the guide's sample lacks %q", decl)
		}
	}
}

// TestReadmeNodeServers type-checks the README's Node MCP and HTTP servers
// against the repo's own package (gen/ts), the pinned MCP SDK and Node's
// types, as a newcomer pastes them into a project that installed the
// package, and runs the MCP server over stdio with the SDK's client.
//
// readmeMCPClient calls the README's read_file with a file past the limit
// and a missing file (argv): the first answers E_FS_FILE_TOO_LARGE as an
// isError result carrying the problem document (text and structured
// content), the second the fallback without the path.
const readmeMCPClient = `import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { fromToolResult, symbolOf } from "@errgen/mcp-errors";

const [big, missing] = process.argv.slice(2);
const client = new Client({ name: "readme", version: "1.0.0" });
await client.connect(new StdioClientTransport({ command: process.execPath, args: ["mcp.js"], stderr: "inherit" }));
const tooLarge = await client.callTool({ name: "read_file", arguments: { path: big } });
assert.equal(tooLarge.isError, true);
assert.equal(symbolOf(fromToolResult(tooLarge)), "E_FS_FILE_TOO_LARGE");
assert.deepEqual(tooLarge.structuredContent, JSON.parse(tooLarge.content[0].text));
assert.equal(tooLarge.structuredContent.actual, (1 << 20) + 1);
const gone = await client.callTool({ name: "read_file", arguments: { path: missing } });
assert.equal(symbolOf(fromToolResult(gone)), "E_INTERNAL");
assert.doesNotMatch(JSON.stringify(gone), /alice|ENOENT|no-such/);
await client.close();
console.log("ok");
`

func TestReadmeNodeServers(t *testing.T) {
	root := repoRoot(t)
	blocks := regexp.MustCompile("(?s)```ts\n(.*?)```").FindAllStringSubmatch(readmeSection(t, "### A Node MCP server"), 2)
	if len(blocks) != 2 {
		t.Fatalf("the section has %d ts blocks, want the MCP and the HTTP server", len(blocks))
	}
	for _, dep := range []string{"typescript", "@modelcontextprotocol", "zod", "@types"} {
		if _, err := os.Stat(filepath.Join(root, "node_modules", dep)); err != nil {
			t.Skipf("%s is not installed; make test installs it", dep)
		}
	}
	dir := t.TempDir()
	errgentest.WriteFile(t, dir, "mcp.ts", blocks[0][1])
	errgentest.WriteFile(t, dir, "http.ts", blocks[1][1])
	errgentest.WriteFile(t, dir, "package.json", `{"private": true, "type": "module"}`)
	links := map[string]string{
		"@errgen/mcp-errors":    filepath.Join(root, "gen", "ts"),
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
	tscProject(t, dir, []string{"mcp.ts", "http.ts"}, false)
	// The MCP server runs as written, over stdio, called by the SDK's
	// client: a file past the limit and a missing one.
	errgentest.WriteFile(t, dir, "client.mjs", readmeMCPClient)
	big := filepath.Join(dir, "big.bin")
	if err := os.WriteFile(big, make([]byte, 1<<20+1), 0o644); err != nil {
		t.Fatal(err)
	}
	if out := nodeRun(t, dir, "client.mjs", big, filepath.Join(dir, "no-such-file-at-home-alice")); out != "ok\n" {
		t.Fatalf("the README's MCP server: %s", out)
	}
	for i, b := range blocks {
		if n := strings.Count(b[1], "\n"); n > 25 {
			t.Errorf("the README's server %d is %d lines: keep it about twenty", i+1, n)
		}
	}
}
