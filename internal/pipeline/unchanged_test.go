package pipeline

import (
	"bytes"
	"github.com/errgen/errgen/internal/errgentest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/gen"
)

// Tests of issue 31: generate and generate -check answer from the records
// when nothing they note changed, and take the full path — never leaving
// an output stale — when any input (the catalog, an included file, a
// template override, a flag, errgen's build) or any output (edited,
// deleted, an extra one) changed. Since issue 38 what they need besides
// the records is in errgen's cache (TestMain gives the tests one), so an
// input changed that changes no output (a comment) takes the full path
// and changes no file.

// fromRecords runs errgen in dir and reports whether the records answered.
func fromRecords(t *testing.T, dir string, args ...string) (stdout, stderr string, code int, answered bool) {
	t.Helper()
	before := answeredFromRecords.Load()
	stdout, stderr, code = run(t, dir, args...)
	return stdout, stderr, code, answeredFromRecords.Load() > before
}

// includingProject is [newModule] whose catalog includes more/*.yaml,
// which holds a domain with one error.
func includingProject(t *testing.T) string {
	t.Helper()
	dir := newModule(t)
	editCatalog(t, dir, "fallback: E_INTERNAL ", "include: [more/*.yaml]\nfallback: E_INTERNAL ")
	errgentest.WritePath(t, filepath.Join(dir, "catalog", "more", "billing.yaml"), []byte(billing))
	return dir
}

const billing = `domains:
  billing:
    range: [3000, 3099]
errors:
  E_PAYMENT_REQUIRED:
    code: 3000
    title: Payment required
    message: Payment is required
    doc: A paid plan is needed for this.
`

