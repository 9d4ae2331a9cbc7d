package pipeline

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/outputs"
)

// generate removes, and -check reports as extra, only the files it wrote
// itself for the same outputs before. It keeps a record of them: each
// output directory (the schema file's directory included) holds one
// manifest per catalog, .errgen-HASH, written with the outputs, which
// names the catalog (its path from the directory, and its name) and lists
// the files generated there, by output, with their SHA-256. HASH is taken
// from that path, so two catalogs sharing a directory keep two records. A
// file a record of another catalog lists is that catalog's: generate
// neither overwrites nor removes it.
//
// A record holds nothing else, so that a committed record changes only
// when a file it lists does: what the unchanged short-circuit needs
// besides (the errgen build, digests of the inputs and the invocation)
// is kept in errgen's cache, outside the tree (see cache.go). A record
// of errgen before that, which noted them, is read as a list of files of
// no output in particular.
//
// A run that names its outputs generates those only: in a directory they
// share with other outputs of the catalog, the files of those are listed
// again as they were, and are neither removed nor reported. A run naming
// none generates every output of the catalog, and a file of its record
// that none of them produces any more is removed.
//
// A catalog moved or renamed keeps its name: a record of a catalog that no
// longer exists, of the same name, is this catalog's record at its old
// path, and generate takes its files over and removes it.

// manifestPrefix starts the name of every manifest.
const manifestPrefix = ".errgen-"

// maxManifestBytes bounds how much of a manifest is read.
const maxManifestBytes = 64 << 20

// record is one manifest: the catalog it is of and the files it lists.
type record struct {
	source string            // the catalog, from the manifest's directory, slash-separated
	name   string            // the catalog's name; "" in a record older than names in records
	files  map[string]string // slash-separated, relative to the directory -> the output that wrote it (its flag, "go"); "" in a record older than outputs in records
	sums   map[string]string // file -> hex SHA-256
}

// outputNote is one output of a catalog as the cache notes it.
type outputNote struct {
	name string // "Go", "docs": what the summary line calls it
	dir  string // absolute
}

// ledger keeps the records of one catalog's outputs.
type ledger struct {
	req     *Request
	raw     *catalog.Catalog
	catalog string                 // the catalog's real path
	root    string                 // the real path of the catalog's tree root
	name    string                 // the catalog's name
	inputs  map[string]bool        // real paths of the catalog's files
	names   map[string]string      // output directory -> its manifest's name
	sources map[string]string      // output directory -> the catalog from it
	prev    map[string]record      // output directory -> this catalog's records found there, merged
	dirs    map[string]*dirRecords // output directory -> the other records there
	subset  bool                   // outputs were named: the others are left as they are
	kinds   map[string][]string    // output directory -> the outputs this run writes there

	sums     sums        // of the inputs and the invocation, for the cache
	places   []placeNote // the catalog's own output places, for the cache
	warnings int
	// start is when the ledger was made, before any output file was
	// compared or written (nanoseconds since the epoch): the time the
	// cache notes the files' stamps at (see stamp.go)
	start int64

	emitters []*emitter  // as wrapped
	lists    [][]fileSum // emitter index -> the files it produced
	records  []dirRecord // the records this run writes, for the cache
}

// dirRecord is a record as this run writes it.
type dirRecord struct {
	dir, name string
	data      []byte
	kinds     []string // the outputs this run writes there
}

// dirRecords are the records in a directory besides this catalog's own.
type dirRecords struct {
	others  []othersRecord // of other catalogs that exist
	moved   []othersRecord // of this catalog at a path it has left (same name, catalog gone)
	orphans []othersRecord // of catalogs that no longer exist, of another name or none noted
}

// othersRecord is a record of another catalog and where it is.
type othersRecord struct {
	path    string // the manifest
	catalog string // the catalog's path
	record
}

