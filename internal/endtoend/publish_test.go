package endtoend

import (
	"archive/zip"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/errgentest"
)

// Tests of issue 38: the packages errgen generates are ready to publish.
// The catalog's package block (license, repository, homepage, authors,
// keywords, a version ahead of the catalog's) reaches package.json and
// Cargo.toml, and npm publish --dry-run and cargo package pass without a
// warning. cargo package is cargo publish less the upload: it packs the
// crate and builds it as the registry would get it, warning as publish
// does (a manifest without a license, say), offline, against the locked
// dependencies; publish --dry-run would need the registry's index.

const publishCatalog = `errgen: 1
name: filestore
version: 1.4.0
fallback: E_INTERNAL
package:
  version: 1.4.1
  license: Apache-2.0 OR MIT
  repository: https://github.com/acme/filestore
  homepage: https://acme.example/filestore
  authors: [Ann Lee <ann@acme.example>, Bo Chen]
  keywords: [errors, filestore]
domains:
  common: {range: [1000, 1099]}
errors:
  E_INTERNAL:
    code: 1000
    title: Internal error
    message: An internal error occurred
    doc: Something failed inside the server.
  E_FILE_TOO_LARGE:
    code: 1001
    title: File too large
    message: "The file is larger than {limit} bytes"
    status: 413
    details:
      type: object
      properties:
        limit: {type: integer}
      required: [limit]
    doc: The file is over the server's limit.
`

// publishPackages generates the npm package, the crate and the Python
// package of publishCatalog into a new directory: ts/, rust/ and python/.
func publishPackages(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	errgentest.WriteFile(t, dir, "errors.yaml", publishCatalog)
	if stdout, stderr, code := runCLI(t, dir, "generate", "-catalog", "errors.yaml", "-ts", "ts", "-rust", "rust", "-python", "python"); code != 0 {
		t.Fatalf("generate: exit %d\n%s%s", code, stdout, stderr)
	}
	return dir
}

