package cli

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"hash"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/errgen/errgen/internal/catalog"
	"go.yaml.in/yaml/v3"
)

// Nearly every run of go generate finds nothing changed, so generate first
// asks the records whether anything could have. Each record notes
//
//   - the errgen build that wrote it (see errgenBuild);
//   - a digest of the inputs' content — the catalog and each included
//     file, what each include pattern matched, the template overrides —
//     and of the record itself (every output of the catalog and where it
//     goes, the include patterns, and each file it lists with its
//     SHA-256);
//   - a digest of the invocation: every flag's value, the working
//     directory, the catalog's tree and where each output goes.
//
// When the running build wrote them, both digests match and every listed
// file has its SHA-256, generate and generate -check answer without
// loading the catalog; anything else takes the full path, which renders
// every output and compares it with the disk. Only a record the running
// build wrote is trusted, since another build may render the same catalog
// differently.

// flagKind is what a flag of generate is to the digests.
type flagKind int

const (
	flagValue   flagKind = iota // its value decides the outputs (an output's place, a package name)
	flagCatalog                 // it names the catalog, whose files the digests read
	flagDir                     // it names a directory of inputs: every file in it is read
	flagNone                    // it decides nothing the outputs hold (-check)
)

// generateFlags says what each flag of generate is to the digests. A flag
// not listed is a flagValue: its value is in the digest, so a flag added
// later for a new output is covered; one naming an input file or
// directory must be listed here (TestEveryFlagReachesTheDigest fails
// until it is).
var generateFlags = map[string]flagKind{
	"catalog":   flagCatalog,
	"templates": flagDir,
	"check":     flagNone,
}

// inputSet is what a catalog's outputs are made from besides the flags
// and errgen itself.
type inputSet struct {
	catalog string         // the main file, absolute as given
	files   []string       // every file read, main first
	globs   []catalog.Glob // the include patterns and their matches
	root    string         // the catalog's tree root
	outputs []outputNote   // every output: its name and directory (absolute)
}

// sums are the two digests a record notes of the run that wrote it.
type sums struct {
	content    [32]byte // of what the inputs hold
	invocation [32]byte // of how errgen was run
	ok         bool     // false: an input could not be read again
}

// stamp returns what a record of build notes of the run.
func (s sums) stamp(build string) stamp {
	inv := "-"
	if s.ok {
		inv = hex.EncodeToString(s.invocation[:])
	}
	return stamp{build: build, invocation: inv, content: s.content, ok: s.ok}
}

// sums returns the digests of a run: of the content of every file read
// (by read) and what each include pattern matched (the files' names, as
// written and with symbolic links followed), and of the files in a
// directory a flag names (the template overrides); and of the invocation:
// the working directory, the tree root, every flag's value and where each
// output goes (as written and with symbolic links followed). Paths are
// taken from the catalog's directory, so that both are the same on every
// machine holding the same tree and running errgen the same way.
func (in inputSet) sums(env *Env, fl *flag.FlagSet, read func(path string) ([]byte, error)) sums {
	content, inv := sha256.New(), sha256.New()
	dir := filepath.Dir(in.catalog)
	realDir := realPath(dir)
	rel := func(p string) string { return relTo(dir, p) }
	fmt.Fprintf(content, "errgen content 1\n")
	fmt.Fprintf(inv, "errgen invocation 1\ncwd %q\nroot %q\n", rel(env.Dir), relTo(realDir, realPath(in.root)))
	var err error
	fl.VisitAll(func(f *flag.Flag) {
		kind := generateFlags[f.Name]
		if kind == flagNone || err != nil {
			return
		}
		v := f.Value.String()
		fmt.Fprintf(inv, "flag %q %q\n", f.Name, v)
		if kind == flagDir && v != "" {
			fmt.Fprintf(content, "dir %q\n", f.Name)
			err = sumDir(content, env.abs(v))
		}
	})
	if err != nil {
		return sums{}
	}
	for _, f := range in.files {
		data, err := read(f)
		if err != nil {
			return sums{}
		}
		fmt.Fprintf(content, "file %q %x\n", rel(f), sha256.Sum256(data))
	}
	for _, g := range in.globs {
		fmt.Fprintf(content, "glob %q\n", rel(g.Pattern))
		for _, m := range g.Matches {
			fmt.Fprintf(content, "match %q %q\n", rel(m), relTo(realDir, realPath(m)))
		}
	}
	for _, o := range in.outputs {
		fmt.Fprintf(inv, "output %q %q %q\n", o.name, rel(o.dir), relTo(realDir, realPath(o.dir)))
	}
	s := sums{ok: true}
	content.Sum(s.content[:0])
	inv.Sum(s.invocation[:0])
	return s
}

