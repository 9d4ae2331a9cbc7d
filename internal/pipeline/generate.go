package pipeline

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/errgen/errgen/internal/diag"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/outputs"
	"github.com/errgen/errgen/internal/model"
	"golang.org/x/sync/errgroup"
)

// output is one emitter's target: its files, what is on disk where they
// go, and the changed ones staged in temporary files.
type output struct {
	name   string // what, for messages
	dir    string // directory the emitter's files are relative to
	files  []planned
	states []state
	todo   []int    // indexes of the files to write
	tmps   []string // their staged temporary files
	made   []string // directories created for them, parents first
	refuse *refusal // why nothing may be written, when something is in the way
	// fresh: dir does not exist and no other output is inside or around
	// it, so every file is new. They are then written under their own
	// names into the staging directory stageDir, which takes dir's place
	// at once: no file-by-file temporary name and rename.
	fresh    bool
	stageDir string
}

// refusal is the reason no file may be written: a message about a path.
type refusal struct {
	path, verb, reason string // "cannot write PATH: REASON"; "PATH REASON" without a verb
}

func (r *refusal) message(req *Request) string {
	if r.verb == "" {
		return relPath(req, r.path) + " " + r.reason
	}
	return r.verb + " " + relPath(req, r.path) + ": " + r.reason
}

type planned struct {
	path   string // absolute
	data   []byte // nil once prepared
	record bool   // a record of errgen's (see ledger): renamed into place last
}

// relTo returns path relative to dir, slash-separated, for source headers.
func relTo(dir, path string) string {
	rel, err := filepath.Rel(dir, path)
	if err != nil {
		return filepath.ToSlash(path)
	}
	return filepath.ToSlash(rel)
}

// pick returns the first value given: the request's, the catalog's, the
// default.
func pick(given, catalogValue, def string) string {
	switch {
	case given != "":
		return given
	case catalogValue != "":
		return catalogValue
	}
	return def
}

// Generate carries out req as errgen generate: it answers from the
// records when nothing changed, else loads the catalog, checks where the
// outputs go, runs their emitters and writes every changed file (with
// req.Check, compares them with the disk), printing what it does. It
// returns the exit status.
func Generate(req *Request) int {
	catalogPath := req.abs(req.Catalog)
	check := req.Check
	if status, ok := unchanged(req, catalogPath, check); ok {
		return status
	}
	raw, m, warnings, status := req.Load(catalogPath)
	if m == nil {
		return status
	}
	if msgs := flagConflicts(req, raw); len(msgs) > 0 {
		for _, msg := range msgs {
			fmt.Fprintf(req.Stderr, "errgen generate: %s (nothing written)\n", msg)
		}
		return ExitUsage
	}
	named := namedOutputs(req)
	// with outputs named, those and no others; else the catalog's
	// outputs, the default place for those that have one
	want := func(s *gen.Spec) bool {
		if len(named) > 0 {
			return slices.Contains(named, s.Key)
		}
		return s.Default != "" || strings.TrimSpace(raw.Outputs.Get(outputs.PlaceKey(s)).Value) != ""
	}
	if !settingsValid(req, named, want) {
		return ExitUsage
	}
	in := gen.NewInput(m) // the facts, built once for every output
	var emitters []*emitter
	for _, o := range outputs.All {
		if s := o.Spec(); want(s) {
			emitters = append(emitters, newEmitter(req, o, in, catalogPath))
		}
	}
	ld := newLedger(req, raw, warnings, emitters, len(named) > 0)
	ld.wrap(emitters)
	var notes []starterNote
	if !check {
		notes = addStarters(emitters, in, raw, ld) // after wrap: no record lists them
	}
	outputs, ok := runEmitters(req, emitters, !check)
	if !ok {
		discard(outputs)
		return ExitUsage
	}
	ld.addRecords(outputs, !check)
	if check {
		status = checkOutputs(req, outputs, ld)
		if status == ExitOK {
			ld.remember(outputs)
		}
		return status
	}
	status = writeOutputs(req, m, outputs, ld)
	if status == ExitOK {
		ld.remember(outputs)
	}
	for _, n := range notes {
		if status == ExitOK {
			fmt.Fprintf(req.Stdout, "wrote %s, %s\n", relPath(req, n.path), n.note)
		}
	}
	return status
}

