// Command benchcli measures the errgen command end to end, as a user runs
// it: a separate process per run, so start-up, exit and the file system
// are part of the figure, which the in-process BenchmarkGenerate leaves
// out. For each catalog size it writes a synthetic catalog, then runs
// errgen generate -runs times into a new directory each (fresh) and -runs
// times over one directory it already wrote (unchanged), and prints every
// run's wall time and the medians of wall, user and system time:
//
//	go run ./internal/cmd/benchcli -errgen /path/to/errgen -n 1000,10000 -runs 5
//
// Without -errgen it builds the command from this module first (run it
// inside the module). The file system is synced before each run, so that
// writing back an earlier run's pages is not counted in the next. Outputs
// are kept until the end and then removed, unless -dir says where to put
// them: on some file systems (ext4 without a journal) creating files right
// after deleting many thousands is several times slower. With an even
// -runs, the median is the upper of the two middle runs.
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
	bin := flag.String("errgen", "", "errgen binary to measure (default: build ./cmd/errgen)")
	sizes := flag.String("n", "1000,10000", "comma-separated catalog sizes, in errors")
	runs := flag.Int("runs", 5, "runs of each kind")
	dir := flag.String("dir", "", "directory for catalogs and outputs (default: a new temporary directory)")
	flag.Parse()
	if err := run(os.Stdout, *bin, *sizes, *runs, *dir); err != nil {
		fmt.Fprintln(os.Stderr, "benchcli:", err)
		os.Exit(2)
	}
}

func run(w io.Writer, bin, sizes string, runs int, dir string) error {
	if runs < 1 {
		return fmt.Errorf("-runs must be at least 1")
	}
	var ns []int
	for _, f := range strings.Split(sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return fmt.Errorf("-n: %q is not a positive number", f)
		}
		ns = append(ns, n)
	}
	if dir == "" {
		d, err := os.MkdirTemp("", "errgen-benchcli-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(d)
		dir = d
	}
	if bin == "" {
		bin = filepath.Join(dir, "errgen")
		build := exec.Command("go", "build", "-o", bin, "github.com/errgen/errgen/cmd/errgen")
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			return fmt.Errorf("go build (run inside this module): %v", err)
		}
	} else if abs, err := filepath.Abs(bin); err == nil {
		bin = abs
	}
	for _, n := range ns {
		catalog := filepath.Join(dir, fmt.Sprintf("errors-%d.yaml", n))
		if err := os.WriteFile(catalog, gencatalog.Generate(n), 0o644); err != nil {
			return err
		}
		var fresh, unchanged []sample
		for i := range runs {
			s, err := generate(bin, catalog, filepath.Join(dir, fmt.Sprintf("fresh-%d-%d", n, i)))
			if err != nil {
				return err
			}
			fresh = append(fresh, s)
		}
		same := filepath.Join(dir, fmt.Sprintf("fresh-%d-0", n))
		for range runs {
			s, err := generate(bin, catalog, same)
			if err != nil {
				return err
			}
			unchanged = append(unchanged, s)
		}
		report(w, n, "fresh", fresh)
		report(w, n, "unchanged", unchanged)
	}
	return nil
}

// sample is one run's wall, user and system time.
type sample struct{ wall, user, sys time.Duration }

func generate(bin, catalog, out string) (sample, error) {
	syncFS()
	cmd := exec.Command(bin, "generate", "-catalog", catalog,
		"-go", filepath.Join(out, "go"), "-ts", filepath.Join(out, "ts"),
		"-schema", filepath.Join(out, "schema", "error-context.schema.json"), "-docs", filepath.Join(out, "docs"))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return sample{}, fmt.Errorf("errgen generate: %v\n%s", err, stderr.String())
	}
	return sample{wall, cmd.ProcessState.UserTime(), cmd.ProcessState.SystemTime()}, nil
}

func report(w io.Writer, n int, kind string, ss []sample) {
	var walls []string
	for _, s := range ss {
		walls = append(walls, secs(s.wall))
	}
	med := func(get func(sample) time.Duration) time.Duration {
		ds := make([]time.Duration, len(ss))
		for i, s := range ss {
			ds[i] = get(s)
		}
		slices.Sort(ds)
		return ds[len(ds)/2]
	}
	fmt.Fprintf(w, "errors=%d %-9s wall %s s; median %s s wall, %s s user, %s s system\n", n, kind,
		strings.Join(walls, " "),
		secs(med(func(s sample) time.Duration { return s.wall })),
		secs(med(func(s sample) time.Duration { return s.user })),
		secs(med(func(s sample) time.Duration { return s.sys })))
}

func secs(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', 2, 64) }
