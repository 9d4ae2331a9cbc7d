package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"github.com/errgen/errgen/internal/diag"
	"io"
	"io/fs"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/errgen/errgen/internal/diff"
)

var diffCmd = &command{
	name:    "diff",
	args:    "[-json] OLD NEW",
	summary: "Compare two catalogs (files, or git:REV:PATH to read one from a git revision) and report every change as breaking, warning or compatible; exit 1 when a change is breaking.",
	flags: func(fl *flag.FlagSet) {
		fl.Bool("json", false, "print a machine-readable JSON report instead of text")
	},
	run: runDiff,
}

// diffSide is one loaded catalog of a diff.
type diffSide struct {
	arg     string // as given on the command line
	src     diff.Source
	display func(file string) string // how its positions' files are printed
}

func runDiff(env *Env, fl *flag.FlagSet, args []string) int {
	// flags may also follow the catalogs: errgen diff OLD NEW -json
	var pos []string
	for len(args) > 0 {
		if args[0] == "--" {
			pos = append(pos, args[1:]...)
			break
		}
		pos = append(pos, args[0])
		if err := fl.Parse(args[1:]); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return ExitOK
			}
			return ExitUsage
		}
		args = fl.Args()
	}
	if len(pos) != 2 {
		fmt.Fprintf(env.Stderr, "errgen diff: want two catalogs, OLD and NEW, got %s\n", diag.Plural(len(pos), "argument"))
		fl.Usage()
		return ExitUsage
	}
	status := ExitOK
	sides := make([]*diffSide, 2)
	for i, arg := range pos {
		s, st := loadSide(env, arg)
		sides[i] = s
		status = max(status, st)
	}
	if status != ExitOK {
		return status
	}
	changes := diff.CompareSources(sides[0].src, sides[1].src)
	// print positions as given (git:REV:PATH, relative paths) and sort by
	// what is printed
	for i := range changes {
		s := sides[1]
		if changes[i].InOld {
			s = sides[0]
		}
		changes[i].Pos.File = s.display(changes[i].Pos.File)
	}
	diff.Sort(changes)
	sum := diff.Summarize(changes)
	if fl.Lookup("json").Value.String() == "true" {
		if err := writeDiffJSON(env.Stdout, sides, changes, sum); err != nil {
			fmt.Fprintf(env.Stderr, "errgen diff: %v\n", err)
			return ExitUsage
		}
	} else {
		for _, c := range changes {
			fmt.Fprintf(env.Stdout, "%s: %s: %s\n", c.Pos, c.Severity, c.Message)
		}
		if len(changes) == 0 {
			fmt.Fprintf(env.Stdout, "no changes\n")
		} else {
			fmt.Fprintf(env.Stdout, "%s: %d breaking, %s, %d compatible\n",
				diag.Plural(len(changes), "change"), sum.Breaking, diag.Plural(sum.Warning, "warning"), sum.Compatible)
		}
	}
	if sum.Breaking > 0 {
		return ExitInvalid
	}
	return ExitOK
}

type jsonChange struct {
	Severity diff.Severity `json:"severity"`
	Kind     string        `json:"kind"`
	Symbol   string        `json:"symbol"`
	Shape    string        `json:"shape"`
	Errors   []string      `json:"errors"`
	File     string        `json:"file"`
	Line     int           `json:"line"`
	Col      int           `json:"col"`
	Message  string        `json:"message"`
	Old      any           `json:"old"`
	New      any           `json:"new"`
}

type jsonReport struct {
	Old      string       `json:"old"`
	New      string       `json:"new"`
	Changes  []jsonChange `json:"changes"`
	Summary  jsonSummary  `json:"summary"`
	Breaking bool         `json:"breaking"`
}

type jsonSummary struct {
	diff.Summary
	Total int `json:"total"`
}

