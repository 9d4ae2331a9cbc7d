package main

import (
	"archive/tar"
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"go/format"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/gen/golang"
	"github.com/errgen/errgen/internal/model"
)

// baseline is the errgen of another git revision: its source tree (whose
// errgenrt the packages it generates build against) and its command.
type baseline struct {
	rev, root, errgen string
}

// buildBaseline extracts revision rev of the repository at root (git
// archive) into dir and builds its errgen.
func buildBaseline(root, dir, rev string) (*baseline, error) {
	cmd := exec.Command("git", "archive", "--format=tar", rev)
	cmd.Dir = root
	var stderr strings.Builder
	cmd.Stderr = &stderr
	archive, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git archive %s: %v\n%s", rev, err, stderr.String())
	}
	b := &baseline{rev: rev, root: filepath.Join(dir, "base-src")}
	if err := untar(archive, b.root); err != nil {
		return nil, err
	}
	b.errgen = filepath.Join(dir, "errgen-base")
	return b, goBuild(b.root, b.errgen, "./cmd/errgen")
}

func untar(archive []byte, dir string) error {
	r := tar.NewReader(bytes.NewReader(archive))
	for {
		h, err := r.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		p := filepath.Join(dir, filepath.FromSlash(h.Name))
		switch h.Typeflag {
		case tar.TypeDir:
			err = os.MkdirAll(p, 0o755)
		case tar.TypeReg:
			if err = os.MkdirAll(filepath.Dir(p), 0o755); err == nil {
				var data []byte
				if data, err = io.ReadAll(r); err == nil {
					err = os.WriteFile(p, data, 0o644)
				}
			}
		}
		if err != nil {
			return err
		}
	}
}

// benchModule is a throwaway module that requires an errgen source tree:
// the package an errgen generated (errs), and what is built around it.
type benchModule struct {
	dir string
}

const modulePath = "example.com/bench"

// newModule writes a module at dir requiring the errgen tree at root, and
// the package errs that bin generates from catalog.
func newModule(dir, root, bin, catalog string) (*benchModule, error) {
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return nil, err
	}
	m := &benchModule{dir: dir}
	err = m.write("go.mod", "module "+modulePath+"\n\ngo 1.24\n\nrequire github.com/errgen/errgen v0.0.0\n\nreplace github.com/errgen/errgen => "+root+"\n")
	if err == nil {
		err = m.write("go.sum", string(sum))
	}
	if err != nil {
		return nil, err
	}
	scratch := filepath.Join(dir, "scratch")
	_, err = timeCmd(exec.Command(bin, "generate", "-catalog", catalog, "-go", filepath.Join(dir, "errs"), "-go-package", "errs",
		"-ts", filepath.Join(scratch, "ts"), "-schema", filepath.Join(scratch, "s.json"), "-docs", filepath.Join(scratch, "docs")))
	if err != nil {
		return nil, err
	}
	return m, os.RemoveAll(scratch)
}

func (m *benchModule) write(name, data string) error {
	p := filepath.Join(m.dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, []byte(data), 0o644)
}

// goCmd is the go command in the module.
func (m *benchModule) goCmd(args ...string) *exec.Cmd {
	cmd := exec.Command("go", args...)
	cmd.Dir = m.dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	return cmd
}

// compile builds package pkg (a directory of the module) runs times, each
// after an edit that makes the go command compile it again, and returns
// the wall and CPU (user and system) times of the compiler on it.
func (m *benchModule) compile(pkg string, runs int) (wall, cpu []time.Duration, err error) {
	self, err := os.Executable()
	if err != nil {
		return nil, nil, err
	}
	record := filepath.Join(m.dir, "compile-times.txt")
	for i := range runs {
		if err := m.write(pkg+"/zz_benchcli.go", fmt.Sprintf("package %s\n\n// run %d at %d\n", filepath.Base(pkg), i, time.Now().UnixNano())); err != nil {
			return nil, nil, err
		}
		os.Remove(record)
		cmd := m.goCmd("build", "-toolexec", self, "./"+pkg)
		cmd.Env = append(cmd.Env, toolexecEnv+"="+record, toolexecPkgEnv+"="+modulePath+"/"+pkg)
		if out, err := cmd.CombinedOutput(); err != nil {
			return nil, nil, fmt.Errorf("go build ./%s: %v\n%s", pkg, err, out)
		}
		data, err := os.ReadFile(record)
		f := strings.Fields(string(data))
		if err != nil || len(f) != 3 {
			return nil, nil, fmt.Errorf("go build ./%s: no compile of it recorded (%v)", pkg, err)
		}
		var ns [3]int64
		for k := range ns {
			ns[k], _ = strconv.ParseInt(f[k], 10, 64)
		}
		wall = append(wall, time.Duration(ns[0]))
		cpu = append(cpu, time.Duration(ns[1]+ns[2]))
	}
	return wall, cpu, nil
}