func TestUnchangedAnswersFromRecords(t *testing.T) {
	dir := includingProject(t)
	first := generate(t, dir)
	if !strings.Contains(first, "written") {
		t.Fatalf("generate: %s", first)
	}
	before := errgentest.Snapshot(t, dir)

	// the full path's answer, to compare with: another build's run
	full := withBuild(t, "devel go0 0000000000000000", func() string {
		stdout, stderr, code, answered := fromRecords(t, dir, "generate")
		if code != ExitOK || answered || stderr != "" {
			t.Fatalf("another build: exit %d, answered %v\n%s%s", code, answered, stdout, stderr)
		}
		return stdout
	})
	stdout, stderr, code, answered := fromRecords(t, dir, "generate")
	if code != ExitOK || !answered || stderr != "" || stdout != full {
		t.Errorf("unchanged generate: exit %d, answered from the records %v\nstdout %q\nwant   %q\nstderr %q", code, answered, stdout, full, stderr)
	}
	stdout, stderr, code, answered = fromRecords(t, dir, "generate", "-check")
	if code != ExitOK || !answered || stderr != "" || stdout != "outputs are up to date\n" {
		t.Errorf("unchanged -check: exit %d, answered %v, stdout %q, stderr %q", code, answered, stdout, stderr)
	}
	if after := errgentest.Snapshot(t, dir); after != before {
		t.Errorf("an unchanged run touched files:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}

// withBuild runs f as if errgen were the build line build.
func withBuild[T any](t *testing.T, build string, f func() T) T {
	t.Helper()
	saved := errgenBuild
	errgenBuild = func() string { return build }
	defer func() { errgenBuild = saved }()
	return f()
}

// TestUnchangedInputs: each kind of input changed takes the full path:
// -check reports the outputs it changes, generate rewrites them, and the
// run after answers from the records again.
func TestUnchangedInputs(t *testing.T) {
	for _, tc := range []struct {
		name   string
		args   []string                       // of every run
		change func(t *testing.T, dir string) // what changes
		stale  string                         // what -check then reports (a line of it)
	}{
		{"catalog", nil, func(t *testing.T, dir string) {
			editCatalog(t, dir, "message: An internal error occurred", "message: An internal error happened")
		}, "gen/go/common_errors.go: stale"},
		{"catalog comment", nil, func(t *testing.T, dir string) {
			editCatalog(t, dir, "# An errgen error catalog.", "# The errgen error catalog.")
		}, ""},
		{"included file", nil, func(t *testing.T, dir string) {
			errgentest.EditPath(t, filepath.Join(dir, "catalog", "more", "billing.yaml"), "Payment is required", "Payment is due")
		}, "gen/go/billing_errors.go: stale"},
		{"file the include pattern matches newly", nil, func(t *testing.T, dir string) {
			errgentest.WritePath(t, filepath.Join(dir, "catalog", "more", "search.yaml"), []byte(strings.NewReplacer(
				"billing", "search", "3000", "4000", "3099", "4099", "PAYMENT_REQUIRED", "QUERY_TOO_LONG").Replace(billing)))
		}, "gen/go/search_errors.go: missing"},
		{"file the include pattern no longer matches", nil, func(t *testing.T, dir string) {
			errgentest.WritePath(t, filepath.Join(dir, "catalog", "more", "search.yaml"), []byte("errors: {}\n"))
			generate(t, dir)
			if err := os.Remove(filepath.Join(dir, "catalog", "more", "search.yaml")); err != nil {
				t.Fatal(err)
			}
		}, ""},
		{"template override", []string{"-templates", "tmpl"}, func(t *testing.T, dir string) {
			errgentest.EditPath(t, filepath.Join(dir, "tmpl", "index.md.tmpl"), "# ", "# Errors: ")
		}, "docs/errors/index.md: stale"},
		{"template override added", []string{"-templates", "tmpl"}, func(t *testing.T, dir string) {
			errgentest.WritePath(t, filepath.Join(dir, "tmpl", "domain.md.tmpl"), append(builtinTemplate(t, "domain.md.tmpl"), "\nMore.\n"...))
		}, "docs/errors/domains/common.md: stale"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := includingProject(t)
			errgentest.WritePath(t, filepath.Join(dir, "tmpl", "index.md.tmpl"), builtinTemplate(t, "index.md.tmpl"))
			generate(t, dir, tc.args...)
			if _, _, _, answered := fromRecords(t, dir, append([]string{"generate", "-check"}, tc.args...)...); !answered {
				t.Fatal("-check right after generate took the full path")
			}
			tc.change(t, dir)
			checkStale(t, dir, tc.args, tc.stale)
		})
	}
}

// checkStale runs -check, which must take the full path and report want,
// then generate, which must take it too and repair everything; then both
// answer from the records again. With want "", the change changes no
// output: -check passes and generate writes nothing, both by the full
// path, and no file changes.
func checkStale(t *testing.T, dir string, args []string, want string) {
	t.Helper()
	if want == "" {
		before := errgentest.Snapshot(t, dir)
		// -check takes the full path, finds every output fresh and notes
		// it in the cache; generate then answers from the records
		stdout, stderr, code, answered := fromRecords(t, dir, append([]string{"generate", "-check"}, args...)...)
		if code != ExitOK || answered || stdout != "outputs are up to date\n" {
			t.Errorf("-check after a change of no output: exit %d, answered from the records %v\n%s%s", code, answered, stdout, stderr)
		}
		if after := errgentest.Snapshot(t, dir); after != before {
			t.Errorf("a change of no output changed files:\nbefore:\n%s\nafter:\n%s", before, after)
		}
		for _, cmd := range [][]string{{"generate", "-check"}, {"generate"}} {
			if stdout, stderr, code, answered := fromRecords(t, dir, append(cmd, args...)...); code != ExitOK || !answered {
				t.Errorf("%s after the full run: exit %d, answered %v\n%s%s", cmd, code, answered, stdout, stderr)
			}
		}
		return
	}
	_, stderr, code, answered := fromRecords(t, dir, append([]string{"generate", "-check"}, args...)...)
	if code != ExitInvalid || answered || !strings.Contains(stderr, want) {
		t.Errorf("-check after the change: exit %d, answered from the records %v, stderr:\n%s\nwant %q", code, answered, stderr, want)
	}
	stdout, stderr, code, answered := fromRecords(t, dir, append([]string{"generate"}, args...)...)
	if code != ExitOK || answered || strings.Contains(stdout, ": 0 files written") && !strings.Contains(stdout, "removed") {
		t.Errorf("generate after the change: exit %d, answered %v\n%s%s", code, answered, stdout, stderr)
	}
	for _, cmd := range [][]string{{"generate", "-check"}, {"generate"}} {
		if stdout, stderr, code, answered := fromRecords(t, dir, append(cmd, args...)...); code != ExitOK || !answered {
			t.Errorf("%s after regenerating: exit %d, answered %v\n%s%s", cmd, code, answered, stdout, stderr)
		}
	}
}

func builtinTemplate(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "templates", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestUnchangedFlags: a run with any flag changed takes the full path.
// The flags are generate's own: a flag added without a case here fails,
// so that whoever adds one says how it reaches the outputs.
func TestUnchangedFlags(t *testing.T) {
	alt := map[string][]string{ // flag -> the arguments of a run with it changed
		"catalog":        nil, // TestRenamedCatalog
		"go":             {"-go", "out/go"},
		"go-package":     {"-go-package", "othererrors"},
		"ts":             {"-ts", "out/ts"},
		"rust":           {"-rust", "out/rust"},
		"rust-crate":     {"-rust", "out/rust", "-rust-crate", "other_errors"},
		"python":         {"-python", "out/python"},
		"python-package": {"-python", "out/python", "-python-package", "other_errors"},
		"schema":         {"-schema", "out/error.schema.json"},
		"openapi":        {"-openapi", "out/errors.openapi.json"},
		"docs":           {"-docs", "out/docs"},
		"templates":      {"-templates", "tmpl"},
		"conformance":    {"-conformance", "out/vectors.json"},
		"facts":          {"-facts", "out/facts.json"},
		"check":          nil, // decides nothing the outputs hold
	}
	for _, name := range flagNames() {
		if _, ok := alt[name]; !ok {
			t.Errorf("generate has a flag -%s this test does not change: add it here, and to generateFlags if it names an input file or directory", name)
		}
	}
	dir := newProject(t)
	errgentest.WritePath(t, filepath.Join(dir, "tmpl", "index.md.tmpl"), builtinTemplate(t, "index.md.tmpl"))
	generate(t, dir)
	for name, args := range alt {
		if args == nil {
			continue
		}
		t.Run(name, func(t *testing.T) {
			// every flag changes an output (the Go package, where one
			// goes), or (-templates, with the built-in template) the
			// inputs' digest the cache notes, and none of them outputs
			want := ExitInvalid
			if name == "templates" {
				want = ExitOK
			}
			_, stderr, code, answered := fromRecords(t, dir, append([]string{"generate", "-check"}, args...)...)
			if answered || code != want {
				t.Errorf("-check -%s: exit %d, answered from the records %v\n%s", name, code, answered, stderr)
			}
			if _, _, code, answered := fromRecords(t, dir, append([]string{"generate"}, args...)...); code != ExitOK || answered && name != "templates" {
				t.Errorf("generate -%s: exit %d, answered from the records %v", name, code, answered)
			}
			if _, _, code, answered := fromRecords(t, dir, append([]string{"generate", "-check"}, args...)...); code != ExitOK || !answered {
				t.Errorf("-check -%s after generate -%[1]s: exit %d, answered %v", name, code, answered)
			}
			// back to no flags: right, from the records or not
			if _, _, code, _ := fromRecords(t, dir, "generate"); code != ExitOK {
				t.Errorf("generate after generate -%s: exit %d", name, code)
			}
			if _, stderr, code, answered := fromRecords(t, dir, "generate", "-check"); code != ExitOK || !answered {
				t.Errorf("-check after generate -%s and generate: exit %d, answered %v\n%s", name, code, answered, stderr)
			}
		})
	}
}

// TestFlagsReachTheDigests: changing any flag's value changes the
// invocation's digest, and changing a file in the directory a flagDir
// flag names the content's.
func TestFlagsReachTheDigests(t *testing.T) {
	dir := newProject(t)
	errgentest.WritePath(t, filepath.Join(dir, "tmpl", "index.md.tmpl"), []byte("x"))
	catalogPath := filepath.Join(dir, "catalog", "errors.yaml")
	in := inputSet{catalog: catalogPath, files: []string{catalogPath}, root: dir}
	read := func(string) ([]byte, error) { return starterCatalog, nil }
	sumsWith := func(args ...string) sums {
		req, _, _ := request(t, dir, args...)
		s := in.sums(req, read)
		if !s.ok {
			t.Fatalf("sums of %s failed", args)
		}
		return s
	}
	base := sumsWith("-templates", "tmpl")
	for _, name := range flagNames() {
		v := "other"
		if name == "check" {
			v = "true"
		}
		args := []string{"-templates", "tmpl", "-" + name + "=" + v}
		if name == "templates" {
			if err := os.Mkdir(filepath.Join(dir, "other"), 0o755); err != nil {
				t.Fatal(err)
			}
			args = args[2:]
		}
		s := sumsWith(args...)
		switch {
		case generateFlags[name] == flagNone:
			if s != base {
				t.Errorf("-%s changed the digests; it is flagNone", name)
			}
		case s.invocation == base.invocation:
			t.Errorf("-%s=%s did not change the invocation's digest", name, v)
		}
	}
	errgentest.WritePath(t, filepath.Join(dir, "tmpl", "index.md.tmpl"), []byte("y"))
	if s := sumsWith("-templates", "tmpl"); s.content == base.content || s.invocation != base.invocation {
		t.Errorf("a changed template override: content digest changed %v, invocation's %v; want true, false", s.content != base.content, s.invocation != base.invocation)
	}
}

// TestUnchangedAnotherBuild: another errgen build, of this release or
// another, takes the full path, and leaves every file as it is: the
// records note no build. Each build then answers from its own entry.
func TestUnchangedAnotherBuild(t *testing.T) {
	dir := newProject(t)
	generate(t, dir)
	before := errgentest.Snapshot(t, dir)
	for _, build := range []string{"devel go0 1111111111111111", "v9.9.9 go0 2222222222222222"} {
		withBuild(t, build, func() any {
			if stdout, stderr, code, answered := fromRecords(t, dir, "generate"); code != ExitOK || answered || !strings.Contains(stdout, ": 0 files written") {
				t.Errorf("generate by build %s: exit %d, answered %v\n%s%s", build, code, answered, stdout, stderr)
			}
			if _, _, _, answered := fromRecords(t, dir, "generate"); !answered {
				t.Errorf("build %s does not answer from the records after its full run", build)
			}
			return nil
		})
	}
	if after := errgentest.Snapshot(t, dir); after != before {
		t.Errorf("other builds rewrote files:\nbefore:\n%s\nafter:\n%s", before, after)
	}
	if _, _, _, answered := fromRecords(t, dir, "generate"); !answered {
		t.Errorf("the build that wrote the records no longer answers from them")
	}
	data, _ := os.ReadFile(filepath.Join(dir, "gen", "go", ".errgen-5bdb91239beb"))
	if bytes.Contains(data, []byte("\n# errgen: ")) || bytes.Contains(data, []byte("\n# inputs: ")) {
		t.Errorf("the record notes the build or the inputs:\n%s", data)
	}
}

// TestUnchangedWithoutCache: with the cache off, or where it cannot be
// written, every run takes the full path, and is right.
func TestUnchangedWithoutCache(t *testing.T) {
	dir := newProject(t)
	for _, cache := range []string{"off", filepath.Join(dir, "file-in-the-way", "cache")} {
		t.Setenv(cacheEnv, cache)
		errgentest.WritePath(t, filepath.Join(dir, "file-in-the-way"), nil)
		generate(t, dir)
		for _, cmd := range [][]string{{"generate", "-check"}, {"generate"}} {
			if stdout, stderr, code, answered := fromRecords(t, dir, cmd...); code != ExitOK || answered {
				t.Errorf("%s with cache %s: exit %d, answered %v\n%s%s", cmd, cache, code, answered, stdout, stderr)
			}
		}
		errgentest.EditPath(t, filepath.Join(dir, "gen", "go", "errors.go"), "package", "// edited\npackage")
		if _, stderr, code, _ := fromRecords(t, dir, "generate", "-check"); code != ExitInvalid || !strings.Contains(stderr, "gen/go/errors.go: stale") {
			t.Errorf("-check of an edited output with cache %s: exit %d\n%s", cache, code, stderr)
		}
	}
}

// TestUnchangedOutputs: an output edited, deleted or added takes the full
// path, as does a record edited by hand; a file errgen does not list is
// no output, as on the full path.
func TestUnchangedOutputs(t *testing.T) {
	goDir := func(dir string) string { return filepath.Join(dir, "gen", "go") }
	record := func(dir string) string { return filepath.Join(goDir(dir), ".errgen-5bdb91239beb") }
	for _, tc := range []struct {
		name   string
		change func(t *testing.T, dir string)
		stale  string
	}{
		{"edited", func(t *testing.T, dir string) {
			errgentest.EditPath(t, filepath.Join(goDir(dir), "errors.go"), "package", "// edited\npackage")
		}, "gen/go/errors.go: stale"},
		{"edited, same size", func(t *testing.T, dir string) {
			errgentest.EditPath(t, filepath.Join(goDir(dir), "errors.go"), "package", "pockage")
		}, "gen/go/errors.go: stale"},
		{"deleted", func(t *testing.T, dir string) {
			if err := os.Remove(filepath.Join(dir, "docs", "errors", "internal.md")); err != nil {
				t.Fatal(err)
			}
		}, "docs/errors/internal.md: missing"},
		{"record deleted", func(t *testing.T, dir string) {
			if err := os.Remove(record(dir)); err != nil {
				t.Fatal(err)
			}
		}, "gen/go/.errgen-5bdb91239beb: missing"},
		{"extra listed in the record", func(t *testing.T, dir string) {
			errgentest.WritePath(t, filepath.Join(goDir(dir), "old.go"), []byte("// "+gen.Header+"\n\npackage myserviceerrors\n"))
			errgentest.EditPath(t, record(dir), "  errors.go\n", "  errors.go\n"+strings.Repeat("0", 64)+"  old.go\n")
		}, "gen/go/old.go: extra"},
		{"record edited", func(t *testing.T, dir string) {
			errgentest.EditPath(t, record(dir), "# output: go", "# output: Go")
		}, "gen/go/.errgen-5bdb91239beb: stale"},
		{"record of this catalog at an old path", func(t *testing.T, dir string) {
			data, err := os.ReadFile(record(dir))
			if err != nil {
				t.Fatal(err)
			}
			errgentest.WritePath(t, filepath.Join(goDir(dir), ".errgen-000000000000"), bytes.Replace(data, []byte("# source: ../../catalog/errors.yaml"), []byte("# source: ../../catalog/old.yaml"), 1))
		}, "gen/go/.errgen-000000000000: extra (the record of this catalog at its old path, catalog/old.yaml)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := newProject(t)
			generate(t, dir)
			tc.change(t, dir)
			checkStale(t, dir, nil, tc.stale)
		})
	}

	// a file of the user's, or with errgen's header but listed by no
	// record, is no output: the records still answer, and leave it
	dir := newProject(t)
	generate(t, dir)
	errgentest.WritePath(t, filepath.Join(goDir(dir), "helpers.go"), []byte("package myserviceerrors\n"))
	errgentest.WritePath(t, filepath.Join(goDir(dir), "legacy.go"), []byte("// "+gen.Header+"\n\npackage myserviceerrors\n"))
	for _, cmd := range [][]string{{"generate", "-check"}, {"generate"}} {
		if stdout, stderr, code, answered := fromRecords(t, dir, cmd...); code != ExitOK || !answered {
			t.Errorf("%s with files of others: exit %d, answered %v\n%s%s", cmd, code, answered, stdout, stderr)
		}
	}
}

// TestUnchangedWarnings: a catalog with warnings says so when the records
// answer, pointing at errgen check.
func TestUnchangedWarnings(t *testing.T) {
	dir := newProject(t)
	editCatalog(t, dir, "    doc: The request's parameters do not match the method's signature.\n", "")
	_, stderr, code := run(t, dir, "generate")
	if code != ExitOK || !strings.Contains(stderr, "warning: ") {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	_, stderr, code, answered := fromRecords(t, dir, "generate", "-check")
	if code != ExitOK || !answered || stderr != "catalog/errors.yaml: 1 warning, unchanged since the outputs were generated (errgen check lists them)\n" {
		t.Errorf("-check: exit %d, answered %v, stderr %q", code, answered, stderr)
	}
}

// TestCatalogOutputs: a catalog placing its outputs answers from the
// records too.
func TestCatalogOutputs(t *testing.T) {
	dir := newModule(t)
	editCatalog(t, dir, "# outputs:", "outputs:\n  go: {dir: src/errs}\n  docs: site/errors\n# outputs:")
	generate(t, dir)
	if _, _, code, answered := fromRecords(t, dir, "generate", "-check"); code != ExitOK || !answered {
		t.Errorf("-check of a catalog with outputs: exit %d, answered %v", code, answered)
	}
}

// TestErrgenBuild: the running build is named, by its Go build ID when no
// release names it (a test binary, go run).
func TestErrgenBuild(t *testing.T) {
	line := errgenBuild()
	fields := strings.Fields(line)
	if len(fields) != 3 || fields[0] != "devel" || !strings.HasPrefix(fields[1], "go") || fields[2] == unknownBuild || len(fields[2]) != 16 {
		t.Errorf("errgenBuild() = %q, want \"devel GOVERSION HASH\"", line)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	// the build ID is ACTION/CONTENT ids, or more parts, separated by "/"
	if id := goBuildID(exe); !strings.Contains(id, "/") {
		t.Errorf("goBuildID(%s) = %q", exe, id)
	}
}
