package endtoend

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/errgentest"
)

// tempModule writes a throwaway Go module outside the repo that requires
// this checkout through a replace directive, plus the given files, and
// returns its directory. Tests that build one skip in -short mode.
func tempModule(t *testing.T, module string, files map[string]string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a module: skipped in -short mode")
	}
	root := repoRoot(t)
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	all := map[string]string{
		"go.mod": "module " + module + "\n\ngo 1.25\n\nrequire github.com/errgen/errgen v0.0.0\n\nreplace github.com/errgen/errgen => " + root + "\n",
		"go.sum": string(sum),
	}
	for name, data := range files {
		all[name] = data
	}
	for name, data := range all {
		errgentest.WriteFile(t, dir, name, data)
	}
	return dir
}

// goIn runs the go command in dir (module mode, no workspace) and returns
// its standard output; a failure stops the test with the command's output.
func goIn(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go %s: %v\n%s%s", strings.Join(args, " "), err, out, stderr.String())
	}
	return string(out)
}

// generateIn runs errgen generate in dir with every output under it.
func generateIn(t *testing.T, dir, goDir string) {
	t.Helper()
	if stdout, stderr, code := runCLI(t, dir, "generate", "-catalog", "errors.yaml", "-go", goDir, "-ts", "ts", "-schema", "schema/s.json", "-docs", "docs"); code != 0 {
		t.Fatalf("generate: exit %d\n%s%s", code, stdout, stderr)
	}
}

// tscIn type-checks file in dir (such as ts/index.d.ts) under the
// strictest options the generated package promises. Without TypeScript
// installed it fails in CI and skips elsewhere.
func tscIn(t *testing.T, dir, file string) {
	t.Helper()
	tsc := filepath.Join(repoRoot(t), "node_modules", "typescript", "bin", "tsc")
	if _, err := os.Stat(tsc); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("TypeScript is not installed (run npm ci): %v", err)
		}
		t.Skip("TypeScript is not installed; make test installs it")
	}
	errgentest.WriteFile(t, dir, "tsconfig.json", `{"compilerOptions": {"strict": true, "noEmit": true, "noUncheckedIndexedAccess": true, "exactOptionalPropertyTypes": true, "module": "esnext", "moduleResolution": "bundler", "target": "es2022", "lib": ["es2022"], "types": []}, "files": [`+strconv.Quote(file)+`]}`)
	cmd := exec.Command("node", tsc, "-p", "tsconfig.json")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tsc: %v\n%s", err, out)
	}
}

// nodeIn runs an ES module script in dir and returns its standard output.
func nodeIn(t *testing.T, dir, script string) []byte {
	t.Helper()
	cmd := exec.Command("node", "--input-type=module", "-e", script)
	cmd.Dir = dir
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	return out
}
