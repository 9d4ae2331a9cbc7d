package cli

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/model"
)

// Names errgen takes from directories, and how it tells the user to run
// itself again.

// defaultCatalogName is the catalog name init writes when the directory's
// name gives none.
const defaultCatalogName = "myservice"

// catalogName returns the catalog name a directory gives a new catalog:
// its base name lower-cased, without leading digits, each run of
// characters the name rule does not allow one separator ("Filestore API"
// → "filestore-api", "filestore_api" stays); defaultCatalogName when
// nothing usable remains.
func catalogName(dir string) string {
	base := strings.ToLower(filepath.Base(filepath.Clean(dir)))
	var b strings.Builder
	var pending rune // the separator to write before the next letter or digit
	for _, r := range base {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9' && b.Len() > 0:
			if pending != 0 && b.Len() > 0 {
				b.WriteRune(pending)
			}
			pending = 0
			b.WriteRune(r)
		case r == '.' || r == '_' || r == '-':
			if pending == 0 {
				pending = r
			}
		default:
			pending = '-'
		}
	}
	name := b.String()
	if !model.NameRE.MatchString(name) {
		return defaultCatalogName
	}
	return name
}

// The module and command errgen is run from.
const (
	errgenModule = "github.com/errgen/errgen"
	errgenTool   = errgenModule + "/cmd/errgen"
)

// invocation returns how the user runs errgen, as the commands errgen
// suggests spell it: Env.Self when set, else what the launcher that ran
// the binary says ($ERRGEN_INVOKED_AS: the npm package's says "npx
// errgen", the Python package's "errgen"), else what [detectInvocation]
// finds.
func (env *Env) invocation() string {
	if env.Self != "" {
		return env.Self
	}
	if v := os.Getenv(invokedAsEnv); v != "" && len(v) <= 100 && strconv.Quote(v) == `"`+v+`"` {
		return v
	}
	exe, err := os.Executable()
	if err != nil {
		return "errgen"
	}
	if r, err := filepath.EvalSymlinks(exe); err == nil {
		exe = r
	}
	return detectInvocation(exe, env.Dir, os.Getenv("GOCACHE"), exec.LookPath)
}

// invokedAsEnv is how a launcher (the npm and Python packages') tells the
// binary it runs how the user ran errgen.
const invokedAsEnv = "ERRGEN_INVOKED_AS"

// detectInvocation tells how errgen, the executable exe, was run from the
// working directory dir:
//
//   - built by the go command (exe is in its build cache, gocache or a
//     go-build directory, or in a go-build temporary directory): "go tool
//     errgen" when the module holding dir declares errgen a tool (go get
//     -tool), "go run ./cmd/errgen" at the root of errgen's own module,
//     else "go run github.com/errgen/errgen/cmd/errgen";
//   - the errgen that lookPath finds on PATH: "errgen";
//   - else exe itself.
func detectInvocation(exe, dir, gocache string, lookPath func(string) (string, error)) string {
	if goBuilt(exe, gocache) {
		root, module, tool := enclosingModule(dir)
		switch {
		case tool:
			return "go tool errgen"
		case module == errgenModule && root == filepath.Clean(dir):
			return "go run ./cmd/errgen"
		}
		return "go run " + errgenTool
	}
	if p, err := lookPath("errgen"); err == nil {
		a, errA := os.Stat(p)
		b, errB := os.Stat(exe)
		if errA == nil && errB == nil && os.SameFile(a, b) {
			return "errgen"
		}
	}
	return exe
}

// goBuilt reports whether exe is an executable the go command built for go
// run or go tool: it lies in the build cache (gocache, or a directory named
// go-build) or in a go-build* temporary directory.
func goBuilt(exe, gocache string) bool {
	if gocache != "" && gocache != "off" && catalog.Within(exe, filepath.Clean(gocache)) {
		return true
	}
	for _, part := range strings.Split(filepath.ToSlash(filepath.Dir(exe)), "/") {
		if strings.HasPrefix(part, "go-build") {
			return true
		}
	}
	return false
}

// enclosingModule reads the go.mod nearest dir (at or above it): its
// directory, its module path, and whether it declares errgen a tool. All
// are empty when no go.mod is found.
func enclosingModule(dir string) (root, module string, tool bool) {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		f, err := os.Open(filepath.Join(d, "go.mod"))
		if err == nil {
			defer f.Close()
			module, tool = scanGoMod(bufio.NewScanner(f))
			return d, module, tool
		}
		if filepath.Dir(d) == d {
			return "", "", false
		}
	}
}

// scanGoMod reads the module path of a go.mod and whether a tool directive
// (one line, or in a block) names errgen.
func scanGoMod(sc *bufio.Scanner) (module string, tool bool) {
	inTool := false
	for sc.Scan() {
		line := sc.Text()
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(line)
		for i := range f {
			f[i] = strings.Trim(f[i], "\"`")
		}
		switch {
		case len(f) == 0:
		case inTool:
			inTool = f[0] != ")"
			tool = tool || f[0] == errgenTool
		case f[0] == "module" && len(f) == 2:
			module = f[1]
		case f[0] == "tool" && len(f) == 2:
			inTool = f[1] == "("
			tool = tool || f[1] == errgenTool
		}
	}
	return module, tool
}