func newLedger(req *Request, raw *catalog.Catalog, warnings int, emitters []*emitter, subset bool) *ledger {
	ld := &ledger{req: req, raw: raw, catalog: catalog.RealPath(raw.Path), root: catalog.RealPath(raw.TreeRoot), name: raw.Name.Value,
		inputs: map[string]bool{}, names: map[string]string{}, sources: map[string]string{},
		prev: map[string]record{}, dirs: map[string]*dirRecords{}, warnings: warnings,
		subset: subset, kinds: map[string][]string{}, start: time.Now().UnixNano()}
	for _, f := range raw.Files {
		ld.inputs[catalog.RealPath(f)] = true
	}
	ld.places = catalogPlaces(req, raw)
	in := inputSet{catalog: raw.Path, files: raw.Files, globs: raw.Globs, root: raw.TreeRoot, places: ld.places}
	for _, em := range emitters {
		in.outputs = append(in.outputs, outputNote{em.name, em.dir})
		if !slices.Contains(ld.kinds[em.dir], em.key) {
			ld.kinds[em.dir] = append(ld.kinds[em.dir], em.key)
		}
	}
	ld.sums = in.sums(req, func(path string) ([]byte, error) { return raw.Sources[path], nil })
	return ld
}

// recordName returns the name of the manifest the catalog at catalogReal
// (a real path) keeps in dir, and the catalog's path from dir.
func recordName(dir, catalogReal string) (name, src string) {
	src = relTo(catalog.RealPath(dir), catalogReal)
	sum := sha256.Sum256([]byte(src))
	return manifestPrefix + hex.EncodeToString(sum[:6]), src
}

// source returns the catalog's path from dir and the name of the manifest
// the catalog keeps there.
func (ld *ledger) source(dir string) (src, name string) {
	name, src = recordName(dir, ld.catalog)
	return src, name
}

// fileSum is a generated file's path in its directory and its SHA-256.
type fileSum struct {
	path string
	sum  string
}

// wrap makes each emitter note the SHA-256 of every file it produces, for
// the records (see addRecords). Only the files the emitter itself returns
// are noted: the docs' starter config, added around it, is the user's.
func (ld *ledger) wrap(emitters []*emitter) {
	ld.emitters = emitters
	ld.lists = make([][]fileSum, len(emitters))
	for i, em := range emitters {
		if _, ok := ld.names[em.dir]; !ok {
			src, name := ld.source(em.dir)
			ld.names[em.dir], ld.sources[em.dir] = name, src
		}
		run := em.run
		em.run = func() ([]gen.File, error) {
			files, err := run()
			list := make([]fileSum, len(files))
			gen.ParallelN(2, len(files), func(k int) {
				sum := sha256.Sum256(files[k].Data)
				list[k] = fileSum{files[k].Path, hex.EncodeToString(sum[:])}
			})
			ld.lists[i] = list
			return files, err
		}
	}
}

