// Package cli implements errgen's command line: flags, subcommands and exit
// status. [Run] is what main calls, and what tests call with buffers.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/diag"
	"github.com/errgen/errgen/internal/gen/outputs"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/pipeline"
)

// Exit statuses, the write pipeline's too.
const (
	ExitOK      = pipeline.ExitOK      // success
	ExitInvalid = pipeline.ExitInvalid // the catalog is invalid
	ExitUsage   = pipeline.ExitUsage   // usage or I/O error
)

// Version is errgen's release: what make dist stamps a build with unless
// told otherwise. errgen version prints the version a build was stamped
// with, or its module's (see versionInfo).
const Version = "0.1.0"

// DefaultCatalog is the catalog used when -catalog is not given.
const DefaultCatalog = "catalog/errors.yaml"

// Env is what a command runs against: its streams, its working directory
// and its file system.
type Env struct {
	Stdout, Stderr io.Writer
	Dir            string     // working directory; diagnostics are relative to it
	FS             catalog.FS // where catalogs are read from
	// Self is how the user runs errgen, as the commands errgen suggests
	// spell it ("go tool errgen"); "" finds it out (see detectInvocation).
	Self string
}

type command struct {
	name, args, summary string
	run                 func(env *Env, fl *flag.FlagSet, args []string) int
	flags               func(fl *flag.FlagSet)
	negativeArgs        bool // a negative number is an argument, not a flag
}

var commands []*command

func init() {
	commands = []*command{checkCmd, generateCmd, diffCmd, explainCmd, conformanceCmd, initCmd, versionCmd}
}

// Run runs errgen with the given arguments (without the program name) and
// returns the exit status.
func Run(args []string, stdout, stderr io.Writer) int {
	dir, err := os.Getwd()
	if err != nil {
		fmt.Fprintf(stderr, "errgen: %v\n", err)
		return ExitUsage
	}
	return RunEnv(&Env{Stdout: stdout, Stderr: stderr, Dir: dir, FS: catalog.OSFS{}}, args)
}

// RunEnv is [Run] with an explicit environment.
func RunEnv(env *Env, args []string) int {
	if len(args) == 0 {
		usage(env.Stderr)
		return ExitUsage
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help", "help":
		if len(args) > 1 {
			if c := lookup(args[1]); c != nil {
				commandUsage(env.Stdout, c, flagSet(c, env))
				return ExitOK
			}
			fmt.Fprintf(env.Stderr, "errgen: unknown command %q\n", args[1])
			return ExitUsage
		}
		usage(env.Stdout)
		return ExitOK
	}
	c := lookup(name)
	if c == nil {
		fmt.Fprintf(env.Stderr, "errgen: unknown command %q\n\n", name)
		usage(env.Stderr)
		return ExitUsage
	}
	fl := flagSet(c, env)
	rest := args[1:]
	if c.negativeArgs {
		rest = negativeArgs(fl, rest)
	}
	if err := fl.Parse(rest); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return ExitOK
		}
		return ExitUsage
	}
	return c.run(env, fl, fl.Args())
}

// negativeArgs returns args with "--" inserted before the first negative
// number that is not a flag's value, so that the flag package takes it for
// an argument (errgen explain -32700) instead of an unknown flag.
func negativeArgs(fl *flag.FlagSet, args []string) []string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || !strings.HasPrefix(a, "-") {
			return args
		}
		if _, err := strconv.ParseInt(a, 10, 64); err == nil && len(a) > 1 {
			out := append(append([]string{}, args[:i]...), "--")
			return append(out, args[i:]...)
		}
		// skip the value of a flag that takes one: -catalog FILE
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		if f := fl.Lookup(name); f != nil {
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok || !b.IsBoolFlag() {
				i++
			}
		}
	}
	return args
}

