package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/golang"
	"github.com/errgen/errgen/internal/gen/jsonschema"
	"github.com/errgen/errgen/internal/gen/typescript"
	"github.com/errgen/errgen/internal/model"
)

var generateCmd = &command{
	name:    "generate",
	args:    "[-catalog FILE] [-go DIR] [-go-package NAME] [-ts DIR] [-schema FILE] [-docs DIR] [-templates DIR] [-check]",
	summary: "Check a catalog and write its outputs. Nothing is written unless the catalog is valid and every emitter succeeds.",
	flags: func(fl *flag.FlagSet) {
		fl.String("catalog", DefaultCatalog, "catalog `file`")
		fl.String("go", "", "Go output `dir` (default: the catalog's outputs.go.dir, else gen/go)")
		fl.String("go-package", "", "Go package `name` (default: outputs.go.package, else derived from the catalog name)")
		fl.String("ts", "", "TypeScript package `dir` (default: outputs.ts.dir, else gen/ts)")
		fl.String("schema", "", "JSON Schema `file` (default: outputs.schema, else schema/error-context.schema.json)")
		fl.String("docs", "", "markdown docs `dir` (default: outputs.docs, else docs/errors)")
		fl.String("templates", "", "`dir` of docs templates overriding the built-in ones")
		fl.Bool("check", false, "write nothing; exit 1 listing every output that is stale, missing or extra")
	},
	run: runGenerate,
}

// output is one emitter's target.
type output struct {
	name  string // what, for messages
	dir   string // directory the emitter's files are relative to
	files []gen.File
}

// relTo returns path relative to dir, slash-separated, for source headers.
func relTo(dir, path string) string {
	rel, err := filepath.Rel(dir, path)
	if err != nil {
		return filepath.ToSlash(path)
	}
	return filepath.ToSlash(rel)
}

func flagString(fl *flag.FlagSet, name string) string { return fl.Lookup(name).Value.String() }

func pick(flagValue, catalogValue, def string) string {
	switch {
	case flagValue != "":
		return flagValue
	case catalogValue != "":
		return catalogValue
	}
	return def
}

func runGenerate(env *Env, fl *flag.FlagSet, args []string) int {
	if len(args) > 0 {
		fmt.Fprintf(env.Stderr, "errgen generate: unexpected argument %q\n", args[0])
		return ExitUsage
	}
	catalogPath := env.abs(flagString(fl, "catalog"))
	m, status := load(env, catalogPath)
	if m == nil {
		return status
	}
	o := m.Outputs
	goDir := env.abs(pick(flagString(fl, "go"), o.GoDir, "gen/go"))
	outputs := []*output{}

	goFiles, err := golang.Generate(m, golang.Options{
		Package: pick(flagString(fl, "go-package"), o.GoPackage, ""),
		Source:  relTo(goDir, catalogPath),
	})
	if err != nil {
		fmt.Fprintf(env.Stderr, "errgen generate: Go emitter: %v\n", err)
		return ExitUsage
	}
	outputs = append(outputs, &output{name: "Go", dir: goDir, files: goFiles})

	tsDir := env.abs(pick(flagString(fl, "ts"), o.TSDir, "gen/ts"))
	tsFiles, err := typescript.Generate(m, typescript.Options{Source: relTo(tsDir, catalogPath)})
	if err != nil {
		fmt.Fprintf(env.Stderr, "errgen generate: TypeScript emitter: %v\n", err)
		return ExitUsage
	}
	outputs = append(outputs, &output{name: "TypeScript", dir: tsDir, files: tsFiles})

	schemaPath := env.abs(pick(flagString(fl, "schema"), o.Schema, "schema/error-context.schema.json"))
	schemaFiles, err := jsonschema.Generate(m, jsonschema.Options{File: filepath.Base(schemaPath), Source: relTo(filepath.Dir(schemaPath), catalogPath)})
	if err != nil {
		fmt.Fprintf(env.Stderr, "errgen generate: JSON Schema emitter: %v\n", err)
		return ExitUsage
	}
	outputs = append(outputs, &output{name: "JSON Schema", dir: filepath.Dir(schemaPath), files: schemaFiles})

	docs, status := generateDocs(env, fl, m, catalogPath)
	if docs == nil {
		return status
	}
	outputs = append(outputs, docs)
	if fl.Lookup("check").Value.String() == "true" {
		return checkOutputs(env, outputs)
	}
	return writeOutputs(env, m, outputs)
}

// plan is every file the outputs produce, and the directories they live in.
type plan struct {
	files []planned
	want  map[string]bool // absolute paths of every produced file
	dirs  []string        // distinct output directories, sorted
}

type planned struct {
	path string
	data []byte
}

func makePlan(outputs []*output) plan {
	p := plan{want: map[string]bool{}}
	dirs := map[string]bool{}
	for _, out := range outputs {
		for _, f := range out.files {
			path := filepath.Join(out.dir, filepath.FromSlash(f.Path))
			p.files = append(p.files, planned{path, f.Data})
			p.want[path] = true
			dirs[filepath.Dir(path)] = true
		}
	}
	for d := range dirs {
		p.dirs = append(p.dirs, d)
	}
	sort.Strings(p.dirs)
	return p
}

// extra returns the generated files in the output directories that no
// output produces any more.
func (p plan) extra() []string {
	var out []string
	for _, d := range p.dirs {
		for _, f := range generatedFiles(d) {
			if !p.want[f] {
				out = append(out, f)
			}
		}
	}
	return out
}

