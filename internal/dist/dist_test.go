package dist

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/errgen/errgen/internal/cli"
)

// Tests of issue 38: errgen's release, built for this platform alone to
// stay fast. Two builds give the same bytes; the npm packages, packed
// with npm pack and installed from their tarballs into a fresh project,
// and the wheel, installed with pip into a fresh virtual environment,
// run errgen with no Go toolchain on PATH. Every package and archive
// carries errgen's license, License, and the repository's LICENSE.

// release is one build of the release for the host platform, shared by
// the tests.
var release struct {
	once sync.Once
	dir  string
	err  error
}

const testVersion = "0.1.0-rc.1"

var testTime = time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)

func host(t *testing.T) Platform {
	t.Helper()
	p, ok := HostPlatform()
	if !ok || p.GOOS != "linux" {
		t.Skipf("the release is tested on Linux (amd64, arm64); this is %s", p)
	}
	return p
}

// buildRelease builds the release for the host platform p into dir, the
// wheels with the Python py.
func buildRelease(p Platform, py, dir string) error {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		return err
	}
	return Build(Options{Root: root, Out: dir, Version: testVersion, Commit: "0123456789abcdef0123456789abcdef01234567",
		Time: testTime, Platforms: []Platform{p}, Python: py})
}

// built returns the shared release, building it once.
func built(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds errgen: skipped in -short mode")
	}
	p, py := host(t), python(t)
	release.once.Do(func() {
		release.dir = filepath.Join(testDir, "release")
		release.err = buildRelease(p, py, release.dir)
	})
	if release.err != nil {
		t.Fatal(release.err)
	}
	return release.dir
}

var testDir string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "errgen-dist-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	testDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// need skips the test when a tool it needs is missing, but fails it in
// CI ($CI set), where every tool must be there.
func need(t *testing.T, what string, ok bool) {
	t.Helper()
	if ok {
		return
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("%s is missing (CI is set: the test may not skip)", what)
	}
	t.Skipf("%s is missing", what)
}

func python(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("python3")
	need(t, "python3", err == nil)
	return p
}

// TestReleaseReproducible: two builds write the same archives, wheels
// and checksums, byte for byte, and the npm packages the same files.
func TestReleaseReproducible(t *testing.T) {
	first := built(t)
	second := filepath.Join(t.TempDir(), "again")
	if err := buildRelease(host(t), python(t), second); err != nil {
		t.Fatal(err)
	}
	a, b := tree(t, first), tree(t, second)
	if len(a) == 0 {
		t.Fatal("the release is empty")
	}
	for name, data := range a {
		if !bytes.Equal(data, b[name]) {
			t.Errorf("%s differs between two builds", name)
		}
	}
	for name := range b {
		if _, ok := a[name]; !ok {
			t.Errorf("%s is in the second build only", name)
		}
	}
	p := host(t)
	sums := string(a["SHA256SUMS"])
	for _, name := range []string{p.Archive(testVersion), "errgen-0.1.0rc1-py3-none-" + strings.Join(p.WheelTags(), ".") + ".whl"} {
		if _, ok := a[name]; !ok {
			t.Errorf("the release has no %s", name)
		}
		if !strings.Contains(sums, "  "+name+"\n") {
			t.Errorf("SHA256SUMS lists no %s:\n%s", name, sums)
		}
	}
}

