package cli

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/diag"
	"github.com/errgen/errgen/internal/gen/markdown"
	"github.com/errgen/errgen/internal/gen/typescript"
)

// Where the outputs go, and what check and generate refuse about it
// before anything is written: an output leaving the catalog's tree when
// the catalog chose it, an output on a file of the catalog, an output
// directory holding one, and two outputs on one file.

// outputPlace is one output location and who chose it.
type outputPlace struct {
	key   string // go, ts, rust, python, schema, docs, …: the output, and its flag
	value string // as written: flag value, catalog value or default
	path  string // absolute
	dir   bool   // a directory of files (go, ts, docs); else the schema file
	from  origin
	pos   diag.Pos // the catalog value; for a default, the outputs mapping or the catalog
}

type origin int

const (
	fromDefault origin = iota
	fromCatalog
	fromFlag
)

// outputKinds are the outputs in emitter order, with their catalog keys and
// defaults; an output without a default is written only where its flag or
// the catalog puts it.
var outputKinds = []struct {
	key, catalogKey, name, def string
	dir                        bool
	get                        func(o *catalog.Outputs) catalog.Str
}{
	{"go", "outputs.go.dir", "Go directory", "gen/go", true, func(o *catalog.Outputs) catalog.Str { return o.GoDir }},
	{"ts", "outputs.ts.dir", "TypeScript directory", "gen/ts", true, func(o *catalog.Outputs) catalog.Str { return o.TSDir }},
	{"rust", "outputs.rust.dir", "Rust crate directory", "", true, func(o *catalog.Outputs) catalog.Str { return o.RustDir }},
	{"python", "outputs.python.dir", "Python package directory", "", true, func(o *catalog.Outputs) catalog.Str { return o.PythonDir }},
	{"schema", "outputs.schema", "JSON Schema file", "schema/error-context.schema.json", false, func(o *catalog.Outputs) catalog.Str { return o.Schema }},
	{"docs", "outputs.docs", "docs directory", "docs/errors", true, func(o *catalog.Outputs) catalog.Str { return o.Docs }},
	{"conformance", "outputs.conformance", "conformance file", "", false, func(o *catalog.Outputs) catalog.Str { return o.Conformance }},
	{"facts", "outputs.facts", "facts file", "", false, func(o *catalog.Outputs) catalog.Str { return o.Facts }},
}

// outputPlaces returns where each output goes: from its flag (fl may be
// nil), else from the catalog's outputs, else the default, relative to the
// working directory. An output without a default (the conformance file)
// that neither names is not written and has no place.
func outputPlaces(env *Env, raw *catalog.Catalog, fl *flag.FlagSet) []outputPlace {
	defPos := raw.Root
	if raw.Outputs.Set {
		defPos = raw.Outputs.Pos
	}
	var out []outputPlace
	for _, k := range outputKinds {
		p := outputPlace{key: k.key, value: k.def, dir: k.dir, pos: defPos}
		if s := k.get(&raw.Outputs); s.Set && strings.TrimSpace(s.Value) != "" {
			p.value, p.from, p.pos = s.Value, fromCatalog, s.Pos
		}
		if fl != nil {
			if v := flagString(fl, k.key); v != "" {
				p.value, p.from, p.pos = v, fromFlag, diag.Pos{}
			}
		}
		if p.value == "" {
			continue // not written
		}
		p.path = env.abs(p.value)
		out = append(out, p)
	}
	return out
}

// label names an output place in messages.
func (p outputPlace) label(env *Env) string {
	for _, k := range outputKinds {
		if k.key != p.key {
			continue
		}
		switch p.from {
		case fromFlag:
			return fmt.Sprintf("-%s %s", p.key, p.value)
		case fromCatalog:
			return fmt.Sprintf("%s %q", k.catalogKey, p.value)
		}
		return fmt.Sprintf("the default %s %s", k.name, p.value)
	}
	return p.value
}

