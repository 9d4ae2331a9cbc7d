package cli

import (
	"bufio"
	"errors"
	"github.com/errgen/errgen/internal/errgentest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCatalogName(t *testing.T) {
	for dir, want := range map[string]string{
		"filestore-api":      "filestore-api",
		"/src/filestore-api": "filestore-api",
		"Filestore API":      "filestore-api",
		"filestore_api":      "filestore_api",
		"billing.v2":         "billing.v2",
		"--svc--":            "svc",
		"2fa-server":         "fa-server",
		"a  -  b":            "a-b",
		"über":               "ber",
		"123":                defaultCatalogName,
		"/":                  defaultCatalogName,
		".":                  defaultCatalogName,
	} {
		if got := catalogName(dir); got != want {
			t.Errorf("catalogName(%q) = %q, want %q", dir, got, want)
		}
	}
}

func TestScanGoMod(t *testing.T) {
	for _, c := range []struct {
		gomod, module string
		tool          bool
	}{
		{"module example.com/x\n\ngo 1.25\n", "example.com/x", false},
		{"module example.com/x\ntool github.com/errgen/errgen/cmd/errgen\n", "example.com/x", true},
		{"module \"example.com/x\" // c\ntool (\n\tgolang.org/x/tools/cmd/stringer\n\tgithub.com/errgen/errgen/cmd/errgen // ours\n)\n", "example.com/x", true},
		{"module example.com/x\ntool (\n\tgolang.org/x/tools/cmd/stringer\n)\nrequire github.com/errgen/errgen/cmd/errgen v1.0.0\n", "example.com/x", false},
		{"module github.com/errgen/errgen\n// tool github.com/errgen/errgen/cmd/errgen\n", "github.com/errgen/errgen", false},
	} {
		module, tool := scanGoMod(bufio.NewScanner(strings.NewReader(c.gomod)))
		if module != c.module || tool != c.tool {
			t.Errorf("%q: module %q tool %v, want %q %v", c.gomod, module, tool, c.module, c.tool)
		}
	}
}

// TestDetectInvocation: the commands errgen suggests run errgen as the
// user did.
func TestDetectInvocation(t *testing.T) {
	root := t.TempDir()
	write := func(path, data string) string {
		t.Helper()
		errgentest.WritePath(t, filepath.Join(root, path), []byte(data))
		return filepath.Join(root, path)
	}
	write("tooluser/go.mod", "module example.com/tooluser\n\ntool github.com/errgen/errgen/cmd/errgen\n")
	write("plain/go.mod", "module example.com/plain\n")
	write("errgen/go.mod", "module github.com/errgen/errgen\n")
	if err := os.MkdirAll(filepath.Join(root, "tooluser", "pkg"), 0o755); err != nil {
		t.Fatal(err)
	}
	cache := filepath.Join(root, "cache")
	cached := write("cache/2d/2d5b-d/errgen", "")
	tmp := write("tmp/go-build1061/b001/exe/errgen", "")
	installed := write("bin/errgen", "")
	other := write("elsewhere/errgen", "")
	onPath := func(string) (string, error) { return installed, nil }
	notFound := func(string) (string, error) { return "", errors.New("not found") }
	for _, c := range []struct {
		exe, dir string
		look     func(string) (string, error)
		want     string
	}{
		{cached, "tooluser", notFound, "go tool errgen"},
		{cached, "tooluser/pkg", notFound, "go tool errgen"},
		{tmp, "tooluser", onPath, "go tool errgen"},
		{tmp, "plain", notFound, "go run github.com/errgen/errgen/cmd/errgen"},
		{cached, "plain", notFound, "go run github.com/errgen/errgen/cmd/errgen"},
		{tmp, "errgen", notFound, "go run ./cmd/errgen"},
		{tmp, ".", notFound, "go run github.com/errgen/errgen/cmd/errgen"},
		{installed, "plain", onPath, "errgen"},
		{installed, "tooluser", onPath, "errgen"},
		{other, "plain", onPath, other},
		{other, "plain", notFound, other},
	} {
		if got := detectInvocation(c.exe, filepath.Join(root, c.dir), cache, c.look); got != c.want {
			t.Errorf("exe %s in %s: %q, want %q", c.exe, c.dir, got, c.want)
		}
	}
}

