package endtoend

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/errgen/errgen/internal/errgentest"
)

const serverCatalog = `errgen: 1
name: demo
version: 1.0.0
problem_base: https://errors.demo.example/
fallback: E_INTERNAL
domains:
  common: {range: [1000, 1099]}
  files: {range: [2500, 2599], prefix: FS}
details:
  resource_limit:
    type: object
    required: [resource, limit, actual, unit]
    properties:
      resource: {type: string}
      limit: {type: integer}
      actual: {type: integer}
      unit: {type: string}
errors:
  E_INTERNAL: {code: 1000, title: Internal error, message: An internal error occurred, doc: Nothing is disclosed.}
  E_FS_FILE_TOO_LARGE:
    code: 2502
    title: File too large
    message: "File is {actual} {unit}; the limit is {limit} {unit}"
    status: 413
    wire_code: -32602
    details: resource_limit
    doc: Raised when a file exceeds the read limit.
`

const serverMain = `package main

//go:generate go tool errgen generate -go fserrors

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"

	"example.com/filestore/fserrors"
)

func readFile() error {
	return fmt.Errorf("read: %w", fserrors.NewFsFileTooLarge(fserrors.ResourceLimit{
		Resource: "file_size", Limit: 1048576, Actual: 5242880, Unit: "bytes"}))
}

func main() {
	http.HandleFunc("/rpc", func(w http.ResponseWriter, r *http.Request) {
		e := fserrors.From(readFile())
		w.Header().Set("Content-Type", "application/json")
		body := []byte(` + "`" + `{"jsonrpc":"2.0","id":1,"error":` + "`" + `)
		body = e.AppendJSONRPC(body, nil)
		w.Write(append(body, '}'))
	})
	http.HandleFunc("/problem", func(w http.ResponseWriter, r *http.Request) {
		fserrors.Catalog.WriteProblem(w, readFile(), nil)
	})
	http.HandleFunc("/unknown", func(w http.ResponseWriter, r *http.Request) {
		fserrors.Catalog.WriteProblem(w, errors.New("dial tcp 10.0.0.7:5432: secret"), nil)
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println(ln.Addr().String())
	http.Serve(ln, nil)
}
`

// The guide's way to use errgen from another module, command by command
// (TestReadmeModuleFlow holds the guide to them): a replace until the
// module is published, errgen as a Go tool, the starter catalog, the line
// that runs errgen from go generate, and the CI check of what go generate
// writes.
var (
	readmeSetup = []string{
		"go mod edit -replace github.com/errgen/errgen=../errgen",
		"go get -tool github.com/errgen/errgen/cmd/errgen",
		"go tool errgen init .",
		"go mod tidy",
	}
	readmeGenerateLine = "//go:generate go tool errgen generate -go fserrors"
	readmeBuild        = []string{"go generate ./...", "go build ./...", "go vet ./..."}
	readmeCI           = []string{"go generate ./...", "git status --short", `test -z "$(git status --porcelain)"`}
	// how the guide has the editor schema init wrote replaced after an
	// upgrade of errgen
	readmeSchemaRefresh = `cat "$(go list -m -f '{{.Dir}}' github.com/errgen/errgen)/schema/catalog.schema.json" > catalog/catalog.schema.json`
)