// The environment of benchcli running as the go command's -toolexec: the
// file to record the compile into, and the package whose compile counts.
const (
	toolexecEnv    = "BENCHCLI_TOOLEXEC"
	toolexecPkgEnv = "BENCHCLI_PKG"
)

// toolexec runs the tool of args as the go command asked, and records the
// wall, user and system nanoseconds of the compile of the package under
// measurement.
func toolexec(args []string) int {
	if len(args) == 0 {
		return 2
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode()
	} else if err != nil {
		fmt.Fprintln(os.Stderr, "benchcli:", err)
		return 2
	}
	tool := strings.TrimSuffix(filepath.Base(args[0]), ".exe")
	if i := slices.Index(args, "-p"); tool == "compile" && i > 0 && i+1 < len(args) && args[i+1] == os.Getenv(toolexecPkgEnv) {
		ps := cmd.ProcessState
		line := fmt.Sprintf("%d %d %d\n", wall.Nanoseconds(), ps.UserTime().Nanoseconds(), ps.SystemTime().Nanoseconds())
		if err := os.WriteFile(os.Getenv(toolexecEnv), []byte(line), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "benchcli:", err)
			return 2
		}
	}
	return 0
}

// initTime builds a program that imports errs and runs it runs times,
// returning the medians of errs's initialization time and allocations as
// GODEBUG=inittrace reports them.
func (m *benchModule) initTime(runs int) (time.Duration, int, error) {
	if err := m.write("initmain/main.go", "package main\n\nimport errs \""+modulePath+"/errs\"\n\nfunc main() { println(len(errs.Catalog.All())) }\n"); err != nil {
		return 0, 0, err
	}
	bin := filepath.Join(m.dir, "initmain.bin")
	if out, err := m.goCmd("build", "-o", bin, "./initmain").CombinedOutput(); err != nil {
		return 0, 0, fmt.Errorf("go build ./initmain: %v\n%s", err, out)
	}
	re := regexp.MustCompile(`init ` + regexp.QuoteMeta(modulePath) + `/errs @[^,]*, ([0-9.]+) ms clock, \d+ bytes, (\d+) allocs`)
	var clocks []time.Duration
	var allocs []int
	for range runs {
		cmd := exec.Command(bin)
		cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
		out, err := cmd.CombinedOutput()
		mm := re.FindSubmatch(out)
		if err != nil || mm == nil {
			return 0, 0, fmt.Errorf("init trace of errs: %v\n%s", err, out)
		}
		ms, _ := strconv.ParseFloat(string(mm[1]), 64)
		n, _ := strconv.Atoi(string(mm[2]))
		clocks = append(clocks, time.Duration(ms*float64(time.Millisecond)))
		allocs = append(allocs, n)
	}
	slices.Sort(allocs)
	return median(clocks), allocs[len(allocs)/2], nil
}

