package cli

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/gen"
)

// generate removes, and -check reports as extra, only the files it wrote
// itself for the same outputs before. It keeps a record of them: each
// output directory (the schema file's directory included) holds one
// manifest per catalog, .errgen-HASH, written with the outputs, which
// names the catalog (its path from the directory) and lists the files
// generated there. HASH is taken from that path, so two catalogs sharing a
// directory keep two records. A file a record of another catalog lists is
// that catalog's: generate neither overwrites nor removes it.

// manifestPrefix starts the name of every manifest.
const manifestPrefix = ".errgen-"

// maxManifestBytes bounds how much of a manifest is read.
const maxManifestBytes = 64 << 20

// record is one manifest: the catalog it is of and the files it lists.
type record struct {
	source string          // the catalog, from the manifest's directory, slash-separated
	files  map[string]bool // slash-separated, relative to the directory
}

// ledger keeps the records of one catalog's outputs.
type ledger struct {
	catalog string            // the catalog's real path
	root    string            // the real path of the catalog's tree root
	inputs  map[string]bool   // real paths of the catalog's files
	names   map[string]string // output directory -> its manifest's name
	sources map[string]string // output directory -> the catalog from it
	prev    map[string]record // output directory -> the record found there
	others  map[string][]othersRecord
}

// othersRecord is a record of another catalog and where it is.
type othersRecord struct {
	path string // the manifest
	record
}

func newLedger(raw *catalog.Catalog) *ledger {
	ld := &ledger{catalog: realPath(raw.Path), root: realPath(raw.TreeRoot), inputs: map[string]bool{},
		names: map[string]string{}, sources: map[string]string{}, prev: map[string]record{}, others: map[string][]othersRecord{}}
	for _, f := range raw.Files {
		ld.inputs[realPath(f)] = true
	}
	return ld
}

// source returns the catalog's path from dir and the name of the manifest
// the catalog keeps there.
func (ld *ledger) source(dir string) (src, name string) {
	src = relTo(realPath(dir), ld.catalog)
	sum := sha256.Sum256([]byte(src))
	return src, manifestPrefix + hex.EncodeToString(sum[:6])
}

// wrap makes each emitter's output carry the manifest of its directory.
// Emitters sharing a directory share one manifest: the last of them in
// order waits for the files of the others and adds it. It only waits for
// emitters started before it, so running them in order, all at once or a
// few at a time, cannot deadlock.
func (ld *ledger) wrap(emitters []*emitter) {
	groups := map[string][]*emitter{}
	var dirs []string
	for _, em := range emitters {
		if _, ok := groups[em.dir]; !ok {
			dirs = append(dirs, em.dir)
		}
		groups[em.dir] = append(groups[em.dir], em)
	}
	for _, dir := range dirs {
		src, name := ld.source(dir)
		ld.names[dir], ld.sources[dir] = name, src
		group := groups[dir]
		lists := make([][]string, len(group))
		var wg sync.WaitGroup
		wg.Add(len(group) - 1)
		for i, em := range group {
			run, last := em.run, i == len(group)-1
			em.run = func() ([]gen.File, error) {
				files, err := run()
				for _, f := range files {
					lists[i] = append(lists[i], f.Path)
				}
				if !last {
					wg.Done()
					return files, err
				}
				wg.Wait()
				if err != nil {
					return nil, err
				}
				var all []string
				for _, l := range lists {
					all = append(all, l...)
				}
				return append(files, gen.File{Path: name, Data: manifestData(src, all)}), nil
			}
		}
	}
}

// manifestData renders a manifest: errgen's header, the catalog, and the
// files, sorted, one a line (quoted when a name would not read back).
func manifestData(src string, files []string) []byte {
	sort.Strings(files)
	var b bytes.Buffer
	b.WriteString("# " + gen.Header + "\n")
	b.WriteString("# source: " + quoteName(src) + "\n")
	b.WriteString("# The files errgen generate wrote in this directory from the catalog\n" +
		"# above. It removes a listed file the catalog no longer produces, and\n" +
		"# leaves every other file alone.\n")
	for _, f := range files {
		b.WriteString(quoteName(f))
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// quoteName writes a name as is, or Go-quoted when it would not read back
// as one line of a manifest.
func quoteName(s string) string {
	if s == "" || strings.ContainsAny(s, "\n\r\"") || strings.HasPrefix(s, "#") || strings.TrimSpace(s) != s {
		return strconv.Quote(s)
	}
	return s
}

func unquoteName(s string) string {
	if strings.HasPrefix(s, `"`) {
		if u, err := strconv.Unquote(s); err == nil {
			return u
		}
	}
	return s
}

// readRecord reads the manifest at path; false when there is none or it
// is not one of errgen's.
func readRecord(path string) (record, bool) {
	data, err := os.ReadFile(path)
	if err != nil || len(data) > maxManifestBytes || !hasHeader(data) {
		return record{}, false
	}
	r := record{files: map[string]bool{}}
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "# source: "):
			r.source = unquoteName(strings.TrimPrefix(line, "# source: "))
		case line == "" || strings.HasPrefix(line, "#"):
		default:
			r.files[unquoteName(line)] = true
		}
	}
	return r, r.source != ""
}

