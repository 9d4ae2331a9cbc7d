// Command benchcli measures errgen side by side with what it is compared
// to, a process per run, and prints each figure with the ratio it stands
// for (make bench-cli):
//
//	go run ./internal/cmd/benchcli -n 100,1000,10000 -runs 5 -base main
//
// For each catalog size (a synthetic catalog of gencatalog) it measures
//
//   - generate: errgen generate into a new directory (fresh), and again
//     over its own outputs (unchanged) and with -check, against copying the
//     fresh output tree with cp -r and, with -base, against the errgen of
//     git revision -base (built from git archive); the outputs go under
//     -dir, by default a directory on /dev/shm, so that the disk does not
//     decide; with -base and the default outputs, the floor of a fresh
//     run beside base's too: errgen generate of the other outputs alone
//     (no Go package), and gofmt of the fresh run's Go package, the
//     go/format work any package jennifer prints costs;
//   - protoc: protoc with protoc-gen-go on an equivalent proto (a message and
//     an enum value per error, a message per detail shape), against errgen
//     generate; needs protoc and protoc-gen-go (-protoc-gen-go, else on
//     PATH: make bench-tools installs both);
//   - compile: go build of the generated package, against a package of the
//     same facts as plain composite literals and, with -base, against the
//     package -base's errgen generates, with its own runtime;
//   - init: the generated package's initialization (GODEBUG=inittrace),
//     against -base's;
//   - runtime: go test -bench of the generated package rendering one error
//     as a JSON-RPC error object, against encoding/json marshalling the
//     same object from a tagged struct and from a map.
//
// Times are medians of -runs runs (with an even count, the upper middle
// one). Without -errgen it builds the command from this module (run it
// inside the module).
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/errgen/errgen/internal/gencatalog"
)

func main() {
	if os.Getenv(toolexecEnv) != "" {
		os.Exit(toolexec(os.Args[1:]))
	}
	var c config
	flag.StringVar(&c.errgen, "errgen", "", "errgen binary to measure (default: build ./cmd/errgen)")
	flag.StringVar(&c.base, "base", "", "git `revision` whose errgen the compile and init figures compare with (e.g. main)")
	sizes := flag.String("n", "100,1000,10000", "comma-separated catalog sizes, in errors")
	flag.IntVar(&c.runs, "runs", 5, "runs of each measurement")
	flag.StringVar(&c.dir, "dir", "", "directory for catalogs and outputs (default: a new directory on /dev/shm, else a temporary one)")
	flag.StringVar(&c.protocGenGo, "protoc-gen-go", "", "protoc-gen-go `binary` (default: on PATH)")
	what := flag.String("what", "generate,protoc,compile,init,runtime", "comma-separated measurements")
	flag.StringVar(&c.benchtime, "benchtime", "1s", "go test -benchtime of the runtime benchmarks")
	flag.BoolVar(&allOutputs, "all", false, "generate every output errgen and -base both write (the Rust crate and the conformance vectors too), not the default four")
	flag.Parse()
	var err error
	if c.sizes, err = parseSizes(*sizes); err == nil {
		c.what, err = parseWhat(*what)
	}
	if err == nil {
		err = run(os.Stdout, &c)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchcli:", err)
		os.Exit(2)
	}
}

// config is what a run measures, and where.
type config struct {
	errgen, base, dir, protocGenGo, benchtime string
	sizes                                     []int
	runs                                      int
	what                                      map[string]bool
}

var measurements = []string{"generate", "protoc", "compile", "init", "runtime"}

func parseSizes(s string) ([]int, error) {
	var ns []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("-n: %q is not a positive number", f)
		}
		ns = append(ns, n)
	}
	return ns, nil
}

func parseWhat(s string) (map[string]bool, error) {
	out := map[string]bool{}
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if !slices.Contains(measurements, f) {
			return nil, fmt.Errorf("-what: %q is none of %s", f, strings.Join(measurements, ", "))
		}
		out[f] = true
	}
	return out, nil
}