// measurePackage measures the compile, initialization and runtime of the
// package errgen generates from catalog, side by side with what it is
// compared to.
func measurePackage(w io.Writer, c *config, root string, base *baseline, n int, catalogPath string) error {
	mod, err := newModule(filepath.Join(c.dir, fmt.Sprintf("mod-%d", n)), root, c.errgen, catalogPath)
	if err != nil {
		return err
	}
	defer os.RemoveAll(mod.dir)
	var baseMod *benchModule
	if base != nil {
		if baseMod, err = newModule(filepath.Join(c.dir, fmt.Sprintf("basemod-%d", n)), base.root, base.errgen, catalogPath); err != nil {
			return err
		}
		defer os.RemoveAll(baseMod.dir)
	}
	if c.what["compile"] {
		plain, err := plainPackage(catalogPath)
		if err != nil {
			return err
		}
		if err := mod.write("plain/plain.go", string(plain)); err != nil {
			return err
		}
		// warm the build cache of everything but the measured packages
		if out, err := mod.goCmd("build", "./...").CombinedOutput(); err != nil {
			return fmt.Errorf("go build: %v\n%s", err, out)
		}
		var wall, cpu, plainWall, plainCPU, baseWall, baseCPU []time.Duration
		for range c.runs { // interleaved, so that a slower moment hits all alike
			w1, c1, err := mod.compile("errs", 1)
			if err != nil {
				return err
			}
			w2, c2, err := mod.compile("plain", 1)
			if err != nil {
				return err
			}
			wall, cpu, plainWall, plainCPU = append(wall, w1...), append(cpu, c1...), append(plainWall, w2...), append(plainCPU, c2...)
			if baseMod != nil {
				w3, c3, err := baseMod.compile("errs", 1)
				if err != nil {
					return err
				}
				baseWall, baseCPU = append(baseWall, w3...), append(baseCPU, c3...)
			}
		}
		fmt.Fprintf(w, "errors=%d compile generated %s (CPU %s); plain literals %s (CPU %s): generated/plain %s",
			n, secs(median(wall)), secs(median(cpu)), secs(median(plainWall)), secs(median(plainCPU)), ratio(median(wall), median(plainWall)))
		if baseMod != nil {
			fmt.Fprintf(w, "; %s's generated %s (CPU %s): generated/%s %s (CPU %s)", base.rev, secs(median(baseWall)), secs(median(baseCPU)),
				base.rev, ratio(median(wall), median(baseWall)), ratio(median(cpu), median(baseCPU)))
		}
		fmt.Fprintln(w)
	}
	if c.what["init"] {
		clock, allocs, err := mod.initTime(c.runs)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "errors=%d init generated %.2f ms, %d allocs", n, ms(clock), allocs)
		if baseMod != nil {
			bclock, ballocs, err := baseMod.initTime(c.runs)
			if err != nil {
				return err
			}
			fmt.Fprintf(w, "; %s's generated %.2f ms, %d allocs: generated/%s %s", base.rev, ms(bclock), ballocs, base.rev, ratio(clock, bclock))
		}
		fmt.Fprintln(w)
	}
	if c.what["runtime"] {
		if err := measureRuntime(w, c, mod, n); err != nil {
			return err
		}
	}
	return nil
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// plainPackage is Go of the facts of every definition of the catalog as
// plain composite literals of a local struct: no runtime, constants,
// constructors or detail types. It is what the generated package is
// measured against.
func plainPackage(catalogPath string) ([]byte, error) {
	raw, diags, err := catalog.Parse(catalog.OSFS{}, catalogPath)
	if err != nil {
		return nil, err
	}
	m, more := model.Build(raw)
	diags.Append(more)
	if diags.HasErrors() {
		return nil, fmt.Errorf("%s", diags.Format(""))
	}
	var b bytes.Buffer
	bw := bufio.NewWriter(&b)
	fmt.Fprintf(bw, "// Package plain holds the definitions of %d errors as plain literals.\npackage plain\n\n", len(m.Errors))
	bw.WriteString(`// Def is what a definition holds.
type Def struct {
	Code, WireCode                           int64
	Symbol, Type, Domain, Title, ProblemType string
	Statuses                                 []int
	Retryable, Deprecated                    bool
	DetailFields                             []string
	Message, UserMessage                     string
	Suggestions                              []string
}

`)
	for _, e := range m.Errors {
		d := golang.Def(e)
		fmt.Fprintf(bw, "var Err%s = &Def{\n\tCode: %d,\n\tWireCode: %d,\n\tSymbol: %q,\n\tType: %q,\n\tDomain: %q,\n\tTitle: %q,\n\tProblemType: %q,\n\tStatuses: %#v,\n",
			e.GoName, d.Code, d.WireCode, d.Symbol, d.Type, d.Domain, d.Title, d.ProblemType, d.Statuses)
		if d.Retryable {
			bw.WriteString("\tRetryable: true,\n")
		}
		if d.Deprecated {
			bw.WriteString("\tDeprecated: true,\n")
		}
		if e.Details != nil {
			var fields []string
			if r := e.Details.Schema.Resolved(); r != nil {
				for _, p := range r.Properties {
					fields = append(fields, p.Name)
				}
			}
			fmt.Fprintf(bw, "\tDetailFields: %#v,\n", fields)
		}
		fmt.Fprintf(bw, "\tMessage: %q,\n", string(d.Message))
		if d.UserMessage != "" {
			fmt.Fprintf(bw, "\tUserMessage: %q,\n", string(d.UserMessage))
		}
		if len(d.Suggestions) > 0 {
			bw.WriteString("\tSuggestions: []string{\n")
			for _, s := range d.Suggestions {
				fmt.Fprintf(bw, "\t\t%q,\n", string(s))
			}
			bw.WriteString("\t},\n")
		}
		bw.WriteString("}\n\n")
	}
	if err := bw.Flush(); err != nil {
		return nil, err
	}
	return format.Source(b.Bytes())
}