// sumDir adds the name and SHA-256 of every file in dir (not below it) to
// h: the docs emitter reads template overrides from there.
func sumDir(h hash.Hash, dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		info, err := os.Stat(p)
		if err != nil || !info.Mode().IsRegular() {
			fmt.Fprintf(h, "entry %q\n", e.Name())
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "entry %q %x\n", e.Name(), sha256.Sum256(data))
	}
	return nil
}

// answeredFromRecords counts the runs unchanged answered, for tests.
var answeredFromRecords atomic.Int64

// unchanged answers generate (with check, generate -check) from the
// records alone when nothing they note has changed, and reports whether
// it did; when it did not, generate takes the full path. It writes
// nothing: unchanged outputs are left as they are either way.
func unchanged(env *Env, fl *flag.FlagSet, catalogPath string, check bool) (int, bool) {
	if _, ok := env.FS.(catalog.OSFS); !ok {
		return 0, false
	}
	build := errgenBuild()
	if strings.HasSuffix(build, " "+unknownBuild) {
		return 0, false
	}
	if tdir := flagString(fl, "templates"); tdir != "" {
		if names, _ := filepath.Glob(filepath.Join(env.abs(tdir), "*.md.tmpl")); len(names) == 0 {
			return 0, false // the full path warns of it
		}
	}
	data, err := os.ReadFile(catalogPath)
	if err != nil || len(data) > catalog.MaxFileBytes {
		return 0, false
	}
	catalogReal := realPath(catalogPath)

	// a record of this catalog by this build, where an output may be
	var first record
	var firstDir string
	for _, d := range candidateDirs(env, fl, data) {
		name, _ := recordName(d, catalogReal)
		if r, ok := readRecord(filepath.Join(d, name)); ok && r.build == build && len(r.outputs) > 0 {
			first, firstDir = r, d
			break
		}
	}
	if firstDir == "" {
		return 0, false
	}
	at := func(p string) string { return filepath.Join(firstDir, filepath.FromSlash(p)) }
	in := inputSet{catalog: catalogPath, files: []string{catalogPath}}
	in.root, _ = catalog.TreeRoot(env.FS, catalogPath)
	for _, p := range first.included {
		in.files = append(in.files, at(p))
	}
	for _, p := range first.includes {
		matches, err := env.FS.Glob(at(p))
		if err != nil {
			return 0, false
		}
		in.globs = append(in.globs, catalog.Glob{Pattern: at(p), Matches: matches})
	}
	var dirs, names []string
	for _, o := range first.outputs {
		d := at(o.dir)
		in.outputs = append(in.outputs, outputNote{o.name, d})
		names = append(names, o.name)
		if !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	if !slices.Contains(dirs, firstDir) {
		return 0, false
	}
	sums := in.sums(env, fl, func(p string) ([]byte, error) {
		if p == catalogPath {
			return data, nil
		}
		return os.ReadFile(p)
	})
	if !sums.ok {
		return 0, false
	}
	invocation := sums.stamp(build).invocation

	// every output directory's record, and every file each lists
	type want struct{ path, sum string }
	var files []want
	var orphans []othersRecord
	count := 0
	for _, d := range dirs {
		name, src := recordName(d, catalogReal)
		r := first
		if d != firstDir {
			var ok bool
			if r, ok = readRecord(filepath.Join(d, name)); !ok {
				return 0, false
			}
		}
		if r.build != build || r.invocation != invocation || r.source != src || r.inputs != recordDigest(sums.content, r.body) || len(r.sums) != len(r.files) {
			return 0, false
		}
		for f, s := range r.sums {
			files = append(files, want{filepath.Join(d, filepath.FromSlash(f)), s})
		}
		count += len(r.files) + 1
		rs := scanRecords(d, catalogReal, r.name)
		if len(rs.moved) > 0 {
			return 0, false // generate removes them: the full path
		}
		orphans = append(orphans, rs.orphans...)
	}
	// every file read and hashed, a worker per CPU, each through a buffer
	// of its own (memory new to the process costs a page fault a page)
	var next atomic.Int64
	var stale atomic.Bool
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(files)) {
		wg.Go(func() {
			buf := make([]byte, 64<<10)
			for i := int(next.Add(1) - 1); i < len(files) && !stale.Load(); i = int(next.Add(1) - 1) {
				if !hasSum(files[i].path, files[i].sum, buf) {
					stale.Store(true)
				}
			}
		})
	}
	wg.Wait()
	if stale.Load() {
		return 0, false
	}

	answeredFromRecords.Add(1)
	for _, n := range orphanNotes(env, orphans) {
		fmt.Fprintf(env.Stderr, "errgen generate: %s\n", n)
	}
	if first.warnings > 0 {
		fmt.Fprintf(env.Stderr, "%s: %s, unchanged since the outputs were generated (errgen check lists them)\n",
			relPath(env, catalogPath), plural(first.warnings, "warning"))
	}
	if check {
		fmt.Fprintf(env.Stdout, "outputs are up to date\n")
	} else {
		fmt.Fprintf(env.Stdout, "%s: %s written, %s unchanged (%s)\n", relPath(env, catalogPath), plural(0, "file"), plural(count, "file"), strings.Join(names, ", "))
	}
	return ExitOK, true
}

