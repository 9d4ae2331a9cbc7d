package cli

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/gen"
)

// generate removes, and -check reports as extra, only the files it wrote
// itself for the same outputs before. It keeps a record of them: each
// output directory (the schema file's directory included) holds one
// manifest per catalog, .errgen-HASH, written with the outputs, which
// names the catalog (its path from the directory, and its name) and lists
// the files generated there with their SHA-256. HASH is taken from that
// path, so two catalogs sharing a directory keep two records. A file a
// record of another catalog lists is that catalog's: generate neither
// overwrites nor removes it.
//
// A catalog moved or renamed keeps its name: a record of a catalog that no
// longer exists, of the same name, is this catalog's record at its old
// path, and generate takes its files over and removes it.
//
// A record also notes what its files were made from (see [unchanged]):
// the errgen build, a digest of the inputs, one of the invocation, and
// every output directory of the catalog and the include patterns and
// files it read.

// manifestPrefix starts the name of every manifest.
const manifestPrefix = ".errgen-"

// maxManifestBytes bounds how much of a manifest is read.
const maxManifestBytes = 64 << 20

// record is one manifest: the catalog it is of and the files it lists.
type record struct {
	source string          // the catalog, from the manifest's directory, slash-separated
	name   string          // the catalog's name; "" in a record older than names in records
	files  map[string]bool // slash-separated, relative to the directory

	// What a record notes besides (none in a record older than these).
	build      string            // the errgen build that wrote it (see errgenBuild)
	inputs     string            // digest of the inputs' content and of the body (see recordDigest)
	invocation string            // digest of the invocation (see inputSet.sums)
	body       []byte            // every line but those three
	warnings   int               // the catalog's warnings
	outputs    []outputNote      // every output of the catalog, in emitter order
	includes   []string          // include patterns, from the directory
	included   []string          // included files, from the directory
	sums       map[string]string // file -> hex SHA-256
}

// outputNote is one output of a catalog as its records note it.
type outputNote struct {
	name string // "Go", "docs": what the summary line calls it
	dir  string // in a record, from its directory, slash-separated; else absolute
}

