package pipeline

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"github.com/errgen/errgen/internal/diag"
	"hash"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/errgen/errgen/internal/catalog"
)

// Nearly every run of go generate finds nothing changed, so generate first
// asks whether anything could have. A run that wrote (or checked) every
// output notes in errgen's cache (see cache.go), under a name made of
// the errgen build, the catalog, the working directory and the flags:
//
//   - a digest of the inputs' content — the catalog and each included
//     file, what each include pattern matched, the template overrides;
//   - a digest of the invocation: every flag's value, the working
//     directory, the catalog's tree, where each output goes and where
//     the catalog's own outputs go (those check checks, flags or not);
//   - the SHA-256 of each record it wrote (each lists its files with
//     their SHA-256);
//   - each output file's stamp (stamp.go: inode, size, modification and
//     change times).
//
// When the entry of this build and invocation is there, both digests
// match, every record is the one noted and every file it lists of the
// run's outputs has its SHA-256 (read and hashed, unless its stamp is
// the one noted and old enough to be trusted), no temporary file of an interrupted run
// is in their directories, no record of the catalog at an old path and
// no place of the catalog's own outputs is a file where a directory goes
// or the reverse, generate and generate -check answer without loading
// the catalog; anything else takes the full path, which renders every
// output and compares it with the disk. Only an entry of the running
// build is trusted, since another build may render the same catalog
// differently; as the entry lives outside the tree, another build costs a
// full run and never a changed record.

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
	places  []placeNote    // the catalog's own output places (PlaceDiags')
}

// placeNote is one of the catalog's own output places (its outputs, else
// the defaults), which check and generate check whatever outputs the
// flags name: the cache notes them, so that a run answered from the
// records refuses what the full path would (see outputConflicts).
type placeNote struct {
	key  string // go, schema, …
	path string // absolute
	dir  bool   // a directory of files; else a file
}

// catalogPlaces returns the catalog's own output places.
func catalogPlaces(req *Request, raw *catalog.Catalog) []placeNote {
	var out []placeNote
	for _, p := range outputPlaces(req, raw, nil) {
		out = append(out, placeNote{p.key, p.path, p.dir})
	}
	return out
}

// wrongKind reports whether the place is a file where a directory goes,
// or a directory where a file goes: what outputConflicts refuses of an
// existing path.
func (p placeNote) wrongKind() bool {
	info, err := os.Stat(catalog.RealPath(p.path))
	return err == nil && info.IsDir() != p.dir
}

// sums are the two digests a record notes of the run that wrote it.
type sums struct {
	content    [32]byte // of what the inputs hold
	invocation [32]byte // of how errgen was run
	ok         bool     // false: an input could not be read again
}

