// Package dist builds errgen's release: reproducible, version-stamped
// binaries for every platform, packed where each team already gets its
// tools —
//
//   - archives with a SHA256SUMS file: errgen_VERSION_OS_ARCH.tar.gz
//     (.zip for Windows), the binary inside a directory of that name;
//   - an npm distribution: the package errgen, whose command is a small
//     JavaScript launcher, and one package per platform (@errgen/cli-OS-CPU)
//     holding the binary, which the launcher lists as optionalDependencies
//     and npm installs only where their os and cpu fields match (as
//     esbuild and Biome ship theirs); nothing is downloaded at install;
//   - Python wheels, one per platform, each holding the binary and a
//     console entry point errgen that runs it, so that pip install errgen,
//     pipx run errgen and uvx errgen work. wheel.py, a script of Python's
//     standard library alone, writes them.
//
// Every package and archive carries errgen's license: License in its
// metadata (npm's license, the wheels' License-Expression) and the
// repository's LICENSE file.
//
// Two builds of one commit with one Go toolchain give the same bytes: the
// binaries are built with -trimpath, without version control stamps (the
// version and commit are linked in with -X instead) and without cgo;
// every archive lists its entries sorted, with one modification time
// (SOURCE_DATE_EPOCH, else the commit's time), owner and mode.
package dist

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Platform is a platform errgen is built for.
type Platform struct{ GOOS, GOARCH string }

// Platforms are those of a release: Linux, macOS and Windows on amd64 and
// arm64.
var Platforms = []Platform{
	{"linux", "amd64"}, {"linux", "arm64"},
	{"darwin", "amd64"}, {"darwin", "arm64"},
	{"windows", "amd64"}, {"windows", "arm64"},
}

func (p Platform) String() string { return p.GOOS + "_" + p.GOARCH }

// Exe is the binary's file name.
func (p Platform) Exe() string {
	if p.GOOS == "windows" {
		return "errgen.exe"
	}
	return "errgen"
}

// NPMOS and NPMCPU are Node's names of the platform (process.platform,
// process.arch), which npm matches against a package's os and cpu.
func (p Platform) NPMOS() string {
	if p.GOOS == "windows" {
		return "win32"
	}
	return p.GOOS
}

func (p Platform) NPMCPU() string {
	if p.GOARCH == "amd64" {
		return "x64"
	}
	return p.GOARCH
}

// NPMPackage is the npm package holding the platform's binary.
func (p Platform) NPMPackage() string { return "@errgen/cli-" + p.NPMOS() + "-" + p.NPMCPU() }

// npmDir is the directory of the platform's npm package in the release.
func (p Platform) npmDir() string { return "cli-" + p.NPMOS() + "-" + p.NPMCPU() }

// WheelTags are the platform tags of the platform's wheel. The binaries
// are static (no cgo), so a Linux wheel runs on any glibc (manylinux: the
// 2014 baseline, glibc 2.17, which pip, pipx and uv install on every
// glibc Linux of the last decade) and on musl (musllinux, Alpine); macOS
// 12 is the oldest the Go toolchain links for; Windows has one tag per
// architecture. PyPI refuses the bare linux_x86_64 tag, which no
// installer may assume portable.
func (p Platform) WheelTags() []string {
	switch p.GOOS + "/" + p.GOARCH {
	case "linux/amd64":
		return []string{"manylinux_2_17_x86_64", "manylinux2014_x86_64", "musllinux_1_1_x86_64"}
	case "linux/arm64":
		return []string{"manylinux_2_17_aarch64", "manylinux2014_aarch64", "musllinux_1_1_aarch64"}
	case "darwin/amd64":
		return []string{"macosx_12_0_x86_64"}
	case "darwin/arm64":
		return []string{"macosx_12_0_arm64"}
	case "windows/amd64":
		return []string{"win_amd64"}
	case "windows/arm64":
		return []string{"win_arm64"}
	}
	return nil
}

// Archive is the name of the platform's release archive.
func (p Platform) Archive(version string) string {
	name := "errgen_" + version + "_" + p.String()
	if p.GOOS == "windows" {
		return name + ".zip"
	}
	return name + ".tar.gz"
}

// Options say what to build.
type Options struct {
	Root      string     // errgen's module (the repository)
	Out       string     // the release directory, emptied first
	Version   string     // X.Y.Z, or X.Y.Z-(alpha|beta|rc).N
	Commit    string     // linked into the binary; "" for none
	Time      time.Time  // every archive entry's modification time
	Platforms []Platform // default Platforms
	Go        string     // the go command; default "go"
	Python    string     // the python command; default "python3"
	Log       io.Writer  // progress; nil for none
}