// TestPackageMetadata: the catalog's package block, in package.json and
// Cargo.toml as npm and cargo read them.
func TestPackageMetadata(t *testing.T) {
	dir := publishPackages(t)
	var pj struct {
		Version, License, Homepage, Author string
		Repository                         struct{ Type, URL string }
		Contributors, Keywords             []string
	}
	data, err := os.ReadFile(filepath.Join(dir, "ts", "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &pj); err != nil {
		t.Fatal(err)
	}
	if pj.Version != "1.4.1" || pj.License != "Apache-2.0 OR MIT" || pj.Homepage != "https://acme.example/filestore" ||
		pj.Author != "Ann Lee <ann@acme.example>" || strings.Join(pj.Contributors, ",") != "Bo Chen" ||
		strings.Join(pj.Keywords, ",") != "errors,filestore" ||
		pj.Repository.Type != "git" || pj.Repository.URL != "git+https://github.com/acme/filestore.git" {
		t.Errorf("package.json:\n%s", data)
	}
	cargoToml, err := os.ReadFile(filepath.Join(dir, "rust", "Cargo.toml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		`version = "1.4.1"`,
		`license = "Apache-2.0 OR MIT"`,
		`repository = "https://github.com/acme/filestore"`,
		`homepage = "https://acme.example/filestore"`,
		`authors = ["Ann Lee <ann@acme.example>", "Bo Chen"]`,
		`keywords = ["errors", "filestore"]`,
	} {
		if !strings.Contains(string(cargoToml), "\n"+line+"\n") {
			t.Errorf("Cargo.toml has no line %s:\n%s", line, cargoToml)
		}
	}
	if strings.Contains(string(cargoToml), "DO NOT EDIT") {
		t.Errorf("Cargo.toml says DO NOT EDIT, which publishing contradicts:\n%s", cargoToml)
	}
}

// warnings returns the lines of out that warn: npm's "npm warn", cargo's
// "warning:", but those listed as expected.
func warnings(out string, expected ...string) []string {
	var found []string
	for _, line := range strings.Split(out, "\n") {
		l := strings.ToLower(strings.TrimSpace(line))
		if !strings.HasPrefix(l, "npm warn") && !strings.HasPrefix(l, "warning") {
			continue
		}
		known := false
		for _, e := range expected {
			known = known || strings.Contains(line, e)
		}
		if !known {
			found = append(found, line)
		}
	}
	return found
}

// TestNPMPublishDryRun: npm publish --dry-run of the generated package
// packs it and warns of nothing. npm is pointed at a registry on
// 127.0.0.1 with a token, so that it does not warn that no one is logged
// in; a dry run sends nothing.
func TestNPMPublishDryRun(t *testing.T) {
	if testing.Short() {
		t.Skip("runs npm: skipped in -short mode")
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("npm is not installed: %v", err)
		}
		t.Skip("npm is not installed; make test needs it")
	}
	dir := publishPackages(t)
	home := t.TempDir()
	errgentest.WriteFile(t, home, "npmrc", "registry=http://127.0.0.1:9/\n//127.0.0.1:9/:_authToken=dry-run\n")
	cmd := exec.Command(npm, "publish", "--dry-run")
	cmd.Dir = filepath.Join(dir, "ts")
	cmd.Env = append(os.Environ(), "npm_config_userconfig="+filepath.Join(home, "npmrc"),
		"npm_config_cache="+filepath.Join(home, "cache"), "npm_config_update_notifier=false", "NO_COLOR=1",
		"npm_config_fetch_retries=0") // the registry of no one: no retries
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("npm publish --dry-run: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "+ filestore-errors@1.4.1") {
		t.Errorf("npm publish --dry-run published no filestore-errors@1.4.1:\n%s", out)
	}
	if w := warnings(string(out)); len(w) > 0 {
		t.Errorf("npm publish --dry-run warned:\n%s\n\n%s", strings.Join(w, "\n"), out)
	}
}

// TestCargoPackage: cargo package of the generated crate (with the
// repository's Cargo.lock beside it, which pins its dependencies) packs
// and builds it and warns of nothing.
func TestCargoPackage(t *testing.T) {
	cargoCmd := cargo(t)
	dir := publishPackages(t)
	crate := filepath.Join(dir, "rust")
	lock, err := os.ReadFile(filepath.Join(repoRoot(t), "Cargo.lock"))
	if err != nil {
		t.Fatal(err)
	}
	errgentest.WriteFile(t, crate, "Cargo.lock", string(lock))
	cmd := exec.Command(cargoCmd, "package", "--offline")
	cmd.Dir = crate
	cmd.Env = append(os.Environ(), "CARGO_TARGET_DIR="+targetDir(t), "CARGO_TERM_COLOR=never")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("cargo package: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "Packaged ") || !strings.Contains(string(out), "Verifying filestore-errors v1.4.1") {
		t.Errorf("cargo package packed and verified no filestore-errors 1.4.1:\n%s", out)
	}
	if w := warnings(string(out)); len(w) > 0 {
		t.Errorf("cargo package warned:\n%s\n\n%s", strings.Join(w, "\n"), out)
	}
}

// TestPythonWheelMetadata: the wheel hatchling builds from the generated
// Python package (pip wheel, offline, with the test environment's
// hatchling) carries the catalog's metadata as PyPI reads it: the version,
// License-Expression (PEP 639), the authors, keywords and project URLs.
func TestPythonWheelMetadata(t *testing.T) {
	py := pythonBin(t)
	dir := publishPackages(t)
	out := t.TempDir()
	cmd := exec.Command(py, "-m", "pip", "wheel", "-q", "--no-build-isolation", "--no-deps", "--no-index", "-w", out, filepath.Join(dir, "python"))
	cmd.Env = append(os.Environ(), "PIP_DISABLE_PIP_VERSION_CHECK=1")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("pip wheel: %v\n%s", err, b)
	} else if w := warnings(string(b)); len(w) > 0 {
		t.Errorf("pip wheel warned:\n%s", b)
	}
	wheel := filepath.Join(out, "filestore_errors-1.4.1-py3-none-any.whl")
	zr, err := zip.OpenReader(wheel)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	var metadata string
	for _, f := range zr.File {
		if strings.HasSuffix(f.Name, ".dist-info/METADATA") {
			r, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(r)
			r.Close()
			metadata = string(b)
		}
	}
	head, _, _ := strings.Cut(metadata, "\n\n")
	for _, line := range []string{
		"Name: filestore-errors",
		"Version: 1.4.1",
		"License-Expression: Apache-2.0 OR MIT",
		"Author: Bo Chen",
		"Author-email: Ann Lee <ann@acme.example>",
		"Keywords: errors,filestore",
		"Project-URL: Homepage, https://acme.example/filestore",
		"Project-URL: Repository, https://github.com/acme/filestore",
	} {
		if !strings.Contains("\n"+head+"\n", "\n"+line+"\n") {
			t.Errorf("the wheel's METADATA has no line %q:\n%s", line, head)
		}
	}
}
