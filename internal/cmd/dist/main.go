// Command dist writes errgen's release (make dist): archives with a
// SHA256SUMS file, the npm packages and the Python wheels, for Linux,
// macOS and Windows on amd64 and arm64 (see package dist).
//
//	go run ./internal/cmd/dist [-version 0.1.0] [-out dist] [-platforms linux_amd64,...]
//
// Run it in errgen's module. The version defaults to errgen's release
// (cli.Version); the commit linked in to git rev-parse HEAD; every archive
// entry's time to SOURCE_DATE_EPOCH, else the commit's time. Two runs on
// one commit give the same bytes. Every package and archive carries
// errgen's license (dist.License) and the repository's LICENSE.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/errgen/errgen/internal/cli"
	"github.com/errgen/errgen/internal/dist"
)

func main() {
	version := flag.String("version", cli.Version, "the release's `version`: X.Y.Z or X.Y.Z-(alpha|beta|rc).N")
	out := flag.String("out", "dist", "the release `directory`, emptied first")
	platforms := flag.String("platforms", "", "comma-separated `list` of OS_ARCH (default every one: "+platformList(dist.Platforms)+")")
	commit := flag.String("commit", "", "the `commit` linked into the binaries (default git rev-parse HEAD)")
	python := flag.String("python", "python3", "the Python 3 `command` that writes the wheels")
	flag.Parse()
	if flag.NArg() > 0 {
		fail("unexpected argument %q", flag.Arg(0))
	}
	root, err := os.Getwd()
	if err != nil {
		fail("%v", err)
	}
	if _, err := os.Stat(filepath.Join(root, "cmd", "errgen")); err != nil {
		fail("run it in errgen's module (make dist): %s has no cmd/errgen", root)
	}
	o := dist.Options{Root: root, Out: *out, Version: strings.TrimPrefix(*version, "v"), Commit: *commit,
		Python: *python, Log: os.Stdout}
	if o.Commit == "" {
		o.Commit = git(root, "rev-parse", "HEAD")
		if o.Commit != "" && git(root, "status", "--porcelain", "--untracked-files=no") != "" {
			fmt.Fprintf(os.Stderr, "dist: warning: the working tree has changes that commit %s does not hold, yet the binaries will name it: release from a clean checkout\n", o.Commit)
		}
	}
	if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
		sec, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			fail("SOURCE_DATE_EPOCH=%q is not a number of seconds", s)
		}
		o.Time = time.Unix(sec, 0)
	} else if s := git(root, "log", "-1", "--format=%ct"); s != "" {
		if sec, err := strconv.ParseInt(s, 10, 64); err == nil {
			o.Time = time.Unix(sec, 0)
		}
	}
	if *platforms != "" {
		for _, name := range strings.Split(*platforms, ",") {
			found := false
			for _, p := range dist.Platforms {
				if p.String() == strings.TrimSpace(name) {
					o.Platforms, found = append(o.Platforms, p), true
				}
			}
			if !found {
				fail("-platforms: no platform %q; there are %s", name, platformList(dist.Platforms))
			}
		}
	}
	if err := dist.Build(o); err != nil {
		fail("%v", err)
	}
	fmt.Printf("wrote %s: archives and SHA256SUMS, npm/ (npm publish each directory, the platforms' first), the wheels (twine upload *.whl)\n", *out)
}

func platformList(ps []dist.Platform) string {
	var names []string
	for _, p := range ps {
		names = append(names, p.String())
	}
	return strings.Join(names, ", ")
}

// git runs git in dir and returns its output, "" when it fails.
func git(dir string, args ...string) string {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "dist: "+format+"\n", args...)
	os.Exit(2)
}
