package endtoend

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/conformance"
	"github.com/errgen/errgen/internal/gen/jsonschema"
	"github.com/errgen/errgen/internal/gen/python"
	"github.com/errgen/errgen/internal/gencatalog"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/runtimemodel"
	sjs "github.com/santhosh-tekuri/jsonschema/v6"
)

// The Python package errgen generates (internal/gen/python) and its
// runtime (runtime/python), against the Go runtime and the tools Python
// users hold a package to: the golden packages, errgen conformance with
// the package's runner over the vectors of every catalog the tests check,
// hostile catalogs compiled, mypy --strict over a user's module, and MCP
// servers on the official SDK driven by raw JSON-RPC lines.

// pythonBin returns the Python of the test environment make test creates
// (.venv-test at the repository's root: the runtime's requirements-dev.txt,
// pinned and hashed), or the one ERRGEN_PYTHON names; it skips the test
// when there is none outside CI.
func pythonBin(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("runs Python: skipped in -short mode")
	}
	py, ok := pythonEnv(t)
	if !ok {
		t.Skip("no Python test environment (.venv-test: make test creates it)")
	}
	return py
}

// pythonEnv returns the Python of the test environment, as pythonBin does,
// and whether there is one; in CI its absence fails the test.
func pythonEnv(t *testing.T) (string, bool) {
	t.Helper()
	py := os.Getenv("ERRGEN_PYTHON")
	if py == "" {
		py = filepath.Join(repoRoot(t), ".venv-test", "bin", "python")
	}
	if _, err := os.Stat(py); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("no Python test environment at %s (make test creates it): %v", py, err)
		}
		return "", false
	}
	return py, true
}

// pythonPackage generates the Python package of m into dir and returns its
// import name.
func pythonPackage(t *testing.T, m *model.Catalog, dir string) string {
	t.Helper()
	files, err := python.Generate(gen.NewInput(m), python.Options{})
	if err != nil {
		t.Fatal(err)
	}
	writeFiles(t, dir, files)
	return python.PackageName(m.Name)
}

// runPython runs the test environment's Python with args in dir and
// returns its standard output, failing the test on a non-zero exit.
func runPython(t *testing.T, dir string, stdin []byte, args ...string) string {
	t.Helper()
	cmd := exec.Command(pythonBin(t), args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1")
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python %s: %v\n%s%s", strings.Join(args, " "), err, out, stderr.String())
	}
	return string(out)
}

// TestGoldenPython regenerates the Python package of every golden catalog
// and compares it with testdata/golden/NAME/python, both ways (go test
// -update rewrites them).
func TestGoldenPython(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(c.name, func(t *testing.T) {
			m := errgentest.Model(t, catalog.OSFS{}, c.catalog)
			want := filepath.Join(c.dir, "python")
			files, err := python.Generate(gen.NewInput(m), python.Options{Source: c.source(want)})
			if err != nil {
				t.Fatal(err)
			}
			compareDir(t, want, files)
		})
	}
}

// pythonCatalogs are the catalogs the Python tests run on: those whose
// vectors the tests check (conformanceCatalogs), and one whose names and
// texts take every length.
func pythonCatalogs(t *testing.T) map[string]*model.Catalog {
	catalogs := conformanceCatalogs(t)
	catalogs["widths"] = errgentest.Model(t, catalog.MapFS{"errors.yaml": gencatalog.Widths(1, 70)}, "errors.yaml")
	return catalogs
}

// TestPythonConformance runs errgen conformance on the runner of the
// Python package (python -m PACKAGE.conformance) of every catalog whose
// vectors the tests check: every payload must be the Go runtime's, byte
// for byte. Each package also compiles (py_compile of every module, the
// hostile catalog's texts in its docstrings, names and literals
// included).
func TestPythonConformance(t *testing.T) {
	pythonBin(t)
	catalogs := pythonCatalogs(t)
	names := make([]string, 0, len(catalogs))
	for name := range catalogs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		m := catalogs[name]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			pkg := pythonPackage(t, m, dir)
			runPython(t, dir, nil, "-W", "error", "-m", "compileall", "-q", pkg)
			files, err := conformance.Generate(gen.NewInput(m), conformance.Options{File: "vectors.json"})
			if err != nil {
				t.Fatal(err)
			}
			errgentest.WriteFile(t, dir, "vectors.json", string(files[0].Data))
			stdout, stderr, exit := runCLI(t, dir, "conformance", "-vectors", "vectors.json", "--", pythonBin(t), "-m", pkg+".conformance")
			if exit != 0 || !strings.Contains(stdout, "every payload matches") || !strings.Contains(stdout, "advice answers match") || strings.Contains(stdout, "without advice") {
				t.Fatalf("errgen conformance: exit %d\n%s%s", exit, stdout, stderr)
			}
			t.Log(strings.TrimSpace(stdout))
		})
	}
}

