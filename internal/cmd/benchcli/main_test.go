package main

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestMain lets the test binary serve as the go command's -toolexec, as
// the benchcli binary does.
func TestMain(m *testing.M) {
	if os.Getenv(toolexecEnv) != "" {
		os.Exit(toolexec(os.Args[1:]))
	}
	os.Exit(m.Run())
}

// TestRun builds errgen and measures a small catalog once of each kind but
// protoc (which needs tools the tests do not install), with the committed
// HEAD as the baseline when there is a git checkout, and checks that every
// figure is printed.
func TestRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the errgen command and modules")
	}
	defer func(d time.Duration) { outputsAge = d }(outputsAge)
	outputsAge = 0 // the figures' format is under test, not their values
	var out strings.Builder
	base := ""
	if exec.Command("git", "rev-parse", "HEAD").Run() == nil {
		base = "HEAD"
	}
	gen := &config{sizes: []int{30, 60}, runs: 1, dir: t.TempDir(), what: map[string]bool{"generate": true}, base: base}
	if err := run(&out, gen); err != nil {
		t.Fatal(err)
	}
	pkg := &config{sizes: []int{30}, runs: 1, dir: t.TempDir(), benchtime: "1x",
		what: map[string]bool{"compile": true, "init": true, "runtime": true}, base: base}
	if err := run(&out, pkg); err != nil {
		t.Fatal(err)
	}
	lines := []string{
		`errors=30 generate fresh \d+\.\d{3} s \(\d+\.\d{3}\), unchanged \d+\.\d{3} s \(\d+\.\d{3}\), -check \d+\.\d{3} s \(\d+\.\d{3}\); cp -r of its output \(\d+ files, [0-9.]+ MB\) \d+\.\d{3} s \(\d+\.\d{3}\): fresh/copy [0-9.]+x, unchanged/copy [0-9.]+x, -check/copy [0-9.]+x`,
		`errors=60/30 generate fresh [0-9.]+x$`,
		`errors=30 compile generated \d+\.\d{3} s \(CPU \d+\.\d{3} s\); plain literals \d+\.\d{3} s \(CPU \d+\.\d{3} s\): generated/plain [0-9.]+x`,
		`errors=30 init generated [0-9.]+ ms, \d+ allocs`,
		`errors=30 runtime errgen \d+ ns/op \d+ allocs; encoding/json tagged struct \d+ ns/op \d+ allocs \(errgen/struct [0-9.]+x\); map \d+ ns/op \d+ allocs \(errgen/map [0-9.]+x\)$`,
	}
	if base != "" {
		lines = append(lines, `errors=60 generate .*; HEAD's generate fresh \d+\.\d{3} s: HEAD's fresh/copy [0-9.]+x, generate/HEAD [0-9.]+x; floor: without the Go package \d+\.\d{3} s \(\d+\.\d{3}\), /HEAD [0-9.]+x; gofmt of the Go package \d+\.\d{3} s \(\d+\.\d{3}\), /HEAD [0-9.]+x$`,
			`errors=30 compile .*; HEAD's generated \d+\.\d{3} s \(CPU \d+\.\d{3} s\): generated/HEAD [0-9.]+x \(CPU [0-9.]+x\)$`,
			`errors=30 init generated .*; HEAD's generated [0-9.]+ ms, \d+ allocs: generated/HEAD [0-9.]+x$`)
	}
	for _, l := range lines {
		if !regexp.MustCompile(`(?m)^` + l).MatchString(out.String()) {
			t.Errorf("no line like %s in:\n%s", l, out.String())
		}
	}
}

// TestProto: the proto equivalent to a catalog has a message and a code
// per error.
func TestProto(t *testing.T) {
	p := protoOf(250)
	if n := strings.Count(p, "\n  E_D"); n != 250 {
		t.Errorf("%d error codes, want 250", n)
	}
	if !strings.Contains(p, "  E_D049_ERR_000249 = 59002;\n") || !strings.Contains(p, "message D009Err000009 {\n  string resource = 1;") {
		t.Errorf("unexpected proto:\n%.2000s", p)
	}
}

func TestFlags(t *testing.T) {
	for _, c := range []struct{ sizes, what, want string }{
		{"1000,x", "generate", `-n: "x" is not a positive number`},
		{"0", "generate", `-n: "0" is not a positive number`},
		{"10", "generate,speed", `-what: "speed" is none of generate, protoc, compile, init, runtime`},
	} {
		_, err := parseSizes(c.sizes)
		if err == nil {
			_, err = parseWhat(c.what)
		}
		if err == nil || err.Error() != c.want {
			t.Errorf("%q %q: %v, want %q", c.sizes, c.what, err, c.want)
		}
	}
	if err := run(&strings.Builder{}, &config{runs: 0}); err == nil || err.Error() != "-runs must be at least 1" {
		t.Errorf("-runs 0: %v", err)
	}
}
