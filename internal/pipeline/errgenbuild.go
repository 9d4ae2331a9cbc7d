package pipeline

import (
	"bytes"
	"crypto/sha256"
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"encoding/hex"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
)

// The cache entries of the unchanged short-circuit are of the errgen
// build that wrote them, since another build may write other outputs from
// the same catalog; generate trusts an entry only when it comes from the
// running build (see [unchanged]).
//
// A build is named by its release and Go version, and a hash that tells
// builds apart:
//
//   - errgen from the module proxy (go tool errgen, go install …@version):
//     its version and checksum, and those of every module linked in, and
//     the Go version and build tags. These pin every line of code the
//     binary runs and cost nothing to read (runtime/debug).
//   - a clean checkout built with version control stamps (go build,
//     go install ./cmd/errgen): the commit, and the modules linked in.
//   - any other build (go run, a replace directive to a local directory,
//     a checkout with changes, a test binary): the Go build ID the linker
//     writes into the executable, a hash of everything that went into it,
//     read from the executable's header (well under a millisecond); the
//     SHA-256 of the executable only when there is none (14 MB: about
//     10–30 ms). Module information cannot tell such builds apart: go run
//     stamps no version control information, and a modified checkout
//     says only that it is modified.

// modulePath is errgen's module.
const modulePath = "github.com/errgen/errgen"

// errgenBuild returns the running build's line: "RELEASE
// GOVERSION HASH", RELEASE "devel" for a build of no release, HASH
// [unknownBuild] when there is nothing to tell builds apart by. Tests
// replace it to play another build.
var errgenBuild = sync.OnceValue(func() string {
	release, id := buildIdentity()
	if id == "" {
		return release + " " + runtime.Version() + " " + unknownBuild
	}
	sum := sha256.Sum256([]byte(id))
	return release + " " + runtime.Version() + " " + hex.EncodeToString(sum[:8])
})

// unknownBuild ends the line of a build errgen could not identify: no
// cache entry is written or trusted then.
const unknownBuild = "unknown"

func buildIdentity() (release, id string) {
	bi, ok := debug.ReadBuildInfo()
	if ok {
		var mod *debug.Module
		if bi.Main.Path == modulePath {
			mod = &bi.Main
		}
		for _, d := range bi.Deps {
			if d.Path == modulePath {
				mod = d
			}
		}
		settings := map[string]string{}
		for _, s := range bi.Settings {
			settings[s.Key] = s.Value
		}
		pinned := true
		for _, d := range bi.Deps {
			if d.Replace != nil && d.Replace.Sum == "" || d.Replace == nil && d.Sum == "" {
				pinned = false // a directory replacement, or no checksum: the code is not named
			}
		}
		switch {
		case mod != nil && pinned && mod.Replace == nil && mod.Sum != "" && mod.Version != "" && mod.Version != "(devel)":
			return mod.Version, moduleIdentity(bi, settings)
		case mod == &bi.Main && pinned && settings["vcs.revision"] != "" && settings["vcs.modified"] == "false":
			return "devel", "vcs " + settings["vcs"] + " " + settings["vcs.revision"] + "\n" + moduleIdentity(bi, settings)
		}
	}
	return "devel", executableIdentity()
}

// moduleIdentity lists the modules linked in, with their checksums, and
// the settings that change what the code does.
func moduleIdentity(bi *debug.BuildInfo, settings map[string]string) string {
	var lines []string
	add := func(m *debug.Module) {
		line := m.Path + " " + m.Version + " " + m.Sum
		if r := m.Replace; r != nil {
			line += " => " + r.Path + " " + r.Version + " " + r.Sum
		}
		lines = append(lines, line)
	}
	if bi.Main.Path == modulePath {
		add(&bi.Main)
	}
	for _, d := range bi.Deps {
		add(d)
	}
	sort.Strings(lines)
	for _, k := range []string{"-tags", "-ldflags", "GOEXPERIMENT", "DefaultGODEBUG"} {
		if v, ok := settings[k]; ok {
			lines = append(lines, k+"="+v)
		}
	}
	return "go " + runtime.Version() + "\n" + strings.Join(lines, "\n")
}

// executableIdentity returns the Go build ID of the running executable,
// else the SHA-256 of its bytes, else "".
func executableIdentity() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	if id := goBuildID(exe); id != "" {
		return "buildid " + id
	}
	f, err := os.Open(exe)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return ""
	}
	return "sha256 " + hex.EncodeToString(h.Sum(nil))
}

// goBuildID reads the build ID the Go linker writes into an executable:
// an ELF note, else a string at the start of the text section (Mach-O,
// PE), as cmd/internal/buildid finds it.
func goBuildID(exe string) string {
	if f, err := elf.Open(exe); err == nil {
		defer f.Close()
		if s := f.Section(".note.go.buildid"); s != nil {
			if note, err := s.Data(); err == nil && len(note) >= 16 {
				n := int(f.ByteOrder.Uint32(note[4:8]))
				if 16+n <= len(note) && string(note[12:14]) == "Go" {
					return string(note[16 : 16+n])
				}
			}
		}
		return ""
	}
	var text io.ReaderAt
	if f, err := macho.Open(exe); err == nil {
		defer f.Close()
		if s := f.Section("__text"); s != nil {
			text = s
		}
	} else if f, err := pe.Open(exe); err == nil {
		defer f.Close()
		if s := f.Section(".text"); s != nil {
			text = s
		}
	}
	if text == nil {
		return ""
	}
	buf := make([]byte, 1024)
	n, _ := text.ReadAt(buf, 0)
	const prefix = "\xff Go build ID: \""
	i := bytes.Index(buf[:n], []byte(prefix))
	if i < 0 {
		return ""
	}
	rest := buf[i+len(prefix) : n]
	end := bytes.IndexByte(rest, '"')
	if end < 0 {
		return ""
	}
	return string(rest[:end])
}
