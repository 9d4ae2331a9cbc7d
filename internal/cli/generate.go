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
	"strconv"
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
	tsDir := env.abs(pick(flagString(fl, "ts"), o.TSDir, "gen/ts"))
	schemaPath := env.abs(pick(flagString(fl, "schema"), o.Schema, "schema/error-context.schema.json"))
	docs, status := docsEmitter(env, fl, m, catalogPath)
	if docs == nil {
		return status
	}
	emitters := []*emitter{
		{name: "Go", label: "Go emitter", dir: goDir, run: func() ([]gen.File, error) {
			return golang.Generate(m, golang.Options{
				Package: pick(flagString(fl, "go-package"), o.GoPackage, ""),
				Source:  relTo(goDir, catalogPath),
			})
		}},
		{name: "TypeScript", label: "TypeScript emitter", dir: tsDir, run: func() ([]gen.File, error) {
			return typescript.Generate(m, typescript.Options{Source: relTo(tsDir, catalogPath)})
		}},
		{name: "JSON Schema", label: "JSON Schema emitter", dir: filepath.Dir(schemaPath), run: func() ([]gen.File, error) {
			return jsonschema.Generate(m, jsonschema.Options{File: filepath.Base(schemaPath), Source: relTo(filepath.Dir(schemaPath), catalogPath)})
		}},
		docs,
	}
	outputs, ok := runEmitters(env, emitters)
	if !ok {
		return ExitUsage
	}
	if fl.Lookup("check").Value.String() == "true" {
		return checkOutputs(env, outputs)
	}
	return writeOutputs(env, m, outputs)
}

// emitter is one output of generate and the function producing its files.
type emitter struct {
	name  string // what, for the summary line
	label string // what, for error messages
	dir   string // directory the emitter's files are relative to
	run   func() ([]gen.File, error)
}

