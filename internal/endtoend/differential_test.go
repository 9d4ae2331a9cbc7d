package endtoend

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/difffuzz"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/golang"
	"github.com/errgen/errgen/internal/gen/jsonschema"
	"github.com/errgen/errgen/internal/gencatalog"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/runtimemodel"
)

// TestDifferential fuzzes the runtimes against each other (issue 37,
// docs/guide/conformance.md, "The runtimes fuzzed against each other"):
// for the hostile, a synthetic, the probe and the golden catalogs, and
// random ones drawn from the seed (gencatalog.Random: detail schemas that
// combine node kinds, constraints and security keywords at random, the
// ones errgen check accepts), it sends the same input lines — generated
// from each catalog's facts by internal/difffuzz: typed, mutated,
// hostile, unreadable — to the
// generated Go package's runner, errgenrt's own rendering of the facts
// (internal/runtimemodel, in this process), the TypeScript package's
// conformance.mjs, the Rust crate's example conformance and the Python
// package's runner (python -m PACKAGE.conformance), and compares
// every answer: the payloads of every format byte for byte, or the error
// answer with the same id, and no runner that dies, hangs or answers a
// malformed line. Every distinct payload the runners agree on, of every
// format, is then held to the catalog's generated wire schema by Ajv 2020
// (strict: true, ajv-formats: test/schema/validate.mjs, one node process a
// catalog, started while the runners build and fed every payload in one
// stream), so that a rule every runtime breaks alike fails too: each
// payload the schema rejects (or Ajv throws on) is an error with its
// line, format and Ajv's errors. A line the runners disagree on is shrunk while they
// still disagree the same way, and printed; ERRGEN_DIFF_KEEP=1 appends it
// to testdata/differential/CATALOG.jsonl (and a random catalog's YAML to
// CATALOG.yaml), whose lines every run replays first and which must agree.
//
// ERRGEN_DIFF_N sets the lines per catalog, ERRGEN_DIFF_SEED the seed (a
// number, or "random"), ERRGEN_DIFF_RANDOM the random catalogs (default
// 2; each named random-SEED, go run ./internal/cmd/gencatalog -random SEED
// prints it), ERRGEN_DIFF_RUNNERS the runners (go, errgenrt,
// ts, rust, python; default all), ERRGEN_DIFF_CATALOGS the catalogs (default
// all), ERRGEN_DIFF_EXTRA more catalog files (comma-separated, each named
// by its directory, and its file's name unless errors.yaml): make fuzz runs a long pass.
func TestDifferential(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every runtime's runner: skipped in -short mode")
	}
	start := time.Now()
	n := envInt(t, "ERRGEN_DIFF_N", 1500)
	seed := uint64(37)
	switch s := os.Getenv("ERRGEN_DIFF_SEED"); s {
	case "":
	case "random":
		seed = rand.Uint64()
	default:
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("ERRGEN_DIFF_SEED=%q: want a number or random", s)
		}
		seed = v
	}
	t.Logf("seed %d, %d lines per catalog (reproduce: ERRGEN_DIFF_SEED=%d ERRGEN_DIFF_N=%d)", seed, n, seed, n)
	keep := os.Getenv("ERRGEN_DIFF_KEEP") == "1"
	want := func(name string) bool {
		list := os.Getenv("ERRGEN_DIFF_RUNNERS")
		return list == "" || strings.Contains(","+list+",", ","+name+",")
	}

	catalogs := diffCatalogs(t)
	// random catalogs drawn from the seed: the first ones check accepts
	randomYAML := map[string][]byte{}
	for i, drawn := 0, 0; drawn < envInt(t, "ERRGEN_DIFF_RANDOM", 2); i++ {
		if i >= 1000 {
			t.Fatalf("ERRGEN_DIFF_RANDOM: check refused the first %d random catalogs", i)
		}
		catalogSeed := seed*1_000_003 + uint64(i)
		src := gencatalog.Random(catalogSeed)
		m, diags := errgentest.Check(t, catalog.MapFS{"errors.yaml": src}, "errors.yaml")
		if diags.HasErrors() {
			continue // a combination errgen check refuses: no catalog a user has
		}
		name := fmt.Sprintf("random-%d", catalogSeed)
		catalogs[name] = m
		randomYAML[name] = src
		drawn++
	}
	for _, path := range strings.Split(os.Getenv("ERRGEN_DIFF_EXTRA"), ",") {
		if path != "" { // a held-out catalog, named by its directory
			abs, err := filepath.Abs(path)
			if err != nil {
				t.Fatal(err)
			}
			name := filepath.Base(filepath.Dir(abs))
			if base := strings.TrimSuffix(filepath.Base(abs), filepath.Ext(abs)); base != "errors" {
				name += "-" + base
			}
			catalogs[name] = errgentest.Model(t, catalog.OSFS{}, abs)
		}
	}
	names := make([]string, 0, len(catalogs))
	for name := range catalogs {
		names = append(names, name)
	}
	sort.Strings(names)
	if list := os.Getenv("ERRGEN_DIFF_CATALOGS"); list != "" {
		names = names[:0]
		for _, name := range strings.Split(list, ",") {
			if catalogs[name] == nil {
				t.Fatalf("ERRGEN_DIFF_CATALOGS: no catalog %q", name)
			}
			names = append(names, name)
		}
	}

	// every payload the runners agree on is held to the catalog's wire
	// schema by Ajv, whose processes start now, while the runners build
	var validators *schemaValidators
	_, noNode := exec.LookPath("node")
	_, noAjv := os.Stat(filepath.Join(repoRoot(t), "node_modules", "ajv"))
	switch {
	case noNode != nil || noAjv != nil:
		if os.Getenv("CI") != "" {
			t.Fatalf("node or Ajv is not installed (npm ci installs Ajv): %v", errors.Join(noNode, noAjv))
		}
		t.Log("node or Ajv is not installed (make test installs Ajv): the payloads are not held to the schema")
	default:
		validators = startValidators(t, catalogs, names)
	}

	// the runners of every catalog, built once
	var goRunner string
	var rustBins map[string]string
	var tsDirs map[string]string
	if want("go") {
		goRunner = diffGoRunner(t, catalogs, names)
	}
	if want("ts") && haveTool(t, "node", "the TypeScript runner is left out") {
		tsDirs = map[string]string{}
		for _, name := range names {
			dir := filepath.Join(t.TempDir(), "ts")
			writePackage(t, catalogs[name], dir)
			tsDirs[name] = dir
		}
	}
	if want("rust") && haveTool(t, "cargo", "the Rust runner is left out") {
		rustBins = diffRustRunners(t, catalogs, names)
	}
	var pyRunners map[string]*difffuzz.Runner
	if want("python") {
		if py, ok := pythonEnv(t); !ok {
			t.Log("no Python test environment (.venv-test: make test creates it): the Python runner is left out")
		} else {
			pyRunners = map[string]*difffuzz.Runner{}
			for _, name := range names {
				dir := t.TempDir()
				pkg := pythonPackage(t, catalogs[name], dir)
				pyRunners[name] = &difffuzz.Runner{Name: "python", Command: []string{py, "-m", pkg + ".conformance"}, Dir: dir,
					Env: append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1")}
			}
		}
	}
	t.Logf("runners built in %v", time.Since(start).Round(time.Millisecond))

	// shrinking takes at most a minute in all for every eight catalogs
	// (longer in a long run), 15 seconds a line, four lines a catalog
	shrinkUntil := time.Now().Add(max(time.Minute, time.Duration(n)*10*time.Millisecond) * time.Duration((len(names)+7)/8))
	corpusDir := filepath.Join("testdata", "differential")
	for ci, name := range names {
		m := catalogs[name]
		rm := runtimemodel.Build(gen.NewInput(m))
		var runners []*difffuzz.Runner
		if goRunner != "" {
			runners = append(runners, &difffuzz.Runner{Name: "go", Command: []string{goRunner, name}})
		}
		if want("errgenrt") {
			rt := rm.Runtime
			runners = append(runners, &difffuzz.Runner{Name: "errgenrt", Serve: func(r io.Reader, w io.Writer) error {
				return errgenrt.ServeConformance(rt, r, w)
			}})
		}
		if dir := tsDirs[name]; dir != "" {
			runners = append(runners, &difffuzz.Runner{Name: "ts", Command: []string{"node", filepath.Join(dir, "conformance.mjs")}})
		}
		if bin := rustBins[name]; bin != "" {
			runners = append(runners, &difffuzz.Runner{Name: "rust", Command: []string{bin}})
		}
		if r := pyRunners[name]; r != nil {
			runners = append(runners, r)
		}
		if len(runners) < 2 {
			t.Fatalf("%s: fewer than two runners to compare", name)
		}

		t.Run(name, func(t *testing.T) {
			began := time.Now()
			corpusPath := filepath.Join(corpusDir, name+".jsonl")
			kept, err := difffuzz.ReadCorpus(corpusPath)
			if err != nil {
				t.Fatal(err)
			}
			lines := append([]*difffuzz.Line(nil), kept...)
			if ci == 0 {
				lines = append(lines, difffuzz.BlankLines("blank/")...)
			}
			lines = append(lines, difffuzz.New(rm.Facts, seed+uint64(ci)*1_000_003, fmt.Sprintf("%s/%d/", name, seed)).Lines(n)...)
			results, problems := difffuzz.Compare(runners, lines)
			for _, p := range problems {
				t.Errorf("%s", p)
			}
			if validators != nil {
				validators.check(t, name, results)
			}
			kinds := map[string]int{}
			keptClass := map[string]string{} // the classes of the kept lines that disagree
			bySignature := map[string][]difffuzz.Result{}
			var signatures []string
			for _, r := range results {
				kinds[r.Outcomes[0].Kind.String()]++
				if r.Outcomes[0].Violations[0] != "" {
					kinds["with violations"]++
				}
				if r.Agree() {
					continue
				}
				if r.Line.Class == "kept" {
					t.Errorf("a kept line (%s) disagrees:\n%s", corpusPath, r.Describe(runners))
					keptClass[r.Class()] = r.Line.ID
					continue
				}
				sig := r.Class()
				if bySignature[sig] == nil {
					signatures = append(signatures, sig)
				}
				bySignature[sig] = append(bySignature[sig], r)
			}
			runnerNames := make([]string, len(runners))
			for i, r := range runners {
				runnerNames[i] = r.Name
			}
			t.Logf("%d lines (%d kept) to %s in %v: %v; %d disagree", len(lines), len(kept), strings.Join(runnerNames, ", "),
				time.Since(began).Round(time.Millisecond), kinds, len(results)-countAgree(results))
			// shrink the shortest line of each way to disagree
			shrunk := 0
			for _, sig := range signatures {
				group := bySignature[sig]
				sort.SliceStable(group, func(a, b int) bool { return len(group[a].Line.Text()) < len(group[b].Line.Text()) })
				if id := keptClass[sig]; id != "" {
					t.Errorf("%d more lines disagree as the kept line %s does (%s)", len(group), id, sig)
					continue
				}
				if shrunk >= 4 || time.Now().After(shrinkUntil) {
					t.Errorf("%d more lines disagree (%s), not shrunk; the shortest:\n%s", len(group), sig, group[0].Describe(runners))
					continue
				}
				shrunk++
				shrinking := time.Now()
				small := difffuzz.Minimize(runners, group[0], minTime(shrinkUntil, time.Now().Add(15*time.Second)))
				keepLine := difffuzz.Kept(small.Line)
				t.Errorf("%d lines disagree (%s); the shortest, shrunk from %d to %d bytes in %v:\n%s", len(group), sig,
					len(group[0].Line.Text()), len(small.Line.Text()), time.Since(shrinking).Round(time.Millisecond), small.Describe(runners))
				if keep {
					if src := randomYAML[name]; src != nil { // the catalog is kept too, beside its lines
						if err := os.WriteFile(filepath.Join(corpusDir, name+".yaml"), src, 0o644); err != nil {
							t.Fatal(err)
						}
					}
					if err := difffuzz.AppendCorpus(corpusPath, keepLine); err != nil {
						t.Fatal(err)
					}
					t.Logf("kept in %s as %s", corpusPath, keepLine.ID)
				}
			}
		})
		if validators != nil {
			validators.done(name)
		}
	}
	t.Logf("in all %v", time.Since(start).Round(time.Millisecond))
}