// TestPythonRuntimeVariants feeds the runner of each catalog's package
// more inputs than the vectors — each example, variants of it and its
// strings made hostile, under many option sets (convVectors) — and holds
// every answer to what errgenrt renders for the same input, or, for
// details of another type than their nodes', to the error answer.
func TestPythonRuntimeVariants(t *testing.T) {
	pythonBin(t)
	catalogs := convCatalogs(t)
	names := make([]string, 0, len(catalogs))
	for name := range catalogs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		m := catalogs[name]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			pkg := pythonPackage(t, m, dir)
			vectors := convVectors(m)
			var stdin bytes.Buffer
			for _, v := range vectors {
				line, err := json.Marshal(v)
				if err != nil {
					t.Fatal(err)
				}
				stdin.Write(append(line, '\n'))
			}
			out := runPython(t, dir, stdin.Bytes(), "-m", pkg+".conformance")
			answers := map[string]map[string]any{}
			for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
				var a map[string]any
				if err := json.Unmarshal([]byte(line), &a); err != nil {
					t.Fatalf("an answer is no JSON object: %v: %.200s", err, line)
				}
				id, _ := a["id"].(string)
				answers[id] = a
			}
			checkVariantAnswers(t, m, vectors, answers)
		})
	}
}

// checkVariantAnswers holds a runner's answers to convVectors(m) to what
// errgenrt renders for each input, or to the error answer for details
// every runner refuses.
func checkVariantAnswers(t *testing.T, m *model.Catalog, vectors []convVector, answers map[string]map[string]any) {
	t.Helper()
	rm := runtimemodel.Build(gen.NewInput(m))
	failures, rejected := 0, 0
	for _, v := range vectors {
		a := answers[v.ID]
		if a == nil {
			t.Errorf("%s: no answer", v.ID)
			failures++
			continue
		}
		msg, failed := a["error"].(string)
		if v.Input.Kind == "error" && tsRefused(rm.Facts, v.Input.Symbol, v.Input.Details) {
			rejected++
			if !failed || !strings.HasPrefix(msg, "details") {
				t.Errorf("%s: details of another type than their nodes', want the error answer, got %v", v.ID, a)
				failures++
			}
			continue
		}
		if failed {
			t.Errorf("%s: the runner failed: %s", v.ID, msg)
			failures++
			continue
		}
		payloads, _ := a["payloads"].(map[string]any)
		want := v.Input.render(rm, m)
		for _, f := range convFormats {
			got, _ := payloads[f].(string)
			if got != want[f] {
				failures++
				if failures <= 10 {
					in, _ := json.Marshal(v.Input)
					t.Errorf("%s %s: %s\ninput %.2000s", v.ID, f, byteDiff(got, want[f]), in)
				}
			}
		}
		if failures > 50 {
			break
		}
	}
	if failures > 10 {
		t.Errorf("%d mismatches in all, of %d vectors", failures, len(vectors))
	}
	if len(answers) != len(vectors) {
		t.Errorf("%d answers to %d vectors", len(answers), len(vectors))
	}
	t.Logf("%d vectors, %d of them refused", len(vectors), rejected)
}

// rpcDriver talks raw JSON-RPC, one line a message, to a server over its
// standard streams, and keeps every byte the server wrote.
type rpcDriver struct {
	t      *testing.T
	stdin  io.WriteCloser
	lines  chan []byte
	wire   bytes.Buffer
	cmd    *exec.Cmd
	stderr *bytes.Buffer
}

func startRPC(t *testing.T, dir string, args ...string) *rpcDriver {
	t.Helper()
	cmd := exec.Command(pythonBin(t), args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1", "PYTHONPATH="+dir)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	d := &rpcDriver{t: t, stdin: stdin, lines: make(chan []byte, 64), cmd: cmd, stderr: &bytes.Buffer{}}
	cmd.Stderr = d.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 16<<20)
		for sc.Scan() {
			d.lines <- append([]byte(nil), sc.Bytes()...)
		}
		close(d.lines)
	}()
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	return d
}