func lookup(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

func flagSet(c *command, env *Env) *flag.FlagSet {
	fl := flag.NewFlagSet("errgen "+c.name, flag.ContinueOnError)
	fl.SetOutput(env.Stderr)
	if c.flags != nil {
		c.flags(fl)
	}
	fl.Usage = func() { commandUsage(env.Stderr, c, fl) }
	return fl
}

func usage(w io.Writer) {
	fmt.Fprintf(w, "errgen turns an error catalog (YAML) into a Go package, a TypeScript package, a Rust crate,\na Python package, a JSON Schema, OpenAPI components, markdown docs, conformance vectors\nand the catalog's facts.\n\nUsage:\n\n")
	for _, c := range commands {
		fmt.Fprintf(w, "  errgen %-8s %-28s %s\n", c.name, c.args, c.summary)
	}
	fmt.Fprintf(w, "\nRun 'errgen help COMMAND' or 'errgen COMMAND -h' for a command's flags.\n")
	fmt.Fprintf(w, "Exit status: 0 ok, 1 catalog invalid, 2 usage or I/O error.\n")
}

func commandUsage(w io.Writer, c *command, fl *flag.FlagSet) {
	fmt.Fprintf(w, "usage: errgen %s %s\n\n%s\n", c.name, c.args, c.summary)
	hasFlags := false
	fl.VisitAll(func(*flag.Flag) { hasFlags = true })
	if hasFlags {
		fmt.Fprintf(w, "\nFlags:\n")
		fl.SetOutput(w)
		fl.PrintDefaults()
	}
}

// build loads and checks the catalog at path: the loader's diagnostics,
// those of its outputs mapping (internal/gen/outputs), and the model's
// when every file loaded, sorted. The error is an I/O problem
// with the main file.
func build(fsys catalog.FS, path string) (*catalog.Catalog, *model.Catalog, diag.List, error) {
	raw, diags, err := catalog.Parse(fsys, path)
	if err != nil {
		return nil, nil, nil, err
	}
	diags.Append(outputs.Check(raw))
	var m *model.Catalog
	if !raw.Incomplete {
		var more diag.List
		m, more = model.Build(raw)
		diags.Append(more)
	}
	diags.Sort()
	return raw, m, diags, nil
}

// loadAndReport reads and checks a catalog, printing the diagnostics
// (warnings of a valid catalog only when asked for). It returns nil and the
// exit status when the catalog cannot be used.
func loadAndReport(env *Env, path string, warnings bool) (*model.Catalog, int) {
	_, m, status := loadChecked(env, path, warnings, nil)
	return m, status
}

// loadChecked is [loadAndReport] with the raw catalog, and with the
// diagnostics more adds (those of the outputs, for check and generate)
// reported among the catalog's own.
func loadChecked(env *Env, path string, warnings bool, more func(raw *catalog.Catalog) diag.List) (*catalog.Catalog, *model.Catalog, int) {
	raw, m, _, status := loadCounted(env, path, warnings, more)
	return raw, m, status
}

// loadCounted is [loadChecked] that also returns the number of warnings.
func loadCounted(env *Env, path string, warnings bool, more func(raw *catalog.Catalog) diag.List) (*catalog.Catalog, *model.Catalog, int, int) {
	raw, m, diags, err := build(env.FS, env.abs(path))
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			fmt.Fprintf(env.Stderr, "errgen: %s\n", missingCatalog(env, path))
		} else {
			fmt.Fprintf(env.Stderr, "errgen: %v\n", err)
		}
		return nil, nil, 0, ExitUsage
	}
	if more != nil {
		diags.Append(more(raw))
		diags.Sort()
	}
	if diags.HasErrors() || warnings {
		io.WriteString(env.Stderr, diags.Format(env.Dir))
	}
	if diags.HasErrors() {
		fmt.Fprintf(env.Stderr, "%s: %s\n", relPath(env, path), summary(diags))
		return nil, nil, 0, ExitInvalid
	}
	return raw, m, len(diags), ExitOK
}

// loadForOutputs is [loadChecked] for the commands that place outputs:
// where the catalog sends them is checked too.
func loadForOutputs(env *Env, path string) (*catalog.Catalog, *model.Catalog, int) {
	raw, m, _, status := loadForGenerate(env, path)
	return raw, m, status
}

// loadForGenerate is [loadForOutputs] that also returns the number of
// warnings. The catalog's own places (its outputs, else the defaults) are
// checked whatever outputs the flags name, so that generate refuses every
// catalog check refuses, with the same diagnostics; the places the flags
// choose are the pipeline's to check, as usage errors.
func loadForGenerate(env *Env, path string) (*catalog.Catalog, *model.Catalog, int, int) {
	return loadCounted(env, path, true, func(raw *catalog.Catalog) diag.List { return pipeline.PlaceDiags(env.Dir, raw) })
}

// abs resolves a path given on the command line against the working
// directory.
func (env *Env) abs(path string) string {
	if filepath.IsAbs(path) || env.Dir == "" {
		return filepath.Clean(path)
	}
	return filepath.Join(env.Dir, path)
}

