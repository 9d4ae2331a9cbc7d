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
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
)

// TestGuideRustMCPServer builds the MCP server of the Rust guide ("An MCP
// server over stdio": its Cargo.toml and src/main.rs, as the page gives
// them) against the crate of the repository's catalog, with clippy's
// warnings denied, and drives it over stdio with raw JSON-RPC lines:
// read_file of a small file answers its text, of a file over the limit an
// isError tool result carrying the problem document of
// E_FS_FILE_TOO_LARGE, of a missing file the fallback's, its path not on
// the wire.
func TestGuideRustMCPServer(t *testing.T) {
	cargo(t)
	page := guidePage(t, "rust.md")
	i := strings.Index(page, "\n### An MCP server over stdio\n")
	if i < 0 {
		t.Fatal("rust.md has no section An MCP server over stdio")
	}
	section := page[i:]
	manifest := regexp.MustCompile("(?s)```toml\n(.*?)```").FindStringSubmatch(section)
	program := regexp.MustCompile("(?s)```rust\n(.*?)```").FindStringSubmatch(section)
	if manifest == nil || program == nil || !strings.Contains(program[1], "fn main()") {
		t.Fatal("the section has no Cargo.toml and program")
	}
	const dep = `mcp-errors = { path = "gen/rust", features = ["rmcp"] }`
	if !strings.Contains(manifest[1], dep) {
		t.Fatalf("the section's Cargo.toml has no line %s", dep)
	}
	repo := errgentest.Model(t, catalog.OSFS{}, filepath.Join(repoRoot(t), "catalog", "errors.yaml"))
	ws := rustWorkspace(t, map[string][]gen.File{
		"mcp": rustCrate(t, repo),
		"server": {
			{Path: "Cargo.toml", Data: []byte(strings.Replace(manifest[1], `path = "gen/rust"`, `path = "../mcp"`, 1))},
			{Path: "src/main.rs", Data: []byte(program[1])},
		},
	})
	cargoIn(t, ws, "clippy", "-q", "-p", "files-server", "--", "-D", "warnings")
	cargoIn(t, ws, "build", "-q", "-p", "files-server")

	files := t.TempDir()
	small := filepath.Join(files, "small.txt")
	large := filepath.Join(files, "large.bin")
	if err := os.WriteFile(small, []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(large, make([]byte, 2<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(files, "secret-plans", "missing.txt")
	var in bytes.Buffer
	in.WriteString(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}` + "\n")
	in.WriteString(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n")
	in.WriteString(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}` + "\n")
	for i, path := range []string{small, large, missing} {
		fmt.Fprintf(&in, `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"read_file","arguments":{"path":%q}}}`+"\n", 10+i, path)
	}
	cmd := exec.Command(filepath.Join(targetDir(t), "debug", "files-server"))
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the server: %v\n%s", err, stderr.String())
	}
	type result struct {
		Content []struct{ Type, Text string }
		IsError bool
		Tools   []struct {
			Name        string
			InputSchema struct {
				Properties map[string]any
			}
		}
	}
	byID := map[int]result{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var r struct {
			ID     int
			Result result
			Error  any
		}
		if err := json.Unmarshal([]byte(line), &r); err != nil || r.Error != nil {
			t.Fatalf("the server answered %q (%v)", line, err)
		}
		byID[r.ID] = r.Result
	}
	if tools := byID[2].Tools; len(tools) != 1 || tools[0].Name != "read_file" || tools[0].InputSchema.Properties["path"] == nil {
		t.Errorf("tools/list: %+v", tools)
	}
	if r := byID[10]; r.IsError || len(r.Content) != 1 || r.Content[0].Text != "hello" {
		t.Errorf("read_file of a small file: %+v", r)
	}
	problem := func(id int) map[string]any {
		t.Helper()
		r := byID[id]
		var doc map[string]any
		if !r.IsError || len(r.Content) != 1 || json.Unmarshal([]byte(r.Content[0].Text), &doc) != nil {
			t.Fatalf("call %d: want an isError tool result carrying a problem document, got %+v", id, r)
		}
		return doc
	}
	if doc := problem(11); doc["symbol"] != "E_FS_FILE_TOO_LARGE" || doc["status"] != 413.0 || doc["actual"] != float64(2<<20) {
		t.Errorf("read_file of a large file: %v", doc)
	}
	if doc := problem(12); doc["symbol"] != "E_INTERNAL" {
		t.Errorf("read_file of a missing file: %v", doc)
	}
	if strings.Contains(string(out), "secret-plans") {
		t.Errorf("a path crossed the wire:\n%s", out)
	}
	if !strings.Contains(stderr.String(), "secret-plans") {
		t.Errorf("the server's log lacks the failure's cause:\n%s", stderr.String())
	}
}