// settingsValid reports whether the settings req gives are valid, and
// each of an output that is written (want): named, the outputs req
// places. When one is not, it says so and generate writes nothing. A
// directory setting may warn.
func settingsValid(req *Request, named []string, want func(*gen.Spec) bool) bool {
	for _, o := range outputs.All {
		s := o.Spec()
		for _, st := range s.Settings {
			if st.Flag == "" {
				continue
			}
			v := req.Settings[st.Flag]
			switch {
			case v == "":
			case !want(s) && len(named) > 0:
				fmt.Fprintf(req.Stderr, "errgen generate: -%s %s gives %s, but only the outputs named are generated (%s): add -%s %s, or leave -%s out (nothing written)\n",
					st.Flag, ShellWord(v), st.What, namedList(named), s.Key, kindArg(s.Key), st.Flag)
				return false
			case !want(s):
				fmt.Fprintf(req.Stderr, "errgen generate: -%s %q gives %s, but the catalog places no %s: give it with -%s %s or outputs.%s (nothing written)\n",
					st.Flag, v, st.What, s.Place, s.Key, kindArg(s.Key), outputs.PlaceKey(s))
				return false
			case st.Valid != nil && !st.Valid(v):
				fmt.Fprintf(req.Stderr, "errgen generate: -%s %q is not a %s: %s (nothing written)\n", st.Flag, v, st.Noun, st.Want)
				return false
			case st.Dir:
				if info, err := os.Stat(req.abs(v)); err != nil || !info.IsDir() {
					fmt.Fprintf(req.Stderr, "errgen generate: -%s %s is not a directory\n", st.Flag, v)
					return false
				}
				if st.Warn != nil {
					if w := st.Warn(req.abs(v)); w != "" {
						fmt.Fprintf(req.Stderr, "errgen generate: warning: -%s %s %s\n", st.Flag, v, w)
					}
				}
			}
		}
	}
	return true
}

// namedOutputs returns the outputs req places (their keys, in emitter
// order): generate writes those and no others. None named, it writes the
// catalog's outputs and those with a default place.
func namedOutputs(req *Request) []string {
	var named []string
	for _, o := range outputs.All {
		if k := o.Spec().Key; req.Places[k] != "" {
			named = append(named, k)
		}
	}
	return named
}

// namedList spells the outputs named: "-rust and -schema".
func namedList(keys []string) string {
	s := ""
	for i, k := range keys {
		switch {
		case i == 0:
		case i == len(keys)-1:
			s += " and "
		default:
			s += ", "
		}
		s += "-" + k
	}
	return s
}

// kindArg is the argument an output's flag takes: DIR or FILE.
func kindArg(key string) string {
	if o := outputs.Lookup(key); o != nil && !o.Spec().Dir {
		return "FILE"
	}
	return "DIR"
}

// emitter is one output of generate and the function producing its files.
type emitter struct {
	key   string // the output's flag: go, ts, rust, python, schema, docs, conformance, facts
	name  string // what, for the summary line
	label string // what, for error messages
	dir   string // directory the emitter's files are relative to
	place gen.Place
	spec  *gen.Spec
	run   func() ([]gen.File, error)
}

// newEmitter places output o as the request and the catalog say (the
// request's place over the catalog's value, over the default) and returns
// its emitter.
func newEmitter(req *Request, o gen.Output, in *gen.Input, catalogPath string) *emitter {
	s := o.Spec()
	path := req.abs(pick(req.Places[s.Key], in.Model.Outputs[outputs.PlaceKey(s)], s.Default))
	at := gen.Place{Dir: path, Settings: map[string]string{}, Rel: func(p string) string { return relPath(req, p) }}
	if !s.Dir {
		at.Dir, at.File = filepath.Dir(path), filepath.Base(path)
	}
	at.Source = relTo(at.Dir, catalogPath)
	for _, st := range s.Settings {
		v := ""
		if st.Flag != "" {
			v = req.Settings[st.Flag]
		}
		if v == "" && st.Key != "" {
			v = in.Model.Outputs[s.Key+"."+st.Key]
		}
		if v != "" && st.Dir {
			v = req.abs(v)
		}
		if v != "" {
			at.Settings[st.SettingName()] = v
		}
	}
	return &emitter{key: s.Key, name: s.Name, label: s.Label, dir: at.Dir, place: at, spec: s,
		run: func() ([]gen.File, error) { return o.Generate(in, at) }}
}