// License is errgen's license, as an SPDX expression: the license of its
// npm packages and the License-Expression of its wheels. LicenseFile, at
// the root of errgen's module, holds its text, which every package and
// archive carries.
const License = "Apache-2.0"

// LicenseFile is the name of the license's text, in the repository and in
// every package and archive (a wheel's .dist-info/licenses/LICENSE, as PEP
// 639 places it).
const LicenseFile = "LICENSE"

var versionPattern = regexp.MustCompile(`^[0-9]+\.[0-9]+\.[0-9]+(-(alpha|beta|rc)\.[0-9]+)?$`)

// PythonVersion is version as PEP 440 spells it: 1.2.0-rc.1 → 1.2.0rc1.
func PythonVersion(version string) string {
	r := strings.NewReplacer("-alpha.", "a", "-beta.", "b", "-rc.", "rc")
	return r.Replace(version)
}

// Build writes the release into o.Out:
//
//	errgen_VERSION_OS_ARCH.tar.gz, errgen_VERSION_windows_ARCH.zip
//	                           the binary and LICENSE
//	errgen-PYVERSION-py3-none-TAGS.whl
//	SHA256SUMS                 the archives' and wheels' SHA-256
//	npm/errgen/                the launcher package
//	npm/cli-OS-CPU/            a platform's package
//
// npm publish DIR publishes a package directory (the platform packages
// first); twine upload *.whl the wheels.
func Build(o Options) error {
	if !versionPattern.MatchString(o.Version) {
		return fmt.Errorf("version %q: want X.Y.Z or X.Y.Z-alpha.N, -beta.N, -rc.N (npm and PyPI take both)", o.Version)
	}
	if o.Platforms == nil {
		o.Platforms = Platforms
	}
	if o.Go == "" {
		o.Go = "go"
	}
	if o.Python == "" {
		o.Python = "python3"
	}
	if o.Time.IsZero() {
		o.Time = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	o.Time = o.Time.UTC().Truncate(time.Second)
	license, err := os.ReadFile(filepath.Join(o.Root, LicenseFile))
	if err != nil {
		return fmt.Errorf("errgen's license: %v", err)
	}
	if err := os.RemoveAll(o.Out); err != nil {
		return err
	}
	bin := filepath.Join(o.Out, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		return err
	}
	var sums []string
	binaries := map[Platform]string{}
	for _, p := range o.Platforms {
		exe, err := buildBinary(o, p, filepath.Join(bin, p.String()))
		if err != nil {
			return err
		}
		binaries[p] = exe
		name := p.Archive(o.Version)
		if err := writeArchive(filepath.Join(o.Out, name), p, o, exe, license); err != nil {
			return err
		}
		if err := writeNPMPlatform(filepath.Join(o.Out, "npm", p.npmDir()), p, o, exe, license); err != nil {
			return err
		}
	}
	if err := writeNPMLauncher(filepath.Join(o.Out, "npm", "errgen"), o, license); err != nil {
		return err
	}
	if err := writeWheels(o, binaries, license); err != nil {
		return err
	}
	if err := os.RemoveAll(bin); err != nil {
		return err
	}
	entries, err := os.ReadDir(o.Out)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.Type().IsRegular() && (strings.HasSuffix(e.Name(), ".tar.gz") || strings.HasSuffix(e.Name(), ".zip") || strings.HasSuffix(e.Name(), ".whl")) {
			data, err := os.ReadFile(filepath.Join(o.Out, e.Name()))
			if err != nil {
				return err
			}
			sum := sha256.Sum256(data)
			sums = append(sums, hex.EncodeToString(sum[:])+"  "+e.Name()+"\n")
		}
	}
	sort.Strings(sums)
	return os.WriteFile(filepath.Join(o.Out, "SHA256SUMS"), []byte(strings.Join(sums, "")), 0o644)
}

func (o Options) logf(format string, args ...any) {
	if o.Log != nil {
		fmt.Fprintf(o.Log, format+"\n", args...)
	}
}