func run(w io.Writer, c *config) error {
	if c.runs < 1 {
		return fmt.Errorf("-runs must be at least 1")
	}
	if c.dir == "" {
		parent := ""
		if st, err := os.Stat("/dev/shm"); err == nil && st.IsDir() {
			parent = "/dev/shm"
		}
		d, err := os.MkdirTemp(parent, "errgen-benchcli-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(d)
		c.dir = d
	}
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	if c.errgen == "" {
		c.errgen = filepath.Join(c.dir, "errgen")
		if err := goBuild(root, c.errgen, "./cmd/errgen"); err != nil {
			return err
		}
	} else if c.errgen, err = filepath.Abs(c.errgen); err != nil {
		return err
	}
	var base *baseline
	if c.base != "" && (c.what["generate"] || c.what["compile"] || c.what["init"]) {
		if base, err = buildBaseline(root, c.dir, c.base); err != nil {
			return err
		}
	}
	fmt.Fprintf(w, "outputs under %s; medians of %d runs\n", c.dir, c.runs)
	var fresh []time.Duration
	for _, n := range c.sizes {
		catalog := filepath.Join(c.dir, fmt.Sprintf("errors-%d.yaml", n))
		if err := os.WriteFile(catalog, gencatalog.Generate(n), 0o644); err != nil {
			return err
		}
		var gen time.Duration
		if c.what["generate"] || c.what["protoc"] {
			if gen, err = measureGenerate(w, c, base, n, catalog); err != nil {
				return err
			}
			fresh = append(fresh, gen)
		}
		if c.what["protoc"] {
			if err := measureProtoc(w, c, n, gen); err != nil {
				return err
			}
		}
		if c.what["compile"] || c.what["init"] || c.what["runtime"] {
			if err := measurePackage(w, c, root, base, n, catalog); err != nil {
				return err
			}
		}
	}
	for i := 1; i < len(fresh); i++ {
		fmt.Fprintf(w, "errors=%d/%d generate fresh %s\n", c.sizes[i], c.sizes[i-1], ratio(fresh[i], fresh[i-1]))
	}
	return nil
}

// measureGenerate times errgen generate fresh, unchanged and -check, and
// cp -r of the output tree, and returns the fresh median. Each run is a
// fresh generate into a new directory, the copy of that tree, then an
// unchanged generate and a generate -check over the first run's tree
// (which answer from its records), so that drift over minutes falls on all
// four alike. With a baseline, its errgen generate is timed too, each run
// right after this one's, and, of the default outputs, the floor: gofmt
// of the fresh run's Go package and a generate of the other outputs,
// right after the fresh run.
func measureGenerate(w io.Writer, c *config, base *baseline, n int, catalog string) (time.Duration, error) {
	var fresh, unchanged, check, copies, baseFresh, noGo, gofmt []time.Duration
	floor := base != nil && !allOutputs
	gofmtBin := ""
	if floor {
		goroot, err := exec.Command("go", "env", "GOROOT").Output()
		if err != nil {
			return 0, fmt.Errorf("go env GOROOT: %v", err)
		}
		gofmtBin = filepath.Join(strings.TrimSpace(string(goroot)), "bin", "gofmt")
	}
	same := filepath.Join(c.dir, fmt.Sprintf("fresh-%d-0", n))
	for i := range c.runs {
		out := filepath.Join(c.dir, fmt.Sprintf("fresh-%d-%d", n, i))
		d, err := timeGenerate(c.errgen, catalog, out)
		if err != nil {
			return 0, err
		}
		fresh = append(fresh, d)
		if floor {
			if d, err = timeCmd(exec.Command(gofmtBin, "-l", filepath.Join(out, "go"))); err != nil {
				return 0, err
			}
			gofmt = append(gofmt, d)
			other := filepath.Join(c.dir, fmt.Sprintf("nogo-%d-%d", n, i))
			if d, err = timeGenerateWithout(c.errgen, catalog, other, "-go"); err != nil {
				return 0, err
			}
			noGo = append(noGo, d)
			if err := os.RemoveAll(other); err != nil {
				return 0, err
			}
		}
		dst := filepath.Join(c.dir, fmt.Sprintf("copy-%d-%d", n, i))
		syncFS()
		if d, err = timeCmd(exec.Command("cp", "-r", out, dst)); err != nil {
			return 0, err
		}
		copies = append(copies, d)
		if err := os.RemoveAll(dst); err != nil {
			return 0, err
		}
		if i > 0 { // the first run's output stays for the unchanged runs
			if err := os.RemoveAll(out); err != nil {
				return 0, err
			}
		} else {
			// the outputs age as between two runs of go generate: past
			// the seconds in which the unchanged short-circuit reads and
			// hashes a file rather than trust its stamp (a write there
			// could keep it)
			time.Sleep(outputsAge)
		}
		if d, err = timeGenerate(c.errgen, catalog, same); err != nil {
			return 0, err
		}
		unchanged = append(unchanged, d)
		if d, err = timeGenerate(c.errgen, catalog, same, "-check"); err != nil {
			return 0, err
		}
		check = append(check, d)
		if base != nil {
			out := filepath.Join(c.dir, fmt.Sprintf("base-fresh-%d-%d", n, i))
			d, err := timeGenerate(base.errgen, catalog, out)
			if err != nil {
				return 0, err
			}
			baseFresh = append(baseFresh, d)
			if err := os.RemoveAll(out); err != nil {
				return 0, err
			}
		}
	}
	files, bytes := treeSize(same)
	if err := os.RemoveAll(same); err != nil {
		return 0, err
	}
	gen, cp := median(fresh), median(copies)
	fmt.Fprintf(w, "errors=%d generate fresh %s (%s), unchanged %s (%s), -check %s (%s); cp -r of its output (%d files, %.1f MB) %s (%s): fresh/copy %s, unchanged/copy %s, -check/copy %s",
		n, secs(gen), runList(fresh), secs(median(unchanged)), runList(unchanged), secs(median(check)), runList(check),
		files, float64(bytes)/1e6, secs(cp), runList(copies), ratio(gen, cp), ratio(median(unchanged), cp), ratio(median(check), cp))
	if base != nil {
		b := median(baseFresh)
		fmt.Fprintf(w, "; %s's generate fresh %s: %s's fresh/copy %s, generate/%s %s", base.rev, secs(b), base.rev, ratio(b, cp), base.rev, ratio(gen, b))
		if floor {
			fmt.Fprintf(w, "; floor: without the Go package %s (%s), /%s %s; gofmt of the Go package %s (%s), /%s %s",
				secs(median(noGo)), runList(noGo), base.rev, ratio(median(noGo), b), secs(median(gofmt)), runList(gofmt), base.rev, ratio(median(gofmt), b))
		}
	}
	fmt.Fprintln(w)
	return gen, nil
}

// outputsAge is how old the outputs the unchanged runs answer for are
// when the first one runs: more than the short-circuit's racy margin
// (internal/pipeline/stamp.go).
var outputsAge = 4 * time.Second

// allOutputs is -all: the Rust crate and the conformance vectors are
// generated too. The Python package and the facts file are not, which
// the baselines the figures compare with (3d4e3a3) do not write.
var allOutputs bool

// timeGenerate times errgen generate of the default outputs of catalog
// (Go, TypeScript, JSON Schema, docs; with -all, the Rust crate and the
// conformance vectors too) into out, with more flags (-check).
func timeGenerate(bin, catalog, out string, more ...string) (time.Duration, error) {
	return timeGenerateWithout(bin, catalog, out, "", more...)
}

// timeGenerateWithout is timeGenerate without the output whose flag is
// without ("-go"; "" for none).
func timeGenerateWithout(bin, catalog, out, without string, more ...string) (time.Duration, error) {
	syncFS()
	outputs := []string{"-go", filepath.Join(out, "go"), "-ts", filepath.Join(out, "ts"),
		"-schema", filepath.Join(out, "schema", "error-context.schema.json"), "-docs", filepath.Join(out, "docs")}
	if allOutputs {
		outputs = append(outputs, "-rust", filepath.Join(out, "rust"), "-conformance", filepath.Join(out, "conformance", "vectors.json"))
	}
	args := []string{"generate", "-catalog", catalog}
	for i := 0; i < len(outputs); i += 2 {
		if outputs[i] != without {
			args = append(args, outputs[i], outputs[i+1])
		}
	}
	return timeCmd(exec.Command(bin, append(args, more...)...))
}

// timeCmd runs cmd and returns its wall time.
func timeCmd(cmd *exec.Cmd) (time.Duration, error) {
	var stderr strings.Builder
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	d := time.Since(start)
	if err != nil {
		return 0, fmt.Errorf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, stderr.String())
	}
	return d, nil
}

