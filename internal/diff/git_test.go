package diff_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/cli"
	"github.com/errgen/errgen/internal/errgentest"
)

// writeFiles writes files (slash-separated names) into a new temporary
// directory.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, data := range files {
		errgentest.WriteFile(t, dir, name, data)
	}
	return dir
}

// git runs git in dir with a fixed identity and no user configuration.
func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=test", "GIT_AUTHOR_EMAIL=test@example.com",
		"GIT_COMMITTER_NAME=test", "GIT_COMMITTER_EMAIL=test@example.com")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

const gitMain = `errgen: 1
name: demo
version: 1.0.0
fallback: E_INTERNAL
include: domains/*.yaml
domains:
  common: {range: [1000, 1099]}
errors:
  E_INTERNAL:
    code: 1000
    title: Internal error
    message: An internal error occurred
    doc: Something failed.
`

const gitStorage = `domains:
  storage: {range: [2000, 2099]}
errors:
  E_FULL:
    code: 2000
    title: Full
    message: Storage is full
    doc: No room.
  E_LOCKED:
    code: 2001
    title: Locked
    message: Locked
    doc: Locked.
`

// TestGitRevision: OLD read from a commit with git:REV:PATH, includes and
// all, against the edited work tree; positions in OLD print as
// git:REV:PATH:LINE:COL.
func TestGitRevision(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := writeFiles(t, map[string]string{
		"catalog/errors.yaml":          gitMain,
		"catalog/domains/storage.yaml": gitStorage,
		"catalog/domains/README.md":    "not a catalog file\n",
	})
	git(t, dir, "init", "-q")
	git(t, dir, "add", ".")
	git(t, dir, "commit", "-q", "-m", "catalog v1")
	// v2: E_LOCKED removed (in the included file), E_INTERNAL renumbered, a
	// new included file; none of it committed
	errgentest.WriteFile(t, dir, "catalog/errors.yaml", strings.Replace(gitMain, "code: 1000", "code: 1001", 1))
	errgentest.WriteFile(t, dir, "catalog/domains/storage.yaml", gitStorage[:strings.Index(gitStorage, "  E_LOCKED:")])
	errgentest.WriteFile(t, dir, "catalog/domains/billing.yaml", "domains:\n  billing: {range: [3000, 3099]}\n")

	stdout, stderr, exit := runCLI(t, dir, "diff", "git:HEAD:catalog/errors.yaml", "catalog/errors.yaml")
	want := `catalog/errors.yaml:10:11: breaking: code of E_INTERNAL changed from 1000 to 1001
git:HEAD:catalog/domains/storage.yaml:9:3: breaking: error E_LOCKED (code 2001) removed; deprecate it first, then remove it and list it under retired
catalog/domains/billing.yaml:2:3: compatible: domain "billing" (range [3000, 3099]) added
3 changes: 2 breaking, 0 warnings, 1 compatible
`
	if stdout != want || stderr != "" || exit != cli.ExitInvalid {
		t.Errorf("exit %d, stderr %q, stdout:\n%s", exit, stderr, stdout)
	}

	// both sides from git: commit v2 and compare the two commits
	git(t, dir, "add", ".")
	git(t, dir, "commit", "-q", "-m", "catalog v2")
	stdout2, stderr, exit := runCLI(t, dir, "diff", "git:HEAD~1:catalog/errors.yaml", "git:HEAD:catalog/errors.yaml")
	want2 := strings.NewReplacer("catalog/errors.yaml:10", "git:HEAD:catalog/errors.yaml:10",
		"catalog/domains/billing.yaml", "git:HEAD:catalog/domains/billing.yaml",
		"git:HEAD:catalog/domains/storage.yaml", "git:HEAD~1:catalog/domains/storage.yaml").Replace(want)
	if stdout2 != want2 || stderr != "" || exit != cli.ExitInvalid {
		t.Errorf("two revisions: exit %d, stderr %q, stdout:\n%s", exit, stderr, stdout2)
	}

	// from a subdirectory: ./PATH is relative to it, as in git; the
	// positions of the work-tree side are relative to the subdirectory
	sub := filepath.Join(dir, "catalog")
	stdout3, stderr, exit := runCLI(t, sub, "diff", "git:HEAD~1:./errors.yaml", "errors.yaml")
	want3 := strings.NewReplacer("catalog/errors.yaml:10", "errors.yaml:10",
		"catalog/domains/billing.yaml", "domains/billing.yaml",
		"git:HEAD:", "git:HEAD~1:").Replace(want)
	if stdout3 != want3 || stderr != "" || exit != cli.ExitInvalid {
		t.Errorf("subdirectory: exit %d, stderr %q, stdout:\n%s", exit, stderr, stdout3)
	}

	// an invalid catalog in a revision: its diagnostics point into git
	errgentest.WriteFile(t, dir, "catalog/domains/storage.yaml", strings.Replace(gitStorage, "code: 2001", "code: 2000", 1))
	git(t, dir, "commit", "-q", "-am", "broken")
	_, stderr, exit = runCLI(t, dir, "diff", "git:HEAD:catalog/errors.yaml", "catalog/errors.yaml")
	if exit != cli.ExitInvalid || !strings.HasPrefix(stderr, "git:HEAD:catalog/domains/storage.yaml:10:11: error: duplicate code 2000 of E_LOCKED: E_FULL already has it (at git:HEAD:catalog/domains/storage.yaml:4:3) (included from git:HEAD:catalog/errors.yaml:5:10)\n") {
		t.Errorf("invalid revision catalog: exit %d, stderr:\n%s", exit, stderr)
	}

	for _, tc := range []struct{ arg, stderr string }{
		{"git:nosuchrev:catalog/errors.yaml", `unknown git revision "nosuchrev"`},
		{"git:HEAD:catalog/missing.yaml", "catalog git:HEAD:catalog/missing.yaml does not exist"},
		{"git:HEAD:catalog/domains", "git:HEAD:catalog/domains: not a file but a git tree"},
		{"git:HEAD", "want git:REV:PATH"},
		{"git:-p:x.yaml", "must not start with '-'"},
		{"git:HEAD:../outside.yaml", "outside the repository"},
	} {
		stdout, stderr, exit := runCLI(t, dir, "diff", tc.arg, "catalog/errors.yaml")
		if exit != cli.ExitUsage || stdout != "" || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", tc.arg, exit, stdout, stderr)
		}
	}

	// an include that a revision lacks is the catalog's problem: exit 1
	errgentest.WriteFile(t, dir, "catalog/errors.yaml", strings.Replace(gitMain, "include: domains/*.yaml", "include: [domains/*.yaml, extra.yaml]", 1))
	git(t, dir, "commit", "-q", "-am", "include a missing file")
	_, stderr, exit = runCLI(t, dir, "diff", "git:HEAD:catalog/errors.yaml", "git:HEAD:catalog/errors.yaml")
	if exit != cli.ExitInvalid || !strings.HasPrefix(stderr, `git:HEAD:catalog/errors.yaml:5:27: error: include "extra.yaml" matches no file`) {
		t.Errorf("missing include: exit %d, stderr:\n%s", exit, stderr)
	}

	// outside any repository
	if _, stderr, exit := runCLI(t, t.TempDir(), "diff", "git:HEAD:errors.yaml", "errors.yaml"); exit != cli.ExitUsage || !strings.Contains(stderr, "not a git repository") {
		t.Errorf("outside a repository: exit %d, %q", exit, stderr)
	}
}