// licenseText is the repository's LICENSE, which every package and
// archive carries.
func licenseText(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", LicenseFile))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestLicense: errgen's license is Apache-2.0, and LICENSE holds its text
// (the terms and conditions, whole).
func TestLicense(t *testing.T) {
	if License != "Apache-2.0" {
		t.Errorf("License is %q, want Apache-2.0", License)
	}
	text := string(licenseText(t))
	for _, s := range []string{
		"                                 Apache License\n                           Version 2.0, January 2004\n                        http://www.apache.org/licenses/\n",
		"TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION",
		"9. Accepting Warranty or Additional Liability.",
		"END OF TERMS AND CONDITIONS",
	} {
		if !strings.Contains(text, s) {
			t.Errorf("LICENSE does not hold %q", s)
		}
	}
}

// tree reads every file below dir.
func tree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestArchive: the archive holds the executable binary and LICENSE in a
// directory of its name, at the release's time, and the binary prints the
// version and commit it was stamped with.
func TestArchive(t *testing.T) {
	dir := built(t)
	p := host(t)
	name := p.Archive(testVersion)
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	var names []string
	top := strings.TrimSuffix(name, ".tar.gz")
	out := filepath.Join(t.TempDir(), "errgen")
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, h.Name)
		if !h.ModTime.Equal(testTime) || h.Uid != 0 || h.Gid != 0 {
			t.Errorf("%s: time %v, owner %d:%d; want %v, 0:0", h.Name, h.ModTime, h.Uid, h.Gid, testTime)
		}
		if h.Name == top+"/errgen" {
			if h.Mode != 0o755 {
				t.Errorf("the binary has mode %o", h.Mode)
			}
			data, _ := io.ReadAll(tr)
			if err := os.WriteFile(out, data, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		if h.Name == top+"/LICENSE" {
			if data, _ := io.ReadAll(tr); !bytes.Equal(data, licenseText(t)) || h.Mode != 0o644 {
				t.Errorf("the archive's LICENSE (mode %o) is not the repository's", h.Mode)
			}
		}
	}
	if strings.Join(names, " ") != top+"/ "+top+"/LICENSE "+top+"/errgen" {
		t.Errorf("the archive holds %v", names)
	}
	got, err := exec.Command(out, "version").CombinedOutput()
	if want := "errgen " + testVersion + " (commit 0123456789abcdef0123456789abcdef01234567)\n"; err != nil || string(got) != want {
		t.Errorf("errgen version: %v, %q; want %q", err, got, want)
	}
}

// TestArchiveWindows: the Windows archive is a zip of errgen.exe and
// LICENSE, written here without building (the binary's bytes do not
// matter).
func TestArchiveWindows(t *testing.T) {
	dir := t.TempDir()
	exe := filepath.Join(dir, "errgen.exe")
	if err := os.WriteFile(exe, []byte("MZ not really"), 0o755); err != nil {
		t.Fatal(err)
	}
	p := Platform{"windows", "arm64"}
	var zips [2][]byte
	for i := range zips {
		path := filepath.Join(dir, fmt.Sprint(i), p.Archive("1.0.0"))
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := writeArchive(path, p, Options{Time: testTime}, exe, licenseText(t)); err != nil {
			t.Fatal(err)
		}
		zips[i], _ = os.ReadFile(path)
	}
	if !bytes.Equal(zips[0], zips[1]) {
		t.Error("two writes of the zip differ")
	}
	zr, err := zip.NewReader(bytes.NewReader(zips[0]), int64(len(zips[0])))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
		if !f.Modified.Equal(testTime) {
			t.Errorf("%s: time %v", f.Name, f.Modified)
		}
		if f.Name == "errgen_1.0.0_windows_arm64/LICENSE" {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			data, _ := io.ReadAll(rc)
			rc.Close()
			if !bytes.Equal(data, licenseText(t)) {
				t.Error("the zip's LICENSE is not the repository's")
			}
		}
	}
	if strings.Join(names, " ") != "errgen_1.0.0_windows_arm64/ errgen_1.0.0_windows_arm64/LICENSE errgen_1.0.0_windows_arm64/errgen.exe" {
		t.Errorf("the zip holds %v", names)
	}
}