// addRecords adds to the outputs the record of each output directory,
// once every emitter is done, to the output of the last emitter writing
// there: the files of every emitter in the directory with their SHA-256,
// by output, and, in a run that names its outputs, the files the record
// there lists of the catalog's other outputs, as they were. A file this
// run would write that the record lists as another output's refuses the
// output: only a run of both may move a file from one to the other.
func (ld *ledger) addRecords(outputs []*output, write bool) {
	var dirs []string
	last := map[string]int{}
	files := map[string][]section{}
	for i, em := range ld.emitters {
		if _, ok := last[em.dir]; !ok {
			dirs = append(dirs, em.dir)
		}
		last[em.dir] = i
		files[em.dir] = append(files[em.dir], section{em.key, ld.lists[i]})
	}
	for _, dir := range dirs {
		info := manifestInfo{source: ld.sources[dir], name: ld.name, sections: files[dir]}
		out := outputs[last[dir]]
		if ld.subset {
			produced := map[string]bool{}
			for _, sec := range files[dir] {
				for _, f := range sec.files {
					produced[f.path] = true
				}
			}
			prev := ld.previous(dir)
			carried := map[string][]fileSum{}
			for f, kind := range prev.files {
				switch {
				case slices.Contains(ld.kinds[dir], kind):
					continue // this run's output: what it produces now
				case produced[f] && kind != "":
					if out.refuse == nil {
						path := filepath.Join(dir, filepath.FromSlash(f))
						out.refuse = &refusal{path, "", fmt.Sprintf("is a file of this catalog's %s output, as %s records, which this run does not generate; not overwriting it: "+
							"give the output another place, or generate both (run generate with no output named to write every output)",
							kind, relPath(ld.req, filepath.Join(dir, ld.names[dir])))}
					}
					continue
				case produced[f]:
					continue // listed by a record of no output in particular: now the producer's
				}
				carried[kind] = append(carried[kind], fileSum{f, prev.sums[f]})
			}
			for kind, list := range carried {
				info.sections = append(info.sections, section{kind, list})
			}
		}
		data := info.render()
		ld.records = append(ld.records, dirRecord{dir, ld.names[dir], data, ld.kinds[dir]})
		out.addFile(gen.File{Path: ld.names[dir], Data: data}, write, true)
	}
}

// section is the files of one output in a record.
type section struct {
	kind  string // the output's flag; "" for files of no output in particular
	files []fileSum
}

// addFile adds a file to a prepared output, as prepare does for the
// emitter's files: compared with the disk and, when write is set, staged.
func (out *output) addFile(f gen.File, write, isRecord bool) {
	p := planned{path: filepath.Join(out.dir, filepath.FromSlash(f.Path)), data: f.Data, record: isRecord}
	i := len(out.files)
	out.files = append(out.files, p)
	if out.fresh {
		out.states = append(out.states, state{missing: true})
		out.todo = append(out.todo, i)
		if out.refuse == nil && out.stageDir != "" {
			if err := CreateFile(out.staged(p.path), p.data); err != nil {
				out.refuse = &refusal{p.path, "cannot write", unwrapPath(err).Error()}
			}
		}
		return
	}
	st := stateOf(p)
	out.states = append(out.states, st)
	if !write || out.refuse != nil {
		return
	}
	switch {
	case st.err != nil:
		out.refuse = &refusal{p.path, "cannot write", unwrapPath(st.err).Error()}
	case !st.missing && !st.generated:
		out.refuse = &refusal{p.path, "", "exists and was not generated by errgen; not overwriting it"}
	case !st.same:
		if err := out.mkdirAll(out.dir); err != nil {
			out.refuse = &refusal{p.path, "cannot write", unwrapPath(err).Error()}
			return
		}
		tmp, err := stage(p.path, p.data)
		if err != nil {
			out.refuse = &refusal{p.path, "cannot write", unwrapPath(err).Error()}
			return
		}
		out.todo = append(out.todo, i)
		out.tmps = append(out.tmps, tmp)
	}
}

// manifestInfo is what a manifest says.
type manifestInfo struct {
	source, name string
	sections     []section
}