// outputConflict is one thing wrong with where the outputs go.
type outputConflict struct {
	places []outputPlace // the places involved, named in order by the message
	format string        // one %s per place, then args
	args   []any         // a diag.Pos prints as a path
}

// byFlag reports whether a flag chose one of the places: then the user
// chose it, and it is a usage error, not a problem of the catalog.
func (c outputConflict) byFlag() bool {
	for _, p := range c.places {
		if p.from == fromFlag {
			return true
		}
	}
	return false
}

// reported is the place the diagnostic stands at: the first the catalog
// chose, else the first.
func (c outputConflict) reported() int {
	for i, p := range c.places {
		if p.from == fromCatalog {
			return i
		}
	}
	return 0
}

// outputConflicts checks places against the catalog's tree and files.
func outputConflicts(raw *catalog.Catalog, places []outputPlace) []outputConflict {
	var out []outputConflict
	one := func(p outputPlace, format string, args ...any) {
		out = append(out, outputConflict{places: []outputPlace{p}, format: "%s " + format, args: args})
	}
	root := realPath(raw.TreeRoot)
	inputs := make([]string, len(raw.Files))
	for i, f := range raw.Files {
		inputs[i] = realPath(f)
	}
	real := make([]string, len(places))
	for i, p := range places {
		real[i] = realPath(p.path)
	}
	note, noteArgs := raw.TreeNote()
	meetsInput := make([]bool, len(places))
	for i, p := range places {
		if p.from == fromCatalog && !catalog.Within(real[i], root) {
			one(p, "leaves the catalog's tree ("+note+"); outputs a catalog chooses stay inside it (a flag may choose any path)", noteArgs...)
		}
		holds := false
		for k, in := range inputs {
			switch {
			case !p.dir && real[i] == in:
				one(p, "is %s, a file of the catalog; no input of the catalog can be an output", diag.Pos{File: raw.Files[k]})
				holds = true
			case p.dir && catalog.Within(in, real[i]):
				one(p, "holds %s, a file of the catalog; an output directory may not hold the catalog or its includes", diag.Pos{File: raw.Files[k]})
				holds = true
			case catalog.Within(in, real[i]):
				one(p, "is a directory holding %s, a file of the catalog; the "+p.key+" output is a file", diag.Pos{File: raw.Files[k]})
				holds = true
			}
		}
		meetsInput[i] = holds
		if info, err := os.Stat(real[i]); err == nil && !holds {
			switch {
			case !p.dir && info.IsDir():
				one(p, "is a directory; the "+p.key+" output is a file")
			case p.dir && !info.IsDir():
				one(p, "is a file; the output is a directory")
			}
		}
		if !p.dir && strings.HasPrefix(filepath.Base(real[i]), manifestPrefix) {
			one(p, "takes a name errgen keeps for its records of generated files ("+manifestPrefix+"...)")
		}
	}
	// a file output against the directory outputs and the other files
	for i, s := range places {
		for j, d := range places {
			if !s.dir && !d.dir && i < j && real[i] == real[j] && !meetsInput[i] {
				out = append(out, outputConflict{places: []outputPlace{s, d}, format: "%s is also %s; two outputs may share a directory but not a file"})
				continue
			}
			if s.dir || !d.dir || meetsInput[i] {
				continue
			}
			c := outputConflict{places: []outputPlace{s, d}}
			switch {
			case real[i] == real[j] || catalog.Within(real[j], real[i]):
				c.format = "%s is where %s writes its files"
			case catalog.Within(real[i], real[j]) && outputMayWrite(d.key, real[j], real[i]):
				c.format = "%s is a file %s writes; two outputs may share a directory but not a file"
			default:
				continue
			}
			out = append(out, c)
		}
	}
	return out
}