// runEmitters runs the emitters side by side (each is independent and reads
// the model only) and reports every failure, in emitter order. As soon as
// an emitter is done, its output is compared with the disk and, when write
// is set, its changed files are staged, while the other emitters still run.
func runEmitters(req *Request, emitters []*emitter, write bool) ([]*output, bool) {
	outputs := make([]*output, len(emitters))
	errs := make([]error, len(emitters))
	var eg errgroup.Group
	for i, em := range emitters {
		fresh := write && missingDir(em.dir)
		for j, other := range emitters {
			if j != i && (within(other.dir, em.dir) || within(em.dir, other.dir)) {
				fresh = false
			}
		}
		eg.Go(func() error {
			files, err := em.run()
			out := &output{name: em.name, dir: em.dir, fresh: fresh}
			outputs[i], errs[i] = out, err
			if err == nil {
				out.prepare(files, write)
				for k := range out.files {
					out.files[k].data = nil // compared and staged: free it for the emitters still running
				}
			}
			return nil // every failure is reported, from errs
		})
	}
	_ = eg.Wait()
	ok := true
	for i, err := range errs {
		if err == nil {
			continue
		}
		ok = false
		fmt.Fprintf(req.Stderr, "errgen generate: %s: %v (nothing written)\n", emitters[i].label, err)
	}
	return outputs, ok
}

// prepare reads what is at each file's path and, when write is set and
// nothing is in the way, writes every changed file to a temporary file
// beside it.
func (out *output) prepare(files []gen.File, write bool) {
	for _, f := range files {
		out.files = append(out.files, planned{path: filepath.Join(out.dir, filepath.FromSlash(f.Path)), data: f.Data})
	}
	out.states = make([]state, len(out.files))
	if out.fresh {
		for i := range out.states {
			out.states[i].missing = true
		}
		out.stageFresh()
		return
	}
	parallel(len(out.files), func(i int) { out.states[i] = stateOf(out.files[i]) })
	if !write {
		return
	}
	for i, st := range out.states {
		f := out.files[i]
		switch {
		case st.err != nil:
			out.refuse = &refusal{f.path, "cannot write", unwrapPath(st.err).Error()}
			return
		case !st.missing && !st.generated:
			out.refuse = &refusal{f.path, "", "exists and was not generated by errgen; not overwriting it"}
			return
		case !st.same:
			out.todo = append(out.todo, i)
		}
	}
	made := map[string]bool{}
	for _, i := range out.todo {
		dir := filepath.Dir(out.files[i].path)
		if made[dir] {
			continue
		}
		made[dir] = true
		if err := out.mkdirAll(dir); err != nil {
			out.refuse = &refusal{out.files[i].path, "cannot write", unwrapPath(err).Error()}
			return
		}
	}
	out.tmps = make([]string, len(out.todo))
	out.writeEach(func(k int, f planned) (err error) {
		out.tmps[k], err = stage(f.path, f.data)
		return err
	})
}

// mkdirAll creates dir and its missing parents, noting the ones it made.
func (out *output) mkdirAll(dir string) error {
	var missing []string // dir and its missing parents, parents first
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Lstat(d); err == nil || filepath.Dir(d) == d {
			break
		}
		missing = append([]string{d}, missing...)
	}
	err := os.MkdirAll(dir, 0o755)
	out.made = append(out.made, missing...)
	return err
}

// writeEach calls write for every file to write (k indexes out.todo) on one
// goroutine per CPU, at most four. Creating a file holds its directory's
// lock but filling it does not, so a second writer in the docs directory
// keeps the other core busy while the first creates; writers beyond the
// CPUs would only wait for that lock. The first failure, in file order,
// refuses the output.
func (out *output) writeEach(write func(k int, f planned) error) {
	errs := make([]error, len(out.todo))
	gen.ParallelN(min(runtime.GOMAXPROCS(0), 4), len(out.todo), func(k int) {
		errs[k] = write(k, out.files[out.todo[k]])
	})
	for k, err := range errs {
		if err != nil {
			out.refuse = &refusal{out.files[out.todo[k]].path, "cannot write", unwrapPath(err).Error()}
			return
		}
	}
}

