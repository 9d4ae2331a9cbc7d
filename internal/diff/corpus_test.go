package diff_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/cli"
	"github.com/errgen/errgen/internal/diff"
	"github.com/errgen/errgen/internal/errgentest"
	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the want section of testdata/*.txtar")

// runCLI runs errgen in dir with buffers.
func runCLI(t *testing.T, dir string, args ...string) (stdout, stderr string, exit int) {
	t.Helper()
	var out, errb bytes.Buffer
	exit = cli.RunEnv(&cli.Env{Stdout: &out, Stderr: &errb, Dir: dir, FS: catalog.OSFS{}}, args)
	return out.String(), errb.String(), exit
}

// writeArchive writes every file of ar but want into a new temporary
// directory.
func writeArchive(t *testing.T, ar *txtar.Archive) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range ar.Files {
		if f.Name == "want" {
			continue
		}
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

type jsonReport struct {
	Old, New string
	Changes  []struct {
		Severity, Kind, Symbol, File, Message string
		Line, Col                             int
		Old, New                              any
	}
	Summary struct {
		Breaking, Warning, Compatible, Total int
	}
	Breaking bool
}

// A corpus case is testdata/NAME.txtar: a comment saying what the case
// shows, old.yaml and new.yaml (plus any files they include), and want: what
// `errgen diff old.yaml new.yaml` prints (stdout, then stderr) and its exit
// status as a last line "exit N". Run with -update to rewrite want.
func TestCorpus(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	kinds := map[string]bool{}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			ar := txtar.Parse(data)
			dir := writeArchive(t, ar)
			stdout, stderr, exit := runCLI(t, dir, "diff", "old.yaml", "new.yaml")
			got := stdout + stderr + fmt.Sprintf("exit %d\n", exit)
			if *update {
				errgentest.SetArchiveFile(ar, "want", []byte(got))
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
			} else if want, _ := errgentest.ArchiveFile(ar, "want"); string(want) != got {
				t.Errorf("errgen diff old.yaml new.yaml:\n--- got ---\n%s--- want ---\n%s", got, want)
			}

			// the exit status follows the verdict
			breaking := strings.Contains(stdout, ": breaking: ")
			if stderr == "" && breaking != (exit == cli.ExitInvalid) {
				t.Errorf("exit %d, but breaking lines: %t", exit, breaking)
			}
			if stderr != "" && (exit != cli.ExitInvalid || stdout != "") {
				t.Errorf("an invalid catalog must give exit 1 and no report; got exit %d, stdout %q", exit, stdout)
			}

			// -json says the same as the text report
			jout, jerr, jexit := runCLI(t, dir, "diff", "-json", "old.yaml", "new.yaml")
			if jexit != exit || jerr != stderr {
				t.Fatalf("-json: exit %d, stderr %q; text: exit %d, stderr %q", jexit, jerr, exit, stderr)
			}
			if stderr != "" {
				if jout != "" {
					t.Errorf("-json printed a report for an invalid catalog: %s", jout)
				}
				return
			}
			var r jsonReport
			if err := json.Unmarshal([]byte(jout), &r); err != nil {
				t.Fatalf("-json output is not JSON: %v\n%s", err, jout)
			}
			var lines []string
			for _, c := range r.Changes {
				lines = append(lines, fmt.Sprintf("%s:%d:%d: %s: %s\n", c.File, c.Line, c.Col, c.Severity, c.Message))
				kinds[c.Kind] = true
			}
			text := strings.Join(lines, "")
			if !strings.HasPrefix(stdout, text) {
				t.Errorf("-json changes differ from the text report:\n%s\nvs\n%s", text, stdout)
			}
			s := r.Summary
			if s.Total != len(r.Changes) || s.Breaking+s.Warning+s.Compatible != s.Total || r.Breaking != (s.Breaking > 0) {
				t.Errorf("inconsistent summary %+v for %d changes", s, len(r.Changes))
			}
		})
	}
	// every rule of SPEC §4 and issue 7 has a case
	if t.Failed() || *update {
		return
	}
	var missing []string
	for _, k := range []string{
		diff.KindErrorAdded, diff.KindErrorRemoved, diff.KindErrorRetired, diff.KindSymbolChanged,
		diff.KindCodeChanged, diff.KindCodeReused, diff.KindWireCodeChanged, diff.KindTypeChanged,
		diff.KindErrorDomainChanged, diff.KindStatusChanged, diff.KindStatusRemoved, diff.KindStatusAdded,
		diff.KindRetryableOff, diff.KindRetryableOn, diff.KindRetryClassChanged, diff.KindRetryDelayChanged,
		diff.KindThrottlingChanged, diff.KindProblemTypeChanged, diff.KindTitleChanged,
		diff.KindMessageChanged, diff.KindUserMessageChanged, diff.KindSuggestionAdded, diff.KindSuggestionRemoved,
		diff.KindDocChanged, diff.KindSinceChanged, diff.KindDeprecated, diff.KindUndeprecated,
		diff.KindSensitiveChanged, diff.KindDetailsAdded, diff.KindDetailsRemoved, diff.KindDetailsShapeChanged,
		diff.KindFieldAdded, diff.KindFieldRemoved, diff.KindFieldRequired, diff.KindFieldOptional,
		diff.KindFieldTypeChanged, diff.KindEnumValueAdded, diff.KindEnumValueRemoved, diff.KindFieldConstraint,
		diff.KindFieldEmission, diff.KindDomainAdded, diff.KindDomainRemoved, diff.KindDomainRenamed,
		diff.KindDomainRangeShrunk, diff.KindDomainRangeGrown, diff.KindDomainTextChanged,
		diff.KindRetiredAdded, diff.KindRetiredRemoved, diff.KindRetiredReused,
		diff.KindVersionChanged, diff.KindProblemBaseChanged, diff.KindFallbackChanged, diff.KindLimitChanged,
		diff.KindSchemaVersionChanged, diff.KindNameChanged, diff.KindOutputChanged, diff.KindFieldDescription,
		diff.KindFieldKeywordChanged, diff.KindDomainPrefixChanged, diff.KindDeprecationChanged,
		diff.KindExamplesChanged, diff.KindTypeReused, diff.KindAliasAdded, diff.KindAliasRemoved, diff.KindAliasMoved,
		diff.KindFormatsChanged, diff.KindVersionBumpTooSmall,
	} {
		if !kinds[k] {
			missing = append(missing, k)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("no corpus case reports %s", strings.Join(missing, ", "))
	}
}
