package pipeline

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
)

// A generate killed at any moment (a Ctrl-C, a cancelled CI job) leaves
// nothing that the next run does not remove. Every temporary file and
// staging directory errgen makes is named
//
//	.errgen-tmp-PID-RUN-NAME
//
// PID the process's id, RUN a random token of the run, NAME the base name
// of the file (or directory) it stands in for, so that errgen knows its
// own: the next generate removes those it finds in the directories it
// writes (each output directory, the directories of its files, and the
// directory an output directory is made in), and generate -check reports
// them. One whose process still runs (another generate, writing now) is
// left alone, unless it is this process's id with another run's token: a
// process of the same id that is gone (in a container, errgen often runs
// as the same id every time). errgen before this scheme named its
// temporary files .NAME.tmpDIGITS; such a file is removed as well when
// NAME is a file the run writes there and it carries errgen's header (a
// staging directory when it holds a record of errgen's).
//
// Runs end in this order, so that a kill between two steps leaves the
// records listing every file the next run may have to remove: the changed
// files are renamed into place, the files no longer produced removed, and
// the records renamed last.

// tmpPrefix starts the name of every temporary file and staging directory.
const tmpPrefix = manifestPrefix + "tmp-"

// runToken tells this run's temporary files from another process's.
var runToken = func() string {
	var b [4]byte
	if _, err := rand.Read(b[:]); err != nil {
		return fmt.Sprintf("%08x", os.Getpid())
	}
	return hex.EncodeToString(b[:])
}()

// maxTmpBase bounds the part of a temporary name taken from the target's
// name, keeping the name within the 255 bytes a file name may have.
const maxTmpBase = 180

// tmpName returns the temporary name of this run for a file or directory
// named base.
func tmpName(base string) string {
	if len(base) > maxTmpBase {
		base = base[:maxTmpBase]
	}
	return tmpPrefix + strconv.Itoa(os.Getpid()) + "-" + runToken + "-" + base
}

var (
	tmpPattern    = regexp.MustCompile(`^\.errgen-tmp-([0-9]+)-([0-9a-f]{8})-`)
	legacyPattern = regexp.MustCompile(`^\.(.+)\.tmp[0-9]+$`)
)

// isTmpName reports whether name is one of errgen's temporary names, of
// any run.
func isTmpName(name string) bool { return tmpPattern.MatchString(name) }

// leftoverTmp reports whether name is the temporary name of a run that is
// over: not this one, and not of a process still running.
func leftoverTmp(name string) bool {
	m := tmpPattern.FindStringSubmatch(name)
	if m == nil {
		return false
	}
	pid, err := strconv.Atoi(m[1])
	switch {
	case err != nil:
		return false
	case pid == os.Getpid():
		return m[2] != runToken
	}
	return !processAlive(pid)
}

// leftovers returns what interrupted runs left in dirs: errgen's
// temporary files and staging directories of runs that are over, and
// those of errgen before them, .NAME.tmpDIGITS, where targets (absolute
// paths) holds DIR/NAME: a file this run writes, or an output directory.
// Each directory is read once; one that cannot be read holds nothing.
func leftovers(dirs []string, targets map[string]bool) []string {
	isTarget := func(path string) bool { return targets[path] }
	var out []string
	seen := map[string]bool{}
	for _, dir := range dirs {
		if seen[dir] {
			continue
		}
		seen[dir] = true
		entries, _ := os.ReadDir(dir)
		out = append(out, leftoversIn(dir, entries, isTarget)...)
	}
	sort.Strings(out)
	return out
}

// leftoversIn is [leftovers] of one directory, from its entries; target
// tells the targets.
func leftoversIn(dir string, entries []fs.DirEntry, target func(path string) bool) []string {
	var out []string
	for _, e := range entries {
		name := e.Name()
		if len(name) < 2 || name[0] != '.' {
			continue
		}
		path := filepath.Join(dir, name)
		if leftoverTmp(name) {
			out = append(out, path)
			continue
		}
		m := legacyPattern.FindStringSubmatch(name)
		if m == nil || !target(filepath.Join(dir, m[1])) {
			continue
		}
		switch {
		case e.Type().IsRegular() && isGenerated(path):
			out = append(out, path)
		case e.IsDir() && holdsRecord(path):
			out = append(out, path)
		}
	}
	return out
}

// holdsRecord reports whether dir holds one of errgen's records: a
// staging directory of errgen before temporary names were errgen's own.
func holdsRecord(dir string) bool {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if len(e.Name()) > len(manifestPrefix) && e.Name()[:len(manifestPrefix)] == manifestPrefix && e.Type().IsRegular() {
			if _, ok := readRecord(filepath.Join(dir, e.Name())); ok {
				return true
			}
		}
	}
	return false
}

// removeLeftovers removes what leftovers found, saying so for each.
func removeLeftovers(req *Request, paths []string) error {
	for _, p := range paths {
		if err := os.RemoveAll(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		fmt.Fprintf(req.Stdout, "removed %s (left by an interrupted errgen generate)\n", relPath(req, p))
	}
	return nil
}

// sweepDirs returns the directories where the outputs' runs may have left
// temporary files: each output's directory, the directory it is made in
// (for a staging directory) and the directory of each of its files; and
// the targets a temporary file of errgen before may stand for.
func sweepDirs(outputs []*output) ([]string, map[string]bool) {
	var dirs []string
	targets := map[string]bool{}
	seen := map[string]bool{}
	add := func(d string) {
		if !seen[d] {
			seen[d] = true
			dirs = append(dirs, d)
		}
	}
	for _, out := range outputs {
		if out == nil {
			continue
		}
		add(out.dir)
		add(filepath.Dir(out.dir))
		targets[out.dir] = true
		for _, f := range out.files {
			add(filepath.Dir(f.path))
			targets[f.path] = true
		}
	}
	return dirs, targets
}