// send writes one message; call also waits for the response of its id.
func (d *rpcDriver) send(msg string) {
	if _, err := io.WriteString(d.stdin, msg+"\n"); err != nil {
		d.t.Fatalf("writing %s: %v\n%s", msg, err, d.stderr.String())
	}
}

type rpcResponse struct {
	ID     *int            `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int64           `json:"code"`
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data"`
	} `json:"error"`
}

func (d *rpcDriver) call(id int, method, params string) rpcResponse {
	d.t.Helper()
	d.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":%q,"params":%s}`, id, method, params))
	timeout := time.After(60 * time.Second)
	for {
		select {
		case line, ok := <-d.lines:
			if !ok {
				d.t.Fatalf("the server stopped before answering %d:\n%s", id, d.stderr.String())
			}
			d.wire.Write(append(line, '\n'))
			var r rpcResponse
			if err := json.Unmarshal(line, &r); err != nil {
				d.t.Fatalf("a line of the server's output is no JSON-RPC message: %q: %v", line, err)
			}
			if r.ID != nil && *r.ID == id {
				return r
			}
		case <-timeout:
			d.t.Fatalf("no answer to %d:\n%s", id, d.stderr.String())
		}
	}
}

// TestPythonMCPServer drives an MCP server on the official Python SDK
// (testdata/mcp/python/server.py, a FastMCP server and a low-level one,
// the generated package's handle_errors installed after and before their
// tools) over stdio with raw JSON-RPC lines: every failing tool answers in
// the catalog's form — the isError result carrying the problem document as
// text and as structured content (left out for a tool with an output
// schema), the JSON-RPC error for mcp: {tool_errors: error}, the fallback
// for a foreign exception — the SDK's own failures pass unchanged, no
// secret crosses the wire, and the server's log has the causes but no
// sensitive value. Every problem document and JSON-RPC error the servers
// sent is then held to the catalog's schema by Ajv in strict mode and
// narrowed to its symbol by the TypeScript package's parsers
// (test/schema/payloads.mjs).
func TestPythonMCPServer(t *testing.T) {
	pythonBin(t)
	m := errgentest.Model(t, catalog.OSFS{}, filepath.Join("testdata", "mcp", "errors.yaml"))
	dir := t.TempDir()
	pythonPackage(t, m, dir)
	server, err := os.ReadFile(filepath.Join("testdata", "mcp", "python", "server.py"))
	if err != nil {
		t.Fatal(err)
	}
	errgentest.WriteFile(t, dir, "server.py", string(server))
	sch := docsSchema(t, m) // the catalog's wire schema, formats asserted
	var mu sync.Mutex
	var sent []wirePayload // what the servers sent, for Ajv
	keep := func(name, def, symbol string, payload []byte) {
		mu.Lock()
		defer mu.Unlock()
		sent = append(sent, wirePayload{Name: name, Def: def, Symbol: symbol, Payload: append(json.RawMessage(nil), payload...)})
	}
	t.Run("servers", func(t *testing.T) { pythonMCPServers(t, dir, sch, keep) })
	ajvPayloads(t, m, "mcp", sent)
}

