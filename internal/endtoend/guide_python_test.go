package endtoend

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
)

// guideBlock returns the first ```python block of the Python guide's
// section heading (a "### " line).
func guideBlock(t *testing.T, page, heading string) string {
	t.Helper()
	i := strings.Index(page, "\n"+heading+"\n")
	if i < 0 {
		t.Fatalf("python.md has no section %q", heading)
	}
	section := page[i+1:]
	if j := regexp.MustCompile("\n##+ ").FindStringIndex(section[len(heading):]); j != nil {
		section = section[:len(heading)+j[0]]
	}
	m := regexp.MustCompile("(?s)```python\n(.*?)```").FindStringSubmatch(section)
	if m == nil {
		t.Fatalf("the section %q has no Python program", heading)
	}
	return m[1]
}

// TestGuidePythonMCPServers type-checks the two complete MCP servers of
// the Python guide ("A FastMCP server", "A low-level server"), as the page
// gives them, with mypy --strict against the package of the repository's
// catalog, and drives each over stdio with raw JSON-RPC lines: read_file
// of a small file answers its text, of a file over the limit the isError
// result of E_FS_FILE_TOO_LARGE (without structuredContent for FastMCP's
// read_file, which declares -> str and so an output schema; with it for
// the low-level tool and for FastMCP's file_size, registered with
// structured_output=False), of a missing file the fallback without its
// path, logged with its traceback on standard error; an unknown tool is
// the SDK's own answer.
func TestGuidePythonMCPServers(t *testing.T) {
	pythonBin(t)
	page := guidePage(t, "python.md")
	dir := t.TempDir()
	repo := errgentest.Model(t, catalog.OSFS{}, filepath.Join(repoRoot(t), "catalog", "errors.yaml"))
	if pkg := pythonPackage(t, repo, dir); pkg != "mcp_errors" {
		t.Fatalf("the repo's package is %s, the guide imports mcp_errors", pkg)
	}
	errgentest.WriteFile(t, dir, "files_server.py", guideBlock(t, page, "### A FastMCP server"))
	errgentest.WriteFile(t, dir, "files_lowlevel.py", guideBlock(t, page, "### A low-level server"))
	runPython(t, dir, nil, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", filepath.Join(dir, ".mypy"), "files_server.py", "files_lowlevel.py")

	files := t.TempDir()
	small, large, missing := filepath.Join(files, "small.txt"), filepath.Join(files, "large.txt"), filepath.Join(files, "no-such-file-of-alice.txt")
	errgentest.WriteFile(t, files, "small.txt", "hello")
	errgentest.WriteFile(t, files, "large.txt", strings.Repeat("x", 2<<20))

	for _, server := range []string{"files_server.py", "files_lowlevel.py"} {
		t.Run(strings.TrimSuffix(server, ".py"), func(t *testing.T) {
			t.Parallel()
			fast := server == "files_server.py"
			d := startRPC(t, dir, server)
			if r := d.call(1, "initialize", `{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}`); r.Error != nil {
				t.Fatalf("initialize: %+v", r.Error)
			}
			d.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
			var list struct {
				Tools []struct {
					Name         string
					OutputSchema map[string]any
				}
			}
			if r := d.call(2, "tools/list", `{}`); r.Error != nil || json.Unmarshal(r.Result, &list) != nil {
				t.Fatalf("tools/list: %+v %s", r.Error, r.Result)
			}
			for _, tool := range list.Tools {
				if want := fast && tool.Name == "read_file"; (tool.OutputSchema != nil) != want {
					t.Errorf("%s: output schema %v, want one: %v", tool.Name, tool.OutputSchema, want)
				}
			}
			type result struct {
				Content           []struct{ Type, Text string }
				StructuredContent map[string]any
				IsError           bool
			}
			id := 10
			call := func(tool, path string) result {
				t.Helper()
				id++
				r := d.call(id, "tools/call", fmt.Sprintf(`{"name":%q,"arguments":{"path":%q}}`, tool, path))
				var res result
				if r.Error != nil || json.Unmarshal(r.Result, &res) != nil || len(res.Content) == 0 {
					t.Fatalf("%s %s: %+v %s", tool, path, r.Error, r.Result)
				}
				return res
			}
			problem := func(res result, symbol string, structured bool) map[string]any {
				t.Helper()
				var doc map[string]any
				if !res.IsError || json.Unmarshal([]byte(res.Content[0].Text), &doc) != nil || doc["symbol"] != symbol {
					t.Fatalf("want the isError result of %s, got %+v", symbol, res)
				}
				if structured != (res.StructuredContent != nil) || structured && res.StructuredContent["symbol"] != symbol {
					t.Errorf("structuredContent %v, want the document: %v", res.StructuredContent, structured)
				}
				return doc
			}
			if res := call("read_file", small); res.IsError || res.Content[0].Text != "hello" {
				t.Errorf("a small file: %+v", res)
			}
			if doc := problem(call("read_file", large), "E_FS_FILE_TOO_LARGE", !fast); doc["actual"] != float64(2<<20) || doc["limit"] != float64(1<<20) {
				t.Errorf("a large file: %v", doc)
			}
			problem(call("read_file", missing), "E_INTERNAL", !fast)
			if fast {
				problem(call("file_size", missing), "E_INTERNAL", true)
			}
			if res := call("no_such_tool", small); !res.IsError || strings.Contains(res.Content[0].Text, "E_INTERNAL") {
				t.Errorf("an unknown tool: want the SDK's own isError result, got %+v", res)
			}
			_ = d.stdin.Close()
			_ = d.cmd.Wait()
			if strings.Contains(d.wire.String(), "no-such-file-of-alice") {
				t.Errorf("the path crossed the wire:\n%s", d.wire.String())
			}
			logs := d.stderr.String()
			for _, want := range []string{"tools/call read_file: FileNotFoundError raised; the client got E_INTERNAL", "Traceback (most recent call last)", "no-such-file-of-alice"} {
				if !strings.Contains(logs, want) {
					t.Errorf("the server's log lacks %q:\n%s", want, logs)
				}
			}
		})
	}
}

// TestGuidePythonHTTP runs the Python guide's FastAPI app under its test
// ("HTTP"), as the page gives them: with Starlette's TestClient made with
// raise_server_exceptions=False, the catalog's error is its problem
// document and any other exception the fallback without its text.
func TestGuidePythonHTTP(t *testing.T) {
	pythonBin(t)
	page := guidePage(t, "python.md")
	i := strings.Index(page, "\n## HTTP (`[starlette]`)\n")
	if i < 0 {
		t.Fatal("python.md has no section HTTP")
	}
	blocks := regexp.MustCompile("(?s)```python\n(.*?)```").FindAllStringSubmatch(page[i:], 2)
	if len(blocks) < 2 || !strings.Contains(blocks[0][1], "FastAPI()") || !strings.Contains(blocks[1][1], "raise_server_exceptions=False") {
		t.Fatal("the section HTTP has no FastAPI app followed by its test")
	}
	dir := t.TempDir()
	repo := errgentest.Model(t, catalog.OSFS{}, filepath.Join(repoRoot(t), "catalog", "errors.yaml"))
	pythonPackage(t, repo, dir)
	errgentest.WriteFile(t, dir, "app.py", blocks[0][1])
	errgentest.WriteFile(t, dir, "check_app.py", blocks[1][1])
	runPython(t, dir, nil, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", filepath.Join(dir, ".mypy"), "app.py", "check_app.py")
	runPython(t, dir, nil, "check_app.py")
	// Without raise_server_exceptions=False the test gets the exception, its text included.
	errgentest.WriteFile(t, dir, "check_raises.py", strings.Replace(blocks[1][1], "raise_server_exceptions=False", "", 1))
	if out, err := pythonOutput(t, dir, "check_raises.py"); err == nil || !strings.Contains(out, "/srv/files/notes.txt") {
		t.Errorf("TestClient without raise_server_exceptions=False: %v\n%s", err, out)
	}
}

// pythonOutput runs a script with the test environment's Python in dir and
// returns its output and how it exited.
func pythonOutput(t *testing.T, dir string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command(pythonBin(t), args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1")
	out, err := cmd.CombinedOutput()
	return string(out), err
}
