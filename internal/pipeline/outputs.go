package pipeline

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/diag"
	"github.com/errgen/errgen/internal/gen/outputs"
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

// outputPlaces returns where each output goes: from given (the places
// the request gives, by output key; nil for none), else from the catalog's outputs, else the default, relative to the
// working directory. An output without a default (the conformance file)
// that neither names is not written and has no place.
func outputPlaces(req *Request, raw *catalog.Catalog, given map[string]string) []outputPlace {
	defPos := raw.Root
	if raw.Outputs.Set {
		defPos = raw.Outputs.Pos
	}
	var out []outputPlace
	for _, o := range outputs.All {
		s := o.Spec()
		p := outputPlace{key: s.Key, value: s.Default, dir: s.Dir, pos: defPos}
		if v := raw.Outputs.Get(outputs.PlaceKey(s)); v.Set && strings.TrimSpace(v.Value) != "" {
			p.value, p.from, p.pos = v.Value, fromCatalog, v.Pos
		}
		if v := given[s.Key]; v != "" {
			p.value, p.from, p.pos = v, fromFlag, diag.Pos{}
		}
		if p.value == "" {
			continue // not written
		}
		p.path = req.abs(p.value)
		out = append(out, p)
	}
	return out
}

// label names an output place in messages.
func (p outputPlace) label(req *Request) string {
	s := outputs.Lookup(p.key).Spec()
	switch p.from {
	case fromFlag:
		return fmt.Sprintf("-%s %s", p.key, p.value)
	case fromCatalog:
		return fmt.Sprintf("outputs.%s %q", outputs.PlaceKey(s), p.value)
	}
	return fmt.Sprintf("the default %s %s", s.Place, p.value)
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
	root := catalog.RealPath(raw.TreeRoot)
	inputs := make([]string, len(raw.Files))
	for i, f := range raw.Files {
		inputs[i] = catalog.RealPath(f)
	}
	real := make([]string, len(places))
	for i, p := range places {
		real[i] = catalog.RealPath(p.path)
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
// write the file path (its Spec's MayWrite).
func outputMayWrite(key, dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	if err != nil {
		return false
	}
	s := outputs.Lookup(key).Spec()
	return s.MayWrite != nil && s.MayWrite(filepath.ToSlash(rel))
}

// PlaceDiags returns the conflicts of the catalog's own output places
// (its outputs, else the defaults), relative to the working directory
// dir, as diagnostics at their catalog lines: errgen check reports them,
// and a Request's Load among the catalog's own, so that generate refuses
// every catalog check refuses whatever places the request gives.
func PlaceDiags(dir string, raw *catalog.Catalog) diag.List {
	req := &Request{Dir: dir}
	var l diag.List
	for _, c := range outputConflicts(raw, outputPlaces(req, raw, nil)) {
		at := c.reported()
		format, args := c.format, make([]any, 0, 2*len(c.places)+len(c.args))
		for i, p := range c.places {
			verb := "%s"
			args = append(args, p.label(req))
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
func flagConflicts(req *Request, raw *catalog.Catalog) []string {
	var out []string
	for _, c := range outputConflicts(raw, outputPlaces(req, raw, req.Places)) {
		if !c.byFlag() {
			continue
		}
		args := make([]any, 0, len(c.places)+len(c.args))
		for _, p := range c.places {
			args = append(args, p.label(req))
		}
		for _, a := range c.args {
			if p, ok := a.(diag.Pos); ok {
				a = relPath(req, p.File)
			}
			args = append(args, a)
		}
		out = append(out, fmt.Sprintf(c.format, args...))
	}
	return out
}