// stageFresh writes a fresh output: every file, under its own name, into a new
// staging directory beside out.dir (see tmpName), which writeOutputs
// renames to out.dir once every output is ready.
func (out *output) stageFresh() {
	out.todo = make([]int, len(out.files))
	for i := range out.todo {
		out.todo[i] = i
	}
	if err := out.mkdirAll(filepath.Dir(out.dir)); err != nil {
		out.refuse = &refusal{out.dir, "cannot write", unwrapPath(err).Error()}
		return
	}
	parent, base := filepath.Split(out.dir)
	name := filepath.Join(parent, tmpName(base))
	err := os.Mkdir(name, 0o755)
	if errors.Is(err, fs.ErrExist) {
		// a name taken (by a run of the same process id and token): take a fresh one
		if name, err = os.MkdirTemp(parent, tmpName(base)+"-*"); err == nil {
			err = os.Chmod(name, 0o755)
		}
	}
	if err != nil {
		out.refuse = &refusal{out.dir, "cannot write", unwrapPath(err).Error()}
		return
	}
	out.stageDir = name
	made := map[string]bool{out.dir: true}
	for _, f := range out.files {
		dir := filepath.Dir(f.path)
		if made[dir] {
			continue
		}
		made[dir] = true
		if err := os.MkdirAll(out.staged(dir), 0o755); err != nil {
			out.refuse = &refusal{f.path, "cannot write", unwrapPath(err).Error()}
			return
		}
	}
	out.writeEach(func(_ int, f planned) error {
		return CreateFile(out.staged(f.path), f.data)
	})
}

// staged returns where path (inside out.dir) is in the staging directory.
func (out *output) staged(path string) string {
	return filepath.Join(out.stageDir, strings.TrimPrefix(path, out.dir))
}

// missingDir reports whether nothing is at path.
func missingDir(path string) bool {
	_, err := os.Lstat(path)
	return errors.Is(err, fs.ErrNotExist)
}

// within reports whether path is dir or inside it.
func within(path, dir string) bool { return catalog.Within(path, dir) }

// discard removes every staged temporary file, then the directories
// created for them (those still empty: another output may share one).
func discard(outputs []*output) {
	for _, out := range outputs {
		if out == nil {
			continue
		}
		for _, t := range out.tmps {
			if t != "" {
				os.Remove(t)
			}
		}
		out.tmps = nil
		if out.stageDir != "" {
			os.RemoveAll(out.stageDir)
			out.stageDir = ""
		}
	}
	var made []string
	for _, out := range outputs {
		if out != nil {
			made = append(made, out.made...)
			out.made = nil
		}
	}
	sort.Slice(made, func(i, j int) bool { return len(made[i]) > len(made[j]) }) // children first
	for _, d := range made {
		os.Remove(d)
	}
}

// plan is every file the outputs produce.
type plan struct {
	want map[string]bool // absolute paths of every produced file
	dup  string          // a path two outputs produce
}

func makePlan(outputs []*output) plan {
	p := plan{want: map[string]bool{}}
	for _, out := range outputs {
		for _, f := range out.files {
			if p.want[f.path] && p.dup == "" {
				p.dup = f.path
			}
			p.want[f.path] = true
		}
	}
	return p
}

// checkOutputs compares the outputs with the files on disk; the extra
// files are those the catalog's records list and no output produces.
func checkOutputs(req *Request, outputs []*output, ld *ledger) int {
	p := makePlan(outputs)
	var problems []string
	for _, out := range outputs {
		for i, st := range out.states {
			f := out.files[i]
			switch {
			case st.missing:
				problems = append(problems, relPath(req, f.path)+": missing")
			case st.err != nil:
				fmt.Fprintf(req.Stderr, "errgen generate: %v\n", st.err)
				return ExitUsage
			case !st.same:
				problems = append(problems, relPath(req, f.path)+": stale")
			}
		}
	}
	for _, f := range ld.extras(p.want) {
		problems = append(problems, relPath(req, f)+": extra (generated by errgen, no longer produced)")
	}
	for _, f := range leftovers(sweepDirs(outputs)) {
		problems = append(problems, relPath(req, f)+": extra (left by an interrupted errgen generate)")
	}
	for _, r := range ld.moved() {
		problems = append(problems, relPath(req, r.path)+": extra ("+movedNote(req, r)+")")
	}
	for _, n := range orphanNotes(req, ld.orphans()) {
		fmt.Fprintf(req.Stderr, "errgen generate: %s\n", n)
	}
	if len(problems) > 0 {
		sort.Strings(problems)
		for _, p := range problems {
			fmt.Fprintln(req.Stderr, p)
		}
		if r := ld.claimedTarget(outputs, true); r != nil {
			fmt.Fprintf(req.Stderr, "errgen generate -check: %s out of date, and generate would refuse: %s\n", diag.Plural(len(problems), "output"), r.message(req))
		} else {
			fmt.Fprintf(req.Stderr, "errgen generate -check: %s out of date; run %s\n", diag.Plural(len(problems), "output"), req.Rerun())
		}
		return ExitInvalid
	}
	fmt.Fprintf(req.Stdout, "outputs are up to date\n")
	return ExitOK
}