func writeDiffJSON(w io.Writer, sides []*diffSide, changes []diff.Change, sum diff.Summary) error {
	r := jsonReport{Old: sides[0].arg, New: sides[1].arg, Changes: []jsonChange{},
		Summary: jsonSummary{Summary: sum, Total: len(changes)}, Breaking: sum.Breaking > 0}
	for _, c := range changes {
		r.Changes = append(r.Changes, jsonChange{Severity: c.Severity, Kind: c.Kind, Symbol: c.Symbol, Shape: c.Shape, Errors: append([]string{}, c.Errors...),
			File: c.Pos.File, Line: c.Pos.Line, Col: c.Pos.Col, Message: c.Message, Old: c.Old, New: c.New})
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// loadSide reads and checks one catalog of a diff. The diagnostics of an
// invalid catalog are printed (exit 1); a valid catalog's warnings are not,
// since the report is about changes.
func loadSide(env *Env, arg string) (*diffSide, int) {
	s := &diffSide{arg: arg, display: func(file string) string { return displayPath(env.Dir, file) }}
	fsys, file := env.FS, env.abs(arg)
	if rest, ok := strings.CutPrefix(arg, "git:"); ok {
		g, p, err := newGitFS(env.Dir, rest)
		if err != nil {
			fmt.Fprintf(env.Stderr, "errgen diff: %s: %v\n", arg, err)
			return s, ExitUsage
		}
		fsys, file, s.display = g, p, g.display
	}
	raw, m, diags, err := build(fsys, file)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			fmt.Fprintf(env.Stderr, "errgen diff: catalog %s does not exist\n", arg)
		} else {
			fmt.Fprintf(env.Stderr, "errgen diff: %s: %v\n", arg, err)
		}
		return s, ExitUsage
	}
	if diags.HasErrors() {
		for i := range diags {
			d := &diags[i]
			d.Pos.File = s.display(d.Pos.File)
			for j := range d.Related {
				d.Related[j].File = s.display(d.Related[j].File)
			}
		}
		io.WriteString(env.Stderr, diags.Format(""))
		fmt.Fprintf(env.Stderr, "%s: %s; cannot compare an invalid catalog\n", arg, summary(diags))
		return s, ExitInvalid
	}
	s.src = diff.Source{Catalog: m, Raw: raw}
	return s, ExitOK
}

// displayPath prints a file relative to dir when it lies below it.
func displayPath(dir, file string) string {
	if dir == "" || !filepath.IsAbs(file) {
		return filepath.ToSlash(file)
	}
	rel, err := filepath.Rel(dir, file)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(file)
	}
	return filepath.ToSlash(rel)
}

// gitFS is a [catalog.FS] reading the files of one git revision: ReadFile
// runs `git cat-file blob TREE:PATH` (the bytes `git show REV:PATH` prints
// for a file, without textconv filters), Glob lists `git ls-tree -r
// --name-only TREE DIR`. Every command runs at the top of the work tree, so paths are
// relative to the repository root. The loader sees them as rooted paths
// ("/catalog/errors.yaml"), so that includes resolve as they do on disk;
// [gitFS.display] prints them as git:REV:PATH.
type gitFS struct {
	top  string // work tree root
	rev  string // as given, for messages
	tree string // the revision's tree object
	ls   map[string][]string
}

// newGitFS parses REV:PATH (git's own syntax: the first colon ends REV) and
// returns the file system of REV and the loader's name of PATH. A PATH
// starting with ./ or ../ is relative to dir, as in git; any other PATH is
// relative to the repository root.
func newGitFS(dir, spec string) (*gitFS, string, error) {
	rev, p, ok := strings.Cut(spec, ":")
	if !ok || rev == "" || p == "" {
		return nil, "", fmt.Errorf("want git:REV:PATH, e.g. git:origin/main:catalog/errors.yaml")
	}
	if strings.HasPrefix(rev, "-") {
		return nil, "", fmt.Errorf("revision %q must not start with '-'", rev)
	}
	out, err := runGit(dir, "rev-parse", "--show-toplevel", "--show-prefix")
	if err != nil {
		return nil, "", err
	}
	lines := strings.SplitN(strings.TrimRight(string(out), "\n"), "\n", 2)
	top, prefix := lines[0], ""
	if len(lines) > 1 {
		prefix = lines[1]
	}
	g := &gitFS{top: top, rev: rev, ls: map[string][]string{}}
	if strings.HasPrefix(rev, "-") {
		return nil, "", fmt.Errorf("unknown git revision %q", rev) // never an option
	}
	tree, err := runGit(top, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{tree}")
	if err != nil {
		return nil, "", fmt.Errorf("unknown git revision %q", rev)
	}
	g.tree = strings.TrimSpace(string(tree))
	p = filepath.ToSlash(p)
	if p == "." || p == ".." || strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") {
		p = path.Join(prefix, p)
	}
	p = path.Clean(strings.TrimPrefix(p, "/"))
	if p == "." || p == ".." || strings.HasPrefix(p, "../") {
		return nil, "", fmt.Errorf("path %q is outside the repository", p)
	}
	return g, g.name(p), nil
}

