package endtoend

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMCPEndToEnd builds, outside the repo, a go-sdk MCP server from
// testdata/mcp (its catalog, the generated package and
// errgenmcp.Middleware with the zero options), and runs the client in
// testdata/mcp/client: the official TypeScript SDK spawns the server over
// stdio, calls tools that fail every way, and narrows each failure with the
// generated TypeScript package. Every byte between the two is captured: no
// secret and no cause text may cross, while the server's own log keeps
// the causes (and no sensitive value).
func TestMCPEndToEnd(t *testing.T) {
	root := repoRoot(t)
	src := filepath.Join(root, "internal", "endtoend", "testdata", "mcp")
	read := func(name string) string {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(src, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	dir := tempModule(t, "example.com/mcpserver", map[string]string{
		"errors.yaml":  read("errors.yaml"),
		"main.go":      read("server/main.go"),
		"client.ts":    read("client/client.ts"),
		"package.json": `{"private": true, "type": "module"}`,
		"tsconfig.json": `{"compilerOptions": {"strict": true, "noUncheckedIndexedAccess": true, "exactOptionalPropertyTypes": true,
			"module": "nodenext", "moduleResolution": "nodenext", "target": "es2022", "lib": ["es2022"], "types": ["node"],
			"skipLibCheck": true}, "files": ["client.ts"]}`,
	})
	generateIn(t, dir, "fileserrors")
	goIn(t, dir, "mod", "tidy")
	goIn(t, dir, "vet", "./...")
	goIn(t, dir, "build", "-o", "server", ".")

	tsc := filepath.Join(root, "node_modules", "typescript", "bin", "tsc")
	if _, err := os.Stat(filepath.Join(root, "node_modules", "@modelcontextprotocol", "sdk")); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("the MCP TypeScript SDK is not installed (run npm ci): %v", err)
		}
		t.Skip("the MCP TypeScript SDK is not installed; make test installs it")
	}
	if err := os.Symlink(filepath.Join(root, "node_modules"), filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	run := func(name string, args ...string) string {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	run("node", tsc, "-p", "tsconfig.json")
	// The client spawns a shell that copies both directions of the stdio
	// stream to files.
	out := run("node", "client.js", "sh", "-c", "tee stdin.log | ./server 2>stderr.log | tee stdout.log")
	if !strings.HasSuffix(out, "ok\n") {
		t.Fatalf("client: %s", out)
	}

	wire := map[string]string{}
	for _, name := range []string{"stdin.log", "stdout.log", "stderr.log"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		wire[name] = string(b)
	}
	if !strings.Contains(wire["stdout.log"], `"symbol":"E_POLICY_ENV_NOT_ALLOWED"`) || !strings.Contains(wire["stdin.log"], `"tools/call"`) {
		t.Fatalf("the captured stream lacks the calls:\n%s\n%s", wire["stdin.log"], wire["stdout.log"])
	}
	// What only the server knows: the causes, a sensitive detail value, a
	// verbose-only field, credentials in a wrapped error's text.
	secrets := []string{"hunter2", "/home/alice", "lookup in", "query failed", "relay", "raw:", "upstream.internal", "policy.yaml", "fetch http"}
	for _, name := range []string{"stdin.log", "stdout.log"} {
		for _, s := range secrets {
			if strings.Contains(wire[name], s) {
				t.Errorf("%s carries %q:\n%s", name, s, wire[name])
			}
		}
	}
	// The client sent the variable's name; the server never sends it back.
	if strings.Contains(wire["stdout.log"], "AWS_SECRET_ACCESS_KEY") {
		t.Errorf("the server echoed the sensitive variable:\n%s", wire["stdout.log"])
	}
	// The server's log has the verbose form: the causes, and no sensitive
	// value (the occurrences do not opt in with WithLogSensitive).
	for _, s := range []string{"db password hunter2", `"symbol":"E_FS_FILE_TOO_LARGE"`, "Environment variable \u003credacted\u003e"} {
		if !strings.Contains(wire["stderr.log"], s) {
			t.Errorf("the server's log lacks %q:\n%s", s, wire["stderr.log"])
		}
	}
	if strings.Contains(wire["stderr.log"], "AWS_SECRET_ACCESS_KEY") {
		t.Errorf("the server's log holds the sensitive value:\n%s", wire["stderr.log"])
	}
}
