package cli

import (
	"bytes"
	"encoding/json"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen/outputs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/schema"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"
)

func run(t *testing.T, dir string, args ...string) (string, string, int) {
	t.Helper()
	env, out, errb := testEnv(dir)
	code := RunEnv(env, args)
	return out.String(), errb.String(), code
}

// testEnv is an environment running in dir, writing to the buffers it
// returns.
func testEnv(dir string) (*Env, *bytes.Buffer, *bytes.Buffer) {
	var out, errb bytes.Buffer
	return &Env{Stdout: &out, Stderr: &errb, Dir: dir, FS: catalog.OSFS{}, Self: "errgen"}, &out, &errb
}

func TestUsageAndVersion(t *testing.T) {
	dir := t.TempDir()
	if _, stderr, code := run(t, dir); code != ExitUsage || !strings.Contains(stderr, "errgen check") {
		t.Errorf("no args: exit %d, stderr %q", code, stderr)
	}
	if _, stderr, code := run(t, dir, "frobnicate"); code != ExitUsage || !strings.Contains(stderr, `unknown command "frobnicate"`) {
		t.Errorf("unknown command: exit %d, stderr %q", code, stderr)
	}
	if out, _, code := run(t, dir, "version"); code != ExitOK || out != "errgen devel\n" { // a test binary: no version, no commit
		t.Errorf("version: exit %d, %q", code, out)
	}
	for _, c := range []string{"check", "init", "version"} {
		_, stderr, code := run(t, dir, c, "-h")
		if code != ExitOK || !strings.Contains(stderr, "usage: errgen "+c) {
			t.Errorf("%s -h: exit %d, %q", c, code, stderr)
		}
		out, _, code := run(t, dir, "help", c)
		if code != ExitOK || !strings.Contains(out, "usage: errgen "+c) {
			t.Errorf("help %s: exit %d, %q", c, code, out)
		}
	}
	if _, stderr, code := run(t, dir, "check", "-nope"); code != ExitUsage || !strings.Contains(stderr, "-nope") {
		t.Errorf("bad flag: exit %d, %q", code, stderr)
	}
}

func TestCheckMissingCatalogIsIOError(t *testing.T) {
	dir := t.TempDir()
	_, stderr, code := run(t, dir, "check")
	if code != ExitUsage || !strings.Contains(stderr, "catalog/errors.yaml does not exist") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("check wrote %v", entries)
	}
}

