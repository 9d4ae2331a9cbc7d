package pipeline

import (
	"github.com/errgen/errgen/internal/errgentest"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestGitStatusClean: in a git repository whose outputs are committed,
// the records change only with their files. Generating one output alone
// (-conformance FILE, -rust DIR) writes that and nothing else; another
// errgen build regenerating leaves git status clean; a change that
// reaches one output's files (here the Go package's name, as a change to
// one runtime would reach that runtime's output) changes those files and
// that output's record, no other; and generate -check passes after each.
func TestGitStatusClean(t *testing.T) {
	gitPath, err := exec.LookPath("git")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("git is not installed: %v", err)
		}
		t.Skip("git is not installed")
	}
	dir := newModule(t)
	editCatalog(t, dir, "# outputs:", "outputs:\n  rust: {dir: gen/rust}\n# outputs:")
	errgentest.WritePath(t, filepath.Join(dir, ".gitignore"), []byte("/conformance/\n"))
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(gitPath, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1",
			"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	// status lists the paths git status reports, sorted
	status := func() []string {
		t.Helper()
		var paths []string
		for _, line := range strings.Split(strings.TrimRight(git("status", "--porcelain", "--untracked-files=all"), "\n"), "\n") {
			if line != "" {
				paths = append(paths, line[3:])
			}
		}
		sort.Strings(paths)
		return paths
	}
	check := func(when string) {
		t.Helper()
		if stdout, stderr, code := run(t, dir, "generate", "-check"); code != ExitOK {
			t.Errorf("generate -check %s: exit %d\n%s%s", when, code, stdout, stderr)
		}
	}
	git("init", "-q")
	generate(t, dir)
	git("add", "-A")
	git("commit", "-q", "-m", "outputs")
	if s := status(); len(s) != 0 {
		t.Fatalf("status after the commit: %v", s)
	}

	// the README's -conformance FILE: that file, nothing else
	out := generate(t, dir, "-conformance", "conformance/vectors.json")
	if _, err := os.Stat(filepath.Join(dir, "conformance", "vectors.json")); err != nil {
		t.Fatalf("generate -conformance wrote no vectors: %v\n%s", err, out)
	}
	if s := status(); len(s) != 0 {
		t.Errorf("generate -conformance changed %v\n%s", s, out)
	}
	check("after -conformance")

	// -rust DIR alone: the crate, nothing else
	out = generate(t, dir, "-rust", "other/crate")
	for _, p := range status() {
		if !strings.HasPrefix(p, "other/crate/") {
			t.Errorf("generate -rust other/crate changed %s\n%s", p, out)
		}
	}
	if err := os.RemoveAll(filepath.Join(dir, "other")); err != nil {
		t.Fatal(err)
	}

	// another errgen build: every file as it is, records included
	withBuild(t, "devel go0 3333333333333333", func() any {
		out := generate(t, dir)
		if s := status(); len(s) != 0 {
			t.Errorf("generate by another build changed %v\n%s", s, out)
		}
		check("by another build")
		return nil
	})

	// one output's files change: those and that output's record, no other
	editCatalog(t, dir, "outputs:\n", "outputs:\n  go: {package: renamederrors}\n")
	withBuild(t, "v9.9.9 go0 4444444444444444", func() any {
		out := generate(t, dir)
		s := status()
		record := false
		for _, p := range s {
			switch {
			case p == "catalog/errors.yaml":
			case strings.HasPrefix(p, "gen/go/"):
				record = record || strings.HasPrefix(filepath.Base(p), ".errgen-")
			default:
				t.Errorf("renaming the Go package changed %s\n%s", p, out)
			}
		}
		if !record {
			t.Errorf("renaming the Go package changed %v; want gen/go's record among them (it lists its files' digests)", s)
		}
		check("after the rename")
		return nil
	})
}
