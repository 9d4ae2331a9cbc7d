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

//go:generate go run github.com/errgen/errgen/cmd/errgen generate -catalog errors.yaml -go demoerrors

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"

	"example.com/server/demoerrors"
)

func readFile() error {
	return fmt.Errorf("read: %w", demoerrors.NewFsFileTooLarge(demoerrors.ResourceLimit{
		Resource: "file_size", Limit: 1048576, Actual: 5242880, Unit: "bytes"}))
}

func main() {
	http.HandleFunc("/rpc", func(w http.ResponseWriter, r *http.Request) {
		e := demoerrors.From(readFile())
		w.Header().Set("Content-Type", "application/json")
		body := []byte(` + "`" + `{"jsonrpc":"2.0","id":1,"error":` + "`" + `)
		body = e.AppendJSONRPC(body, nil)
		w.Write(append(body, '}'))
	})
	http.HandleFunc("/problem", func(w http.ResponseWriter, r *http.Request) {
		demoerrors.Catalog.WriteProblem(w, readFile(), nil)
	})
	http.HandleFunc("/unknown", func(w http.ResponseWriter, r *http.Request) {
		demoerrors.Catalog.WriteProblem(w, errors.New("dial tcp 10.0.0.7:5432: secret"), nil)
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

const serverTools = `//go:build tools

package main

import _ "github.com/errgen/errgen/cmd/errgen"
`

// TestGoGenerateEndToEnd builds a throwaway server module outside the repo
// that runs errgen from go generate, then checks its JSON-RPC and problem
// replies with a real HTTP client.
func TestGoGenerateEndToEnd(t *testing.T) {
	dir := tempModule(t, "example.com/server", map[string]string{"errors.yaml": serverCatalog, "main.go": serverMain, "tools.go": serverTools})
	goCmd := func(args ...string) string { t.Helper(); return goIn(t, dir, args...) }
	goCmd("generate", "./...")
	goCmd("mod", "tidy")
	if _, err := os.Stat(filepath.Join(dir, "demoerrors", "errors.go")); err != nil {
		t.Fatalf("go generate wrote no package: %v", err)
	}
	goCmd("vet", "./...")
	goCmd("build", "-o", "server", ".")

	srv := exec.Command(filepath.Join(dir, "server"))
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