// runEmitters runs the emitters side by side (each is independent and reads
// the model only) and reports every failure, in emitter order.
func runEmitters(env *Env, emitters []*emitter) ([]*output, bool) {
	outputs := make([]*output, len(emitters))
	errs := make([]error, len(emitters))
	var wg sync.WaitGroup
	for i, em := range emitters {
		wg.Add(1)
		go func() {
			defer wg.Done()
			files, err := em.run()
			outputs[i], errs[i] = &output{name: em.name, dir: em.dir, files: files}, err
		}()
	}
	wg.Wait()
	ok := true
	for i, err := range errs {
		if err == nil {
			continue
		}
		ok = false
		fmt.Fprintf(env.Stderr, "errgen generate: %s: %v (nothing written)\n", emitters[i].label, err)
	}
	return outputs, ok
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
// output produces any more, and the other files there that errgen leaves
// alone (dot files aside).
func (p plan) extra() (stale, kept []string) {
	for _, d := range p.dirs {
		entries, err := os.ReadDir(d)
		if err != nil {
			continue
		}
		for _, e := range entries {
			path := filepath.Join(d, e.Name())
			if !e.Type().IsRegular() || p.want[path] {
				continue
			}
			switch {
			case isGenerated(path):
				stale = append(stale, path)
			case !strings.HasPrefix(e.Name(), "."):
				kept = append(kept, path)
			}
		}
	}
	return stale, kept
}

// checkOutputs compares the outputs with the files on disk.
func checkOutputs(env *Env, outputs []*output) int {
	p := makePlan(outputs)
	var problems []string
	for i, st := range p.states() {
		f := p.files[i]
		switch {
		case st.missing:
			problems = append(problems, relPath(env, f.path)+": missing")
		case st.err != nil:
			fmt.Fprintf(env.Stderr, "errgen generate: %v\n", st.err)
			return ExitUsage
		case !st.same:
			problems = append(problems, relPath(env, f.path)+": stale")
		}
	}
	stale, _ := p.extra()
	for _, f := range stale {
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

// headerLines are the forms errgen's header takes in its outputs.
var headerLines = []string{
	"// " + gen.Header,            // Go, TypeScript, JavaScript
	"<!-- " + gen.Header + " -->", // Markdown
	"# " + gen.Header,             // Markdown front matter (YAML)
	`"//": "` + gen.Header + `",`, // package.json
	`"$comment": "` + gen.Header,  // JSON Schema
}

// isGenerated reports whether the file at path carries errgen's header.
func isGenerated(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	buf := make([]byte, 1024)
	n, _ := io.ReadFull(f, buf)
	return hasHeader(buf[:n])
}

// hasHeader reports whether one of the first three lines of data is
// errgen's header. A user's file quoting the header further down is not
// taken for generated.
func hasHeader(data []byte) bool {
	if len(data) > 1024 {
		data = data[:1024]
	}
	lines := strings.SplitN(string(data), "\n", 4)
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

// state is what is on disk at a planned file's path.
type state struct {
	missing   bool  // nothing there
	same      bool  // the planned bytes are already there
	generated bool  // errgen's header is there
	err       error // it cannot be read (a directory, no permission)
}

// states reads every planned path, several at a time.
func (p plan) states() []state {
	out := make([]state, len(p.files))
	parallel(len(p.files), func(i int) {
		have, err := os.ReadFile(p.files[i].path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			out[i].missing = true
		case err != nil:
			out[i].err = err
		default:
			out[i].same = bytes.Equal(have, p.files[i].data)
			out[i].generated = hasHeader(have)
		}
	})
	return out
}

// parallel calls f(0) … f(n-1) on a few goroutines: file system calls
// overlap, and more workers would only contend for directory locks.
func parallel(n int, f func(i int)) {
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(n, 4) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}

// writeOutputs writes the outputs in two phases: every changed file is
// first written to a temporary file beside it, and only when all of them
// are written are they renamed into place, so a failure changes nothing
// and no reader sees a half-written file. Files whose bytes are unchanged
// are not rewritten; a file without errgen's header is never overwritten or
// deleted; generated files no longer produced are removed last.
//
// The files are not synced to disk one by one: they are derived from the
// catalog and regenerated by running errgen again, and syncing each of ten
// thousand docs pages cost more than everything else generate does.
func writeOutputs(env *Env, m *model.Catalog, outputs []*output) int {
	p := makePlan(outputs)
	states := p.states()
	var todo []int
	for i, st := range states {
		f := p.files[i]
		switch {
		case st.err != nil:
			fmt.Fprintf(env.Stderr, "errgen generate: cannot write %s: %v (nothing written)\n", relPath(env, f.path), unwrapPath(st.err))
			return ExitUsage
		case !st.missing && !st.generated:
			fmt.Fprintf(env.Stderr, "errgen generate: %s exists and was not generated by errgen; not overwriting it (nothing written)\n", relPath(env, f.path))
			return ExitUsage
		case !st.same:
			todo = append(todo, i)
		}
	}
	// directories first, then every changed file staged beside its target
	made := map[string]bool{}
	for _, i := range todo {
		dir := filepath.Dir(p.files[i].path)
		if made[dir] {
			continue
		}
		made[dir] = true
		if err := os.MkdirAll(dir, 0o755); err != nil {
			fmt.Fprintf(env.Stderr, "errgen generate: cannot write %s: %v (nothing written)\n", relPath(env, p.files[i].path), unwrapPath(err))
			return ExitUsage
		}
	}
	tmps := make([]string, len(todo))
	errs := make([]error, len(todo))
	parallel(len(todo), func(k int) {
		f := p.files[todo[k]]
		tmps[k], errs[k] = stage(f.path, f.data)
	})
	removeTemps := func(from int) {
		for _, t := range tmps[from:] {
			if t != "" {
				os.Remove(t)
			}
		}
	}
	for k, err := range errs {
		if err != nil {
			removeTemps(0)
			fmt.Fprintf(env.Stderr, "errgen generate: cannot write %s: %v (nothing written)\n", relPath(env, p.files[todo[k]].path), unwrapPath(err))
			return ExitUsage
		}
	}
	for k, i := range todo {
		if err := os.Rename(tmps[k], p.files[i].path); err != nil {
			removeTemps(k)
			fmt.Fprintf(env.Stderr, "errgen generate: cannot write %s: %v\n", relPath(env, p.files[i].path), unwrapPath(err))
			return ExitUsage
		}
	}
	stale, kept := p.extra()
	for _, f := range stale {
		if err := os.Remove(f); err != nil {
			fmt.Fprintf(env.Stderr, "errgen generate: %v\n", err)
			return ExitUsage
		}
		fmt.Fprintf(env.Stdout, "removed %s (no longer produced)\n", relPath(env, f))
	}
	for _, f := range kept {
		fmt.Fprintf(env.Stdout, "kept %s (not generated by errgen)\n", relPath(env, f))
	}
	fmt.Fprintf(env.Stdout, "%s: %s written, %s unchanged (%s)\n", relPath(env, m.Path), plural(len(todo), "file"), plural(len(p.files)-len(todo), "file"), outputNames(outputs))
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

// stage writes data to a new temporary file in path's directory and returns
// its name.
func stage(path string, data []byte) (string, error) {
	dir, base := filepath.Split(path)
	name := filepath.Join(dir, "."+base+".tmp"+strconv.Itoa(os.Getpid()))
	tmp, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		// left by an earlier run of the same process id: take a fresh name
		if tmp, err = os.CreateTemp(dir, "."+base+".tmp*"); err == nil {
			name = tmp.Name()
			err = tmp.Chmod(0o644)
		}
	}
	if err != nil {
		if tmp != nil {
			tmp.Close()
			os.Remove(name)
		}
		return "", err
	}
	_, werr := tmp.Write(data)
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		os.Remove(name)
		return "", werr
	}
	return name, nil
}