// render writes a manifest: errgen's header, the catalog, and the files
// of each output, sorted, one a line after their SHA-256 (names quoted
// when they would not read back), the outputs in emitter order and the
// files of no output in particular first.
func (m manifestInfo) render() []byte {
	order := func(kind string) int {
		if kind == "" {
			return 0
		}
		return outputs.Index(kind) + 1
	}
	byKind := map[string][]fileSum{}
	var kinds []string
	for _, sec := range m.sections {
		if _, ok := byKind[sec.kind]; !ok {
			kinds = append(kinds, sec.kind)
		}
		byKind[sec.kind] = append(byKind[sec.kind], sec.files...)
	}
	sort.SliceStable(kinds, func(i, j int) bool {
		if oi, oj := order(kinds[i]), order(kinds[j]); oi != oj {
			return oi < oj
		}
		return kinds[i] < kinds[j]
	})
	var b bytes.Buffer
	b.WriteString("# " + gen.Header + "\n")
	b.WriteString("# source: " + quoteName(m.source) + "\n")
	b.WriteString("# catalog: " + quoteName(m.name) + "\n")
	b.WriteString("# The files errgen generate wrote in this directory from the catalog\n" +
		"# above, by output, with their SHA-256 (paths from this directory). It\n" +
		"# removes a listed file its output no longer produces and leaves every\n" +
		"# other file alone.\n")
	for _, kind := range kinds {
		files := byKind[kind]
		sort.Slice(files, func(i, j int) bool { return files[i].path < files[j].path })
		if kind != "" {
			b.WriteString("# output: " + quoteName(kind) + "\n")
		}
		for _, f := range files {
			b.WriteString(f.sum + "  " + quoteName(f.path) + "\n")
		}
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
	if err != nil || len(data) > maxManifestBytes {
		return record{}, false
	}
	return parseRecord(data)
}

// parseRecord reads a manifest; false when it is not one of errgen's.
// The lines a record of errgen before noted besides the files (the build,
// the digests, every output of the catalog, the includes) are comments
// here; files before any output line are of no output in particular.
func parseRecord(data []byte) (record, bool) {
	if !hasHeader(data) {
		return record{}, false
	}
	r := record{files: map[string]string{}, sums: map[string]string{}}
	kind := ""
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		s := string(line)
		switch {
		case strings.HasPrefix(s, "# source: "):
			r.source = unquoteName(strings.TrimPrefix(s, "# source: "))
		case strings.HasPrefix(s, "# catalog: "):
			r.name = unquoteName(strings.TrimPrefix(s, "# catalog: "))
		case strings.HasPrefix(s, "# output: "):
			kind = unquoteName(strings.TrimPrefix(s, "# output: "))
		case s == "" || strings.HasPrefix(s, "#"):
		case len(s) > 66 && s[64:66] == "  " && isHex(s[:64]):
			name := unquoteName(s[66:])
			r.files[name], r.sums[name] = kind, s[:64]
		default:
			r.files[unquoteName(s)] = kind
		}
	}
	return r, r.source != ""
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// previous returns what this catalog's records in dir list: its own
// record's files, and those of its records at paths it has left (see
// scan), which it takes over.
func (ld *ledger) previous(dir string) record {
	if r, ok := ld.prev[dir]; ok {
		return r
	}
	r, ok := readRecord(filepath.Join(dir, ld.names[dir]))
	if !ok || catalog.RealPath(filepath.Join(catalog.RealPath(dir), filepath.FromSlash(r.source))) != ld.catalog {
		r = record{} // not this catalog's
	}
	if moved := ld.scan(dir).moved; len(moved) > 0 {
		m := record{files: map[string]string{}, sums: map[string]string{}}
		for _, from := range append([]record{r}, recordsOf(moved)...) {
			for f, kind := range from.files {
				if k, ok := m.files[f]; ok && k != "" {
					continue // the record's own word first
				}
				m.files[f], m.sums[f] = kind, from.sums[f]
			}
		}
		r.files, r.sums = m.files, m.sums
	}
	ld.prev[dir] = r
	return r
}

func recordsOf(rs []othersRecord) []record {
	out := make([]record, len(rs))
	for i, r := range rs {
		out[i] = r.record
	}
	return out
}

// listed reports whether this catalog's records in dir list path.
func (ld *ledger) listed(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	if err != nil {
		return false
	}
	_, ok := ld.previous(dir).files[filepath.ToSlash(rel)]
	return ok
}

// owned returns the files of this catalog's records in dir that this run
// answers for: those of the outputs it writes there; in a run naming no
// output, every file (that of an output the catalog no longer has, or
// has elsewhere, included).
func (ld *ledger) owned(dir string) []string {
	var out []string
	r := ld.previous(dir)
	for f, kind := range r.files {
		if !ld.subset || slices.Contains(ld.kinds[dir], kind) {
			out = append(out, f)
		}
	}
	return out
}

// hasOutput reports whether this catalog's records in dir list a file of
// the output key, or of no output in particular.
func (ld *ledger) hasOutput(dir, key string) bool {
	r := ld.previous(dir)
	for _, k := range r.files {
		if k == key || k == "" {
			return true
		}
	}
	return false
}

// recordsIn returns the records of other catalogs in dir: manifests whose
// catalog is another that exists (a record left by a catalog since moved
// or deleted claims nothing).
func (ld *ledger) recordsIn(dir string) []othersRecord { return ld.scan(dir).others }

// scan reads the records in dir other than this catalog's own, once.
func (ld *ledger) scan(dir string) *dirRecords {
	if rs, ok := ld.dirs[dir]; ok {
		return rs
	}
	rs := scanRecords(dir, ld.catalog, ld.name)
	ld.dirs[dir] = rs
	return rs
}

// scanRecords sorts the records in dir of catalogs other than the one at
// catalogReal (a real path) named name: those of catalogs that exist,
// those of a catalog of the same name that no longer exists (this one,
// moved), and the others of catalogs that no longer exist.
func scanRecords(dir, catalogReal, name string) *dirRecords {
	entries, _ := os.ReadDir(dir)
	return scanEntries(dir, entries, catalogReal, name)
}

// scanEntries is [scanRecords] of dir's entries, read already.
func scanEntries(dir string, entries []fs.DirEntry, catalogReal, name string) *dirRecords {
	rs := &dirRecords{}
	own, _ := recordName(dir, catalogReal)
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), manifestPrefix) || !e.Type().IsRegular() || e.Name() == own || isTmpName(e.Name()) {
			continue
		}
		path := filepath.Join(dir, e.Name())
		r, ok := readRecord(path)
		if !ok {
			continue
		}
		src := catalog.RealPath(filepath.Join(catalog.RealPath(dir), filepath.FromSlash(r.source)))
		if src == catalogReal {
			continue
		}
		o := othersRecord{path, src, r}
		if info, err := os.Stat(src); err == nil && info.Mode().IsRegular() {
			rs.others = append(rs.others, o)
		} else if r.name != "" && r.name == name {
			rs.moved = append(rs.moved, o)
		} else {
			rs.orphans = append(rs.orphans, o)
		}
	}
	return rs
}

