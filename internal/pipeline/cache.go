package pipeline

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/errgen/errgen/internal/catalog"
)

// What the unchanged short-circuit (see unchanged.go) needs besides the
// records is kept in errgen's cache, outside the tree, so that a record
// changes only when a file it lists does: a new errgen build, a comment
// in the catalog or a flag given another way rewrites nothing.
//
// The cache is $ERRGEN_CACHE when set ("off" turns it off), else
// os.UserCacheDir()/errgen ($XDG_CACHE_HOME or ~/.cache on Linux,
// ~/Library/Caches on macOS, %LocalAppData% on Windows). Where there is
// none, or it cannot be written, every generate takes the full path,
// which is always right. An entry is the memory of one run that wrote (or
// checked) every output of a catalog, and is named by what it is only
// good for: the errgen build, the catalog's real path, the working
// directory and every flag's value. It notes the digests of the inputs
// and of the invocation (see inputSet.sums), the catalog's warnings, its
// outputs, the catalog's own output places, its includes, and the SHA-256
// of each record the run wrote. An entry unused for 30 days is removed by
// the next full run.

// cacheEnv names the cache directory, or turns the cache off.
const cacheEnv = "ERRGEN_CACHE"

// cacheMaxAge is how long an entry is kept unused.
const cacheMaxAge = 30 * 24 * time.Hour

// cacheDir returns the directory of the short-circuit's entries, "" when
// there is none.
func cacheDir() string {
	v := os.Getenv(cacheEnv)
	switch {
	case v == "off":
		return ""
	case v != "":
		abs, err := filepath.Abs(v)
		if err != nil {
			return ""
		}
		return filepath.Join(abs, "unchanged")
	}
	d, err := os.UserCacheDir()
	if err != nil || d == "" {
		return ""
	}
	return filepath.Join(d, "errgen", "unchanged")
}

// cacheEntry is what a run notes for the next one like it.
type cacheEntry struct {
	build      string // see errgenBuild
	catalog    string // real path
	invocation string // hex digests (see sums)
	content    string
	warnings   int
	outputs    []outputNote   // in emitter order, absolute
	places     []placeNote    // the catalog's own output places, absolute
	includes   []string       // include patterns, absolute
	included   []string       // the files included, absolute
	records    []cachedRecord // one per output directory
	// stamps are the output files' stamps (see stamp.go), by absolute
	// path, taken at taken (nanoseconds since the epoch) when their
	// SHA-256 had just been written or checked.
	stamps map[string]stamp
	taken  int64
}

// cachedRecord is a record a run wrote: where, its SHA-256, and the
// outputs of that run in its directory (those whose files it answers for).
type cachedRecord struct {
	dir, name, sum string
	kinds          []string
}