// TestNPMPackages: the launcher lists every platform's package as an
// optional dependency of the release's version, each platform package
// names its os and cpu, none has an install script, and each has errgen's
// license and LICENSE.
func TestNPMPackages(t *testing.T) {
	dir := built(t)
	var launcherPkg struct {
		Name         string
		Version      string
		License      string
		Bin          map[string]string
		Scripts      map[string]string
		OptionalDeps map[string]string `json:"optionalDependencies"`
	}
	readJSON(t, filepath.Join(dir, "npm", "errgen", "package.json"), &launcherPkg)
	if launcherPkg.Name != "errgen" || launcherPkg.Version != testVersion || launcherPkg.License != License ||
		launcherPkg.Bin["errgen"] != "bin/errgen.js" || len(launcherPkg.Scripts) != 0 {
		t.Errorf("the launcher's package.json: %+v", launcherPkg)
	}
	for _, p := range Platforms {
		if launcherPkg.OptionalDeps[p.NPMPackage()] != testVersion {
			t.Errorf("the launcher does not depend on %s %s", p.NPMPackage(), testVersion)
		}
	}
	if len(launcherPkg.OptionalDeps) != len(Platforms) {
		t.Errorf("optionalDependencies: %v", launcherPkg.OptionalDeps)
	}
	p := host(t)
	var platformPkg struct {
		Name, Version string
		License       string
		OS, CPU       []string
		Scripts       map[string]string
		Bin           any
	}
	readJSON(t, filepath.Join(dir, "npm", p.npmDir(), "package.json"), &platformPkg)
	if platformPkg.Name != p.NPMPackage() || platformPkg.Version != testVersion || platformPkg.License != License || strings.Join(platformPkg.OS, ",") != p.NPMOS() ||
		strings.Join(platformPkg.CPU, ",") != p.NPMCPU() || len(platformPkg.Scripts) != 0 || platformPkg.Bin != nil {
		t.Errorf("the platform package's package.json: %+v", platformPkg)
	}
	for _, d := range []string{"errgen", p.npmDir()} {
		if data, err := os.ReadFile(filepath.Join(dir, "npm", d, LicenseFile)); err != nil || !bytes.Equal(data, licenseText(t)) {
			t.Errorf("npm/%s: LICENSE is not the repository's (%v)", d, err)
		}
	}
	// the launcher knows every platform package by the name the release gives it
	for _, p := range Platforms {
		if !bytes.Contains(launcher, []byte(`"`+p.NPMOS()+" "+p.NPMCPU()+`": "`+p.NPMPackage()+`"`)) {
			t.Errorf("the launcher does not map %s %s to %s", p.NPMOS(), p.NPMCPU(), p.NPMPackage())
		}
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// withoutGo returns an environment whose PATH finds none of the Go
// toolchain but the commands named (node, npm, python3, …), and
// checks that go is not found.
func withoutGo(t *testing.T, keep ...string) []string {
	t.Helper()
	bin := t.TempDir()
	var dirs []string
	for _, d := range filepath.SplitList(os.Getenv("PATH")) {
		if _, err := os.Stat(filepath.Join(d, "go")); err == nil {
			continue
		}
		if _, err := os.Stat(filepath.Join(d, "gofmt")); err == nil {
			continue
		}
		dirs = append(dirs, d)
	}
	// the commands kept, where they were found beside go
	for _, name := range append(keep, "sh", "env") {
		p, err := exec.LookPath(name)
		if err != nil {
			continue
		}
		if err := os.Symlink(p, filepath.Join(bin, name)); err != nil {
			t.Fatal(err)
		}
	}
	path := strings.Join(append([]string{bin}, dirs...), string(os.PathListSeparator))
	var env []string
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); k != "PATH" && k != "GOROOT" && k != "GOFLAGS" && k != cliInvokedAs {
			env = append(env, kv)
		}
	}
	env = append(env, "PATH="+path, "ERRGEN_CACHE="+filepath.Join(t.TempDir(), "cache"))
	cmd := exec.Command("sh", "-c", "command -v go || true")
	cmd.Env = env
	if out, _ := cmd.Output(); strings.TrimSpace(string(out)) != "" {
		t.Fatalf("go is still on PATH: %s", out)
	}
	return env
}

const cliInvokedAs = "ERRGEN_INVOKED_AS"