// ledger keeps the records of one catalog's outputs.
type ledger struct {
	env     *Env
	raw     *catalog.Catalog
	fl      *flag.FlagSet
	catalog string                 // the catalog's real path
	root    string                 // the real path of the catalog's tree root
	name    string                 // the catalog's name
	inputs  map[string]bool        // real paths of the catalog's files
	names   map[string]string      // output directory -> its manifest's name
	sources map[string]string      // output directory -> the catalog from it
	prev    map[string]record      // output directory -> the record found there
	dirs    map[string]*dirRecords // output directory -> the other records there

	sums     sums // of the inputs and the invocation
	warnings int

	emitters []*emitter  // as wrapped
	lists    [][]fileSum // emitter index -> the files it produced
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

func newLedger(env *Env, raw *catalog.Catalog, fl *flag.FlagSet, warnings int, emitters []*emitter) *ledger {
	ld := &ledger{env: env, raw: raw, fl: fl, catalog: realPath(raw.Path), root: realPath(raw.TreeRoot), name: raw.Name.Value,
		inputs: map[string]bool{}, names: map[string]string{}, sources: map[string]string{},
		prev: map[string]record{}, dirs: map[string]*dirRecords{}, warnings: warnings}
	for _, f := range raw.Files {
		ld.inputs[realPath(f)] = true
	}
	in := inputSet{catalog: raw.Path, files: raw.Files, globs: raw.Globs, root: raw.TreeRoot}
	for _, em := range emitters {
		in.outputs = append(in.outputs, outputNote{em.name, em.dir})
	}
	ld.sums = in.sums(env, fl, func(path string) ([]byte, error) { return raw.Sources[path], nil })
	return ld
}

// recordName returns the name of the manifest the catalog at catalogReal
// (a real path) keeps in dir, and the catalog's path from dir.
func recordName(dir, catalogReal string) (name, src string) {
	src = relTo(realPath(dir), catalogReal)
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
			parallelN(2, len(files), func(k int) {
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
// and the stamp of the run.
//
// When the records there differ from this run's only in their stamp —
// one stamp for all, of another build of this release (another Go
// toolchain, another development build) or another invocation (other
// flags or another working directory with the same outputs) — they are
// kept as they are: they still say truly which build and invocation made
// these files from these inputs, and the records of a team whose members
// run errgen in different ways do not change back and forth. The next
// generate like that one answers from them. Else every record carries
// this run's stamp, so that the next generate like this one does.
func (ld *ledger) addRecords(outputs []*output, write bool) {
	var dirs []string
	last := map[string]int{}
	files := map[string][]fileSum{}
	for i, em := range ld.emitters {
		if _, ok := last[em.dir]; !ok {
			dirs = append(dirs, em.dir)
		}
		last[em.dir] = i
		files[em.dir] = append(files[em.dir], ld.lists[i]...)
	}
	cur := ld.sums.stamp(errgenBuild())
	infos := make([]manifestInfo, len(dirs))
	same := true // every record there is this run's but for one stamp of this release
	var old stamp
	for k, dir := range dirs {
		infos[k] = ld.manifestInfo(dir, files[dir])
		if !same {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, ld.names[dir]))
		r, ok := parseRecord(data)
		if err != nil || !ok || buildRelease(r.build) != buildRelease(cur.build) || k > 0 && (r.build != old.build || r.invocation != old.invocation) {
			same = false
			continue
		}
		old = cur
		old.build, old.invocation = r.build, r.invocation
		same = bytes.Equal(infos[k].render(old), data)
	}
	st := cur
	if same {
		st = old
	}
	for k, dir := range dirs {
		outputs[last[dir]].addFile(gen.File{Path: ld.names[dir], Data: infos[k].render(st)}, write)
	}
}

// manifestInfo returns what the manifest of dir says, but for the stamp.
func (ld *ledger) manifestInfo(dir string, files []fileSum) manifestInfo {
	m := manifestInfo{source: ld.sources[dir], name: ld.name, warnings: ld.warnings, files: files}
	for _, em := range ld.emitters {
		m.outputs = append(m.outputs, outputNote{em.name, relTo(dir, em.dir)})
	}
	for _, g := range ld.raw.Globs {
		m.includes = append(m.includes, relTo(dir, g.Pattern))
	}
	for _, f := range ld.raw.Files[1:] {
		m.included = append(m.included, relTo(dir, f))
	}
	return m
}

// addFile adds a file to a prepared output, as prepare does for the
// emitter's files: compared with the disk and, when write is set, staged.
func (out *output) addFile(f gen.File, write bool) {
	p := planned{filepath.Join(out.dir, filepath.FromSlash(f.Path)), f.Data}
	i := len(out.files)
	out.files = append(out.files, p)
	if out.fresh {
		out.states = append(out.states, state{missing: true})
		out.todo = append(out.todo, i)
		if out.refuse == nil && out.stageDir != "" {
			if err := createFile(out.staged(p.path), p.data); err != nil {
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
	warnings     int
	outputs      []outputNote
	includes     []string
	included     []string
	files        []fileSum
}

// stamp is what a record notes of the run that wrote it.
type stamp struct {
	build      string   // see errgenBuild
	invocation string   // hex digest of the invocation
	content    [32]byte // sum of the inputs' content
	ok         bool     // false: an input could not be read again; the digest then matches nothing
}

// render writes a manifest: errgen's header, the catalog, what errgen
// notes of the inputs, and the files, sorted, one a line after their
// SHA-256 (names quoted when they would not read back).
func (m manifestInfo) render(st stamp) []byte {
	files := append([]fileSum(nil), m.files...)
	sort.Slice(files, func(i, j int) bool { return files[i].path < files[j].path })
	var head, rest bytes.Buffer
	head.WriteString("# " + gen.Header + "\n")
	head.WriteString("# source: " + quoteName(m.source) + "\n")
	head.WriteString("# catalog: " + quoteName(m.name) + "\n")
	head.WriteString("# The files errgen generate wrote in this directory from the catalog\n" +
		"# above, with their SHA-256, and what they were made from (paths from\n" +
		"# this directory). It removes a listed file the catalog no longer\n" +
		"# produces and leaves every other file alone; while nothing noted here\n" +
		"# changed, it answers without reading the catalog.\n")
	if m.warnings > 0 {
		fmt.Fprintf(&rest, "# warnings: %d\n", m.warnings)
	}
	for _, o := range m.outputs {
		rest.WriteString("# output " + o.name + ": " + quoteName(o.dir) + "\n")
	}
	for _, p := range m.includes {
		rest.WriteString("# include: " + quoteName(p) + "\n")
	}
	for _, p := range m.included {
		rest.WriteString("# input: " + quoteName(p) + "\n")
	}
	for _, f := range files {
		rest.WriteString(f.sum + "  " + quoteName(f.path) + "\n")
	}
	digest := "-"
	if st.ok {
		digest = recordDigest(st.content, head.Bytes(), rest.Bytes())
	}
	out := make([]byte, 0, head.Len()+rest.Len()+300)
	out = append(out, head.Bytes()...)
	out = append(out, "# errgen: "+st.build+"\n# inputs: "+digest+"\n# invocation: "+st.invocation+"\n"...)
	return append(out, rest.Bytes()...)
}

// recordDigest is what a record's inputs line says: the SHA-256 of the
// sum of the inputs' content and of the record's body (every line but the
// errgen, inputs and invocation lines), so that a record edited by hand
// matches nothing.
func recordDigest(sum [32]byte, body ...[]byte) string {
	h := sha256.New()
	h.Write(sum[:])
	for _, b := range body {
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))
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
func parseRecord(data []byte) (record, bool) {
	if !hasHeader(data) {
		return record{}, false
	}
	r := record{files: map[string]bool{}}
	body := make([]byte, 0, len(data))
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		s := string(line)
		switch {
		case strings.HasPrefix(s, "# errgen: "):
			r.build = strings.TrimPrefix(s, "# errgen: ")
			continue
		case strings.HasPrefix(s, "# inputs: "):
			r.inputs = strings.TrimPrefix(s, "# inputs: ")
			continue
		case strings.HasPrefix(s, "# invocation: "):
			r.invocation = strings.TrimPrefix(s, "# invocation: ")
			continue
		}
		body = append(append(body, line...), '\n')
		switch {
		case strings.HasPrefix(s, "# source: "):
			r.source = unquoteName(strings.TrimPrefix(s, "# source: "))
		case strings.HasPrefix(s, "# catalog: "):
			r.name = unquoteName(strings.TrimPrefix(s, "# catalog: "))
		case strings.HasPrefix(s, "# warnings: "):
			r.warnings, _ = strconv.Atoi(strings.TrimPrefix(s, "# warnings: "))
		case strings.HasPrefix(s, "# output "):
			name, dir, ok := strings.Cut(strings.TrimPrefix(s, "# output "), ": ")
			if ok {
				r.outputs = append(r.outputs, outputNote{name, unquoteName(dir)})
			}
		case strings.HasPrefix(s, "# include: "):
			r.includes = append(r.includes, unquoteName(strings.TrimPrefix(s, "# include: ")))
		case strings.HasPrefix(s, "# input: "):
			r.included = append(r.included, unquoteName(strings.TrimPrefix(s, "# input: ")))
		case s == "" || strings.HasPrefix(s, "#"):
		case len(s) > 66 && s[64:66] == "  " && isHex(s[:64]):
			name := unquoteName(s[66:])
			r.files[name] = true
			if r.sums == nil {
				r.sums = map[string]string{}
			}
			r.sums[name] = s[:64]
		default:
			r.files[unquoteName(s)] = true
		}
	}
	r.body = body
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

// previous returns the files this catalog's records in dir list: its own
// record's, and those of its records at paths it has left (see scan),
// which it takes over.
func (ld *ledger) previous(dir string) map[string]bool {
	if r, ok := ld.prev[dir]; ok {
		return r.files
	}
	r, ok := readRecord(filepath.Join(dir, ld.names[dir]))
	if !ok || realPath(filepath.Join(realPath(dir), filepath.FromSlash(r.source))) != ld.catalog {
		r = record{} // not this catalog's
	}
	if moved := ld.scan(dir).moved; len(moved) > 0 {
		files := map[string]bool{}
		for f := range r.files {
			files[f] = true
		}
		for _, m := range moved {
			for f := range m.files {
				files[f] = true
			}
		}
		r.files = files
	}
	ld.prev[dir] = r
	return r.files
}

// listed reports whether this catalog's records in dir list path.
func (ld *ledger) listed(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && ld.previous(dir)[filepath.ToSlash(rel)]
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
	rs := &dirRecords{}
	own, _ := recordName(dir, catalogReal)
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), manifestPrefix) || !e.Type().IsRegular() || e.Name() == own {
			continue
		}
		path := filepath.Join(dir, e.Name())
		r, ok := readRecord(path)
		if !ok {
			continue
		}
		src := realPath(filepath.Join(realPath(dir), filepath.FromSlash(r.source)))
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
// overwrite (those of out.todo, or with all, every file not on disk as
// planned) that another catalog's record lists. The refusal says how to
// go on: for a copy of this catalog (another catalog of the same name),
// delete the one it replaces or name it apart; for another catalog, give
// the output another place or delete that catalog.
func (ld *ledger) claimedTarget(outputs []*output, all bool) *refusal {
	env := ld.env
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
			other, self := relPath(env, r.catalog), relPath(env, ld.catalog)
			place := ld.placeHint(out)
			if r.name == ld.name {
				return &refusal{f.path, "", fmt.Sprintf("was generated from %s, a catalog of the same name %q, as %s records; not overwriting it: "+
					"if %s replaces %s, delete %s and generate again (its outputs pass to %s); "+
					"if it is a second catalog, give it a name of its own and %s",
					other, ld.name, relPath(env, r.path), self, other, other, self, place)}
			}
			named := ""
			if r.name != "" {
				named = fmt.Sprintf(" (%q)", r.name)
			}
			return &refusal{f.path, "", fmt.Sprintf("was generated from another catalog, %s%s, as %s records; not overwriting it: "+
				"give %s %s, or delete %s first if it is no longer used",
				other, named, relPath(env, r.path), self, place, other)}
		}
	}
	return nil
}

// placeHint says what to give this catalog for out to go elsewhere: "a
// Go directory of its own (-go DIR, or outputs.go.dir in CATALOG)".
func (ld *ledger) placeHint(out *output) string {
	self := relPath(ld.env, ld.catalog)
	for _, k := range outputKinds {
		for _, p := range outputPlaces(ld.env, ld.raw, ld.fl) {
			if p.key != k.key {
				continue
			}
			if d := p.path; d == out.dir || !p.dir && filepath.Dir(d) == out.dir {
				arg := "DIR"
				if !k.dir {
					arg = "FILE"
				}
				return fmt.Sprintf("a %s of its own (-%s %s, or %s in %s)", k.name, k.key, arg, k.catalogKey, self)
			}
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
func movedNote(env *Env, r othersRecord) string {
	return "the record of this catalog at its old path, " + relPath(env, r.catalog)
}

// orphanNotes returns a note on each record, in the output directories, of
// a catalog that no longer exists and is not this one: errgen leaves such
// a record and its files, and says so once a run.
func orphanNotes(env *Env, rs []othersRecord) []string {
	var notes []string
	for _, r := range rs {
		named := ""
		if r.name != "" {
			named = fmt.Sprintf(" (catalog %q)", r.name)
		}
		notes = append(notes, fmt.Sprintf("note: %s records files generated from %s%s, which no longer exists; errgen leaves them alone: "+
			"delete that record and its files if nothing uses them", relPath(env, r.path), relPath(env, r.catalog), named))
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