// runGit runs git in dir and returns its standard output; a failure carries
// git's own message.
func runGit(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return nil, errors.New(strings.TrimPrefix(msg, "fatal: "))
		}
		return nil, fmt.Errorf("git %s: %w", strings.Join(args, " "), err)
	}
	return stdout.Bytes(), nil
}

// name is the loader's name of a repository path; rel inverts it.
func (g *gitFS) name(rel string) string { return filepath.FromSlash("/" + rel) }

func (g *gitFS) rel(name string) string {
	return strings.TrimPrefix(path.Clean(filepath.ToSlash(name)), "/")
}

// display prints a loader name as git:REV:PATH.
func (g *gitFS) display(name string) string {
	if name == "" {
		return name
	}
	return "git:" + g.rev + ":" + g.rel(name)
}

// ReadFile implements [catalog.FS].
func (g *gitFS) ReadFile(name string, limit int64) ([]byte, error) {
	obj := g.tree + ":" + g.rel(name)
	kind, err := runGit(g.top, "cat-file", "-t", obj)
	if err != nil {
		if strings.Contains(err.Error(), "does not exist") {
			err = fs.ErrNotExist
		}
		return nil, &fs.PathError{Op: "open", Path: g.display(name), Err: err}
	}
	if k := strings.TrimSpace(string(kind)); k != "blob" {
		return nil, &fs.PathError{Op: "read", Path: g.display(name), Err: fmt.Errorf("not a file but a git %s", k)}
	}
	data, err := runGit(g.top, "cat-file", "blob", obj)
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: g.display(name), Err: err}
	}
	if int64(len(data)) > limit {
		data = data[:limit+1]
	}
	return data, nil
}

// list returns the files of the revision below dir ("." for all), cached.
func (g *gitFS) list(dir string) ([]string, error) {
	if names, ok := g.ls[dir]; ok {
		return names, nil
	}
	args := []string{"ls-tree", "-r", "--name-only", "-z", g.tree}
	if dir != "." && dir != "" {
		args = append(args, "--", dir+"/")
	}
	out, err := runGit(g.top, args...)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, n := range strings.Split(string(out), "\x00") {
		if n != "" {
			names = append(names, n)
		}
	}
	g.ls[dir] = names
	return names, nil
}

// Glob implements [catalog.FS]: the files of the revision matching pattern,
// listed below the pattern's longest directory without glob characters.
func (g *gitFS) Glob(pattern string) ([]string, error) {
	pat := g.rel(pattern)
	if _, err := path.Match(pat, ""); err != nil {
		return nil, err
	}
	var literal []string
	for _, el := range strings.Split(path.Dir(pat), "/") {
		if strings.ContainsAny(el, `*?[\`) {
			break
		}
		literal = append(literal, el)
	}
	names, err := g.list(path.Join(literal...))
	if err != nil {
		return nil, err
	}
	var out []string
	for _, n := range names {
		if ok, _ := path.Match(pat, n); ok {
			out = append(out, g.name(n))
		}
	}
	sort.Strings(out)
	return out, nil
}

// Canonical implements [catalog.FS].
func (g *gitFS) Canonical(name string) string { return g.name(g.rel(name)) }

// Exists implements [catalog.FS]. The repository's top holds .git, as it
// does on disk.
func (g *gitFS) Exists(name string) bool {
	rel := g.rel(name)
	if rel == ".git" {
		return true
	}
	_, err := runGit(g.top, "cat-file", "-e", g.tree+":"+rel)
	return err == nil
}