// validatorsAhead is how many validators live at once, each some 60-80
// MB: enough for every catalog of a run by default, whose schemas then
// compile (0.3-1 s each) while the runners build rather than after each
// catalog's lines; past it, the next one starts as a catalog's run ends.
const validatorsAhead = 12

// schemaValidators are the validators of the catalogs of a run, started
// ahead of their runs.
type schemaValidators struct {
	ready map[string]chan startedValidator
	slots chan struct{}
	taken map[string]*difffuzz.Validator
}

type startedValidator struct {
	v   *difffuzz.Validator
	err error
}

// startValidators writes the wire schema of every catalog and starts
// test/schema/validate.mjs on each, in the order of names, one compiling
// at a time: beside the runners' builds, which leave a core idle much of
// the time, rather than both cores at once.
func startValidators(t *testing.T, catalogs map[string]*model.Catalog, names []string) *schemaValidators {
	command := []string{"node", filepath.Join(repoRoot(t), "test", "schema", "validate.mjs")}
	dir := t.TempDir()
	s := &schemaValidators{ready: map[string]chan startedValidator{}, slots: make(chan struct{}, validatorsAhead), taken: map[string]*difffuzz.Validator{}}
	var paths []string
	for _, name := range names { // here: the goroutine below reads no model
		files, err := jsonschema.Generate(gen.NewInput(catalogs[name]), jsonschema.Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		path := filepath.Join(dir, strconv.Itoa(len(paths))+".schema.json")
		if err := os.WriteFile(path, files[0].Data, 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, path)
		s.ready[name] = make(chan startedValidator, 1)
	}
	stop, finished := make(chan struct{}), make(chan struct{})
	var live []*difffuzz.Validator
	go func() {
		defer close(finished)
		for i, name := range names {
			select {
			case s.slots <- struct{}{}:
			case <-stop:
				return
			}
			v, err := difffuzz.StartValidator(append(command, paths[i]))
			if err == nil {
				live = append(live, v)
				_, err = v.Ready() // compiled before the next one starts
			}
			s.ready[name] <- startedValidator{v, err}
		}
	}()
	t.Cleanup(func() {
		close(stop)
		<-finished
		for _, v := range live {
			v.Close()
		}
	})
	return s
}

// check holds every distinct payload the runners agree on to the
// catalog's wire schema: a rule every runtime breaks alike shows here.
func (s *schemaValidators) check(t *testing.T, name string, results []difffuzz.Result) {
	began := time.Now()
	started := <-s.ready[name]
	s.taken[name] = started.v
	if started.err != nil {
		t.Errorf("the wire schema's validator: %v", started.err)
		return
	}
	warnings, _ := started.v.Ready()
	for _, w := range warnings {
		t.Errorf("Ajv (strict) logged compiling the wire schema: %s", w)
	}
	payloads := difffuzz.SchemaPayloads(results)
	verdicts, err := started.v.Validate(payloads)
	if err != nil {
		t.Errorf("the wire schema's validator: %v", err)
		return
	}
	invalid, defects := 0, 0
	for i, verdict := range verdicts {
		if verdict.Valid {
			continue
		}
		if verdict.Defect {
			defects++ // Ajv could not tell: not the payload's fault
			continue
		}
		invalid++
		p := payloads[i]
		what := "breaks the wire schema's"
		if verdict.Threw {
			what = "makes Ajv throw validating it against"
		}
		if invalid > 40 { // the rest briefly: one mistake makes many
			t.Errorf("line %s: the %s payload %s %s: %s", p.Line.ID, p.Format, what, verdict.Def, verdict.Errors)
			continue
		}
		t.Errorf("line %s: the %s payload %s %s:\n  Ajv: %s\n  payload: %s\n  line: %s",
			p.Line.ID, p.Format, what, verdict.Def, verdict.Errors, cutText(p.Text, 1500), cutText(string(p.Line.Text()), 1500))
	}
	t.Logf("%d distinct payloads held to the wire schema (Ajv, strict, formats) in %v: %d invalid, %d Ajv could not validate (its deep equality calls a member named toString or valueOf)",
		len(payloads), time.Since(began).Round(time.Millisecond), invalid, defects)
}

// done ends the catalog's validator, checked or not (its run failed
// first), and frees its place for the next one.
func (s *schemaValidators) done(name string) {
	v, taken := s.taken[name]
	if !taken {
		started := <-s.ready[name]
		v = started.v
	}
	if v != nil {
		v.Close()
	}
	<-s.slots
}

func cutText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + fmt.Sprintf("… (%d bytes)", len(s))
}