// checkOutputs compares the outputs with the files on disk.
func checkOutputs(env *Env, outputs []*output) int {
	p := makePlan(outputs)
	var problems []string
	for _, f := range p.files {
		have, err := os.ReadFile(f.path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			problems = append(problems, relPath(env, f.path)+": missing")
		case err != nil:
			fmt.Fprintf(env.Stderr, "errgen generate: %v\n", err)
			return ExitUsage
		case !bytes.Equal(have, f.data):
			problems = append(problems, relPath(env, f.path)+": stale")
		}
	}
	for _, f := range p.extra() {
		problems = append(problems, relPath(env, f)+": extra (generated by errgen, no longer produced)")
	}
	if len(problems) > 0 {
		sort.Strings(problems)
		for _, p := range problems {
			fmt.Fprintln(env.Stderr, p)
		}
		fmt.Fprintf(env.Stderr, "errgen generate -check: %s out of date; run errgen generate\n", plural(len(problems), "output"))
		return ExitInvalid
	}
	fmt.Fprintf(env.Stdout, "outputs are up to date\n")
	return ExitOK
}

// generatedFiles lists the regular files directly in dir that carry
// errgen's header.
func generatedFiles(dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if !e.Type().IsRegular() {
			continue
		}
		p := filepath.Join(dir, e.Name())
		if isGenerated(p) {
			out = append(out, p)
		}
	}
	return out
}

// headerLines are the forms errgen's header takes in its outputs.
var headerLines = []string{
	"// " + gen.Header,            // Go, TypeScript, JavaScript
	"<!-- " + gen.Header + " -->", // Markdown
	"# " + gen.Header,             // Markdown front matter (YAML)
	`"//": "` + gen.Header + `",`, // package.json
	`"$comment": "` + gen.Header,  // JSON Schema
}

// isGenerated reports whether one of the file's first three lines is
// errgen's header. A user's file quoting the header further down is not
// taken for generated.
func isGenerated(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	buf := make([]byte, 1024)
	n, _ := io.ReadFull(f, buf)
	lines := strings.SplitN(string(buf[:n]), "\n", 4)
	for i, line := range lines {
		if i == 3 {
			break
		}
		line = strings.TrimSpace(line)
		for _, h := range headerLines {
			if strings.HasPrefix(line, h) {
				return true
			}
		}
	}
	return false
}

// writeOutputs writes the outputs in two phases: every changed file is
// first written to a synced temporary file beside it, and only when all of
// them are written are they renamed into place, so a failure changes
// nothing. Files whose bytes are unchanged are not rewritten; a file without
// errgen's header is never overwritten or deleted; generated files no longer
// produced are removed last.
func writeOutputs(env *Env, m *model.Catalog, outputs []*output) int {
	p := makePlan(outputs)
	for _, f := range p.files {
		if _, err := os.Stat(f.path); err == nil && !isGenerated(f.path) {
			fmt.Fprintf(env.Stderr, "errgen generate: %s exists and was not generated by errgen; not overwriting it (nothing written)\n", relPath(env, f.path))
			return ExitUsage
		}
	}
	// stage every changed file, several at a time (each is synced)
	type staged struct {
		tmp, dst string
		err      error
	}
	results := make([]staged, len(p.files))
	changed := make([]bool, len(p.files))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for i, f := range p.files {
		if have, err := os.ReadFile(f.path); err == nil && bytes.Equal(have, f.data) {
			continue
		}
		changed[i] = true
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			tmp, err := stage(f.path, f.data)
			results[i] = staged{tmp, f.path, err}
		}()
	}
	wg.Wait()
	var todo []staged
	unchanged := 0
	var failed *staged
	for i := range p.files {
		switch {
		case !changed[i]:
			unchanged++
		case results[i].err != nil:
			if failed == nil {
				failed = &results[i]
			}
		default:
			todo = append(todo, results[i])
		}
	}
	if failed != nil {
		for _, s := range todo {
			os.Remove(s.tmp)
		}
		fmt.Fprintf(env.Stderr, "errgen generate: cannot write %s: %v (nothing written)\n", relPath(env, failed.dst), unwrapPath(failed.err))
		return ExitUsage
	}
	for i, s := range todo {
		if err := os.Rename(s.tmp, s.dst); err != nil {
			for _, r := range todo[i:] {
				os.Remove(r.tmp)
			}
			fmt.Fprintf(env.Stderr, "errgen generate: cannot write %s: %v\n", relPath(env, s.dst), unwrapPath(err))
			return ExitUsage
		}
	}
	for _, f := range p.extra() {
		if err := os.Remove(f); err != nil {
			fmt.Fprintf(env.Stderr, "errgen generate: %v\n", err)
			return ExitUsage
		}
		fmt.Fprintf(env.Stdout, "removed %s (no longer produced)\n", relPath(env, f))
	}
	for _, d := range p.dirs {
		entries, _ := os.ReadDir(d)
		for _, e := range entries {
			path := filepath.Join(d, e.Name())
			if e.Type().IsRegular() && !p.want[path] && !isGenerated(path) && !strings.HasPrefix(e.Name(), ".") {
				fmt.Fprintf(env.Stdout, "kept %s (not generated by errgen)\n", relPath(env, path))
			}
		}
	}
	fmt.Fprintf(env.Stdout, "%s: %s written, %s unchanged (%s)\n", relPath(env, m.Path), plural(len(todo), "file"), plural(unchanged, "file"), outputNames(outputs))
	return ExitOK
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func outputNames(outputs []*output) string {
	var names []string
	for _, o := range outputs {
		names = append(names, o.name)
	}
	return strings.Join(names, ", ")
}

// stage writes data to a synced temporary file in path's directory and
// returns its name.
func stage(path string, data []byte) (string, error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return "", err
	}
	name := tmp.Name()
	_, werr := tmp.Write(data)
	if werr == nil {
		werr = tmp.Sync()
	}
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(name, 0o644)
	}
	if werr != nil {
		os.Remove(name)
		return "", werr
	}
	return name, nil
}
