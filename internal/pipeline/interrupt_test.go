package pipeline

import (
	"bytes"
	"github.com/errgen/errgen/internal/errgentest"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gencatalog"
)

// Tests of issue 38: a generate killed at any moment leaves nothing the
// next run does not remove. errgen's temporary files carry its own names;
// the next generate removes those of runs that are over, in the
// directories it writes, and -check reports them; a file errgen did not
// write is never removed.

// deadPID returns the id of a process that has ended.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skipf("no true command: %v", err)
	}
	pid := cmd.Process.Pid
	if processAlive(pid) {
		t.Skipf("process %d is alive again", pid)
	}
	return pid
}

func TestLeftovers(t *testing.T) {
	dir := newProject(t)
	generate(t, dir)
	goDir := filepath.Join(dir, "gen", "go")
	header := []byte("// " + gen.Header + "\n\npackage myserviceerrors\n")
	dead := strconv.Itoa(deadPID(t))
	leftover := map[string][]byte{
		// of a run that is over: its process is gone
		"gen/go/.errgen-tmp-" + dead + "-0123abcd-errors.go": header,
		// of this process's id, another run: a process of that id before
		"gen/ts/.errgen-tmp-" + strconv.Itoa(os.Getpid()) + "-0000ffff-index.js": header,
		// a staging directory of a fresh output, beside it
		"gen/.errgen-tmp-" + dead + "-0123abcd-go/errors.go": header,
		// of errgen before: a file it writes, with its header
		"gen/go/.errors.go.tmp12345": header,
		// and a staging directory of errgen before, holding a record
		"docs/.errors.tmp4242/.errgen-5bdb91239beb": []byte(errgentest.ReadPath(t, filepath.Join(goDir, ".errgen-5bdb91239beb"))),
	}
	kept := map[string][]byte{
		// of a process that runs (init, or this test)
		"gen/go/.errgen-tmp-1-0123abcd-errors.go": header,
		// no temporary name of errgen's
		"gen/go/.errgen-tmp-x-errors.go": header,
		// errgen's old form, but the user's: no header
		"gen/go/.errors.go.tmp99": []byte("package mine\n"),
		// errgen's old form, of no file errgen writes there
		"gen/go/.notes.md.tmp1": header,
		// a directory of the old form holding no record
		"docs/.errors.tmp77/notes.md": []byte("mine\n"),
	}
	for name, data := range leftover {
		errgentest.WritePath(t, filepath.Join(dir, filepath.FromSlash(name)), data)
	}
	for name, data := range kept {
		errgentest.WritePath(t, filepath.Join(dir, filepath.FromSlash(name)), data)
	}
	// the records do not answer: -check takes the full path and reports
	// every leftover, and only those
	_, stderr, code, answered := fromRecords(t, dir, "generate", "-check")
	if code != ExitInvalid || answered {
		t.Errorf("-check: exit %d, answered from the records %v\n%s", code, answered, stderr)
	}
	for name := range leftover {
		top := name
		if i := strings.Index(name, ".tmp4242/"); i >= 0 {
			top = name[:i+len(".tmp4242")]
		}
		if i := strings.Index(name, "-go/"); i >= 0 {
			top = name[:i+len("-go")]
		}
		if !strings.Contains(stderr, top+": extra (left by an interrupted errgen generate)\n") {
			t.Errorf("-check does not report %s:\n%s", top, stderr)
		}
	}
	for name := range kept {
		if strings.Contains(stderr, filepath.Base(name)) {
			t.Errorf("-check reports %s:\n%s", name, stderr)
		}
	}
	stdout, stderr, code, answered := fromRecords(t, dir, "generate")
	if code != ExitOK || answered || strings.Count(stdout, "(left by an interrupted errgen generate)") != len(leftover) {
		t.Errorf("generate: exit %d, answered %v\n%s%s", code, answered, stdout, stderr)
	}
	for name := range leftover {
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(name))); err == nil {
			t.Errorf("generate left %s", name)
		}
	}
	for name, data := range kept {
		if got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name))); err != nil || !bytes.Equal(got, data) {
			t.Errorf("generate removed or changed %s: %v", name, err)
		}
	}
	if stdout, stderr, code := run(t, dir, "generate", "-check"); code != ExitOK {
		t.Errorf("-check after generate: exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestInterruptedGenerate kills errgen generate (the command, built) at
// random moments of a run over a large catalog, and at the moment its
// first temporary file appears: after each kill, -check fails if the run
// left anything, the next generate succeeds, and then no temporary file
// is left anywhere and -check passes. Files of the user's that look like
// errgen's temporary ones stay.
func TestInterruptedGenerate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds errgen and generates a large catalog: skipped in -short mode")
	}
	bin := filepath.Join(t.TempDir(), "errgen")
	build := exec.Command("go", "build", "-o", bin, "github.com/errgen/errgen/cmd/errgen")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	dir := t.TempDir()
	errgentest.WritePath(t, filepath.Join(dir, "go.mod"), []byte("module example.com/bench\n"))
	catalogA := gencatalog.Generate(1000)
	catalogB := bytes.ReplaceAll(catalogA, []byte("(error "), []byte("(fault "))
	catalogPath := filepath.Join(dir, "catalog", "errors.yaml")
	errgentest.WritePath(t, catalogPath, catalogA)
	mine := map[string]string{
		"docs/errors/.errgen-tmp-1-0123abcd-index.md": "a process that runs: not a leftover\n",
		"gen/go/.notes.go.tmp123":                     "the user's\n",
	}
	env := append(os.Environ(), cacheEnv+"="+filepath.Join(t.TempDir(), "cache"), "GOGC=")
	errgen := func(args ...string) (string, int) {
		cmd := exec.Command(bin, args...)
		cmd.Dir, cmd.Env = dir, env
		out, _ := cmd.CombinedOutput()
		return string(out), cmd.ProcessState.ExitCode()
	}
	start := time.Now()
	if out, code := errgen("generate"); code != 0 {
		t.Fatalf("generate: exit %d\n%s", code, out)
	}
	full := time.Since(start)
	for name, data := range mine {
		errgentest.WritePath(t, filepath.Join(dir, filepath.FromSlash(name)), []byte(data))
	}
	seed := time.Now().UnixNano()
	t.Logf("a full run takes %v; seed %d", full, seed)
	rng := rand.New(rand.NewPCG(uint64(seed), 0))
	leftBehind := 0
	for i := range 8 {
		// every output changes (another catalog), and every third run
		// writes fresh outputs (their directories gone), staged whole
		catalog := catalogA
		if i%2 == 0 {
			catalog = catalogB
		}
		errgentest.WritePath(t, catalogPath, catalog)
		if i%3 == 2 {
			for _, d := range []string{"gen/ts", "schema"} {
				if err := os.RemoveAll(filepath.Join(dir, filepath.FromSlash(d))); err != nil {
					t.Fatal(err)
				}
			}
		}
		cmd := exec.Command(bin, "generate")
		cmd.Dir, cmd.Env = dir, env
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		how := ""
		if i%2 == 1 {
			// the moment a temporary file appears in the docs
			how = "at its first temporary file"
			deadline := time.Now().Add(2 * full)
			for time.Now().Before(deadline) && !hasTmp(filepath.Join(dir, "docs", "errors")) {
				time.Sleep(200 * time.Microsecond)
			}
		} else {
			wait := time.Duration(rng.Int64N(int64(full)))
			how = "after " + wait.String()
			time.Sleep(wait)
		}
		cmd.Process.Kill() // SIGKILL: nothing runs after it
		cmd.Wait()
		left := tmpFiles(t, dir, mine)
		leftBehind += len(left)
		t.Logf("run %d, killed %s: %d temporary files left", i, how, len(left))
		if len(left) > 0 {
			out, code := errgen("generate", "-check")
			if code != ExitInvalid || !strings.Contains(out, "(left by an interrupted errgen generate)") {
				t.Errorf("run %d: -check with %d temporary files left: exit %d\n%.2000s", i, len(left), code, out)
			}
		}
		if out, code := errgen("generate"); code != 0 {
			t.Fatalf("run %d: generate after the kill: exit %d\n%.2000s", i, code, out)
		}
		if left := tmpFiles(t, dir, mine); len(left) > 0 {
			t.Errorf("run %d: generate after the kill left %v", i, left)
		}
		if out, code := errgen("generate", "-check"); code != 0 {
			t.Errorf("run %d: -check after generate: exit %d\n%.2000s", i, code, out)
		}
	}
	if leftBehind == 0 {
		t.Error("no kill left a temporary file: the test did not test")
	}
	for name, data := range mine {
		if got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name))); err != nil || string(got) != data {
			t.Errorf("%s, the user's, was removed or changed: %v", name, err)
		}
	}
}

var anyTmp = regexp.MustCompile(`^\.errgen-tmp-|\.tmp[0-9]+$`)

// hasTmp reports whether dir holds a temporary file of errgen's.
func hasTmp(dir string) bool {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), tmpPrefix) && e.Name() != ".errgen-tmp-1-0123abcd-index.md" {
			return true
		}
	}
	return false
}

// tmpFiles lists the temporary files and directories below dir, but for
// the user's (mine).
func tmpFiles(t *testing.T, dir string, mine map[string]string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if _, ok := mine[rel]; ok || !anyTmp.MatchString(d.Name()) {
			return nil
		}
		out = append(out, rel)
		if d.IsDir() {
			return filepath.SkipDir
		}
		return nil
	})
	return out
}