func treeSize(dir string) (files int, bytes int64) {
	_ = filepath.Walk(dir, func(_ string, info os.FileInfo, err error) error {
		if err == nil && info.Mode().IsRegular() {
			files++
			bytes += info.Size()
		}
		return nil
	})
	return files, bytes
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

func secs(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', 3, 64) + " s" }

func runList(ds []time.Duration) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = strconv.FormatFloat(d.Seconds(), 'f', 3, 64)
	}
	return strings.Join(parts, " ")
}

// ratio is a/b, as "4.2x".
func ratio(a, b time.Duration) string {
	if b <= 0 {
		return "n/a"
	}
	return strconv.FormatFloat(float64(a)/float64(b), 'f', 2, 64) + "x"
}

// moduleRoot is the directory of this module's go.mod.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	mod := strings.TrimSpace(string(out))
	if err != nil || mod == "" || mod == os.DevNull {
		return "", fmt.Errorf("run benchcli inside the errgen module (go env GOMOD: %v)", err)
	}
	return filepath.Dir(mod), nil
}

// goBuild builds pkg of the module at dir into out.
func goBuild(dir, out, pkg string) error {
	cmd := exec.Command("go", "build", "-o", out, pkg)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build %s in %s: %v\n%s", pkg, dir, err, msg)
	}
	return nil
}
