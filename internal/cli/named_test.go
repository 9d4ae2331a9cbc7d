package cli

import (
	"crypto/sha256"
	"encoding/hex"
	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Tests of issue 38: outputs named on the command line are generated and
// no others; with none named, the catalog's outputs and the defaults. A
// record lists its files by output and changes only when one of them
// does.

// TestNamedOutputsOnly: -rust DIR alone writes the crate and nothing
// else, and so does each output's flag; -check of it checks it alone.
func TestNamedOutputsOnly(t *testing.T) {
	for _, tc := range []struct {
		args []string
		dir  string // the only directory written besides catalog/
		name string // what the summary line calls it
	}{
		{[]string{"-rust", "out/rust"}, "out", "(Rust)"},
		{[]string{"-python", "out/python"}, "out", "(Python)"},
		{[]string{"-schema", "out/errors.schema.json"}, "out", "(JSON Schema)"},
		{[]string{"-conformance", "out/vectors.json"}, "out", "(conformance vectors)"},
		{[]string{"-facts", "out/facts.json"}, "out", "(facts)"},
		{[]string{"-go", "fserrors"}, "fserrors", "(Go)"},
		{[]string{"-ts", "web/errors"}, "web", "(TypeScript)"},
		{[]string{"-docs", "site"}, "site", "(docs)"},
	} {
		t.Run(tc.args[0], func(t *testing.T) {
			dir := newProject(t)
			out := generate(t, dir, tc.args...)
			if !strings.Contains(out, tc.name+"\n") {
				t.Errorf("generate %s: %s", tc.args, out)
			}
			entries, _ := os.ReadDir(dir)
			var got []string
			for _, e := range entries {
				got = append(got, e.Name())
			}
			if strings.Join(got, " ") != "catalog "+tc.dir && strings.Join(got, " ") != tc.dir+" catalog" {
				t.Errorf("generate %s wrote %v, want only %s", tc.args, got, tc.dir)
			}
			if stdout, stderr, code := run(t, dir, append([]string{"generate", "-check"}, tc.args...)...); code != ExitOK {
				t.Errorf("-check %s: exit %d\n%s%s", tc.args, code, stdout, stderr)
			}
		})
	}
	// two named: those two
	dir := newProject(t)
	generate(t, dir, "-go", "a/go", "-schema", "a/s.json")
	if got := names(t, filepath.Join(dir, "a")); len(got) == 0 || strings.Contains(strings.Join(got, " "), "ts/") || strings.Contains(strings.Join(got, " "), ".md") {
		t.Errorf("generate -go -schema wrote %v", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "gen")); err == nil {
		t.Error("generate -go -schema wrote the default directories")
	}
}

// TestNamedOutputsFlagsOfOthers: a flag of an output not generated is a
// usage error naming the way forward, and nothing is written.
func TestNamedOutputsFlagsOfOthers(t *testing.T) {
	dir := newProject(t)
	for _, tc := range []struct{ args []string }{
		{[]string{"-rust", "out/rust", "-go-package", "fserrors"}},
		{[]string{"-go", "out/go", "-rust-crate", "files-errors"}},
		{[]string{"-rust", "out/rust", "-python-package", "files_errors"}},
		{[]string{"-schema", "out/s.json", "-templates", "tmpl"}},
	} {
		_, stderr, code := run(t, dir, append([]string{"generate"}, tc.args...)...)
		if code != ExitUsage || !strings.Contains(stderr, "but only the outputs named are generated") || !strings.Contains(stderr, "nothing written") {
			t.Errorf("generate %s: exit %d\n%s", tc.args, code, stderr)
		}
	}
	if got := names(t, dir); strings.Join(got, " ") != "catalog/errors.yaml" {
		t.Errorf("wrote %v", got)
	}
}

// sharedOutputs is a project whose catalog puts its conformance vectors
// and its facts in one directory.
func sharedOutputs(t *testing.T) string {
	t.Helper()
	dir := newModule(t)
	editCatalog(t, dir, "# outputs:", "outputs:\n  conformance: out/vectors.json\n  facts: out/facts.json\n# outputs:")
	return dir
}

// TestNamedOutputsShareADirectory: a run naming one of two outputs of a
// directory leaves the other's file alone, stale or not, and lists it in
// the record as it was; a run naming none writes both; one that no longer
// has an output removes its file.
func TestNamedOutputsShareADirectory(t *testing.T) {
	dir := sharedOutputs(t)
	generate(t, dir)
	recordPath := filepath.Join(dir, "out", ".errgen-"+recordHash(t, dir, "out"))
	record := errgentest.ReadPath(t, recordPath)
	if !strings.Contains(record, "\n# output: conformance\n") || !strings.Contains(record, "\n# output: facts\n") {
		t.Fatalf("the record of out/ lists its files by output:\n%s", record)
	}
	facts := errgentest.ReadPath(t, filepath.Join(dir, "out", "facts.json"))

	editCatalog(t, dir, "title: Internal error", "title: Internal failure")
	out := generate(t, dir, "-conformance", "out/vectors.json")
	if strings.Contains(out, "removed") {
		t.Errorf("generate -conformance removed files:\n%s", out)
	}
	if got := errgentest.ReadPath(t, filepath.Join(dir, "out", "facts.json")); got != facts {
		t.Error("generate -conformance rewrote the facts")
	}
	after := errgentest.ReadPath(t, recordPath)
	if factsSection(after) != factsSection(record) {
		t.Errorf("the facts' files in the record changed:\nbefore:\n%s\nafter:\n%s", record, after)
	}
	if _, stderr, code := run(t, dir, "generate", "-check", "-conformance", "out/vectors.json"); code != ExitOK {
		t.Errorf("-check -conformance after generate -conformance: exit %d\n%s", code, stderr)
	}
	if _, stderr, code := run(t, dir, "generate", "-check", "-facts", "out/facts.json"); code != ExitInvalid || !strings.Contains(stderr, "out/facts.json: stale") || strings.Contains(stderr, "vectors") {
		t.Errorf("-check -facts: exit %d\n%s", code, stderr)
	}
	if _, stderr, code := run(t, dir, "generate", "-check"); code != ExitInvalid || !strings.Contains(stderr, "out/facts.json: stale") {
		t.Errorf("-check: exit %d\n%s", code, stderr)
	}
	generate(t, dir)
	if _, stderr, code := run(t, dir, "generate", "-check"); code != ExitOK {
		t.Errorf("-check after generate: exit %d\n%s", code, stderr)
	}

	// the catalog drops its facts: a run naming no output removes them
	editCatalog(t, dir, "  facts: out/facts.json\n", "")
	out = generate(t, dir)
	if !strings.Contains(out, "removed out/facts.json (no longer produced)") {
		t.Errorf("generate after dropping the facts:\n%s", out)
	}
	if strings.Contains(errgentest.ReadPath(t, recordPath), "facts") {
		t.Errorf("the record still lists the facts:\n%s", errgentest.ReadPath(t, recordPath))
	}
}

// TestNamedOutputNotOverAnother: a named output whose file is, by the
// record, another output's that this run does not generate is refused.
func TestNamedOutputNotOverAnother(t *testing.T) {
	dir := sharedOutputs(t)
	generate(t, dir)
	// the facts are to move, not regenerated yet: out/facts.json is still theirs
	editCatalog(t, dir, "facts: out/facts.json", "facts: out/moved.json")
	before := errgentest.Snapshot(t, dir)
	_, stderr, code := run(t, dir, "generate", "-schema", "out/facts.json")
	if code != ExitUsage || !strings.Contains(stderr, "out/facts.json is a file of this catalog's facts output") || !strings.Contains(stderr, "nothing written") {
		t.Errorf("generate -schema over the facts: exit %d\n%s", code, stderr)
	}
	if after := errgentest.Snapshot(t, dir); after != before {
		t.Errorf("a refused generate changed files")
	}
	noTempFiles(t, dir)
}

// TestRecordsChangeWithTheirFiles: a run that changes one output's files
// leaves every other output's record as it was, bytes and time.
func TestRecordsChangeWithTheirFiles(t *testing.T) {
	dir := newProject(t)
	generate(t, dir)
	records := func() map[string]string {
		out := map[string]string{}
		for _, d := range []string{"gen/go", "gen/ts", "schema", "docs/errors"} {
			found, _ := filepath.Glob(filepath.Join(dir, filepath.FromSlash(d), ".errgen-*"))
			if len(found) != 1 {
				t.Fatalf("%s holds records %v", d, found)
			}
			info, err := os.Stat(found[0])
			if err != nil {
				t.Fatal(err)
			}
			out[d] = errgentest.ReadPath(t, found[0]) + info.ModTime().String()
		}
		return out
	}
	before := records()
	out := generate(t, dir, "-go-package", "othererrors") // every output, the Go package renamed
	after := records()
	for d := range before {
		if changed := before[d] != after[d]; changed != (d == "gen/go") {
			t.Errorf("the record of %s changed: %v; want only gen/go's\n%s", d, changed, out)
		}
	}
	// a comment in the catalog changes no output, and no record
	editCatalog(t, dir, "# An errgen error catalog.", "# The errgen error catalog.")
	before = records()
	generate(t, dir, "-go-package", "othererrors")
	if after := records(); !mapsEqual(before, after) {
		t.Error("a comment in the catalog changed records")
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestRecordOfErrgenBefore: a record of errgen before records listed
// files by output (it noted the build and digests, and every output of
// the catalog) is read as listing files of no output in particular: a
// run naming no output rewrites it, and one naming an output of its
// directory keeps the files it does not produce.
func TestRecordOfErrgenBefore(t *testing.T) {
	dir := sharedOutputs(t)
	generate(t, dir)
	recordPath := filepath.Join(dir, "out", ".errgen-"+recordHash(t, dir, "out"))
	current := errgentest.ReadPath(t, recordPath)
	var old strings.Builder
	for _, line := range strings.SplitAfter(current, "\n") {
		if strings.HasPrefix(line, "# output: ") {
			continue
		}
		if strings.HasPrefix(line, "# catalog: ") {
			line += "# errgen: devel go1.26.0 0123456789abcdef\n# inputs: 00\n# invocation: 00\n# output conformance vectors: .\n# output facts: .\n"
		}
		old.WriteString(line)
	}
	errgentest.WritePath(t, recordPath, []byte(old.String()))
	if _, stderr, code := run(t, dir, "generate", "-check"); code != ExitInvalid || !strings.Contains(stderr, "out/.errgen-") {
		t.Errorf("-check of an old record: exit %d\n%s", code, stderr)
	}
	// one output named: the other's file stays listed, of no output
	out := generate(t, dir, "-conformance", "out/vectors.json")
	record := errgentest.ReadPath(t, recordPath)
	if strings.Contains(out, "removed") || !strings.Contains(record, "  facts.json\n") || !strings.Contains(record, "# output: conformance\n") {
		t.Errorf("generate -conformance over an old record:\n%s\n%s", out, record)
	}
	generate(t, dir)
	if got := errgentest.ReadPath(t, recordPath); got != current {
		t.Errorf("generate over an old record wrote:\n%s\nwant:\n%s", got, current)
	}
}

// recordHash returns the hash part of the record name of the project's
// catalog in dir: the first six bytes of the SHA-256 of the catalog's path
// from dir, in hex.
func recordHash(t *testing.T, project, dir string) string {
	t.Helper()
	src, err := filepath.Rel(catalog.RealPath(filepath.Join(project, dir)), catalog.RealPath(filepath.Join(project, "catalog", "errors.yaml")))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte(filepath.ToSlash(src)))
	return hex.EncodeToString(sum[:6])
}

// factsSection returns the lines of a record's facts output.
func factsSection(record string) string {
	_, rest, _ := strings.Cut(record, "# output: facts\n")
	section, _, _ := strings.Cut(rest, "# output: ")
	return section
}