// ShellWord quotes s for a POSIX shell when it holds anything but safe
// characters.
func ShellWord(s string) string {
	safe := s != ""
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("@%_+=:,./-", r)) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// headerLines are the forms errgen's header takes in its outputs.
var headerLines = []string{
	"// " + gen.Header,            // Go, TypeScript, JavaScript
	"<!-- " + gen.Header + " -->", // Markdown
	"# " + gen.Header,             // Markdown front matter (YAML)
	"# " + gen.ManifestHeader,     // Cargo.toml
	`"//": "` + gen.Header + `",`, // package.json
	`"$comment": "` + gen.Header,  // JSON Schema
	`"x-errgen": "` + gen.Header,  // OpenAPI
}

// isGenerated reports whether the file at path carries errgen's header.
func isGenerated(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	buf := make([]byte, headSize)
	n, _ := io.ReadFull(f, buf)
	return hasHeader(buf[:n])
}

// hasHeader reports whether one of the first three lines of data is
// errgen's header. A user's file quoting the header further down is not
// taken for generated.
func hasHeader(data []byte) bool {
	if len(data) > headSize {
		data = data[:headSize]
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

// stateOf reads what is at f's path: when the size differs, only the head
// (for the header); else the whole file, into a reused buffer.
func stateOf(f planned) state {
	fh, err := os.Open(f.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return state{missing: true}
	case err != nil:
		return state{err: err}
	}
	defer fh.Close()
	info, err := fh.Stat()
	if err != nil {
		return state{err: err}
	}
	n := min(int64(headSize), info.Size())
	if info.Size() == int64(len(f.data)) {
		n = info.Size()
	}
	bp := readBufs.Get().(*[]byte)
	defer readBufs.Put(bp)
	if int64(cap(*bp)) < n+1 {
		*bp = make([]byte, n+1)
	}
	buf := (*bp)[:n+1] // one byte more: a file that grew meanwhile is not the same
	got, err := io.ReadFull(fh, buf)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return state{err: err}
	}
	have := buf[:got]
	return state{same: bytes.Equal(have, f.data), generated: hasHeader(have)}
}

// headSize is how much of a file hasHeader needs.
const headSize = 1024

var readBufs = sync.Pool{New: func() any { b := make([]byte, 0, 64<<10); return &b }}

// parallel calls f(0) … f(n-1) on a few goroutines: file system calls
// overlap, and more workers would only contend for directory locks.
func parallel(n int, f func(i int)) { gen.ParallelN(4, n, f) }

// writeOutputs writes the outputs in two phases: every changed file is
// first written to a temporary file beside it (by runEmitters), and only
// when all of them are written are they renamed into place, so a failure
// changes nothing and no reader sees a half-written file. Files whose bytes
// are unchanged are not rewritten; a file without errgen's header, or one
// another catalog's record lists, is never overwritten or deleted; the
// files this catalog's records list and no output produces any more are
// removed, and then the records renamed into place, so that a run killed
// at any moment leaves records listing every file the next run may have
// to remove (see leftovers.go). Temporary files interrupted runs left in
// the outputs' directories are removed last.
//
// The files are not synced to disk one by one: they are derived from the
// catalog and regenerated by running errgen again, and syncing each of ten
// thousand docs pages cost more than everything else generate does.
func writeOutputs(req *Request, m *model.Catalog, outputs []*output, ld *ledger) int {
	p := makePlan(outputs)
	if p.dup != "" {
		discard(outputs)
		fmt.Fprintf(req.Stderr, "errgen generate: two outputs would write %s; give them different paths (nothing written)\n", relPath(req, p.dup))
		return ExitUsage
	}
	for _, out := range outputs {
		if r := out.refuse; r != nil {
			discard(outputs)
			fmt.Fprintf(req.Stderr, "errgen generate: %s (nothing written)\n", r.message(req))
			return ExitUsage
		}
	}
	if r := ld.claimedTarget(outputs, false); r != nil {
		discard(outputs)
		fmt.Fprintf(req.Stderr, "errgen generate: %s (nothing written)\n", r.message(req))
		return ExitUsage
	}
	stale := ld.extras(p.want) // from the records as they were, before the new ones replace them
	moved, orphans := ld.moved(), ld.orphans()
	written, unchanged := 0, 0
	// the changed files, then (once the files no longer produced are
	// gone) the records: a run killed on the way leaves records that
	// still list every file the next run may have to remove
	type pending struct {
		out  *output
		k, i int
	}
	var records []pending
	renameOne := func(out *output, k, i int) bool {
		if err := os.Rename(out.tmps[k], out.files[i].path); err != nil {
			discard(outputs)
			fmt.Fprintf(req.Stderr, "errgen generate: cannot write %s: %v\n", relPath(req, out.files[i].path), unwrapPath(err))
			return false
		}
		out.tmps[k] = ""
		return true
	}
	for _, out := range outputs {
		if out.stageDir != "" {
			if err := os.Rename(out.stageDir, out.dir); err != nil {
				discard(outputs) // this one's staging directory, and every record not yet in place
				fmt.Fprintf(req.Stderr, "errgen generate: cannot write %s: %v\n", relPath(req, out.dir), unwrapPath(err))
				return ExitUsage
			}
			out.stageDir = ""
			written += len(out.files)
			continue
		}
		for k, i := range out.todo {
			if out.files[i].record {
				records = append(records, pending{out, k, i})
				continue
			}
			if !renameOne(out, k, i) {
				return ExitUsage
			}
		}
		written += len(out.todo)
		unchanged += len(out.files) - len(out.todo)
	}
	for _, f := range stale {
		if err := os.Remove(f); err != nil {
			discard(outputs)
			fmt.Fprintf(req.Stderr, "errgen generate: %v\n", err)
			return ExitUsage
		}
		fmt.Fprintf(req.Stdout, "removed %s (no longer produced)\n", relPath(req, f))
	}
	for _, r := range records {
		if !renameOne(r.out, r.k, r.i) {
			return ExitUsage
		}
	}
	for _, out := range outputs {
		out.tmps = nil
	}
	for _, r := range moved {
		if err := os.Remove(r.path); err != nil {
			fmt.Fprintf(req.Stderr, "errgen generate: %v\n", err)
			return ExitUsage
		}
		fmt.Fprintf(req.Stdout, "removed %s (%s)\n", relPath(req, r.path), movedNote(req, r))
	}
	if err := removeLeftovers(req, leftovers(sweepDirs(outputs))); err != nil {
		fmt.Fprintf(req.Stderr, "errgen generate: %v\n", err)
		return ExitUsage
	}
	for _, n := range orphanNotes(req, orphans) {
		fmt.Fprintf(req.Stderr, "errgen generate: %s\n", n)
	}
	fmt.Fprintf(req.Stdout, "%s: %s written, %s unchanged (%s)\n", relPath(req, m.Path), diag.Plural(written, "file"), diag.Plural(unchanged, "file"), outputNames(outputs))
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

// stage writes data to a new temporary file in path's directory (see
// tmpName) and returns its name.
func stage(path string, data []byte) (string, error) {
	dir, base := filepath.Split(path)
	name := filepath.Join(dir, tmpName(base))
	err := CreateFile(name, data)
	if !errors.Is(err, fs.ErrExist) {
		if err != nil {
			return "", err
		}
		return name, nil
	}
	// a name taken (by a run of the same process id and token): take a fresh one
	tmp, err := os.CreateTemp(dir, tmpName(base)+"-*")
	if err != nil {
		return "", err
	}
	name = tmp.Name()
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		os.Remove(name)
		return "", err
	}
	if err := writeClose(tmp, data); err != nil {
		os.Remove(name)
		return "", err
	}
	return name, nil
}

// writeClose writes data to f and closes it, returning the first error.
func writeClose(f *os.File, data []byte) error {
	_, werr := f.Write(data)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	return werr
}