// outputMayWrite reports whether the directory output key, at dir, may
// write the file path: the Go directory's .go files, the TypeScript
// package's files (typescript.Files), the Rust crate's Cargo.toml, .rs
// files under src and its conformance example, the Python package's
// pyproject.toml, README.md and the .py files and py.typed of its
// package directories, the docs directory's .md
// pages at any
// depth and its VitePress sidebar, site files (markdown.SiteDir), starter
// config, theme and .gitignore.
func outputMayWrite(key, dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	if err != nil {
		return false
	}
	rel = filepath.ToSlash(rel)
	switch key {
	case "go":
		return !strings.Contains(rel, "/") && strings.HasSuffix(rel, ".go")
	case "ts":
		return slices.Contains(typescript.Files(), rel)
	case "rust":
		return rel == "Cargo.toml" || rel == "examples/conformance.rs" || strings.HasPrefix(rel, "src/") && strings.HasSuffix(rel, ".rs")
	case "python":
		base := rel[strings.LastIndex(rel, "/")+1:]
		return rel == "pyproject.toml" || rel == "README.md" || strings.Contains(rel, "/") && (strings.HasSuffix(rel, ".py") || base == "py.typed")
	case "docs":
		return strings.HasSuffix(rel, ".md") || rel == markdown.SidebarPath || rel == markdown.ConfigPath || rel == markdown.GitignorePath ||
			rel == markdown.ThemePath || strings.HasPrefix(rel, markdown.SiteDir)
	}
	return false
}

// outputDiags returns the conflicts of the catalog's own output places
// (its outputs, else the defaults) as diagnostics at their catalog lines.
func outputDiags(env *Env, raw *catalog.Catalog) diag.List {
	var l diag.List
	for _, c := range outputConflicts(raw, outputPlaces(env, raw, nil)) {
		at := c.reported()
		format, args := c.format, make([]any, 0, 2*len(c.places)+len(c.args))
		for i, p := range c.places {
			verb := "%s"
			args = append(args, p.label(env))
			if i != at && p.from == fromCatalog {
				verb = "%s (at %s)"
				args = append(args, p.pos)
			}
			k := strings.Index(format, "%s")
			format = format[:k] + strings.ReplaceAll(verb, "%s", "\x00") + format[k+2:] // \x00: a verb placed
		}
		format = strings.ReplaceAll(format, "\x00", "%s")
		l.Errorf(c.places[at].pos, format, append(args, c.args...)...)
	}
	return l
}

// flagConflicts returns the conflicts a flag is part of, as messages.
func flagConflicts(env *Env, raw *catalog.Catalog, fl *flag.FlagSet) []string {
	var out []string
	for _, c := range outputConflicts(raw, outputPlaces(env, raw, fl)) {
		if !c.byFlag() {
			continue
		}
		args := make([]any, 0, len(c.places)+len(c.args))
		for _, p := range c.places {
			args = append(args, p.label(env))
		}
		for _, a := range c.args {
			if p, ok := a.(diag.Pos); ok {
				a = relPath(env, p.File)
			}
			args = append(args, a)
		}
		out = append(out, fmt.Sprintf(c.format, args...))
	}
	return out
}

// realPath returns path with every symbolic link on it followed, the part
// that does not exist yet included as written: where a write to path
// lands.
func realPath(path string) string { return resolvePath(filepath.Clean(path), 0) }

func resolvePath(path string, links int) string {
	if r, err := filepath.EvalSymlinks(path); err == nil {
		return r
	}
	parent := filepath.Dir(path)
	if parent == path || links > 40 {
		return path
	}
	dir := resolvePath(parent, links)
	full := filepath.Join(dir, filepath.Base(path))
	if info, err := os.Lstat(full); err == nil && info.Mode()&fs.ModeSymlink != 0 {
		if target, err := os.Readlink(full); err == nil {
			if !filepath.IsAbs(target) {
				target = filepath.Join(dir, target)
			}
			return resolvePath(filepath.Clean(target), links+1)
		}
	}
	return full
}