func summary(l diag.List) string {
	var errs, warns int
	for _, d := range l {
		if d.Severity == diag.Error {
			errs++
		} else {
			warns++
		}
	}
	s := diag.Plural(errs, "error")
	if warns > 0 {
		s += ", " + diag.Plural(warns, "warning")
	}
	return s
}

var checkCmd = &command{
	name:    "check",
	args:    "[-catalog FILE]",
	summary: "Validate a catalog and print every problem, sorted. Writes nothing.",
	flags: func(fl *flag.FlagSet) {
		fl.String("catalog", DefaultCatalog, "catalog `file`")
	},
	run: func(env *Env, fl *flag.FlagSet, args []string) int {
		if len(args) > 0 {
			fmt.Fprintf(env.Stderr, "errgen check: unexpected argument %q\n", args[0])
			return ExitUsage
		}
		_, m, status := loadForOutputs(env, fl.Lookup("catalog").Value.String())
		if m == nil {
			return status
		}
		fmt.Fprintf(env.Stdout, "%s: ok: %s, %s, %s\n", relPath(env, m.Path), diag.Plural(len(m.Errors), "error"),
			diag.Plural(len(m.Domains), "domain"), diag.Plural(len(m.Shapes), "detail shape"))
		return ExitOK
	},
}

var versionCmd = &command{
	name:    "version",
	summary: "Print errgen's version and the commit it was built from.",
	run: func(env *Env, fl *flag.FlagSet, args []string) int {
		if len(args) > 0 {
			fmt.Fprintf(env.Stderr, "errgen version: unexpected argument %q\n", args[0])
			return ExitUsage
		}
		fmt.Fprintf(env.Stdout, "errgen %s\n", versionLine())
		return ExitOK
	},
}

// Set at link time by a release build (make dist): -ldflags "-X
// github.com/errgen/errgen/internal/cli.stampVersion=0.1.0 -X
// github.com/errgen/errgen/internal/cli.stampCommit=COMMIT".
var stampVersion, stampCommit string

// versionLine is what errgen version prints: the version, and the commit
// when known ("0.1.0 (commit 8299155…)", "devel (commit 8299155…,
// modified)").
func versionLine() string {
	v, commit, modified := versionInfo()
	switch {
	case commit != "" && modified:
		return v + " (commit " + commit + ", modified)"
	case commit != "":
		return v + " (commit " + commit + ")"
	}
	return v
}

// versionInfo returns errgen's version, the commit it was built from and
// whether that checkout had changes: the version and commit a release
// build was stamped with; else the module version of errgen from the
// module proxy (go install …@v0.1.0, go tool with errgen required at a
// version); else "devel", with the commit version control stamped (go
// build in a clone) or that a pseudo-version names. A replace directive
// makes any build devel: its version names no code.
func versionInfo() (version, commit string, modified bool) {
	if stampVersion != "" {
		return strings.TrimPrefix(stampVersion, "v"), stampCommit, false
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel", "", false
	}
	mod := &bi.Main
	if bi.Main.Path != errgenModule {
		mod = nil
		for _, d := range bi.Deps {
			if d.Path == errgenModule {
				mod = d
			}
		}
	}
	if mod == nil {
		return "devel", "", false
	}
	for _, s := range bi.Settings {
		switch {
		case mod != &bi.Main:
		case s.Key == "vcs.revision":
			commit = s.Value
		case s.Key == "vcs.modified":
			modified = s.Value == "true"
		}
	}
	v := mod.Version
	pseudo := pseudoVersion.FindStringSubmatch(v)
	if mod.Replace == nil && releaseVersion.MatchString(v) && pseudo == nil {
		return strings.TrimPrefix(v, "v"), commit, modified
	}
	if commit == "" && pseudo != nil && strings.Trim(pseudo[1], "0") != "" {
		commit = pseudo[1]
	}
	return "devel", commit, modified
}

var (
	// a semantic version without build metadata: v0.1.0, v1.2.0-rc.1
	releaseVersion = regexp.MustCompile(`^v[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$`)
	// a pseudo-version and its commit: v0.0.0-20250101120000-abcdef123456
	pseudoVersion = regexp.MustCompile(`[-.][0-9]{14}-([0-9a-f]{12})(\+[0-9A-Za-z.-]+)?$`)
)

func flagString(fl *flag.FlagSet, name string) string { return fl.Lookup(name).Value.String() }

// unwrapPath returns the error a *fs.PathError wraps, else err.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// relPath names path in messages, relative to the working directory.
func relPath(env *Env, path string) string { return diag.Path(env.Dir, path) }