// claimed returns the record of another catalog that lists path, looking
// in path's directory and those above it, up to the catalog's tree root
// (for a path inside the tree) or the file system's root.
func (ld *ledger) claimed(path string) (othersRecord, bool) {
	inside := catalog.Within(catalog.RealPath(path), ld.root)
	for dir := filepath.Dir(path); ; dir = filepath.Dir(dir) {
		rel, err := filepath.Rel(dir, path)
		if err == nil {
			for _, r := range ld.recordsIn(dir) {
				if _, ok := r.files[filepath.ToSlash(rel)]; ok {
					return r, true
				}
			}
		}
		if filepath.Dir(dir) == dir || inside && catalog.RealPath(dir) == ld.root {
			return othersRecord{}, false
		}
	}
}

// claimedTarget returns a refusal for the first file the outputs would
// overwrite (those of out.todo, or with all, every file not on disk as
// planned) that another catalog's record lists. The refusal says how to
// go on: for a copy of this catalog (another catalog of the same name),
// delete the one it replaces or name it apart; for another catalog, give
// the output another place or delete that catalog.
func (ld *ledger) claimedTarget(outputs []*output, all bool) *refusal {
	req := ld.req
	for _, out := range outputs {
		todo := out.todo
		if all {
			todo = nil
			for i, st := range out.states {
				if !st.same {
					todo = append(todo, i)
				}
			}
		}
		for _, i := range todo {
			f := out.files[i]
			if out.states[i].missing || ld.listed(out.dir, f.path) {
				continue
			}
			r, ok := ld.claimed(f.path)
			if !ok {
				continue
			}
			other, self := relPath(req, r.catalog), relPath(req, ld.catalog)
			place := ld.placeHint(out)
			if r.name == ld.name {
				return &refusal{f.path, "", fmt.Sprintf("was generated from %s, a catalog of the same name %q, as %s records; not overwriting it: "+
					"if %s replaces %s, delete %s and generate again (its outputs pass to %s); "+
					"if it is a second catalog, give it a name of its own and %s",
					other, ld.name, relPath(req, r.path), self, other, other, self, place)}
			}
			named := ""
			if r.name != "" {
				named = fmt.Sprintf(" (%q)", r.name)
			}
			return &refusal{f.path, "", fmt.Sprintf("was generated from another catalog, %s%s, as %s records; not overwriting it: "+
				"give %s %s, or delete %s first if it is no longer used",
				other, named, relPath(req, r.path), self, place, other)}
		}
	}
	return nil
}