// hasSum reports whether the file at path has the SHA-256 sum (hex),
// reading it through buf.
func hasSum(path, sum string, buf []byte) bool {
	want, err := hex.DecodeString(sum)
	if err != nil || len(want) != sha256.Size {
		return false
	}
	got, err := sumFile(path, buf, maxOutputBytes)
	return err == nil && bytes.Equal(got[:], want)
}

// maxOutputBytes bounds the files hasSum reads: no output is larger.
const maxOutputBytes = 1 << 30

// errTooLarge is sumFile's error for a file past its limit.
var errTooLarge = errors.New("file too large")

// candidateDirs returns the directories where a record of the catalog may
// be: those every flag's value names (and their parents, for a file such
// as the schema's), those the catalog's outputs name, and the defaults.
// Where the outputs really are, the record found says; these only find
// it.
func candidateDirs(env *Env, fl *flag.FlagSet, catalogData []byte) []string {
	var values []string
	fl.VisitAll(func(f *flag.Flag) {
		if generateFlags[f.Name] == flagValue {
			values = append(values, f.Value.String())
		}
	})
	values = append(values, catalogOutputs(catalogData)...)
	for _, k := range outputKinds {
		values = append(values, k.def)
	}
	seen := map[string]bool{}
	var dirs []string
	for _, v := range values {
		if strings.TrimSpace(v) == "" {
			continue
		}
		p := env.abs(v)
		for _, d := range []string{p, filepath.Dir(p)} {
			if !seen[d] {
				seen[d] = true
				dirs = append(dirs, d)
			}
		}
	}
	return dirs
}

// catalogOutputs returns the strings of the catalog's outputs mapping,
// found without parsing the catalog: the block of a top-level outputs key
// at the start of a line, through the lines indented below it. A catalog
// written otherwise yields nothing here (and takes the full path unless a
// flag or a default names an output's directory).
func catalogOutputs(data []byte) []string {
	start := -1
	for i := 0; i < len(data); {
		j := bytes.Index(data[i:], []byte("outputs"))
		if j < 0 {
			break
		}
		k := i + j
		lineStart := k == 0 || data[k-1] == '\n'
		quoted := k > 0 && (data[k-1] == '"' || data[k-1] == '\'') && (k == 1 || data[k-2] == '\n')
		if lineStart || quoted {
			rest := bytes.TrimLeft(data[k+len("outputs"):], "\"' \t")
			if len(rest) > 0 && rest[0] == ':' {
				start = k
				if quoted {
					start--
				}
				break
			}
		}
		i = k + len("outputs")
	}
	if start < 0 {
		return nil
	}
	end := len(data)
	for i := start; i < len(data); {
		nl := bytes.IndexByte(data[i:], '\n')
		if nl < 0 {
			break
		}
		next := i + nl + 1
		if next < len(data) {
			c := data[next]
			if c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '#' {
				end = next
				break
			}
		}
		i = next
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data[start:end], &doc); err != nil {
		return nil
	}
	var out []string
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		switch n.Kind {
		case yaml.ScalarNode:
			out = append(out, n.Value)
		case yaml.MappingNode:
			for i := 1; i < len(n.Content); i += 2 {
				walk(n.Content[i]) // the values, not the keys
			}
		default:
			for _, c := range n.Content {
				walk(c)
			}
		}
	}
	walk(&doc)
	return out
}