// buildBinary builds errgen for p into dir and returns the executable's
// path: static, -trimpath, no version control stamps, the version and
// commit linked in.
func buildBinary(o Options, p Platform, dir string) (string, error) {
	exe := filepath.Join(dir, p.Exe())
	ldflags := "-s -w -X github.com/errgen/errgen/internal/cli.stampVersion=" + o.Version
	if o.Commit != "" {
		ldflags += " -X github.com/errgen/errgen/internal/cli.stampCommit=" + o.Commit
	}
	cmd := exec.Command(o.Go, "build", "-trimpath", "-buildvcs=false", "-ldflags", ldflags, "-o", exe, "./cmd/errgen")
	cmd.Dir = o.Root
	cmd.Env = append(os.Environ(), "GOOS="+p.GOOS, "GOARCH="+p.GOARCH, "CGO_ENABLED=0", "GOFLAGS=-mod=readonly", "GOWORK=off")
	o.logf("build %s", p)
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build for %s: %v\n%s", p, err, out)
	}
	return exe, nil
}

// writeArchive packs the binary and the license's text into a tar.gz (a
// zip for Windows) under a directory named as the archive.
func writeArchive(path string, p Platform, o Options, exe string, license []byte) error {
	data, err := os.ReadFile(exe)
	if err != nil {
		return err
	}
	top := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(path), ".zip"), ".tar.gz")
	// in sorted order: LICENSE before errgen
	files := []struct {
		name string
		data []byte
		mode int64
	}{
		{top + "/" + LicenseFile, license, 0o644},
		{top + "/" + p.Exe(), data, 0o755},
	}
	var buf bytes.Buffer
	if p.GOOS == "windows" {
		zw := zip.NewWriter(&buf)
		zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) { return flate.NewWriter(w, flate.BestCompression) })
		for _, d := range []string{top + "/"} {
			h := &zip.FileHeader{Name: d, Modified: o.Time}
			h.SetMode(os.ModeDir | 0o755)
			if _, err := zw.CreateHeader(h); err != nil {
				return err
			}
		}
		for _, f := range files {
			h := &zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: o.Time}
			h.SetMode(os.FileMode(f.mode))
			w, err := zw.CreateHeader(h)
			if err != nil {
				return err
			}
			if _, err := w.Write(f.data); err != nil {
				return err
			}
		}
		if err := zw.Close(); err != nil {
			return err
		}
	} else {
		gz, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		if err != nil {
			return err
		}
		tw := tar.NewWriter(gz)
		if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeDir, Name: top + "/", Mode: 0o755, ModTime: o.Time, Format: tar.FormatUSTAR}); err != nil {
			return err
		}
		for _, f := range files {
			h := &tar.Header{Typeflag: tar.TypeReg, Name: f.name, Mode: f.mode, Size: int64(len(f.data)), ModTime: o.Time, Format: tar.FormatUSTAR}
			if err := tw.WriteHeader(h); err != nil {
				return err
			}
			if _, err := tw.Write(f.data); err != nil {
				return err
			}
		}
		if err := tw.Close(); err != nil {
			return err
		}
		if err := gz.Close(); err != nil {
			return err
		}
	}
	o.logf("wrote %s", filepath.Base(path))
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// The metadata every package of errgen carries.
const (
	repository  = "https://github.com/errgen/errgen"
	description = "One declarative error catalog (YAML) for a family of servers: Go, TypeScript and Rust packages, a JSON Schema, docs and conformance vectors from it"
)

// writeNPMPlatform writes the package of one platform's binary: its os
// and cpu fields make npm install it only there; it has no bin, no
// scripts: the launcher runs its binary.
func writeNPMPlatform(dir string, p Platform, o Options, exe string, license []byte) error {
	pkg := packageJSON{
		Name:        p.NPMPackage(),
		Version:     o.Version,
		Description: "The errgen binary for " + p.NPMOS() + " " + p.NPMCPU() + ", which the errgen package runs",
		License:     License,
		Repository:  &repo{"git", "git+" + repository + ".git"},
		Homepage:    repository,
		OS:          []string{p.NPMOS()},
		CPU:         []string{p.NPMCPU()},
		Files:       []string{"bin/" + p.Exe()},
		// Yarn's Plug'n'Play: unpack it, so that the binary is a file
		PreferUnplugged: true,
	}
	data, err := os.ReadFile(exe)
	if err != nil {
		return err
	}
	readme := "# " + p.NPMPackage() + "\n\nThe errgen binary for " + p.NPMOS() + " " + p.NPMCPU() +
		". Install [errgen](https://www.npmjs.com/package/errgen), which depends on this package where it runs.\n"
	return writePackage(dir, pkg, map[string]file{
		"README.md":      {[]byte(readme), 0o644},
		LicenseFile:      {license, 0o644},
		"bin/" + p.Exe(): {data, 0o755},
	})
}

//go:embed launcher.js
var launcher []byte