func pythonMCPServers(t *testing.T, dir string, sch map[string]*sjs.Schema, keep func(name, def, symbol string, payload []byte)) {
	for _, mode := range []string{"fastmcp", "lowlevel"} {
		t.Run(mode, func(t *testing.T) {
			t.Parallel()
			d := startRPC(t, dir, "server.py", mode)
			if r := d.call(1, "initialize", `{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}`); r.Error != nil {
				t.Fatalf("initialize: %+v", r.Error)
			}
			d.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
			if r := d.call(2, "tools/list", `{}`); r.Error != nil || !strings.Contains(string(r.Result), `"read_env"`) {
				t.Fatalf("tools/list: %+v %s", r.Error, r.Result)
			}
			type toolResult struct {
				Content           []struct{ Type, Text string }
				StructuredContent map[string]any
				IsError           bool
			}
			problem := func(r rpcResponse, symbol string, structured bool) map[string]any {
				t.Helper()
				var tr toolResult
				if r.Error != nil || json.Unmarshal(r.Result, &tr) != nil || !tr.IsError || len(tr.Content) != 1 {
					t.Fatalf("want an isError tool result, got %+v %s", r.Error, r.Result)
				}
				var doc map[string]any
				if err := json.Unmarshal([]byte(tr.Content[0].Text), &doc); err != nil || doc["symbol"] != symbol {
					t.Fatalf("the text is not the problem document of %s: %s", symbol, tr.Content[0].Text)
				}
				if err := sch[jsonschema.DefProblemDetails].Validate(schDecode(t, []byte(tr.Content[0].Text))); err != nil {
					t.Errorf("the problem document does not validate: %v\n%s", err, tr.Content[0].Text)
				}
				keep(mode+" "+symbol, jsonschema.DefProblemDetails, symbol, []byte(tr.Content[0].Text))
				if structured && (tr.StructuredContent["symbol"] != symbol || tr.StructuredContent["detail"] != doc["detail"]) {
					t.Errorf("the structured content is not the problem document: %v", tr.StructuredContent)
				}
				if !structured && tr.StructuredContent != nil {
					t.Errorf("a tool with an output schema got structured content in its error result: %v", tr.StructuredContent)
				}
				return doc
			}
			call := func(id int, name string) rpcResponse {
				return d.call(id, "tools/call", fmt.Sprintf(`{"name":%q,"arguments":{}}`, name))
			}
			doc := problem(call(10, "read_file"), "E_FS_FILE_TOO_LARGE", true)
			if doc["status"] != 413.0 || doc["detail"] != "File is 5242880 bytes; the limit is 1048576 bytes" || doc["limit"] != 1048576.0 {
				t.Errorf("read_file: %v", doc)
			}
			r := call(11, "read_env")
			if r.Error == nil || r.Error.Code != 3002 || r.Error.Message != "Environment variable <redacted> is not allowed by the policy" {
				t.Fatalf("read_env: want the JSON-RPC error 3002, got %+v %s", r.Error, r.Result)
			}
			rpc, _ := json.Marshal(r.Error)
			if err := sch[jsonschema.DefJSONRPCError].Validate(schDecode(t, rpc)); err != nil {
				t.Errorf("the JSON-RPC error does not validate: %v\n%s", err, rpc)
			}
			keep(mode+" read_env", jsonschema.DefJSONRPCError, "E_POLICY_ENV_NOT_ALLOWED", rpc)
			var data struct {
				Symbol  string
				Context struct{ Details map[string]any }
			}
			if err := json.Unmarshal(r.Error.Data, &data); err != nil || data.Symbol != "E_POLICY_ENV_NOT_ALLOWED" || data.Context.Details["variable"] != "<redacted>" {
				t.Errorf("read_env: data %s", r.Error.Data)
			}
			if doc := problem(call(12, "fetch"), "E_INTERNAL", true); doc["detail"] != "An internal error occurred" {
				t.Errorf("fetch: %v", doc)
			}
			problem(call(13, "stat"), "E_FS_FILE_TOO_LARGE", false)
			if r := call(14, "ok"); r.Error != nil || !strings.Contains(string(r.Result), `ok: done`) {
				t.Errorf("ok: %+v %s", r.Error, r.Result)
			}
			// the SDK's own: an unknown tool is no catalog error
			r = call(15, "no_such_tool")
			if strings.Contains(string(r.Result), "E_INTERNAL") || r.Error != nil && strings.Contains(string(r.Error.Data), "E_INTERNAL") {
				t.Errorf("an unknown tool became the fallback: %+v %s", r.Error, r.Result)
			}
			if mode == "lowlevel" {
				// any other handler: the JSON-RPC error of its catalog error
				r := d.call(16, "resources/list", `{}`)
				if r.Error == nil || r.Error.Code != 3002 {
					t.Errorf("resources/list: want the JSON-RPC error 3002, got %+v %s", r.Error, r.Result)
				}
			}
			_ = d.stdin.Close()
			wire := d.wire.String()
			for _, secret := range []string{"AWS_SECRET_ACCESS_KEY", "/home/alice", "hunter2", "token=abc", "db.internal", "fetch failed"} {
				if strings.Contains(wire, secret) {
					t.Errorf("%q crossed the wire:\n%s", secret, wire)
				}
			}
			logs := d.stderr.String()
			for _, s := range []string{"hunter2", "fetch failed", "Environment variable <redacted>"} {
				if !strings.Contains(logs, s) {
					t.Errorf("the server's log lacks %q:\n%s", s, logs)
				}
			}
			if strings.Contains(logs, "AWS_SECRET_ACCESS_KEY") {
				t.Errorf("the server's log holds the sensitive value:\n%s", logs)
			}
		})
	}
}

