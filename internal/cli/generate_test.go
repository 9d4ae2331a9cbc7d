package cli

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/errgen/errgen/internal/facts"
	"github.com/errgen/errgen/internal/gen"
)

// Tests of generate's promises (SPEC §3, §4; issue 7): -check reports stale,
// missing and extra outputs and writes nothing; unchanged files are not
// rewritten; generated files no longer produced are removed; a user's file
// is never overwritten or removed; a failed generate leaves the previous
// outputs as they were.

// newProject writes the starter catalog to dir/catalog/errors.yaml.
func newProject(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	writeTestFile(t, filepath.Join(dir, "catalog", "errors.yaml"), starterCatalog)
	return dir
}

func writeTestFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// editCatalog replaces old by new in the project's catalog.
func editCatalog(t *testing.T, dir, old, new string) {
	t.Helper()
	p := filepath.Join(dir, "catalog", "errors.yaml")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(old)) {
		t.Fatalf("catalog has no %q", old)
	}
	writeTestFile(t, p, bytes.Replace(data, []byte(old), []byte(new), 1))
}

// generate runs errgen generate in dir and fails the test unless it succeeds.
func generate(t *testing.T, dir string, args ...string) string {
	t.Helper()
	stdout, stderr, code := run(t, dir, append([]string{"generate"}, args...)...)
	if code != ExitOK {
		t.Fatalf("generate: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	return stdout
}

// snapshot describes every file below dir: path, mode, mtime and bytes.
func snapshot(t *testing.T, dir string) string {
	t.Helper()
	var lines []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		lines = append(lines, fmt.Sprintf("%s %v %d %x", filepath.ToSlash(rel), info.Mode(), info.ModTime().UnixNano(), data))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// names lists the files below dir, relative and slash-separated.
func names(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(out)
	return out
}

func noTempFiles(t *testing.T, dir string) {
	t.Helper()
	for _, n := range names(t, dir) {
		if base := filepath.Base(n); strings.HasPrefix(base, ".") && strings.Contains(base, ".tmp") || strings.HasPrefix(base, ".errgen-tmp-") {
			t.Errorf("temporary file left behind: %s", n)
		}
	}
}

func TestGenerateCheck(t *testing.T) {
	dir := newProject(t)
	goDir := filepath.Join(dir, "gen", "go")

	// before any generate: every output is missing
	_, stderr, code := run(t, dir, "generate", "-check")
	if code != ExitInvalid || !strings.Contains(stderr, "gen/go/errors.go: missing\n") || !strings.Contains(stderr, "gen/go/details.go: missing\n") {
		t.Errorf("-check before generate: exit %d, stderr:\n%s", code, stderr)
	}
	if got := names(t, dir); len(got) != 1 {
		t.Errorf("-check wrote %v", got)
	}

	// fresh
	generate(t, dir)
	noTempFiles(t, dir)
	stdout, stderr, code := run(t, dir, "generate", "-check")
	if code != ExitOK || stdout != "outputs are up to date\n" || stderr != "" {
		t.Errorf("-check on fresh outputs: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}

	// a user's file without the header in the output directory is no output
	// of errgen's: -check leaves it out
	writeTestFile(t, filepath.Join(goDir, "helpers.go"), []byte("package myserviceerrors\n"))
	if _, stderr, code := run(t, dir, "generate", "-check"); code != ExitOK {
		t.Errorf("-check with a user file: exit %d, stderr %q", code, stderr)
	}

	// a file with errgen's header that no record of this catalog lists (a
	// copy made by hand, an older generator's, another catalog's) is no
	// output of this catalog's either
	writeTestFile(t, filepath.Join(goDir, "legacy.go"), []byte("// "+gen.Header+"\n\npackage myserviceerrors\n"))
	if _, stderr, code := run(t, dir, "generate", "-check"); code != ExitOK {
		t.Errorf("-check with a generated file of unknown origin: exit %d, stderr %q", code, stderr)
	}

	// edited, deleted and extra, all reported at once, nothing written: a
	// new type moves E_INTERNAL's docs page, so the old one is extra
	errorsGo := filepath.Join(goDir, "errors.go")
	data, err := os.ReadFile(errorsGo)
	if err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, errorsGo, append(data, "// edited by hand\n"...))
	if err := os.Remove(filepath.Join(goDir, "details.go")); err != nil {
		t.Fatal(err)
	}
	editCatalog(t, dir, "    code: 1000\n", "    code: 1000\n    type: internal_failure\n")
	before := snapshot(t, dir)
	stdout, stderr, code = run(t, dir, "generate", "-check")
	for _, want := range []string{
		"docs/errors/internal-failure.md: missing\n",
		"docs/errors/internal.md: extra (generated by errgen, no longer produced)\n",
		"gen/go/details.go: missing\n",
		"gen/go/errors.go: stale\n",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("-check does not report %q", want)
		}
	}
	if code != ExitInvalid || stdout != "" || strings.Contains(stderr, "legacy.go") || strings.Contains(stderr, "helpers.go") {
		t.Errorf("-check: exit %d, stdout %q, stderr:\n%s", code, stdout, stderr)
	}
	if after := snapshot(t, dir); after != before {
		t.Errorf("-check changed files:\nbefore:\n%s\nafter:\n%s", before, after)
	}

	// generate repairs all three and says nothing of the files it leaves
	stdout = generate(t, dir)
	if !strings.Contains(stdout, "removed docs/errors/internal.md (no longer produced)\n") || strings.Contains(stdout, "kept") || strings.Contains(stdout, "legacy.go") {
		t.Errorf("generate did not say just that it removed the extra file:\n%s", stdout)
	}
	if _, err := os.Stat(filepath.Join(dir, "docs", "errors", "internal.md")); !os.IsNotExist(err) {
		t.Errorf("extra generated file not removed: %v", err)
	}
	for name, want := range map[string]string{"helpers.go": "package myserviceerrors\n", "legacy.go": "// " + gen.Header + "\n\npackage myserviceerrors\n"} {
		if data, err := os.ReadFile(filepath.Join(goDir, name)); err != nil || string(data) != want {
			t.Errorf("%s did not survive: %q, %v", name, data, err)
		}
	}
	if _, stderr, code := run(t, dir, "generate", "-check"); code != ExitOK {
		t.Errorf("-check after generate: exit %d, stderr:\n%s", code, stderr)
	}
}

// TestGenerateKeepsUnchangedFiles: a file whose bytes do not change is not
// rewritten, so its mtime stays; a changed file is replaced.
func TestGenerateKeepsUnchangedFiles(t *testing.T) {
	dir := newProject(t)
	generate(t, dir)
	old := time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC)
	outputs := names(t, filepath.Join(dir, "gen"))
	if len(outputs) < 2 {
		t.Fatalf("outputs: %v", outputs)
	}
	for _, n := range outputs {
		if err := os.Chtimes(filepath.Join(dir, "gen", n), old, old); err != nil {
			t.Fatal(err)
		}
	}
	before := snapshot(t, dir)
	stdout := generate(t, dir)
	if !strings.Contains(stdout, ": 0 files written, ") {
		t.Errorf("second generate wrote files:\n%s", stdout)
	}
	if after := snapshot(t, dir); after != before {
		t.Errorf("second generate touched files:\nbefore:\n%s\nafter:\n%s", before, after)
	}

	// a message change rewrites the file of the error's domain (where the
	// message template is); details.go and errors.go keep their mtime
	editCatalog(t, dir, "message: An internal error occurred", "message: An internal error happened")
	domainGo := filepath.Join(dir, "gen", "go", "common_errors.go")
	generate(t, dir)
	noTempFiles(t, dir)
	if st, err := os.Stat(domainGo); err != nil || st.ModTime().Equal(old) {
		t.Errorf("common_errors.go was not rewritten: %v", err)
	} else if st.Mode().Perm() != 0o644 {
		t.Errorf("common_errors.go mode: %v", st.Mode())
	}
	if data, _ := os.ReadFile(domainGo); !bytes.Contains(data, []byte("An internal error happened")) {
		t.Errorf("common_errors.go does not carry the new message")
	}
	for _, name := range []string{"details.go", "errors.go"} {
		if st, err := os.Stat(filepath.Join(dir, "gen", "go", name)); err != nil || !st.ModTime().Equal(old) {
			t.Errorf("%s was rewritten although its bytes did not change: %v", name, err)
		}
	}
}

// TestGenerateNeverOverwritesUserFile: a file without errgen's header where
// an output goes stops generate before anything is written.
func TestGenerateNeverOverwritesUserFile(t *testing.T) {
	dir := newProject(t)
	mine := filepath.Join(dir, "gen", "go", "errors.go")
	writeTestFile(t, mine, []byte("package mine // my own errors.go\n"))
	before := snapshot(t, dir)
	stdout, stderr, code := run(t, dir, "generate")
	if code != ExitUsage || stdout != "" ||
		stderr != "errgen generate: gen/go/errors.go exists and was not generated by errgen; not overwriting it (nothing written)\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if after := snapshot(t, dir); after != before {
		t.Errorf("generate wrote files although it refused:\nbefore:\n%s\nafter:\n%s", before, after)
	}
	// the other outputs' directories, made for their staged files, are gone
	for _, d := range []string{"gen/ts", "docs", "schema"} {
		if _, err := os.Stat(filepath.Join(dir, d)); err == nil {
			t.Errorf("generate left the directory %s behind although it refused", d)
		}
	}
	// -check calls it stale and writes nothing either
	if _, stderr, code := run(t, dir, "generate", "-check"); code != ExitInvalid || !strings.Contains(stderr, "gen/go/errors.go: stale\n") {
		t.Errorf("-check: exit %d, stderr:\n%s", code, stderr)
	}
	if after := snapshot(t, dir); after != before {
		t.Errorf("-check wrote files")
	}
}

// TestGenerateInvalidCatalogKeepsOutputs: when the catalog does not check,
// generate writes and removes nothing.
func TestGenerateInvalidCatalogKeepsOutputs(t *testing.T) {
	dir := newProject(t)
	generate(t, dir)
	writeTestFile(t, filepath.Join(dir, "gen", "go", "legacy.go"), []byte("// "+gen.Header+"\n\npackage myserviceerrors\n"))
	editCatalog(t, dir, "    code: 2000\n", "    code: 1000\n") // E_ST_OBJECT_TOO_LARGE takes E_INTERNAL's code
	before := snapshot(t, dir)
	stdout, stderr, code := run(t, dir, "generate")
	if code != ExitInvalid || stdout != "" || !strings.Contains(stderr, "error: duplicate code 1000") {
		t.Errorf("exit %d, stdout %q, stderr:\n%s", code, stdout, stderr)
	}
	if after := snapshot(t, dir); after != before {
		t.Errorf("generate of an invalid catalog changed files:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}

// TestGenerateWriteFailureKeepsOutputs: when the output directory cannot be
// written, generate exits 2 and the previous outputs stay as they were, with
// no temporary files left behind.
func TestGenerateWriteFailureKeepsOutputs(t *testing.T) {
	dir := newProject(t)
	generate(t, dir)
	goDir := filepath.Join(dir, "gen", "go")
	editCatalog(t, dir, "message: An internal error occurred", "message: An internal error happened")
	before := snapshot(t, dir)
	makeUnwritable(t, goDir)
	stdout, stderr, code := run(t, dir, "generate")
	if code != ExitUsage || !strings.HasPrefix(stderr, "errgen generate: ") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if after := snapshot(t, dir); after != before {
		t.Errorf("a failed generate changed files:\nbefore:\n%s\nafter:\n%s", before, after)
	}
	restoreWritable(t, goDir)
	generate(t, dir)
	if _, stderr, code := run(t, dir, "generate", "-check"); code != ExitOK {
		t.Errorf("-check after recovery: exit %d, %s", code, stderr)
	}
}

// makeUnwritable makes dir refuse new files: by its mode, or, for root
// (whom modes do not stop), by the immutable attribute. It skips the test
// when neither works.
func makeUnwritable(t *testing.T, dir string) {
	t.Helper()
	if os.Geteuid() == 0 {
		if out, err := exec.Command("chattr", "+i", dir).CombinedOutput(); err != nil {
			t.Skipf("running as root and chattr +i failed (%v: %s): cannot make a directory unwritable", err, out)
		}
	} else if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { restoreWritable(t, dir) })
	if f, err := os.CreateTemp(dir, "probe"); err == nil {
		f.Close()
		os.Remove(f.Name())
		restoreWritable(t, dir)
		t.Skip("cannot make a directory unwritable here")
	}
}

func restoreWritable(t *testing.T, dir string) {
	if os.Geteuid() == 0 {
		exec.Command("chattr", "-i", dir).Run()
		return
	}
	os.Chmod(dir, 0o755)
}

// TestGenerateLaterOutputFailureKeepsEarlierOutputs: when the second
// output (TypeScript) cannot be written, the first (Go) is not half-updated
// either: the writes are staged and renamed only once all succeeded.
func TestGenerateLaterOutputFailureKeepsEarlierOutputs(t *testing.T) {
	dir := newProject(t)
	generate(t, dir)
	tsDir := filepath.Join(dir, "gen", "ts")
	editCatalog(t, dir, "title: Internal error", "title: Internal failure")
	before := snapshot(t, dir)
	makeUnwritable(t, tsDir)
	_, stderr, code := run(t, dir, "generate")
	restoreWritable(t, tsDir)
	if code != ExitUsage || !strings.Contains(stderr, "nothing written") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if after := snapshot(t, dir); after != before {
		t.Errorf("a failed generate changed files:\nbefore:\n%s\nafter:\n%s", before, after)
	}
	noTempFiles(t, dir)
}

// TestGenerateSharedDirectory: two outputs in one directory do not take
// each other's files for extra ones.
func TestGenerateSharedDirectory(t *testing.T) {
	dir := newProject(t)
	generate(t, dir, "-ts", "gen/go")
	if _, stderr, code := run(t, dir, "generate", "-ts", "gen/go", "-check"); code != ExitOK {
		t.Errorf("-check right after generate: exit %d\n%s", code, stderr)
	}
	if out := generate(t, dir, "-ts", "gen/go"); !strings.Contains(out, "0 files written") {
		t.Errorf("a second generate rewrote files:\n%s", out)
	}
}

// TestGenerateSamePathTwice: two outputs aimed at one file is a usage
// error, and nothing is written.
func TestGenerateSamePathTwice(t *testing.T) {
	dir := newProject(t)
	generate(t, dir)
	editCatalog(t, dir, "title: Internal error", "title: Internal failure")
	before := snapshot(t, dir)
	_, stderr, code := run(t, dir, "generate", "-schema", "gen/go/errors.go")
	if code != ExitUsage || !strings.Contains(stderr, "-schema gen/go/errors.go is a file the default Go directory gen/go writes") || !strings.Contains(stderr, "nothing written") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if after := snapshot(t, dir); after != before {
		t.Errorf("changed files:\nbefore:\n%s\nafter:\n%s", before, after)
	}
	noTempFiles(t, dir)
}

// entries lists every file and directory below dir with its mode,
// relative and slash-separated.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out = append(out, fmt.Sprintf("%s %v", filepath.ToSlash(rel), info.Mode()))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(out)
	return out
}

// TestGenerateFreshOutputs: outputs whose directories do not exist yet are
// written whole and moved into place (directories 0755, files 0644, as
// for outputs written file by file); when a later output fails, they are
// removed again with the directories made for them, leaving the project
// as it was.
func TestGenerateFreshOutputs(t *testing.T) {
	// the modes a directory and a file made with 0755 and 0644 get here
	probe := t.TempDir()
	if err := os.Mkdir(filepath.Join(probe, "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(probe, "f"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	wantModes := entries(t, probe)[1:] // "d MODE", "f MODE"

	dir := newProject(t)
	generate(t, dir, "-docs", "site/errors") // outputs in new directories, parents included
	noTempFiles(t, dir)
	for _, e := range entries(t, dir) {
		name, mode, _ := strings.Cut(e, " ")
		if name == "." || name == "catalog" || name == "catalog/errors.yaml" {
			continue
		}
		if "d "+mode != wantModes[0] && "f "+mode != wantModes[1] {
			t.Errorf("%s has mode %s, want %q", name, mode, wantModes)
		}
	}
	if _, stderr, code := run(t, dir, "generate", "-docs", "site/errors", "-check"); code != ExitOK {
		t.Errorf("-check after a fresh generate: exit %d\n%s", code, stderr)
	}

	// absolute directories written with a trailing slash are the same
	// directories
	slash := newProject(t)
	abs := []string{"-go", filepath.Join(slash, "out", "go") + "/", "-ts", filepath.Join(slash, "out", "ts") + "//"}
	generate(t, slash, abs...)
	noTempFiles(t, slash)
	if _, stderr, code := run(t, slash, append([]string{"generate", "-check"}, abs...)...); code != ExitOK {
		t.Errorf("-check after generate into DIR/: exit %d\n%s", code, stderr)
	}

	fresh := newProject(t)
	before := entries(t, fresh)
	blocked := filepath.Join(fresh, "blocked")
	if err := os.Mkdir(blocked, 0o755); err != nil {
		t.Fatal(err)
	}
	makeUnwritable(t, blocked)
	_, stderr, code := run(t, fresh, "generate", "-docs", "blocked/docs")
	restoreWritable(t, blocked)
	if err := os.Remove(blocked); err != nil {
		t.Fatal(err)
	}
	if code != ExitUsage || !strings.Contains(stderr, "cannot write blocked/docs") || !strings.Contains(stderr, "nothing written") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if after := entries(t, fresh); strings.Join(after, "\n") != strings.Join(before, "\n") {
		t.Errorf("a failed fresh generate left files or directories:\nbefore:\n%s\nafter:\n%s", strings.Join(before, "\n"), strings.Join(after, "\n"))
	}
}

// A generate of every output builds the catalog's facts once and hands
// them to every output (gen.Input), and an unchanged regenerate builds
// none. Not parallel: the count is the process's.
func TestGenerateBuildsFactsOnce(t *testing.T) {
	dir := newProject(t)
	all := []string{"-go", "gen/go", "-ts", "gen/ts", "-schema", "schema/s.json", "-docs", "docs/errors", "-rust", "gen/rust",
		"-python", "gen/python", "-conformance", "conformance/vectors.json", "-facts", "conformance/facts.json"}
	before := facts.BuildCount()
	generate(t, dir, all...)
	if n := facts.BuildCount() - before; n != 1 {
		t.Errorf("a generate of every output built the facts %d times, want 1", n)
	}
	before = facts.BuildCount()
	generate(t, dir, all...)
	if n := facts.BuildCount() - before; n != 0 {
		t.Errorf("an unchanged regenerate built the facts %d times, want 0", n)
	}
}

// TestGenerateRequest: every flag of generate reaches the pipeline's
// request, under its own name, and -check suggests the same flags.
func TestGenerateRequest(t *testing.T) {
	env, _, _ := testEnv(t.TempDir())
	fl := flagSet(generateCmd, env)
	var args []string
	again := "errgen generate" // what -check suggests: the flags but -check
	fl.VisitAll(func(f *flag.Flag) {
		if f.Name == "check" {
			args = append(args, "-check")
			return
		}
		args = append(args, "-"+f.Name, "v-"+f.Name)
		again += " -" + f.Name + " v-" + f.Name
	})
	if err := fl.Parse(args); err != nil {
		t.Fatal(err)
	}
	req := generateRequest(env, fl)
	got := map[string]string{"catalog": req.Catalog}
	for k, v := range req.Places {
		got[k] = v
	}
	for k, v := range req.Settings {
		got[k] = v
	}
	if !req.Check {
		t.Error("-check did not reach the request")
	}
	n := 0
	fl.VisitAll(func(f *flag.Flag) {
		if f.Name == "check" {
			return
		}
		n++
		if got[f.Name] != "v-"+f.Name {
			t.Errorf("-%s: the request holds %q, want %q", f.Name, got[f.Name], "v-"+f.Name)
		}
	})
	if len(got) != n {
		t.Errorf("the request holds %d values, want the %d flags' values: %v", len(got), n, got)
	}
	if req.Rerun() != again {
		t.Errorf("Rerun() = %q\nwant      %q", req.Rerun(), again)
	}
}
