package endtoend

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/rust"
	"github.com/errgen/errgen/internal/gencatalog"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/runtimemodel"
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

// cargoIn runs cargo in dir with the repository's target directory, which
// every crate the tests build shares (their dependencies are the locked
// ones, built once), and returns its standard output.
func cargoIn(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command(cargo(t), args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CARGO_TARGET_DIR="+filepath.Join(repoRoot(t), "target"), "CARGO_TERM_COLOR=never")
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

// TestGoldenRust regenerates the Rust crate of every golden catalog and
// compares it with testdata/golden/NAME/rust, both ways. The crates are
// members of the repository's Cargo workspace, so that make test builds,
// lints and formats them with the workspace.
func TestGoldenRust(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(c.name, func(t *testing.T) {
			m := errgentest.Model(t, catalog.OSFS{}, c.catalog)
			want := filepath.Join(c.dir, "rust")
			files, err := rust.Generate(m, rust.Options{Source: c.source(want)})
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
	files, err := rust.Generate(m, rust.Options{})
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
	cargoIn(t, dir, "build", "-q", "-p", crate, "--example", "conformance")
	bin := filepath.Join(repoRoot(t), "target", "debug", "examples", "conformance")
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

// rustVector is one vector of the conformance protocol: its input and the
// payloads the Go runtime renders for it.
type rustVector struct {
	ID     string         `json:"id"`
	Input  map[string]any `json:"input"`
	expect [4]string
}

// textErr is one error of a cause chain: its text, wrapping the next.
type textErr struct {
	text string
	next error
}

func (e *textErr) Error() string { return e.text }
func (e *textErr) Unwrap() error { return e.next }

func chainOf(texts []string) error {
	var err error
	for i := len(texts) - 1; i >= 0; i-- {
		err = &textErr{texts[i], err}
	}
	return err
}

// secretChain is a cause chain of six errors (the wire keeps five) with a
// home path, a URL with secrets, an e-mail address, a token and an entry
// past 256 bytes.
var secretChain = []string{
	"open /home/alice/secret.txt: permission denied",
	"fetch https://bob:hunter2@api.example.com/v1?api_key=abc123&page=2 failed",
	"notify alice.smith+ops@example.co.uk",
	"auth token ghp_0123456789abcdefABCDEFghijklmnopqrstu rejected",
	strings.Repeat("long cause é ", 30),
	"the sixth, never on the wire",
}

// goVectors renders, with the Go runtime, every example of every error of
// m under several option sets, every definition and a foreign error, as
// conformance vectors.
func goVectors(t *testing.T, m *model.Catalog) []rustVector {
	t.Helper()
	rc := runtimemodel.Build(m)
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	const instance = "urn:uuid:00000000-0000-4000-8000-000000000000"
	type optionSet struct {
		name  string
		input map[string]any
		set   func(o *errgenrt.Options)
	}
	sets := []optionSet{
		{"default", map[string]any{}, func(*errgenrt.Options) {}},
		{"verbose", map[string]any{"verbose": true, "serverVersion": "1.2.3"}, func(o *errgenrt.Options) { o.Verbose, o.ServerVersion = true, "1.2.3" }},
		{"sensitive", map[string]any{"showSensitive": true}, func(o *errgenrt.Options) { o.ShowSensitive = true }},
		{"no-suggestions", map[string]any{"omitSuggestions": true}, func(o *errgenrt.Options) { o.OmitSuggestions = true }},
		{"tight-strings", map[string]any{"maxStringBytes": 16, "maxSuggestions": 1}, func(o *errgenrt.Options) { o.MaxStringBytes, o.MaxSuggestions = 16, 1 }},
		{"tight-data", map[string]any{"maxDataBytes": 512}, func(o *errgenrt.Options) { o.MaxDataBytes = 512 }},
		{"fallback", map[string]any{"maxDataBytes": 160}, func(o *errgenrt.Options) { o.MaxDataBytes = 160 }},
	}
	options := func(s optionSet) (errgenrt.Options, map[string]any) {
		o := errgenrt.Options{Now: func() time.Time { return now }, Instance: func() string { return instance }}
		s.set(&o)
		in := map[string]any{"now": now.Format(time.RFC3339), "instance": instance}
		for k, v := range s.input {
			in[k] = v
		}
		return o, in
	}
	var out []rustVector
	add := func(id string, input map[string]any, e *errgenrt.Error, o errgenrt.Options) {
		out = append(out, rustVector{ID: id, Input: input, expect: [4]string{
			string(e.AppendJSONRPC(nil, &o)), string(e.AppendProblem(nil, &o)),
			string(e.AppendResponse(nil, &o)), string(e.AppendToolResult(nil, &o)),
		}})
	}
	members := []errgenrt.KV{{Key: "method", Value: "tools/call"}, {Key: "symbol", Value: "dropped"}, {Key: "method", Value: "dup"},
		{Key: "n", Value: 1.5e-7}, {Key: "obj", Value: map[string]any{"b": []any{1.0, "<x>"}, "a": nil}}}
	kvs := func(list []errgenrt.KV) []map[string]any {
		out := make([]map[string]any, len(list))
		for i, kv := range list {
			out[i] = map[string]any{"key": kv.Key, "value": kv.Value}
		}
		return out
	}
	for _, e := range m.Errors {
		examples := make([]any, len(e.Examples))
		for i, ex := range e.Examples {
			examples[i] = ex.Value
		}
		if len(examples) == 0 {
			examples = []any{map[string]any{}}
		}
		def := rc.Def(e)
		for i, ex := range examples {
			for _, s := range sets {
				o, opts := options(s)
				input := map[string]any{"kind": "error", "symbol": e.Symbol, "details": ex, "options": opts}
				var occ []errgenrt.Option
				if s.name == "verbose" {
					input["cause"], input["requestId"] = secretChain, "req_123"
					occ = append(occ, errgenrt.WithCause(chainOf(secretChain)), errgenrt.WithRequestID("req_123"))
				}
				add(fmt.Sprintf("%s/example-%d/%s", e.Symbol, i+1, s.name), input, rc.New(e, ex, occ...), o)
			}
			// per-occurrence members: a status override, the retryable flag
			// flipped, legacy data, extensions and an instance
			o, opts := options(sets[0])
			status := e.Statuses[len(e.Statuses)-1]
			if len(e.Statuses) == 1 {
				status = 599
			}
			input := map[string]any{"kind": "error", "symbol": e.Symbol, "details": ex, "options": opts,
				"status": status, "retryable": !e.Retryable, "instance": "urn:x:1",
				"data": kvs(members), "extensions": kvs(append(members, errgenrt.KV{Key: "title", Value: "dropped"}))}
			occ := []errgenrt.Option{errgenrt.WithStatus(status), errgenrt.WithRetryable(!e.Retryable), errgenrt.WithInstance("urn:x:1")}
			for _, kv := range members {
				occ = append(occ, errgenrt.WithData(kv.Key, kv.Value))
			}
			for _, kv := range append(members, errgenrt.KV{Key: "title", Value: "dropped"}) {
				occ = append(occ, errgenrt.WithExtension(kv.Key, kv.Value))
			}
			add(fmt.Sprintf("%s/example-%d/members", e.Symbol, i+1), input, rc.New(e, ex, occ...), o)
		}
		for _, s := range []optionSet{sets[0], sets[1]} {
			o, opts := options(s)
			add(e.Symbol+"/empty/"+s.name, map[string]any{"kind": "definition", "symbol": e.Symbol, "options": opts}, rc.Runtime.From(def), o)
		}
		for _, a := range e.Aliases {
			o, opts := options(sets[0])
			add(e.Symbol+"/alias-"+a.Symbol, map[string]any{"kind": "definition", "symbol": a.Symbol, "options": opts}, rc.Runtime.From(rc.Runtime.BySymbol(a.Symbol)), o)
		}
	}
	for _, s := range []optionSet{sets[0], sets[1]} {
		o, opts := options(s)
		add("foreign/"+s.name, map[string]any{"kind": "foreign", "cause": secretChain, "options": opts}, rc.Runtime.From(chainOf(secretChain)), o)
	}
	return out
}

// runVectors runs the conformance runner bin on the vectors and reports
// every payload that differs from the Go runtime's.
func runVectors(t *testing.T, bin string, vecs []rustVector) {
	t.Helper()
	var in bytes.Buffer
	for _, v := range vecs {
		line, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		in.Write(line)
		in.WriteByte('\n')
	}
	cmd := exec.Command(bin)
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", bin, err, stderr.String())
	}
	answers := map[string]struct {
		Payloads map[string]string `json:"payloads"`
		Error    string            `json:"error"`
	}{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var a struct {
			ID       string            `json:"id"`
			Payloads map[string]string `json:"payloads"`
			Error    string            `json:"error"`
		}
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatalf("answer %q: %v", sc.Text(), err)
		}
		answers[a.ID] = struct {
			Payloads map[string]string `json:"payloads"`
			Error    string            `json:"error"`
		}{a.Payloads, a.Error}
	}
	failed := 0
	for _, v := range vecs {
		a, ok := answers[v.ID]
		switch {
		case !ok:
			t.Errorf("%s: no answer", v.ID)
			failed++
			continue
		case a.Error != "":
			t.Errorf("%s: %s", v.ID, a.Error)
			failed++
			continue
		}
		for i, format := range []string{"jsonrpc", "problem", "response", "toolResult"} {
			if got := a.Payloads[format]; got != v.expect[i] {
				failed++
				if failed <= 10 {
					t.Errorf("%s %s:\n rust %s\n   go %s", v.ID, format, got, v.expect[i])
				}
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d payloads differ", failed, 4*len(vecs))
	}
	t.Logf("%d vectors, %d payloads compared", len(vecs), 4*len(vecs))
}

// crateName is the name of the crate of catalog m.
func crateName(m *model.Catalog) string {
	if m.Outputs.RustCrate != "" {
		return m.Outputs.RustCrate
	}
	return rust.CrateName(m.Name)
}

// TestRustConformance holds the conformance runner of the Rust crate of
// every golden catalog and of the repository's own (members of the
// repository's Cargo workspace, see TestGoldenRust), of the hostile
// catalog and of a synthetic one to the Go runtime, byte for byte. The
// crates of the last two are built in a workspace of their own, after
// rustfmt and clippy (make test checks the others).
func TestRustConformance(t *testing.T) {
	cargo(t)
	root := repoRoot(t)
	cases := map[string]*model.Catalog{"mcp": errgentest.Model(t, catalog.OSFS{}, filepath.Join(root, "catalog", "errors.yaml"))}
	for _, c := range goldenCases(t) {
		cases[c.name] = errgentest.Model(t, catalog.OSFS{}, c.catalog)
	}
	workspace := map[string]string{}
	for name := range cases {
		workspace[name] = root
	}
	dir := t.TempDir()
	errgentest.WriteFile(t, dir, "hostile.yaml", hostileCatalog())
	errgentest.WriteFile(t, dir, "synthetic.yaml", string(gencatalog.Generate(300)))
	crates := map[string][]gen.File{}
	for _, name := range []string{"hostile", "synthetic"} {
		cases[name] = errgentest.Model(t, catalog.OSFS{}, filepath.Join(dir, name+".yaml"))
		crates[name] = rustCrate(t, cases[name])
	}
	ws := rustWorkspace(t, crates)
	cargoIn(t, ws, "fmt", "--check")
	cargoIn(t, ws, "clippy", "-q", "--all-targets", "--", "-D", "warnings")
	for name := range crates {
		workspace[name] = ws
	}
	for name, m := range cases {
		t.Run(name, func(t *testing.T) {
			bin := conformanceRunner(t, workspace[name], crateName(m))
			runVectors(t, bin, goVectors(t, m))
		})
	}
}