// writeNPMLauncher writes the package errgen: its command, bin/errgen.js,
// runs the binary of the platform package npm installed beside it.
func writeNPMLauncher(dir string, o Options, license []byte) error {
	optional := map[string]string{}
	for _, p := range Platforms {
		optional[p.NPMPackage()] = o.Version
	}
	pkg := packageJSON{
		Name:         "errgen",
		Version:      o.Version,
		Description:  description,
		License:      License,
		Repository:   &repo{"git", "git+" + repository + ".git"},
		Homepage:     repository,
		Keywords:     []string{"errors", "error-codes", "codegen", "mcp", "json-rpc", "rfc9457"},
		Bin:          map[string]string{"errgen": "bin/errgen.js"},
		Files:        []string{"bin/errgen.js"},
		Engines:      map[string]string{"node": ">=18"},
		OptionalDeps: optional,
	}
	readme := "# errgen\n\n" + description + ".\n\n" +
		"```sh\nnpm install --save-dev errgen\nnpx errgen init .\nnpx errgen generate\n```\n\n" +
		"The package holds no binary: npm installs the one of your platform, " +
		"one of its optional dependencies (`@errgen/cli-linux-x64`, …), and `errgen` runs it. " +
		"Installed with `--omit=optional`, or from a lockfile written on another platform, it has none: install again without it. " +
		"`ERRGEN_BINARY_PATH` names another binary to run. See " + repository + ".\n"
	return writePackage(dir, pkg, map[string]file{
		"README.md":     {[]byte(readme), 0o644},
		LicenseFile:     {license, 0o644},
		"bin/errgen.js": {launcher, 0o755},
	})
}

type file struct {
	data []byte
	mode os.FileMode
}

// packageJSON is what errgen's npm packages say of themselves, in the
// order npm writes the fields.
type packageJSON struct {
	Name            string            `json:"name"`
	Version         string            `json:"version"`
	Description     string            `json:"description"`
	License         string            `json:"license,omitempty"`
	Repository      *repo             `json:"repository,omitempty"`
	Homepage        string            `json:"homepage,omitempty"`
	Keywords        []string          `json:"keywords,omitempty"`
	OS              []string          `json:"os,omitempty"`
	CPU             []string          `json:"cpu,omitempty"`
	Bin             map[string]string `json:"bin,omitempty"`
	Files           []string          `json:"files"`
	Engines         map[string]string `json:"engines,omitempty"`
	PreferUnplugged bool              `json:"preferUnplugged,omitempty"`
	OptionalDeps    map[string]string `json:"optionalDependencies,omitempty"`
}

type repo struct {
	Type string `json:"type"`
	URL  string `json:"url"`
}

// writePackage writes an npm package directory: package.json and files.
// npm packs README.md and LICENSE whatever files lists.
func writePackage(dir string, pkg packageJSON, files map[string]file) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(pkg); err != nil {
		return err
	}
	files["package.json"] = file{buf.Bytes(), 0o644}
	for name, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, f.data, f.mode); err != nil {
			return err
		}
		if err := os.Chmod(p, f.mode); err != nil {
			return err
		}
	}
	return nil
}

//go:embed wheel.py
var wheelScript []byte

// writeWheels runs wheel.py for every platform's binary.
func writeWheels(o Options, binaries map[Platform]string, license []byte) error {
	script := filepath.Join(o.Out, "bin", "wheel.py")
	if err := os.WriteFile(script, wheelScript, 0o644); err != nil {
		return err
	}
	licensePath := filepath.Join(o.Out, "bin", LicenseFile)
	if err := os.WriteFile(licensePath, license, 0o644); err != nil {
		return err
	}
	args := []string{script, "--name", "errgen", "--version", PythonVersion(o.Version),
		"--summary", description, "--home", repository, "--epoch", strconv.FormatInt(o.Time.Unix(), 10), "--out", o.Out,
		"--license", License, "--license-file", licensePath}
	for _, p := range o.Platforms {
		args = append(args, "--binary", strings.Join(p.WheelTags(), ".")+"="+binaries[p])
	}
	cmd := exec.Command(o.Python, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		var ee *exec.Error
		if errors.As(err, &ee) {
			return fmt.Errorf("the wheels need Python 3 (%s): %v; install it, or name it with -python", o.Python, err)
		}
		return fmt.Errorf("wheel.py: %v\n%s", err, out.Bytes())
	}
	o.logf("%s", strings.TrimSpace(out.String()))
	return nil
}

// HostPlatform is the platform this process runs on, when a release has
// it.
func HostPlatform() (Platform, bool) {
	p := Platform{runtime.GOOS, runtime.GOARCH}
	for _, q := range Platforms {
		if q == p {
			return p, true
		}
	}
	return p, false
}