// sums returns the digests of a run: of the content of every file read
// (by read) and what each include pattern matched (the files' names, as
// written and with symbolic links followed), and of the files in a
// directory a flag names (the template overrides); and of the invocation:
// the working directory, the tree root, every flag's value, where each
// output goes and where each of the catalog's own outputs would (as
// written and with symbolic links followed). Paths are taken from the
// catalog's directory, so that both are the same on every machine holding
// the same tree and running errgen the same way.
func (in inputSet) sums(req *Request, read func(path string) ([]byte, error)) sums {
	content, inv := sha256.New(), sha256.New()
	dir := filepath.Dir(in.catalog)
	realDir := catalog.RealPath(dir)
	rel := func(p string) string { return relTo(dir, p) }
	fmt.Fprintf(content, "errgen content 1\n")
	fmt.Fprintf(inv, "errgen invocation 1\ncwd %q\nroot %q\n", rel(req.Dir), relTo(realDir, catalog.RealPath(in.root)))
	var err error
	for _, f := range req.flagValues() {
		kind := generateFlags[f.name]
		if kind == flagNone || err != nil {
			continue
		}
		fmt.Fprintf(inv, "flag %q %q\n", f.name, f.value)
		if kind == flagDir && f.value != "" {
			fmt.Fprintf(content, "dir %q\n", f.name)
			err = sumDir(content, req.abs(f.value))
		}
	}
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
			fmt.Fprintf(content, "match %q %q\n", rel(m), relTo(realDir, catalog.RealPath(m)))
		}
	}
	for _, o := range in.outputs {
		fmt.Fprintf(inv, "output %q %q %q\n", o.name, rel(o.dir), relTo(realDir, catalog.RealPath(o.dir)))
	}
	for _, p := range in.places {
		fmt.Fprintf(inv, "place %q %q %q %v\n", p.key, rel(p.path), relTo(realDir, catalog.RealPath(p.path)), p.dir)
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
func unchanged(req *Request, catalogPath string, check bool) (int, bool) {
	if _, ok := req.FS.(catalog.OSFS); !ok {
		return 0, false
	}
	build := errgenBuild()
	cache := cacheDir()
	if strings.HasSuffix(build, " "+unknownBuild) || cache == "" {
		return 0, false
	}
	if tdir := req.Settings["templates"]; tdir != "" {
		if names, _ := filepath.Glob(filepath.Join(req.abs(tdir), "*.md.tmpl")); len(names) == 0 {
			return 0, false // the full path warns of it
		}
	}
	data, err := os.ReadFile(catalogPath)
	if err != nil || len(data) > catalog.MaxFileBytes {
		return 0, false
	}
	catalogReal := catalog.RealPath(catalogPath)
	key := cacheKey(req, build, catalogReal)
	e := readEntry(cache, key)
	if e == nil || e.build != build || e.catalog != catalogReal {
		return 0, false
	}
	in := inputSet{catalog: catalogPath, files: append([]string{catalogPath}, e.included...), outputs: e.outputs, places: e.places}
	in.root, _ = catalog.TreeRoot(req.FS, catalogPath)
	for _, p := range e.includes {
		matches, err := req.FS.Glob(p)
		if err != nil {
			return 0, false
		}
		in.globs = append(in.globs, catalog.Glob{Pattern: p, Matches: matches})
	}
	sums := in.sums(req, func(p string) ([]byte, error) {
		if p == catalogPath {
			return data, nil
		}
		return os.ReadFile(p)
	})
	if !sums.ok || hex.EncodeToString(sums.content[:]) != e.content || hex.EncodeToString(sums.invocation[:]) != e.invocation {
		return 0, false
	}
	// the catalog's own places, which a run naming outputs by flags does
	// not write: one now a file where a directory goes, or the reverse,
	// is the full path's diagnostic, as check's
	for _, p := range e.places {
		if p.wrongKind() {
			return 0, false
		}
	}

	// every output directory's record, and every file each lists of
	// the run's outputs
	type want struct{ path, sum string }
	var files []want
	var orphans []othersRecord
	count := 0
	for _, rec := range e.records {
		d := rec.dir
		entries, err := os.ReadDir(d)
		if err != nil {
			return 0, false
		}
		rdata, err := os.ReadFile(filepath.Join(d, rec.name))
		if err != nil || fmt.Sprintf("%x", sha256.Sum256(rdata)) != rec.sum {
			return 0, false
		}
		r, ok := parseRecord(rdata)
		if !ok {
			return 0, false
		}
		subdirs := map[string]bool{}
		for f, kind := range r.files {
			if !slices.Contains(rec.kinds, kind) {
				continue // another output's, left as it is
			}
			s, ok := r.sums[f]
			if !ok {
				return 0, false
			}
			files = append(files, want{filepath.Join(d, filepath.FromSlash(f)), s})
			if i := strings.LastIndexByte(f, '/'); i > 0 {
				subdirs[f[:i]] = true
			}
			count++
		}
		count++ // the record
		rs := scanEntries(d, entries, catalogReal, r.name)
		if len(rs.moved) > 0 {
			return 0, false // generate removes them: the full path
		}
		orphans = append(orphans, rs.orphans...)
		// what an interrupted run left: the full path removes it, or
		// -check reports it
		listed := func(path string) bool {
			rel, err := filepath.Rel(d, path)
			_, ok := r.files[filepath.ToSlash(rel)]
			return err == nil && ok
		}
		if len(leftoversIn(d, entries, listed)) > 0 {
			return 0, false
		}
		for sub := range subdirs {
			dir := filepath.Join(d, filepath.FromSlash(sub))
			entries, _ := os.ReadDir(dir)
			if len(leftoversIn(dir, entries, listed)) > 0 {
				return 0, false
			}
		}
	}
	// every file whose stamp is not trusted (stamp.go) read and hashed, a
	// worker per CPU, each through a buffer of its own (memory new to the
	// process costs a page fault a page)
	start := time.Now().UnixNano()
	var next, hashed atomic.Int64
	var stale atomic.Bool
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(files)) {
		wg.Go(func() {
			buf := make([]byte, 64<<10)
			for i := int(next.Add(1) - 1); i < len(files) && !stale.Load(); i = int(next.Add(1) - 1) {
				if st, ok := e.stamps[files[i].path]; ok && trusted(files[i].path, st, e.taken) {
					continue
				}
				hashed.Add(1)
				if !hasSum(files[i].path, files[i].sum, buf) {
					stale.Store(true)
				}
			}
		})
	}
	wg.Wait()
	hashedFiles.Add(hashed.Load())
	if stale.Load() {
		return 0, false
	}
	if hashed.Load() > 0 {
		// the files just hashed are what the records say: their stamps,
		// noted now, spare the next run hashing them again, once one is
		// old enough to be trusted
		paths := make([]string, len(files))
		for i, f := range files {
			paths[i] = f.path
		}
		stamps := stampsOf(paths)
		for p, st := range stamps {
			old, ok := e.stamps[p]
			trustedBefore := ok && old == st && old.ctime < e.taken-int64(racyMargin)
			if !trustedBefore && st.ctime < start-int64(racyMargin) {
				e.stamps, e.taken = stamps, start
				writeEntry(cache, key, e.encode())
				break
			}
		}
	}

	answeredFromRecords.Add(1)
	for _, n := range orphanNotes(req, orphans) {
		fmt.Fprintf(req.Stderr, "errgen generate: %s\n", n)
	}
	if e.warnings > 0 {
		fmt.Fprintf(req.Stderr, "%s: %s, unchanged since the outputs were generated (errgen check lists them)\n",
			relPath(req, catalogPath), diag.Plural(e.warnings, "warning"))
	}
	if check {
		fmt.Fprintf(req.Stdout, "outputs are up to date\n")
	} else {
		var names []string
		for _, o := range e.outputs {
			names = append(names, o.name)
		}
		fmt.Fprintf(req.Stdout, "%s: %s written, %s unchanged (%s)\n", relPath(req, catalogPath), diag.Plural(0, "file"), diag.Plural(count, "file"), strings.Join(names, ", "))
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