// ajvPayloads holds payloads of m to its schema with Ajv in strict mode
// and to the TypeScript package's parsers (test/schema/payloads.mjs, the
// JavaScript half of TestWireContract).
func ajvPayloads(t *testing.T, m *model.Catalog, name string, payloads []wirePayload) {
	t.Helper()
	if t.Failed() {
		return
	}
	if len(payloads) == 0 {
		t.Fatal("no payload to hold to Ajv")
	}
	rootDir := repoRoot(t)
	if _, err := os.Stat(filepath.Join(rootDir, "node_modules", "ajv")); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("Ajv is not installed (run npm ci): %v", err)
		}
		t.Skip("Ajv is not installed; make test installs it")
	}
	dir := filepath.Join(t.TempDir(), name)
	schemaFile, err := jsonschema.Generate(gen.NewInput(m), jsonschema.Options{})
	if err != nil {
		t.Fatal(err)
	}
	errgentest.WriteFile(t, dir, "schema.json", string(schemaFile[0].Data))
	writePackage(t, m, filepath.Join(dir, "ts"))
	var lines []string
	for _, p := range payloads {
		b, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, string(b))
	}
	errgentest.WriteFile(t, dir, "payloads.jsonl", strings.Join(lines, "\n")+"\n")
	cmd := exec.Command("node", filepath.Join(rootDir, "test", "schema", "payloads.mjs"), filepath.Dir(dir))
	cmd.Dir = rootDir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("payloads.mjs: %v\n%s", err, out)
	}
	t.Log(strings.TrimSpace(string(out)))
}

