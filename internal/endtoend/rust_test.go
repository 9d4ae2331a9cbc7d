package endtoend

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/conformance"
	"github.com/errgen/errgen/internal/gen/rust"
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

// crateName is the name of the crate of catalog m.
func crateName(m *model.Catalog) string {
	if m.Outputs.RustCrate != "" {
		return m.Outputs.RustCrate
	}
	return rust.CrateName(m.Name)
}

// TestRustConformance runs errgen conformance on the example conformance
// of the Rust crate of every catalog whose vectors the tests check (see
// conformanceCatalogs): every payload must be the Go runtime's, byte for
// byte. The crates of the golden catalogs and of the repository's own are
// members of the repository's Cargo workspace (see TestGoldenRust), and
// make test formats and lints them; the others are built in a workspace of
// their own, after rustfmt and clippy.
func TestRustConformance(t *testing.T) {
	cargo(t)
	root := repoRoot(t)
	catalogs := conformanceCatalogs(t)
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
			files, err := conformance.Generate(m, conformance.Options{File: "vectors.json"})
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			errgentest.WriteFile(t, dir, "vectors.json", string(files[0].Data))
			bin := conformanceRunner(t, workspace[name], crateName(m))
			stdout, stderr, exit := runCLI(t, dir, "conformance", "-vectors", "vectors.json", "--", bin)
			if exit != 0 || !strings.Contains(stdout, "every payload matches") {
				t.Fatalf("errgen conformance: exit %d\n%s%s", exit, stdout, stderr)
			}
			t.Log(strings.TrimSpace(stdout))
		})
	}
}

// TestRustRuntimeFixtures keeps the fixtures of the Rust runtime's own
// tests (runtime/rust/tests/testdata) as the Go runtime makes them: random
// doubles with their text in the shared number form, and random text with
// home paths, URLs, e-mail addresses and tokens, scrubbed by each
// sanitizer (go test -update rewrites them). cargo test of the runtime
// holds its number writer and its scanners to them.
func TestRustRuntimeFixtures(t *testing.T) {
	dir := filepath.Join(repoRoot(t), "runtime", "rust", "tests", "testdata")
	r := rand.New(rand.NewPCG(29, 1))
	var floats bytes.Buffer
	for i := 0; i < 4000; i++ {
		var v float64
		switch i % 4 {
		case 0: // any double
			v = math.Float64frombits(r.Uint64())
		case 1: // around the notation bounds
			v = math.Pow(10, float64(r.IntN(50)-25)) * (1 + r.Float64())
		case 2: // short decimals
			v = float64(r.IntN(2000000)-1000000) / math.Pow(10, float64(r.IntN(12)))
		default: // integers past 2^53
			v = float64(r.Int64())
		}
		if math.IsNaN(v) || math.IsInf(v, 0) || v == 0 {
			continue
		}
		text, err := json.Marshal(v) // encoding/json writes the shared form (errgenrt's TestFloatFormAgreesWithEncodingJSON)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&floats, "%016x %s\n", math.Float64bits(v), text)
	}
	fragments := []string{
		"/home/alice/x", "/home/", "/home//", "/Users/bob's", "/root", "/rootkit", `C:\Users\carol\doc`, `c:\Users\`, "x:/Users/d",
		"https://u:p@h.example/p?q=1&token=abc#f", "ftp://h", "a1+b.c-d://x", "://x", "http://", "http://<x>", "https://h/?key",
		"https://h/?T%6Fken=1&ok=2", "https://u@h/?a=1#?key=2", "http://a:b:c@d@e/f", "HTTPS://H/?PASSWORD=x",
		"a@b.co", "a.b+c@d-e.example.org", "@x.com", "a@b.c", "a@b.cc.d1", "x@@y.zz", "é@x.com",
		"ghp_0123456789abcdefABCDEFghijklmnopqrstu", "0123456789012345678901234567890123", "abcdefghijklmnopqrstuvwxyzabcdefgh",
		"a/b/c/0123456789012345678901234567890123", "___________________________________1",
		" ", "\t", "\n", "\f", "\r", "\"", "'", "<", ">", "é", "😀", "日本", ".", ":", "/", `\`, "?", "#", "&", "=", "%", "+", "@",
	}
	var cases []map[string]string
	for i := 0; i < 1500; i++ {
		var b strings.Builder
		for n := r.IntN(6) + 1; n > 0; n-- {
			b.WriteString(fragments[r.IntN(len(fragments))])
		}
		s := b.String()
		cases = append(cases, map[string]string{"in": s, "path": errgenrt.SanitizePathText(s),
			"uri": errgenrt.SanitizeURIText(s), "text": errgenrt.SanitizeFreeText(s)})
	}
	var sanitize bytes.Buffer
	for _, c := range cases {
		line, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		sanitize.Write(line)
		sanitize.WriteByte('\n')
	}
	for name, data := range map[string][]byte{"floats.txt": floats.Bytes(), "sanitize.jsonl": sanitize.Bytes()} {
		path := filepath.Join(dir, name)
		if *update {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		have, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test -update)", err)
		}
		if !bytes.Equal(have, data) {
			t.Errorf("%s differs from what the Go runtime makes (run go test -update):\n%s", path, firstDiff(have, data))
		}
	}
}