func countAgree(results []difffuzz.Result) int {
	n := 0
	for _, r := range results {
		if r.Agree() {
			n++
		}
	}
	return n
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

func envInt(t *testing.T, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	v, err := strconv.Atoi(s)
	if err != nil || v < 0 {
		t.Fatalf("%s=%q: want a count", name, s)
	}
	return v
}

// diffCatalogs are the catalogs of TestDifferential: the hostile one, a
// synthetic one, the probe catalog, the golden ones and the random ones
// kept in testdata/differential.
func diffCatalogs(t *testing.T) map[string]*model.Catalog {
	out := map[string]*model.Catalog{
		"hostile":   errgentest.Model(t, catalog.MapFS{"errors.yaml": gencatalog.HostileCatalog()}, "errors.yaml"),
		"synthetic": errgentest.Model(t, catalog.MapFS{"errors.yaml": gencatalog.Generate(40)}, "errors.yaml"),
		"probe":     errgentest.Model(t, catalog.MapFS{"errors.yaml": gencatalog.ProbeCatalog()}, "errors.yaml"),
	}
	for _, c := range goldenCases(t) {
		out[c.name] = errgentest.Model(t, catalog.OSFS{}, c.catalog)
	}
	// the random catalogs whose lines the corpus keeps
	kept, err := filepath.Glob(filepath.Join("testdata", "differential", "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range kept {
		out[strings.TrimSuffix(filepath.Base(path), ".yaml")] = errgentest.Model(t, catalog.OSFS{}, path)
	}
	return out
}

// diffGoRunner builds one runner of the generated Go packages of every
// catalog, in a module of their own: `runner NAME` serves catalog NAME.
func diffGoRunner(t *testing.T, catalogs map[string]*model.Catalog, names []string) string {
	files := map[string]string{}
	var imports, entries strings.Builder
	for i, name := range names {
		pkg := fmt.Sprintf("c%d", i)
		out, err := golang.Generate(gen.NewInput(catalogs[name]), golang.Options{Package: pkg})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, f := range out {
			files[pkg+"/"+f.Path] = string(f.Data)
		}
		fmt.Fprintf(&imports, "\t%s \"example.com/diff/%s\"\n", pkg, pkg)
		fmt.Fprintf(&entries, "\t%q: %s.Catalog,\n", name, pkg)
	}
	files["main.go"] = `package main

import (
	"log"
	"os"

	"github.com/errgen/errgen/errgenrt"
` + imports.String() + `)

var catalogs = map[string]*errgenrt.Catalog{
` + entries.String() + `}

func main() {
	c := catalogs[os.Args[1]]
	if c == nil {
		log.Fatalf("no catalog %q", os.Args[1])
	}
	if err := errgenrt.ServeConformance(c, os.Stdin, os.Stdout); err != nil {
		log.Fatal(err)
	}
}
`
	dir := tempModule(t, "example.com/diff", files)
	goIn(t, dir, "build", "-o", "runner", ".")
	return filepath.Join(dir, "runner")
}

// diffRustRunners builds the example conformance of the Rust crate of
// every catalog, in one workspace with the shared target directory, and
// returns each runner's binary by catalog (none for a crate that does not
// build, which is an error of the test).
func diffRustRunners(t *testing.T, catalogs map[string]*model.Catalog, names []string) map[string]string {
	crates := map[string][]gen.File{}
	packages := map[string]bool{}
	pkgOf := map[string]string{}
	for _, name := range names {
		files := rustCrate(t, catalogs[name])
		// every crate's example has the one name: each its own here, so
		// that one cargo build builds them all
		for i, f := range files {
			if f.Path == "examples/conformance.rs" {
				files[i].Path = "examples/conformance_" + name + ".rs"
			}
			// two catalogs of one name (an extra one): the package
			// renamed, its library's name kept
			if crate := crateName(catalogs[name]); f.Path == "Cargo.toml" && packages[crate] {
				toml := strings.Replace(string(f.Data), fmt.Sprintf("name = %q", crate), fmt.Sprintf("name = %q", crate+"-"+name), 1)
				toml = strings.Replace(toml, "[lib]\n", fmt.Sprintf("[lib]\nname = %q\n", strings.ReplaceAll(crate, "-", "_")), 1)
				files[i].Data = []byte(toml)
			}
		}
		pkgOf[name] = crateName(catalogs[name])
		if packages[pkgOf[name]] {
			pkgOf[name] += "-" + name
		}
		packages[pkgOf[name]] = true
		crates[name] = files
	}
	ws := rustWorkspace(t, crates)
	args := []string{"build", "--message-format=json", "--examples"}
	for _, name := range names {
		args = append(args, "-p", pkgOf[name])
	}
	cmd := exec.Command("cargo", args...)
	cmd.Dir = ws
	cmd.Env = append(os.Environ(), "CARGO_TARGET_DIR="+targetDir(t), "CARGO_TERM_COLOR=never")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	bins := map[string]string{}
	for _, line := range bytes.Split(out, []byte("\n")) {
		var msg struct {
			Reason       string `json:"reason"`
			ManifestPath string `json:"manifest_path"`
			Target       struct{ Name string }
			Filenames    []string `json:"filenames"`
			Executable   string   `json:"executable"`
		}
		if json.Unmarshal(line, &msg) != nil || msg.Reason != "compiler-artifact" || !strings.HasPrefix(msg.Target.Name, "conformance_") || msg.Executable == "" {
			continue
		}
		bins[filepath.Base(filepath.Dir(msg.ManifestPath))] = msg.Executable
	}
	if err != nil {
		t.Errorf("cargo build of the Rust runners: %v\n%s", err, tail(stderr.String(), 4000))
	}
	for _, name := range names {
		if bins[name] == "" {
			t.Errorf("%s: no Rust runner built: the Rust runner is left out for it\n%s", name, tail(stderr.String(), 2000))
		}
	}
	return bins
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}

// haveTool reports whether the program name is on PATH. Where it is not,
// it fails t in CI, which installs every tool, and elsewhere logs what is
// left out.
func haveTool(t *testing.T, name, leftOut string) bool {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is not installed: %v", name, err)
		}
		t.Logf("%s is not installed: %s", name, leftOut)
		return false
	}
	return true
}
