package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
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
	if out, _, code := run(t, dir, "version"); code != ExitOK || out != "errgen "+Version+"\n" {
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
// passes check, and never overwrites one.
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