// cacheKey names the entry of a run: the build, the catalog, the working
// directory and every flag that decides the outputs.
func cacheKey(req *Request, build, catalogReal string) string {
	h := sha256.New()
	fmt.Fprintf(h, "errgen unchanged 2\nbuild %q\ncatalog %q\ncwd %q\n", build, catalogReal, catalog.RealPath(req.Dir))
	for _, f := range req.flagValues() {
		if generateFlags[f.name] != flagNone {
			fmt.Fprintf(h, "flag %q %q\n", f.name, f.value)
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// encode writes the entry: a line per field, tab-separated quoted words.
func (e *cacheEntry) encode() []byte {
	var b bytes.Buffer
	line := func(tag string, words ...string) {
		b.WriteString(tag)
		for _, w := range words {
			b.WriteString("\t" + strconv.Quote(w))
		}
		b.WriteByte('\n')
	}
	line("errgen-unchanged", "1")
	line("build", e.build)
	line("catalog", e.catalog)
	line("invocation", e.invocation)
	line("content", e.content)
	line("warnings", strconv.Itoa(e.warnings))
	for _, o := range e.outputs {
		line("output", o.name, o.dir)
	}
	for _, p := range e.places {
		kind := "file"
		if p.dir {
			kind = "dir"
		}
		line("place", p.key, p.path, kind)
	}
	for _, p := range e.includes {
		line("include", p)
	}
	for _, p := range e.included {
		line("input", p)
	}
	for _, r := range e.records {
		line("record", append([]string{r.dir, r.name, r.sum}, r.kinds...)...)
	}
	if len(e.stamps) > 0 {
		line("taken", strconv.FormatInt(e.taken, 10))
		paths := make([]string, 0, len(e.stamps))
		for p := range e.stamps {
			paths = append(paths, p)
		}
		sort.Strings(paths)
		for _, p := range paths {
			line("stamp", p, e.stamps[p].encode())
		}
	}
	return b.Bytes()
}

// decodeEntry reads an entry; false when it is not one.
func decodeEntry(data []byte) (*cacheEntry, bool) {
	e := &cacheEntry{}
	first := true
	for _, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		parts := strings.Split(l, "\t")
		tag, words := parts[0], parts[1:]
		for i, w := range words {
			u, err := strconv.Unquote(w)
			if err != nil {
				return nil, false
			}
			words[i] = u
		}
		if first {
			if tag != "errgen-unchanged" || len(words) != 1 || words[0] != "1" {
				return nil, false
			}
			first = false
			continue
		}
		var one string
		if len(words) > 0 {
			one = words[0]
		}
		switch tag {
		case "build":
			e.build = one
		case "catalog":
			e.catalog = one
		case "invocation":
			e.invocation = one
		case "content":
			e.content = one
		case "warnings":
			e.warnings, _ = strconv.Atoi(one)
		case "output":
			if len(words) != 2 {
				return nil, false
			}
			e.outputs = append(e.outputs, outputNote{words[0], words[1]})
		case "place":
			if len(words) != 3 || words[2] != "dir" && words[2] != "file" {
				return nil, false
			}
			e.places = append(e.places, placeNote{words[0], words[1], words[2] == "dir"})
		case "include":
			e.includes = append(e.includes, one)
		case "input":
			e.included = append(e.included, one)
		case "record":
			if len(words) < 3 {
				return nil, false
			}
			e.records = append(e.records, cachedRecord{words[0], words[1], words[2], words[3:]})
		case "taken":
			n, err := strconv.ParseInt(one, 10, 64)
			if err != nil {
				return nil, false
			}
			e.taken = n
		case "stamp":
			st, ok := stamp{}, len(words) == 2
			if ok {
				st, ok = decodeStamp(words[1])
			}
			if !ok {
				return nil, false
			}
			if e.stamps == nil {
				e.stamps = map[string]stamp{}
			}
			e.stamps[words[0]] = st
		default:
			return nil, false
		}
	}
	return e, !first && e.build != "" && e.catalog != "" && len(e.records) > 0
}

// readEntry returns the entry named key in dir, nil when there is none.
// An entry used again has its time renewed, at most once a day.
func readEntry(dir, key string) *cacheEntry {
	path := filepath.Join(dir, key)
	data, err := os.ReadFile(path)
	if err != nil || len(data) > maxManifestBytes {
		return nil
	}
	e, ok := decodeEntry(data)
	if !ok {
		return nil
	}
	if info, err := os.Stat(path); err == nil && time.Since(info.ModTime()) > 24*time.Hour {
		now := time.Now()
		os.Chtimes(path, now, now)
	}
	return e
}

// remember notes in the cache what the next run like this one needs to
// answer from the records: after a run that wrote every output, or
// checked that every one is fresh. Nothing is noted for a build errgen
// cannot name, and a cache that cannot be written is passed over.
func (ld *ledger) remember(outputs []*output) {
	dir := cacheDir()
	build := errgenBuild()
	if dir == "" || strings.HasSuffix(build, " "+unknownBuild) || !ld.sums.ok {
		return
	}
	if _, ok := ld.req.FS.(catalog.OSFS); !ok {
		return
	}
	e := &cacheEntry{build: build, catalog: ld.catalog, warnings: ld.warnings,
		invocation: hex.EncodeToString(ld.sums.invocation[:]), content: hex.EncodeToString(ld.sums.content[:])}
	for _, em := range ld.emitters {
		e.outputs = append(e.outputs, outputNote{em.name, em.dir})
	}
	e.places = ld.places
	for _, g := range ld.raw.Globs {
		e.includes = append(e.includes, g.Pattern)
	}
	e.included = append(e.included, ld.raw.Files[1:]...)
	for _, r := range ld.records {
		sum := sha256.Sum256(r.data)
		e.records = append(e.records, cachedRecord{r.dir, r.name, hex.EncodeToString(sum[:]), r.kinds})
	}
	var paths []string
	for _, out := range outputs {
		for _, f := range out.files {
			paths = append(paths, f.path)
		}
	}
	e.stamps, e.taken = stampsOf(paths), ld.start
	writeEntry(dir, cacheKey(ld.req, build, ld.catalog), e.encode())
}

// writeEntry writes an entry atomically, and removes the entries unused
// for cacheMaxAge (and temporary files of writes that did not finish).
func writeEntry(dir, key string, data []byte) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return
	}
	tmp, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return
	}
	if err := writeClose(tmp, data); err != nil {
		os.Remove(tmp.Name())
		return
	}
	if err := os.Rename(tmp.Name(), filepath.Join(dir, key)); err != nil {
		os.Remove(tmp.Name())
		return
	}
	entries, _ := os.ReadDir(dir)
	for _, en := range entries {
		maxAge := cacheMaxAge
		if strings.HasPrefix(en.Name(), ".tmp-") {
			maxAge = time.Hour
		}
		if info, err := en.Info(); err == nil && time.Since(info.ModTime()) > maxAge {
			os.Remove(filepath.Join(dir, en.Name()))
		}
	}
}