// TestPythonTypes holds the generated packages to mypy --strict — the
// golden catalogs', the MCP test catalog's and the hostile, probe and
// widths catalogs' (every name and text a catalog may hold) — and a
// user's module to its types: the error classes take their details as
// keyword arguments, typed; new, error_of and from_error return the
// package's CatalogError; one that forgets a required detail, passes a
// value of another type or a detail the error does not have fails the
// check.
func TestPythonTypes(t *testing.T) {
	pythonBin(t)
	dir := t.TempDir()
	for _, c := range goldenCases(t) {
		pythonPackage(t, errgentest.Model(t, catalog.OSFS{}, c.catalog), dir)
	}
	pythonPackage(t, errgentest.Model(t, catalog.OSFS{}, filepath.Join("testdata", "mcp", "errors.yaml")), dir)
	for name, text := range map[string][]byte{"hostile": gencatalog.HostileCatalog(), "probe": gencatalog.ProbeCatalog(), "widths": gencatalog.Widths(1, 70)} {
		m := errgentest.Model(t, catalog.MapFS{"errors.yaml": text}, "errors.yaml")
		if got := pythonPackage(t, m, dir); got != name+"_errors" {
			t.Fatalf("package %s", got)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var pkgs []string
	for _, e := range entries {
		if e.IsDir() && strings.HasSuffix(e.Name(), "_errors") {
			pkgs = append(pkgs, e.Name())
		}
	}
	errgentest.WriteFile(t, dir, "user_ok.py", `from files_errors import CatalogError, FsFileTooLargeError, error_of, from_error, new, render_problem
from files_errors.details import ResourceLimit
from files_errors.policy_errors import PolicyEnvNotAllowedError


def read(size: int) -> str:
    if size > 1 << 20:
        raise FsFileTooLargeError(resource="file_size", limit=1 << 20, actual=size, unit="bytes", request_id="r1")
    raise PolicyEnvNotAllowedError(variable="HOME")


def limit(err: FsFileTooLargeError) -> int:
    details: ResourceLimit = err.details
    return details["limit"]


def answer(exc: Exception) -> str:
    return render_problem(from_error(exc))


def made(size: int) -> CatalogError:
    return new("E_FS_FILE_TOO_LARGE", {"resource": "file_size", "limit": 1, "actual": size, "unit": "bytes"})


def bare() -> CatalogError:
    return error_of("E_INTERNAL")


def caught(exc: Exception) -> CatalogError:
    return from_error(exc)
`)
	args := append([]string{"-m", "mypy", "--strict", "--no-incremental", "--cache-dir", filepath.Join(dir, ".mypy"), "user_ok.py"}, pkgs...)
	out := runPython(t, dir, nil, args...)
	t.Log(strings.TrimSpace(out))
	for name, tc := range map[string]struct{ call, want string }{
		"forgotten": {`FsFileTooLargeError(resource="file_size", limit=1, actual=2)`, `Missing named argument "unit"`},
		"type":      {`FsFileTooLargeError(resource="file_size", limit="1", actual=2, unit="bytes")`, `Argument "limit" to "FsFileTooLargeError" has incompatible type "str"; expected "int"`},
		"unknown":   {`FsFileTooLargeError(resource="file_size", limit=1, actual=2, unit="bytes", size=3)`, `Unexpected keyword argument "size"`},
		"option":    {`FsFileTooLargeError(resource="file_size", limit=1, actual=2, unit="bytes", status="413")`, `"status"`},
	} {
		file := "user_" + name + ".py"
		errgentest.WriteFile(t, dir, file, "from files_errors import FsFileTooLargeError\n\nerr = "+tc.call+"\n")
		cmd := exec.Command(pythonBin(t), "-m", "mypy", "--strict", "--cache-dir", filepath.Join(dir, ".mypy"), file)
		cmd.Dir = dir
		got, err := cmd.CombinedOutput()
		if err == nil || !strings.Contains(string(got), tc.want) {
			t.Errorf("%s: mypy --strict on %s: %v, want an error %q:\n%s", name, tc.call, err, tc.want, got)
		}
	}
}

// TestReadmePython runs the Python program of the README's tour ("A Python
// server") against the package of the repo's catalog, under mypy --strict
// and as an MCP server driven by raw JSON-RPC: a file past the limit is the
// catalog's problem document, a missing one the fallback without its
// path.
func TestReadmePython(t *testing.T) {
	pythonBin(t)
	m := regexp.MustCompile("(?s)```python\n(.*?)```").FindStringSubmatch(readmeSection(t, "### A Python server"))
	if m == nil || !strings.Contains(m[1], "server.run()") {
		t.Fatal("the section A Python server has no program")
	}
	repo := errgentest.Model(t, catalog.OSFS{}, filepath.Join(repoRoot(t), "catalog", "errors.yaml"))
	dir := t.TempDir()
	if pkg := pythonPackage(t, repo, dir); pkg != "mcp_errors" {
		t.Fatalf("the repo's package is %s, the README imports mcp_errors", pkg)
	}
	errgentest.WriteFile(t, dir, "server.py", m[1])
	errgentest.WriteFile(t, dir, "big.txt", strings.Repeat("x", 2<<20))
	// the guide's FastAPI app, type-checked beside it
	guide, err := os.ReadFile(filepath.Join(repoRoot(t), "docs", "guide", "python.md"))
	if err != nil {
		t.Fatal(err)
	}
	app := ""
	for _, b := range regexp.MustCompile("(?s)```python\n(.*?)```").FindAllStringSubmatch(string(guide), -1) {
		if strings.Contains(b[1], "FastAPI()") {
			app = b[1]
		}
	}
	if app == "" {
		t.Fatal("the guide has no FastAPI app")
	}
	errgentest.WriteFile(t, dir, "app.py", app)
	runPython(t, dir, nil, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", filepath.Join(dir, ".mypy"), "server.py", "app.py")
	d := startRPC(t, dir, "server.py")
	if r := d.call(1, "initialize", `{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}`); r.Error != nil {
		t.Fatalf("initialize: %+v", r.Error)
	}
	d.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	text := func(r rpcResponse) map[string]any {
		t.Helper()
		var tr struct {
			Content []struct{ Text string }
			IsError bool
		}
		var doc map[string]any
		if r.Error != nil || json.Unmarshal(r.Result, &tr) != nil || !tr.IsError || len(tr.Content) != 1 || json.Unmarshal([]byte(tr.Content[0].Text), &doc) != nil {
			t.Fatalf("want an isError result carrying a problem document, got %+v %s", r.Error, r.Result)
		}
		return doc
	}
	big := filepath.Join(dir, "big.txt")
	if doc := text(d.call(2, "tools/call", fmt.Sprintf(`{"name":"read_file","arguments":{"path":%q}}`, big))); doc["symbol"] != "E_FS_FILE_TOO_LARGE" || doc["actual"] != float64(2<<20) {
		t.Errorf("a big file: %v", doc)
	}
	missing := filepath.Join(dir, "no-such-file-of-alice.txt")
	if doc := text(d.call(3, "tools/call", fmt.Sprintf(`{"name":"read_file","arguments":{"path":%q}}`, missing))); doc["symbol"] != "E_INTERNAL" {
		t.Errorf("a missing file: %v", doc)
	}
	if strings.Contains(d.wire.String(), "no-such-file-of-alice") {
		t.Errorf("the path crossed the wire:\n%s", d.wire.String())
	}
}

// TestPythonInstall builds and installs the package of a golden catalog
// with pip and its standard build backend (hatchling), with no network and
// no dependency: installed, it imports, renders, and its runner answers
// from outside the source tree.
func TestPythonInstall(t *testing.T) {
	pythonBin(t)
	m := errgentest.Model(t, catalog.OSFS{}, goldenCases(t)[0].catalog)
	src := t.TempDir()
	pkg := pythonPackage(t, m, src)
	site := t.TempDir()
	runPython(t, src, nil, "-m", "pip", "install", "-q", "--no-index", "--no-deps", "--no-build-isolation", "--disable-pip-version-check", "--target", site, ".")
	if _, err := os.Stat(filepath.Join(site, pkg, "py.typed")); err != nil {
		t.Fatalf("the installed package has no py.typed: %v", err)
	}
	run := t.TempDir()
	cmd := exec.Command(pythonBin(t), "-m", pkg+".conformance")
	cmd.Dir = run
	cmd.Env = append(os.Environ(), "PYTHONPATH="+site, "PYTHONDONTWRITEBYTECODE=1")
	cmd.Stdin = strings.NewReader(`{"id":"x","input":{"kind":"foreign","cause":["boom"],"options":{"now":"2026-01-02T03:04:05Z","instance":"i"}}}` + "\n")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), `"id": "x", "payloads"`) {
		t.Fatalf("the installed runner: %v\n%s", err, out)
	}
}

// The Python package is an output like the others: -python DIR alone
// writes it and nothing else, -python-package names it, outputs.python
// puts it in a bare generate's outputs; it is recorded, checked by
// generate -check (stale, missing, extra), its files no longer produced
// removed. What the CLI writes installs with pip and passes its
// conformance vectors from the installed copy.
func TestPythonOutput(t *testing.T) {
	py := pythonBin(t)
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
  E_FULL:
    code: 2000
    title: Full
    message: The disk {disk} is full
    doc: D.
    details:
      type: object
      required: [disk]
      properties: {disk: {type: string}}
    examples:
      - {disk: sda}
`
	errgentest.WriteFile(t, dir, "errors.yaml", catalogText)
	args := []string{"generate", "-catalog", "errors.yaml", "-python", "py"}
	if _, stderr, exit := runCLI(t, dir, append(args, "-check")...); exit != 1 || !strings.Contains(stderr, "py/demo_errors/storage_errors.py: missing") {
		t.Fatalf("-check before the package is written: exit %d\n%s", exit, stderr)
	}
	if stdout, stderr, exit := runCLI(t, dir, args...); exit != 0 {
		t.Fatalf("generate -python: exit %d\n%s%s", exit, stdout, stderr)
	}
	// the package and nothing else
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var top []string
	for _, e := range entries {
		top = append(top, e.Name())
	}
	if strings.Join(top, " ") != "errors.yaml py" {
		t.Fatalf("generate -python py wrote %v, want py alone beside the catalog", top)
	}
	for _, f := range []string{"pyproject.toml", "demo_errors/__init__.py", "demo_errors/py.typed", "demo_errors/_rt/core.py"} {
		if _, err := os.Stat(filepath.Join(dir, "py", f)); err != nil {
			t.Errorf("the package lacks %s: %v", f, err)
		}
	}
	if records, _ := filepath.Glob(filepath.Join(dir, "py", ".errgen-*")); len(records) != 1 {
		t.Fatalf("records in the package's directory: %v", records)
	}
	if _, stderr, exit := runCLI(t, dir, append(args, "-check")...); exit != 0 {
		t.Fatalf("-check after generate: exit %d\n%s", exit, stderr)
	}
	mod := filepath.Join(dir, "py", "demo_errors", "storage_errors.py")
	data, _ := os.ReadFile(mod)
	if err := os.WriteFile(mod, bytes.Replace(data, []byte("disk"), []byte("DISK"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, exit := runCLI(t, dir, append(args, "-check")...); exit != 1 || !strings.Contains(stderr, "py/demo_errors/storage_errors.py: stale") {
		t.Fatalf("-check after an edit: exit %d\n%s", exit, stderr)
	}
	if _, stderr, exit := runCLI(t, dir, args...); exit != 0 {
		t.Fatal(stderr)
	}

	// installed with pip, it passes the catalog's vectors
	if _, stderr, exit := runCLI(t, dir, "generate", "-catalog", "errors.yaml", "-conformance", "vectors.json"); exit != 0 {
		t.Fatal(stderr)
	}
	site := t.TempDir()
	runPython(t, filepath.Join(dir, "py"), nil, "-m", "pip", "install", "-q", "--no-index", "--no-deps", "--no-build-isolation", "--disable-pip-version-check", "--target", site, ".")
	stdout, stderr, exit := runCLI(t, site, "conformance", "-vectors", filepath.Join(dir, "vectors.json"), "--", py, "-m", "demo_errors.conformance")
	if exit != 0 || !strings.Contains(stdout, "every payload matches") || !strings.Contains(stdout, "advice answers match") || strings.Contains(stdout, "without advice") {
		t.Fatalf("errgen conformance on the installed package: exit %d\n%s%s", exit, stdout, stderr)
	}

	// the storage domain loses its only error: its module is no longer produced
	errgentest.WriteFile(t, dir, "errors.yaml", catalogText[:strings.Index(catalogText, "  E_FULL:")])
	if _, stderr, exit := runCLI(t, dir, append(args, "-check")...); exit != 1 || !strings.Contains(stderr, "py/demo_errors/storage_errors.py: extra") {
		t.Fatalf("-check after the domain emptied: exit %d\n%s", exit, stderr)
	}
	if stdout, stderr, exit := runCLI(t, dir, args...); exit != 0 || !strings.Contains(stdout, "removed py/demo_errors/storage_errors.py") {
		t.Fatalf("generate after the domain emptied: exit %d\n%s%s", exit, stdout, stderr)
	}

	// -python-package names the import package
	if _, stderr, exit := runCLI(t, dir, "generate", "-catalog", "errors.yaml", "-python", "named", "-python-package", "acme_errors"); exit != 0 {
		t.Fatal(stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "named", "acme_errors", "__init__.py")); err != nil {
		t.Errorf("-python-package acme_errors: %v", err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-python", "bad", "-python-package", "lambda"}, `-python-package "lambda" is not a Python package name`},
		{[]string{"-python-package", "x_errors"}, "gives the Python package's name, but the catalog places no Python package directory: give it with -python DIR or outputs.python.dir"},
		{[]string{"-go", "go", "-python-package", "x_errors"}, "-python-package x_errors gives the Python package's name, but only the outputs named are generated (-go)"},
	} {
		_, stderr, exit := runCLI(t, dir, append([]string{"generate", "-catalog", "errors.yaml"}, tc.args...)...)
		if exit != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("generate %s: exit %d, want 2 and %q:\n%s", strings.Join(tc.args, " "), exit, tc.want, stderr)
		}
	}

	// outputs.python: a bare generate writes it among the catalog's outputs
	withOutputs := strings.Replace(catalogText, "fallback: E_INTERNAL\n", "fallback: E_INTERNAL\noutputs:\n  python: {dir: gen/python, package: demo_py}\n", 1)
	errgentest.WriteFile(t, dir, "errors.yaml", withOutputs)
	if _, stderr, exit := runCLI(t, dir, "generate", "-catalog", "errors.yaml"); exit != 0 {
		t.Fatal(stderr)
	}
	for _, f := range []string{"gen/python/demo_py/storage_errors.py", "gen/go", "gen/ts/package.json"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("a bare generate with outputs.python: %v", err)
		}
	}
	if _, stderr, exit := runCLI(t, dir, "generate", "-catalog", "errors.yaml", "-check"); exit != 0 {
		t.Errorf("-check after a bare generate: exit %d\n%s", exit, stderr)
	}
}