// placeHint says what to give this catalog for out to go elsewhere: "a
// Go directory of its own (-go DIR, or outputs.go.dir in CATALOG)".
func (ld *ledger) placeHint(out *output) string {
	self := relPath(ld.req, ld.catalog)
	for _, p := range outputPlaces(ld.req, ld.raw, ld.req.Places) {
		if d := p.path; d == out.dir || !p.dir && filepath.Dir(d) == out.dir {
			s := outputs.Lookup(p.key).Spec()
			return fmt.Sprintf("a %s of its own (-%s %s, or outputs.%s in %s)", s.Place, s.Key, kindArg(s.Key), outputs.PlaceKey(s), self)
		}
	}
	return "a place of its own for its " + out.name + " output"
}

// extras returns the files this catalog's records list that no output
// produces any more and that are still errgen's: regular files carrying
// errgen's header, inside their directory, that no other catalog's record
// lists. These generate removes and -check reports.
func (ld *ledger) extras(want map[string]bool) []string {
	var out []string
	for _, dir := range ld.outputDirs() {
		for _, rel := range ld.owned(dir) {
			path := filepath.Join(dir, filepath.FromSlash(rel))
			if want[path] || !catalog.Within(path, dir) || path == dir {
				continue
			}
			if info, err := os.Lstat(path); err != nil || !info.Mode().IsRegular() || !isGenerated(path) || ld.inputs[catalog.RealPath(path)] {
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

// outputDirs returns the output directories, sorted.
func (ld *ledger) outputDirs() []string {
	var dirs []string
	for d := range ld.names {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	return dirs
}

// moved returns the records of this catalog at paths it has left, in the
// output directories: generate removes them, -check reports them.
func (ld *ledger) moved() []othersRecord {
	var out []othersRecord
	for _, dir := range ld.outputDirs() {
		out = append(out, ld.scan(dir).moved...)
	}
	return out
}

// movedNote describes a record of this catalog at a path it has left.
func movedNote(req *Request, r othersRecord) string {
	return "the record of this catalog at its old path, " + relPath(req, r.catalog)
}

// orphanNotes returns a note on each record, in the output directories, of
// a catalog that no longer exists and is not this one: errgen leaves such
// a record and its files, and says so once a run.
func orphanNotes(req *Request, rs []othersRecord) []string {
	var notes []string
	for _, r := range rs {
		named := ""
		if r.name != "" {
			named = fmt.Sprintf(" (catalog %q)", r.name)
		}
		notes = append(notes, fmt.Sprintf("note: %s records files generated from %s%s, which no longer exists; errgen leaves them alone: "+
			"delete that record and its files if nothing uses them", relPath(req, r.path), relPath(req, r.catalog), named))
	}
	return notes
}

// orphans returns the records in the output directories of catalogs that
// no longer exist and are not this one.
func (ld *ledger) orphans() []othersRecord {
	var out []othersRecord
	for _, dir := range ld.outputDirs() {
		out = append(out, ld.scan(dir).orphans...)
	}
	return out
}