// TestInitNamesCatalogAfterDir: init takes the catalog's name from its
// directory, and its next steps run errgen as the user did.
func TestInitNamesCatalogAfterDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "Filestore API")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	env, out, errb := testEnv(dir)
	env.Self = "go tool errgen"
	if code := RunEnv(env, []string{"init", "."}); code != ExitOK {
		t.Fatalf("init: exit %d: %s", code, errb)
	}
	want := "wrote catalog/errors.yaml and catalog/catalog.schema.json\nnext: go tool errgen check\n      go tool errgen generate\n"
	if out.String() != want {
		t.Errorf("init .: stdout\n%s\nwant\n%s", out, want)
	}
	data, err := os.ReadFile(filepath.Join(dir, "catalog", "errors.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"\nname: filestore-api ", "problem_base: https://errors.example.com/filestore-api/",
		"package: filestoreapierrors}", `"@myorg/filestore-api-errors"`, "Check it with:   go tool errgen check"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("starter lacks %q", want)
		}
	}
	if strings.Contains(string(data), "myservice") {
		t.Errorf("starter still names myservice")
	}
	out.Reset()
	env.Self = "errgen"
	if code := RunEnv(env, []string{"init", "sub/billing"}); code != ExitOK {
		t.Fatalf("init sub/billing: exit %d: %s", code, errb)
	}
	want = "wrote sub/billing/catalog/errors.yaml and sub/billing/catalog/catalog.schema.json\nnext: errgen check -catalog sub/billing/catalog/errors.yaml\n      errgen generate -catalog sub/billing/catalog/errors.yaml\n"
	if out.String() != want {
		t.Errorf("init sub/billing: stdout\n%s\nwant\n%s", out, want)
	}
	if _, stderr, code := run(t, dir, "check", "-catalog", "sub/billing/catalog/errors.yaml"); code != ExitOK {
		t.Errorf("the named starter does not check: %s", stderr)
	}
}

// TestGoPackageFromDir: the Go package is named after its directory unless
// a flag or the catalog names it, or the directory's name is no package
// name.
func TestGoPackageFromDir(t *testing.T) {
	dir := newProject(t)
	pkgOf := func(goDir string) string {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(dir, goDir, "errors.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(l, "package ") {
				return strings.TrimPrefix(l, "package ")
			}
		}
		return ""
	}
	generate(t, dir, "-go", "fserrors")
	generate(t, dir, "-go", "internal/FS-Errors")
	generate(t, dir, "-go", "other", "-go-package", "named")
	for goDir, want := range map[string]string{"gen/go": "", "fserrors": "fserrors", "internal/FS-Errors": "fserrors", "other": "named"} {
		if goDir == "gen/go" {
			continue // not generated here
		}
		if got := pkgOf(goDir); got != want {
			t.Errorf("-go %s: package %q, want %q", goDir, got, want)
		}
	}
	generate(t, dir)
	if got := pkgOf("gen/go"); got != "myserviceerrors" {
		t.Errorf("default gen/go: package %q, want the catalog's myserviceerrors", got)
	}
	errgentest.WritePath(t, filepath.Join(dir, "go.mod"), []byte("module example.com/svc\n")) // the catalog's tree: outputs.go.dir stays in it
	editCatalog(t, dir, "# outputs:", "outputs: {go: {dir: pkg/svcerrors}}\n# outputs:")
	generate(t, dir)
	if got := pkgOf("pkg/svcerrors"); got != "svcerrors" {
		t.Errorf("outputs.go.dir pkg/svcerrors: package %q", got)
	}
	editCatalog(t, dir, "outputs: {go: {dir: pkg/svcerrors}}", "outputs: {go: {dir: pkg/svcerrors, package: chosen}}")
	generate(t, dir)
	if got := pkgOf("pkg/svcerrors"); got != "chosen" {
		t.Errorf("outputs.go.package: package %q", got)
	}

	before := errgentest.Snapshot(t, dir)
	if _, stderr, code := run(t, dir, "generate", "-go", "x", "-go-package", "type"); code != ExitUsage || !strings.Contains(stderr, `-go-package "type" is not a Go package name`) {
		t.Errorf("-go-package type: exit %d, %s", code, stderr)
	}
	if errgentest.Snapshot(t, dir) != before {
		t.Errorf("a bad -go-package wrote files")
	}
}

// TestCheckAdviceRepeatsFlags: generate -check names the command that
// rewrites what it checked, with the same flags.
func TestCheckAdviceRepeatsFlags(t *testing.T) {
	dir := newProject(t)
	_, stderr, code := run(t, dir, "generate", "-check", "-go", "fserrors", "-docs", "my docs")
	want := " outputs out of date; run errgen generate -docs 'my docs' -go fserrors\n"
	if code != ExitInvalid || !strings.HasSuffix(stderr, want) {
		t.Errorf("exit %d, stderr:\n%s\nwant the last line %q", code, stderr, want)
	}
}