// TestInitScaffoldsCatalogThatChecks: init writes a starter catalog that
// passes check, and beside it the catalog language's JSON Schema its first
// line points editors at (yaml-language-server resolves the path from the
// catalog's directory), which the schema accepts; it never overwrites
// either.
func TestInitScaffoldsCatalogThatChecks(t *testing.T) {
	dir := t.TempDir()
	out, stderr, code := run(t, dir, "init", "svc")
	if code != ExitOK {
		t.Fatalf("init: exit %d, %s", code, stderr)
	}
	path := filepath.Join(dir, "svc", "catalog", "errors.yaml")
	if !strings.Contains(out, "svc/catalog/errors.yaml") {
		t.Errorf("init stdout %q", out)
	}
	data, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(data, starter("svc", "errgen")) || !bytes.Contains(data, []byte("\nname: svc ")) {
		t.Fatalf("starter not written: %v", err)
	}
	out, stderr, code = run(t, filepath.Join(dir, "svc"), "check")
	if code != ExitOK || stderr != "" || !strings.Contains(out, "ok: 3 errors") {
		t.Errorf("check of the starter: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	first, _, _ := strings.Cut(string(data), "\n")
	ref, ok := strings.CutPrefix(first, "# yaml-language-server: $schema=")
	if !ok || strings.Contains(ref, "://") {
		t.Fatalf("the starter's first line %q points at no local schema", first)
	}
	schemaData, err := os.ReadFile(filepath.Join(filepath.Dir(path), filepath.FromSlash(ref)))
	if err != nil || !bytes.Equal(schemaData, schema.Catalog) {
		t.Fatalf("the schema the starter points at, %s, is not the catalog language: %v", ref, err)
	}
	var doc any
	if err := json.Unmarshal(schemaData, &doc); err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("errgen:///catalog.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("errgen:///catalog.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var parsed any
	if err := yaml.Unmarshal(data, &parsed); err != nil {
		t.Fatal(err)
	}
	asJSON, err := json.Marshal(parsed)
	if err != nil {
		t.Fatal(err)
	}
	catalogDoc, err := jsonschema.UnmarshalJSON(bytes.NewReader(asJSON))
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(catalogDoc); err != nil {
		t.Errorf("the schema refuses the starter: %v", err)
	}
	if err := os.WriteFile(filepath.Join(filepath.Dir(path), SchemaFile), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code = run(t, dir, "init", "svc")
	if code != ExitUsage || !strings.Contains(stderr, "already exists") {
		t.Errorf("second init: exit %d, %q", code, stderr)
	}
	if data, _ := os.ReadFile(path); string(data) != "mine" {
		t.Errorf("init overwrote the user's catalog")
	}
	// a schema there already is left alone
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	out, stderr, code = run(t, dir, "init", "svc")
	if code != ExitOK || strings.Contains(out, SchemaFile) {
		t.Errorf("init beside a schema: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	if data, _ := os.ReadFile(filepath.Join(filepath.Dir(path), SchemaFile)); string(data) != "{}" {
		t.Errorf("init overwrote the schema beside the catalog")
	}
}

func TestCheckInvalidExitsOne(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(p, []byte("errgen: 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := run(t, dir, "check", "-catalog", "bad.yaml")
	want := "bad.yaml:1:1: error: catalog is missing required key \"domains\"\n"
	if code != ExitInvalid || !strings.HasPrefix(stderr, want) || !strings.HasSuffix(stderr, "bad.yaml: 6 errors\n") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
}

// TestVersionStamped: a release build prints the version and commit it
// was stamped with (make dist).
func TestVersionStamped(t *testing.T) {
	saved, savedCommit := stampVersion, stampCommit
	defer func() { stampVersion, stampCommit = saved, savedCommit }()
	stampVersion, stampCommit = "v1.2.3", "0123456789abcdef0123456789abcdef01234567"
	if out, _, code := run(t, t.TempDir(), "version"); code != ExitOK || out != "errgen 1.2.3 (commit 0123456789abcdef0123456789abcdef01234567)\n" {
		t.Errorf("version: exit %d, %q", code, out)
	}
	for v, want := range map[string]string{
		"v0.1.0": "", "v1.2.0-rc.1": "", "v0.0.0-00010101000000-000000000000": "000000000000",
		"v0.0.0-20250101120000-abcdef123456": "abcdef123456", "v0.1.1-0.20250101120000-abcdef123456+dirty": "abcdef123456",
	} {
		m := pseudoVersion.FindStringSubmatch(v)
		if got := ""; m != nil {
			got = m[1]
			if got != want {
				t.Errorf("%s: pseudo-version commit %q, want %q", v, got, want)
			}
		} else if want != "" || !releaseVersion.MatchString(v) {
			t.Errorf("%s: not a release, nor a pseudo-version", v)
		}
	}
}

// TestHelpNamesEveryOutput: errgen help names every output generate
// writes.
func TestHelpNamesEveryOutput(t *testing.T) {
	out, _, code := run(t, t.TempDir(), "help")
	for _, what := range []string{"Go package", "TypeScript package", "Rust crate", "JSON Schema", "OpenAPI", "docs", "conformance vectors", "facts"} {
		if code != ExitOK || !strings.Contains(out, what) {
			t.Errorf("errgen help does not name %q:\n%s", what, out)
		}
	}
}

// TestStarterOutputsEveryOutput: the starter catalog's outputs block,
// uncommented, names every output generate has, and a generate with no
// output named then writes each of them.
func TestStarterOutputsEveryOutput(t *testing.T) {
	dir := newModule(t)
	lines := strings.Split(string(starterCatalog), "\n")
	in := false
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "# outputs:"):
			lines[i], in = "outputs:", true
		case in && strings.HasPrefix(l, "#   "):
			lines[i] = strings.TrimPrefix(l, "#")
		case in && strings.HasPrefix(l, "#"):
			lines[i] = ""
		default:
			in = false
		}
	}
	errgentest.WritePath(t, filepath.Join(dir, "catalog", "errors.yaml"), []byte(strings.Join(lines, "\n")))
	out := generate(t, dir)
	for _, o := range outputs.All {
		if k := o.Spec().Key; !strings.Contains(strings.Join(lines, "\n"), "\n   "+k+": ") {
			t.Errorf("the starter's outputs block has no %s", k)
		}
	}
	if !strings.Contains(out, "(Go, TypeScript, Rust, Python, JSON Schema, OpenAPI, docs, conformance vectors, facts)\n") {
		t.Errorf("generate with every output in the catalog:\n%s", out)
	}
	for _, f := range []string{"gen/rust/Cargo.toml", "gen/python/myservice_errors/__init__.py", "conformance/vectors.json", "conformance/facts.json", "schema/errors.openapi.json", "gen/go/errors.go", "gen/ts/package.json"} {
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(f))); err != nil {
			t.Errorf("no %s: %v", f, err)
		}
	}
}

// TestStarterLinks: every page of errgen's that the starter catalog
// points at is in the repository.
func TestStarterLinks(t *testing.T) {
	links := regexp.MustCompile(`https://github\.com/errgen/errgen/blob/main/([^\s#)]+)`).FindAllStringSubmatch(string(starterCatalog), -1)
	if len(links) == 0 {
		t.Fatal("the starter catalog points at no page of errgen's")
	}
	for _, l := range links {
		if _, err := os.Stat(filepath.Join("..", "..", filepath.FromSlash(l[1]))); err != nil {
			t.Errorf("the starter points at %s: %v", l[0], err)
		}
	}
	if strings.Contains(string(starterCatalog), "README") {
		t.Error("the starter points at the README, whose sections move")
	}
}

// TestStarterPackageBlock: the starter catalog's package block,
// uncommented, is valid, and its metadata reaches the npm package.
func TestStarterPackageBlock(t *testing.T) {
	dir := newModule(t)
	lines := strings.Split(string(starterCatalog), "\n")
	in := false
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "# package:"):
			lines[i], in = "package:", true
		case in && strings.HasPrefix(l, "#   "):
			lines[i] = strings.TrimPrefix(l, "#")
		case in && strings.HasPrefix(l, "#"):
			lines[i] = ""
		default:
			in = false
		}
	}
	text := strings.Join(lines, "\n")
	if !strings.Contains(text, "\npackage:\n   version: 0.1.1") || !strings.Contains(text, "\n   license: ") {
		t.Fatalf("the starter has no package block to uncomment:\n%s", text)
	}
	errgentest.WritePath(t, filepath.Join(dir, "catalog", "errors.yaml"), []byte(text))
	generate(t, dir, "-ts", "gen/ts")
	data, err := os.ReadFile(filepath.Join(dir, "gen", "ts", "package.json"))
	if err != nil || !strings.Contains(string(data), `"version": "0.1.1"`) || !strings.Contains(string(data), `"license": "Apache-2.0 OR MIT"`) {
		t.Errorf("package.json of the starter's package block: %v\n%s", err, data)
	}
}