// TestGoGenerateEndToEnd follows the guide from a fresh module outside the
// repo: go mod init, a replace pointing at this checkout (as ../errgen),
// go get -tool, go tool errgen init ., go mod tidy, then the server's code
// with its go:generate line, go generate, go build and go vet. It checks
// the server's JSON-RPC and problem replies with a real HTTP client, and
// the guide's CI recipe: it passes on the committed outputs and fails on a
// catalog change that was not regenerated.
//
// The go command runs offline (GOPROXY=off, GOSUMDB=off; the modules come
// from the module cache, which make test fills with go mod download all:
// go mod tidy in the server module loads the tests of errgen's
// dependencies too, so it needs modules a build of errgen does not): the
// unpublished module path is then looked up nowhere, as a module proxy that
// answers "not found" lets go get do.
func TestGoGenerateEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module: skipped in -short mode")
	}
	work := t.TempDir()
	if err := os.Symlink(repoRoot(t), filepath.Join(work, "errgen")); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(work, "filestore")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	sh := func(script string) string {
		t.Helper()
		out, err := shIn(dir, script)
		if err != nil {
			t.Fatalf("%s: %v\n%s", script, err, out)
		}
		return out
	}
	sh("go mod init example.com/filestore")
	var initOut string
	for _, step := range readmeSetup {
		out := sh(step)
		if step == "go tool errgen init ." {
			initOut = out
		}
	}
	if want := "wrote catalog/errors.yaml and catalog/catalog.schema.json\nnext: go tool errgen check\n      go tool errgen generate\n"; initOut != want {
		t.Errorf("go tool errgen init .: %q, want %q", initOut, want)
	}
	if out := sh("go tool errgen check"); !strings.Contains(out, "catalog/errors.yaml: ok: 3 errors") {
		t.Errorf("go tool errgen check: %q", out)
	}
	starter, err := os.ReadFile(filepath.Join(dir, "catalog", "errors.yaml"))
	if err != nil || !strings.Contains(string(starter), "\nname: filestore ") {
		t.Errorf("the starter catalog is not named after the directory: %v\n%s", err, starter)
	}
	// the editor schema the starter points at, and the guide's way to
	// replace it from the module the go command fetched, which gives the
	// same file
	if !strings.HasPrefix(string(starter), "# yaml-language-server: $schema=catalog.schema.json\n") {
		t.Errorf("the starter points editors elsewhere: %q", strings.SplitN(string(starter), "\n", 2)[0])
	}
	written, err := os.ReadFile(filepath.Join(dir, "catalog", "catalog.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	sh(readmeSchemaRefresh)
	if again, err := os.ReadFile(filepath.Join(dir, "catalog", "catalog.schema.json")); err != nil || !bytes.Equal(again, written) {
		t.Errorf("the guide's refresh of the editor schema gives another file: %v", err)
	}
	if !strings.Contains(serverMain, "\n"+readmeGenerateLine+"\n") {
		t.Fatal("the server lacks the guide's go:generate line")
	}
	errgentest.WriteFile(t, dir, "catalog/errors.yaml", serverCatalog) // the user's own errors
	errgentest.WriteFile(t, dir, "main.go", serverMain)
	for _, step := range readmeBuild {
		sh(step)
	}
	gen, err := os.ReadFile(filepath.Join(dir, "fserrors", "errors.go"))
	if err != nil || !strings.Contains(string(gen), "\npackage fserrors\n") {
		t.Fatalf("go generate wrote no package fserrors: %v", err)
	}
	// the output the go:generate line names, and no other
	for _, f := range []string{"gen", "schema", "docs"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			t.Errorf("go generate -go fserrors wrote %s too", f)
		}
	}
	sh("go build -o server .")
	checkServer(t, filepath.Join(dir, "server"))

	// The CI recipe passes on the committed outputs, and so does -check
	// with the go:generate line's flags.
	sh("git init -q && git add -A && git -c user.name=ci -c user.email=ci@example.com commit -qm outputs")
	ci := strings.Join(readmeCI, " && ")
	sh(ci)
	sh("go tool errgen generate -go fserrors -check")
	// A catalog change that was not regenerated fails it, naming the
	// files: a changed one, a new one (of a new domain) and the record
	// listing them.
	data := strings.Replace(serverCatalog, "errors:\n", "errors:\n  E_FS_GONE: {code: 2503, title: Gone, message: The file is gone, status: 410, doc: Deleted.}\n"+
		"  E_QUOTA: {code: 3000, title: Over quota, message: The quota is spent, status: 429, doc: Spent.}\n", 1)
	data = strings.Replace(data, "domains:\n", "domains:\n  quota: {range: [3000, 3099]}\n", 1)
	errgentest.WriteFile(t, dir, "catalog/errors.yaml", data)
	sh("git add catalog && git -c user.name=ci -c user.email=ci@example.com commit -qm 'add an error'")
	out, err := shIn(dir, ci)
	if err == nil || !strings.Contains(out, " M fserrors/files_errors.go") || !strings.Contains(out, "?? fserrors/quota_errors.go") || !strings.Contains(out, " M fserrors/.errgen-") {
		t.Errorf("the CI recipe on stale outputs: %v\n%s", err, out)
	}
}

// shIn runs a shell script in dir with the go command offline and no
// workspace, returning its combined output.
func shIn(dir, script string) (string, error) {
	cmd := exec.Command("sh", "-c", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOPROXY=off", "GOSUMDB=off", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// checkServer starts the server binary and checks its replies with a real
// HTTP client.
func checkServer(t *testing.T, bin string) {
	t.Helper()
	srv := exec.Command(bin)
	stdout, _ := srv.StdoutPipe()
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = srv.Process.Kill(); _ = srv.Wait() }()
	addr, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + strings.TrimSpace(addr)
	client := &http.Client{Timeout: 10 * time.Second}
	get := func(path string) (*http.Response, map[string]any) {
		resp, err := client.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		var doc map[string]any
		if err := json.NewDecoder(bytes.NewReader(body)).Decode(&doc); err != nil {
			t.Fatalf("%s: %v: %s", path, err, body)
		}
		return resp, doc
	}

	_, rpc := get("/rpc")
	rpcErr, _ := rpc["error"].(map[string]any)
	if rpc["jsonrpc"] != "2.0" || rpcErr["code"] != -32602.0 || rpcErr["message"] != "File is 5242880 bytes; the limit is 1048576 bytes" ||
		path(rpcErr, "data", "symbol") != "E_FS_FILE_TOO_LARGE" || path(rpcErr, "data", "context", "details", "limit") != 1048576.0 {
		t.Errorf("JSON-RPC reply: %v", rpc)
	}
	resp, problem := get("/problem")
	if resp.StatusCode != 413 || resp.Header.Get("Content-Type") != "application/problem+json" ||
		problem["type"] != "https://errors.demo.example/fs-file-too-large" || problem["actual"] != 5242880.0 {
		t.Errorf("problem reply %d %q: %v", resp.StatusCode, resp.Header.Get("Content-Type"), problem)
	}
	resp, unknown := get("/unknown")
	if resp.StatusCode != 500 || unknown["symbol"] != "E_INTERNAL" || strings.Contains(jsonText(unknown), "10.0.0.7") {
		t.Errorf("unknown error reply %d: %v", resp.StatusCode, unknown)
	}
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
