package rust

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
)

// rustfmt returns the rustfmt command, or skips the test when it is not
// installed outside CI.
func rustfmt(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("rustfmt")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("rustfmt is not installed: %v", err)
		}
		t.Skip("rustfmt is not installed; make test needs it")
	}
	return path
}

// checkFormatted writes files into a directory and runs rustfmt --check
// on the crate's root and its example: the emitter must write what
// rustfmt writes.
func checkFormatted(t *testing.T, files []gen.File) {
	t.Helper()
	dir := t.TempDir()
	for _, f := range files {
		errgentest.WriteFile(t, dir, f.Path, string(f.Data))
	}
	cmd := exec.Command(rustfmt(t), "--edition", "2021", "--check", "--color", "never", "src/lib.rs", "examples/conformance.rs")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		if len(out) > 6000 {
			out = append(out[:6000], "\n…"...)
		}
		t.Fatalf("rustfmt --check: %v\n%s", err, out)
	}
}

// name returns a lower-case snake name of n characters.
func name(prefix string, n int) string {
	s := prefix
	for len(s) < n {
		s += "_x"
	}
	s = strings.TrimSuffix(s[:n], "_")
	for len(s) < n {
		s += "y"
	}
	return s
}

// words returns text of n characters.
func words(n int) string {
	s := strings.Repeat("word ", n/5+1)
	return strings.TrimSpace(s[:n]) + strings.Repeat("z", n-len(strings.TrimSpace(s[:n])))
}

// widthCatalog is a catalog whose names and texts take every length from
// short to past a line, so that each layout rule meets its boundaries.
func widthCatalog(lo, hi int) string {
	var b strings.Builder
	b.WriteString("errgen: 1\nname: widths\nversion: 1.0.0\nfallback: E_A\nlimits: {max_suggestions: 10}\ndomains:\n")
	b.WriteString("  base: {range: [1, 9999]}\n")
	for n := lo; n <= hi; n++ {
		fmt.Fprintf(&b, "  %s: {range: [%d, %d]}\n", name("dom", n), 10000+n*10, 10000+n*10+9)
	}
	b.WriteString("details:\n")
	for n := lo; n <= hi; n++ {
		fmt.Fprintf(&b, "  %s:\n    type: object\n    required: [%s]\n    properties:\n", name("shape", n), name("p", n))
		fmt.Fprintf(&b, "      %s: {type: string, enum: [%q, a, b]}\n", name("p", n), words(n))
		fmt.Fprintf(&b, "      %q: {type: array, items: {type: array, items: {$ref: %s}}}\n", words(n), name("shape", n))
		fmt.Fprintf(&b, "      %s: {$ref: %s}\n", name("q", n), name("shape", n))
	}
	b.WriteString("errors:\n  E_A: {code: 1, title: A, message: a, doc: A.}\n")
	code := 2
	for n := lo; n <= hi; n++ {
		typ := name("t", n)
		sym := "E_" + strings.ToUpper(typ)
		fmt.Fprintf(&b, "  %s:\n    code: %d\n    type: %s\n    title: %q\n    message: %q\n    user_message: %q\n",
			sym, code, typ, words(n), words(n+8), words(n+16))
		statuses := []string{}
		for i := 0; i < n%45+1; i++ {
			statuses = append(statuses, fmt.Sprint(400+i))
		}
		fmt.Fprintf(&b, "    status: [%s]\n", strings.Join(statuses, ", "))
		sugg := []string{fmt.Sprintf("%q", words(n))}
		for i := 0; i < n%7; i++ {
			sugg = append(sugg, fmt.Sprintf("%q", words(i+2)))
		}
		fmt.Fprintf(&b, "    suggestions: [%s]\n", strings.Join(sugg, ", "))
		fmt.Fprintf(&b, "    details: %s\n    doc: %q\n", name("shape", n), words(n*2))
		code++
		fmt.Fprintf(&b, "  %s:\n    code: %d\n    domain: %s\n    title: T\n    message: m\n    doc: D.\n    aliases: [%s]\n",
			"E_"+strings.ToUpper(name("u", n)), 10000+n*10, name("dom", n), "E_"+strings.ToUpper(name("v", n)))
	}
	return b.String()
}

// TestRustfmtLayout generates the crate of a catalog whose names and texts
// take every length from 1 to 110 characters and checks that rustfmt
// leaves every file as it is.
func TestRustfmtLayout(t *testing.T) {
	rustfmt(t)
	for _, r := range [][2]int{{1, 40}, {41, 80}, {81, 110}} {
		t.Run(fmt.Sprintf("%d-%d", r[0], r[1]), func(t *testing.T) {
			dir := t.TempDir()
			errgentest.WriteFile(t, dir, "errors.yaml", widthCatalog(r[0], r[1]))
			m := errgentest.Model(t, catalog.OSFS{}, filepath.Join(dir, "errors.yaml"))
			files, err := Generate(m, Options{})
			if err != nil {
				t.Fatal(err)
			}
			checkFormatted(t, files)
		})
	}
}