// runIn runs a command in dir with env and returns its combined output.
func runIn(t *testing.T, dir string, env []string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, env
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// TestNPMInstall: the launcher and this platform's package, packed with
// npm pack and installed from the tarballs into a fresh project (offline:
// the other platforms' packages, optional, are passed over), run errgen
// with no Go on PATH: npx errgen init, generate and generate -check. Both
// packages, installed, hold LICENSE and name errgen's license.
func TestNPMInstall(t *testing.T) {
	dir := built(t)
	_, err := exec.LookPath("npm")
	need(t, "npm", err == nil)
	_, err = exec.LookPath("npx")
	need(t, "npx", err == nil)
	env := withoutGo(t, "node", "npm", "npx")
	env = append(env, "npm_config_cache="+filepath.Join(t.TempDir(), "npm-cache"), "npm_config_update_notifier=false")
	packs := t.TempDir()
	p := host(t)
	out := runIn(t, packs, env, "npm", "pack", "--pack-destination", packs,
		filepath.Join(dir, "npm", "errgen"), filepath.Join(dir, "npm", p.npmDir()))
	launcherTgz := filepath.Join(packs, "errgen-"+testVersion+".tgz")
	platformTgz := filepath.Join(packs, "errgen-cli-"+p.NPMOS()+"-"+p.NPMCPU()+"-"+testVersion+".tgz")
	for _, f := range []string{launcherTgz, platformTgz} {
		if _, err := os.Stat(f); err != nil {
			t.Fatalf("npm pack wrote no %s:\n%s", filepath.Base(f), out)
		}
	}
	project := t.TempDir()
	if err := os.WriteFile(filepath.Join(project, "package.json"), []byte(`{"name": "filestore", "private": true}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	runIn(t, project, env, "npm", "install", "--offline", "--no-audit", "--no-fund", launcherTgz, platformTgz)
	for _, name := range []string{"errgen", p.NPMPackage()} {
		installed := filepath.Join(project, "node_modules", filepath.FromSlash(name))
		var pkg struct{ License string }
		readJSON(t, filepath.Join(installed, "package.json"), &pkg)
		if pkg.License != License {
			t.Errorf("%s, installed: license %q, want %q", name, pkg.License, License)
		}
		if data, err := os.ReadFile(filepath.Join(installed, LicenseFile)); err != nil || !bytes.Equal(data, licenseText(t)) {
			t.Errorf("%s, installed: LICENSE is not the repository's (%v)", name, err)
		}
	}
	if got := runIn(t, project, env, "npx", "errgen", "version"); !strings.HasPrefix(got, "errgen "+testVersion+" (commit ") {
		t.Errorf("npx errgen version: %q", got)
	}
	if got := runIn(t, project, env, "npx", "errgen", "init", "."); !strings.Contains(got, "next: npx errgen check\n") {
		t.Errorf("npx errgen init .: %q, want its next steps through npx", got)
	}
	out = runIn(t, project, env, "npx", "errgen", "generate")
	for _, f := range []string{"gen/ts/package.json", "gen/go/errors.go", "schema/error-context.schema.json", "docs/errors/index.md"} {
		if _, err := os.Stat(filepath.Join(project, f)); err != nil {
			t.Errorf("npx errgen generate wrote no %s:\n%s", f, out)
		}
	}
	if got := runIn(t, project, env, "npx", "errgen", "generate", "-check"); got != "outputs are up to date\n" {
		t.Errorf("npx errgen generate -check: %q", got)
	}
	// a failure passes its exit status through
	cmd := exec.Command("npx", "errgen", "check", "-catalog", "missing.yaml")
	cmd.Dir, cmd.Env = project, env
	if out, err := cmd.CombinedOutput(); cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != cli.ExitUsage {
		t.Errorf("npx errgen check of a missing catalog: %v\n%s", err, out)
	}
}

// TestWheel: the wheel's METADATA names errgen's license as PEP 639 has
// it (Metadata-Version 2.4, License-Expression, License-File), its
// .dist-info holds licenses/LICENSE, and RECORD lists it.
func TestWheel(t *testing.T) {
	dir := built(t)
	p := host(t)
	name := "errgen-0.1.0rc1-py3-none-" + strings.Join(p.WheelTags(), ".") + ".whl"
	zr, err := zip.OpenReader(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	files := map[string][]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		files[f.Name], _ = io.ReadAll(rc)
		rc.Close()
	}
	const distInfo = "errgen-0.1.0rc1.dist-info/"
	meta, _, _ := strings.Cut(string(files[distInfo+"METADATA"]), "\n\n")
	for _, line := range []string{"Metadata-Version: 2.4", "License-Expression: " + License, "License-File: LICENSE"} {
		if !strings.Contains("\n"+meta+"\n", "\n"+line+"\n") {
			t.Errorf("METADATA has no %q:\n%s", line, meta)
		}
	}
	if strings.Contains(meta, "\nLicense: ") || strings.Contains(meta, "License ::") {
		t.Errorf("METADATA names its license other than by License-Expression:\n%s", meta)
	}
	if data, ok := files[distInfo+"licenses/LICENSE"]; !ok || !bytes.Equal(data, licenseText(t)) {
		t.Errorf("%slicenses/LICENSE is missing or not the repository's", distInfo)
	}
	if !strings.Contains(string(files[distInfo+"RECORD"]), distInfo+"licenses/LICENSE,sha256=") {
		t.Errorf("RECORD does not list licenses/LICENSE:\n%s", files[distInfo+"RECORD"])
	}
}

// TestWheelInstall: the wheel of this platform, installed with pip into
// a fresh virtual environment (offline), runs errgen with no Go on PATH:
// errgen init, errgen check, errgen generate of the outputs it names (and
// -check), and python -m errgen. Installed, its metadata names errgen's
// license and its .dist-info holds LICENSE, as importlib.metadata reads
// them.
func TestWheelInstall(t *testing.T) {
	dir := built(t)
	py := python(t)
	venv := filepath.Join(t.TempDir(), "venv")
	if out, err := exec.Command(py, "-m", "venv", venv).CombinedOutput(); err != nil {
		need(t, "python3 -m venv (Debian: python3-venv) "+strings.TrimSpace(string(out)), false)
	}
	p := host(t)
	wheel := filepath.Join(dir, "errgen-0.1.0rc1-py3-none-"+strings.Join(p.WheelTags(), ".")+".whl")
	env := withoutGo(t)
	env = append(env, "PIP_DISABLE_PIP_VERSION_CHECK=1", "PIP_NO_INPUT=1")
	bin := filepath.Join(venv, "bin")
	runIn(t, t.TempDir(), env, filepath.Join(bin, "pip"), "install", "--no-index", "--no-cache-dir", wheel)
	meta := runIn(t, t.TempDir(), env, filepath.Join(bin, "python"), "-c", `import importlib.metadata as m, sys
d = m.distribution("errgen")
print(d.metadata["License-Expression"])
print(d.metadata.get_all("License-File"))
sys.stdout.write(d.read_text("licenses/LICENSE") or "")`)
	head, text, _ := strings.Cut(meta, "\n")
	files, text, _ := strings.Cut(text, "\n")
	if head != License || files != "['LICENSE']" || text != string(licenseText(t)) {
		t.Errorf("the installed wheel: License-Expression %q, License-File %s, licenses/LICENSE the repository's: %v", head, files, text == string(licenseText(t)))
	}
	project := t.TempDir()
	if got := runIn(t, project, env, filepath.Join(bin, "errgen"), "init", "."); !strings.Contains(got, "next: errgen check\n") {
		t.Errorf("errgen init .: %q", got)
	}
	if got := runIn(t, project, env, filepath.Join(bin, "errgen"), "check"); !strings.Contains(got, "catalog/errors.yaml: ok: 3 errors") {
		t.Errorf("errgen check: %q", got)
	}
	out := runIn(t, project, env, filepath.Join(bin, "errgen"), "generate", "-python", "gen/python", "-ts", "gen/ts")
	for _, f := range []string{"gen/python/pyproject.toml", "gen/ts/package.json"} {
		if _, err := os.Stat(filepath.Join(project, f)); err != nil {
			t.Errorf("errgen generate wrote no %s:\n%s", f, out)
		}
	}
	if _, err := os.Stat(filepath.Join(project, "gen", "go")); err == nil {
		t.Errorf("errgen generate -python DIR -ts DIR wrote the Go package too:\n%s", out)
	}
	if got := runIn(t, project, env, filepath.Join(bin, "errgen"), "generate", "-python", "gen/python", "-ts", "gen/ts", "-check"); got != "outputs are up to date\n" {
		t.Errorf("errgen generate -check: %q", got)
	}
	if got := runIn(t, project, env, filepath.Join(bin, "python"), "-m", "errgen", "version"); !strings.HasPrefix(got, "errgen "+testVersion+" (commit ") {
		t.Errorf("python -m errgen version: %q", got)
	}
	cmd := exec.Command(filepath.Join(bin, "errgen"), "check", "-catalog", "missing.yaml")
	cmd.Dir, cmd.Env = project, env
	if out, err := cmd.CombinedOutput(); cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != cli.ExitUsage {
		t.Errorf("errgen check of a missing catalog: %v\n%s", err, out)
	}
}