// previous returns the files this catalog's record in dir lists.
func (ld *ledger) previous(dir string) map[string]bool {
	if r, ok := ld.prev[dir]; ok {
		return r.files
	}
	r, ok := readRecord(filepath.Join(dir, ld.names[dir]))
	if !ok || realPath(filepath.Join(realPath(dir), filepath.FromSlash(r.source))) != ld.catalog {
		r = record{} // not this catalog's
	}
	ld.prev[dir] = r
	return r.files
}

// listed reports whether this catalog's record in dir lists path.
func (ld *ledger) listed(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && ld.previous(dir)[filepath.ToSlash(rel)]
}

// recordsIn returns the records of other catalogs in dir: manifests whose
// catalog is another that exists (a record left by a catalog since moved
// or deleted claims nothing).
func (ld *ledger) recordsIn(dir string) []othersRecord {
	if rs, ok := ld.others[dir]; ok {
		return rs
	}
	var rs []othersRecord
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), manifestPrefix) || !e.Type().IsRegular() {
			continue
		}
		path := filepath.Join(dir, e.Name())
		r, ok := readRecord(path)
		if !ok {
			continue
		}
		src := realPath(filepath.Join(realPath(dir), filepath.FromSlash(r.source)))
		if src == ld.catalog {
			continue
		}
		if info, err := os.Stat(src); err != nil || !info.Mode().IsRegular() {
			continue
		}
		rs = append(rs, othersRecord{path, r})
	}
	ld.others[dir] = rs
	return rs
}

// claimed returns the record of another catalog that lists path, looking
// in path's directory and those above it, up to the catalog's tree root
// (for a path inside the tree) or the file system's root.
func (ld *ledger) claimed(path string) (othersRecord, bool) {
	inside := catalog.Within(realPath(path), ld.root)
	for dir := filepath.Dir(path); ; dir = filepath.Dir(dir) {
		rel, err := filepath.Rel(dir, path)
		if err == nil {
			for _, r := range ld.recordsIn(dir) {
				if r.files[filepath.ToSlash(rel)] {
					return r, true
				}
			}
		}
		if filepath.Dir(dir) == dir || inside && realPath(dir) == ld.root {
			return othersRecord{}, false
		}
	}
}

// claimedTarget returns a refusal for the first file the outputs would
// overwrite that another catalog's record lists.
func (ld *ledger) claimedTarget(env *Env, outputs []*output) *refusal {
	for _, out := range outputs {
		for _, i := range out.todo {
			f := out.files[i]
			if out.states[i].missing || ld.listed(out.dir, f.path) {
				continue
			}
			if r, ok := ld.claimed(f.path); ok {
				return &refusal{f.path, "", "was generated from another catalog, " + r.source + " (as " + relPath(env, r.path) + " records); not overwriting it"}
			}
		}
	}
	return nil
}

// extras returns the files this catalog's records list that no output
// produces any more and that are still errgen's: regular files carrying
// errgen's header, inside their directory, that no other catalog's record
// lists. These generate removes and -check reports.
func (ld *ledger) extras(want map[string]bool) []string {
	var dirs []string
	for d := range ld.names {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	var out []string
	for _, dir := range dirs {
		for rel := range ld.previous(dir) {
			path := filepath.Join(dir, filepath.FromSlash(rel))
			if want[path] || !catalog.Within(path, dir) || path == dir {
				continue
			}
			if info, err := os.Lstat(path); err != nil || !info.Mode().IsRegular() || !isGenerated(path) || ld.inputs[realPath(path)] {
				continue
			}
			if _, ok := ld.claimed(path); ok {
				continue
			}
			out = append(out, path)
		}
	}
	sort.Strings(out)
	return out
}
