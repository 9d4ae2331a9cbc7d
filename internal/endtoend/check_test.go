package endtoend

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/cli"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite golden files")

// A check case is testdata/check/NAME.txtar: the catalog files (errors.yaml
// is the main one), then the golden sections want/stderr, want/exit and
// want/schema (the catalog schema's verdict on the input files).
func TestCheckCases(t *testing.T) {
	files, err := filepath.Glob("testdata/check/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no check cases: %v", err)
	}
	schema := catalogSchema(t)
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			ar := txtar.Parse(data)
			dir := t.TempDir()
			var inputs []string
			for _, f := range ar.Files {
				if strings.HasPrefix(f.Name, "want/") {
					continue
				}
				inputs = append(inputs, f.Name)
				p := filepath.Join(dir, filepath.FromSlash(f.Name))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, f.Data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			around := filepath.Dir(dir) // outputs leaving dir land here first
			before := snapshot(t, around)
			stdout, stderr, exit := runCLI(t, dir, "check", "-catalog", "errors.yaml")
			if after := snapshot(t, around); after != before {
				t.Errorf("check changed the directory:\nbefore:\n%s\nafter:\n%s", before, after)
			}
			generateAgrees(t, dir, exit, stderr)
			verdict := schemaVerdict(t, schema, dir, inputs)
			if exit == cli.ExitOK && verdict != "accept" {
				t.Errorf("check accepts the catalog but the catalog schema rejects it:\n%s", verdict)
			}
			got := map[string]string{
				"want/stderr": stderr,
				"want/exit":   strconv.Itoa(exit) + "\n",
				"want/schema": firstLine(verdict) + "\n",
			}
			if exit == cli.ExitOK && stdout == "" {
				t.Errorf("check printed nothing on success")
			}
			if *update {
				for _, k := range []string{"want/stderr", "want/exit", "want/schema"} {
					errgentest.SetArchiveFile(ar, k, []byte(got[k]))
				}
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			for _, k := range []string{"want/stderr", "want/exit", "want/schema"} {
				want, ok := errgentest.ArchiveFile(ar, k)
				if !ok {
					t.Errorf("missing %s section (run with -update)", k)
					continue
				}
				if string(want) != got[k] {
					t.Errorf("%s differs\n--- want\n%s--- got\n%s", k, want, got[k])
				}
			}
		})
	}
}

// generateAgrees holds generate to check's verdict on a check case: an
// invalid catalog gives the same diagnostics and exit status and writes
// nothing anywhere; a valid one generates, and its outputs are then fresh.
func generateAgrees(t *testing.T, dir string, checkExit int, checkStderr string) {
	t.Helper()
	around := filepath.Dir(dir)
	before := snapshot(t, around)
	_, stderr, exit := runCLI(t, dir, "generate", "-catalog", "errors.yaml")
	if checkExit != cli.ExitOK {
		if exit != checkExit || stderr != checkStderr {
			t.Errorf("generate disagrees with check: exit %d (check %d), stderr:\n%s", exit, checkExit, stderr)
		}
		if after := snapshot(t, around); after != before {
			t.Errorf("generate of an invalid catalog wrote:\nbefore:\n%s\nafter:\n%s", before, after)
		}
		return
	}
	if exit != cli.ExitOK {
		t.Errorf("check accepts the catalog but generate exits %d:\n%s", exit, stderr)
		return
	}
	if _, stderr, exit := runCLI(t, dir, "generate", "-check", "-catalog", "errors.yaml"); exit != cli.ExitOK {
		t.Errorf("generate -check right after generate: exit %d\n%s", exit, stderr)
	}
}

// TestRepoCatalogs checks the repository's own catalogs: each must pass with
// no diagnostic at all, and the catalog schema must accept every file.
func TestRepoCatalogs(t *testing.T) {
	root := repoRoot(t)
	paths := []string{filepath.Join(root, "catalog", "errors.yaml")}
	examples, _ := filepath.Glob(filepath.Join(root, "examples", "*", "errors.yaml"))
	if len(examples) < 4 {
		t.Errorf("want a catalog per error system under examples/, found %d", len(examples))
	}
	paths = append(paths, examples...)
	schema := catalogSchema(t)
	for _, p := range paths {
		rel, _ := filepath.Rel(root, p)
		t.Run(filepath.ToSlash(rel), func(t *testing.T) {
			dir := filepath.Dir(p)
			stdout, stderr, exit := runCLI(t, dir, "check", "-catalog", filepath.Base(p))
			if exit != cli.ExitOK || stderr != "" {
				t.Errorf("check exit %d, stderr:\n%s", exit, stderr)
			}
			if !strings.Contains(stdout, "ok") {
				t.Errorf("stdout = %q", stdout)
			}
			if v := schemaVerdict(t, schema, dir, []string{filepath.Base(p)}); v != "accept" {
				t.Errorf("catalog schema: %s", v)
			}
		})
	}
}

func repoRoot(t testing.TB) string {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Clean(filepath.Join(wd, "..", ".."))
}

func runCLI(t testing.TB, dir string, args ...string) (stdout, stderr string, exit int) {
	var out, errb bytes.Buffer
	env := &cli.Env{Stdout: &out, Stderr: &errb, Dir: dir, FS: catalog.OSFS{}}
	exit = cli.RunEnv(env, args)
	return out.String(), errb.String(), exit
}

// snapshot lists every file under dir with its size and modification time.
func snapshot(t testing.TB, dir string) string {
	var lines []string
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := e.Info()
		if err != nil {
			return err
		}
		lines = append(lines, fmt.Sprintf("%s %d %d %v", p, info.Size(), info.ModTime().UnixNano(), info.Mode()))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

func catalogSchema(t testing.TB) *catalogSchemas {
	root := repoRoot(t)
	s, err := loadCatalogSchema(filepath.Join(root, "schema", "catalog.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

type catalogSchemas struct {
	main, include *jsonschema.Schema
}

func loadCatalogSchema(path string) (*catalogSchemas, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	const u = "https://errgen.dev/catalog.schema.json"
	if err := c.AddResource(u, doc); err != nil {
		return nil, err
	}
	s := &catalogSchemas{}
	if s.main, err = c.Compile(u); err != nil {
		return nil, err
	}
	if s.include, err = c.Compile(u + "#/$defs/include"); err != nil {
		return nil, err
	}
	return s, nil
}

// schemaVerdict validates the main catalog and every other input YAML file
// (against the include definition) and returns "accept" or "reject: ...".
func schemaVerdict(t testing.TB, s *catalogSchemas, dir string, inputs []string) string {
	var problems []string
	for _, name := range inputs {
		if !strings.HasSuffix(name, ".yaml") && !strings.HasSuffix(name, ".yml") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		v, diags := catalog.ParseDocument(name, data)
		if v == nil || diags.HasErrors() {
			problems = append(problems, name+": not a YAML document the schema can see")
			continue
		}
		sch := s.include
		if name == "errors.yaml" || strings.HasSuffix(name, "/errors.yaml") && len(inputs) == 1 {
			sch = s.main
		}
		if err := sch.Validate(v.JSON()); err != nil {
			problems = append(problems, name+": "+strings.ReplaceAll(err.Error(), "\n", " "))
		}
	}
	if len(problems) == 0 {
		return "accept"
	}
	return "reject: " + strings.Join(problems, "; ")
}

func firstLine(s string) string {
	if strings.HasPrefix(s, "reject") {
		return "reject"
	}
	return s
}
