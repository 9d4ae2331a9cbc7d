package pipeline

import (
	"bytes"
	"fmt"
	"github.com/errgen/errgen/internal/errgentest"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/diag"
	"github.com/errgen/errgen/internal/gen/outputs"
	"github.com/errgen/errgen/internal/model"
)

// TestMain gives the tests a cache of their own (see cache.go), so that
// they neither read nor fill the user's.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "errgen-cache-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Setenv(cacheEnv, dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// starterCatalog is the catalog errgen init writes.
var starterCatalog = func() []byte {
	data, err := os.ReadFile(filepath.Join("..", "cli", "starter", "errors.yaml"))
	if err != nil {
		panic(err)
	}
	return data
}()

// flagNames returns the names of generate's flags, as errgen's command
// line defines them from the outputs: -catalog, each output's place and
// setting flags, and -check.
func flagNames() []string {
	names := []string{"catalog"}
	for _, o := range outputs.All {
		s := o.Spec()
		names = append(names, s.Key)
		for _, st := range s.Settings {
			if st.Flag != "" {
				names = append(names, st.Flag)
			}
		}
	}
	return append(names, "check")
}

// request returns the request of errgen generate's arguments args in dir
// ("-go", "out/go", "-check", "-docs=out/docs"), and the buffers it
// writes to.
func request(t *testing.T, dir string, args ...string) (*Request, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	var out, errb bytes.Buffer
	req := &Request{Catalog: "catalog/errors.yaml", Places: map[string]string{}, Settings: map[string]string{},
		Rerun: func() string { return "errgen generate" }, Stdout: &out, Stderr: &errb, Dir: dir, FS: catalog.OSFS{}}
	req.Load = testLoad(req)
	for i := 0; i < len(args); i++ {
		name, value, hasValue := strings.Cut(strings.TrimPrefix(args[i], "-"), "=")
		if !strings.HasPrefix(args[i], "-") || !slices.Contains(flagNames(), name) {
			t.Fatalf("generate %q: no flag %s", args, args[i])
		}
		if name == "check" {
			req.Check = !hasValue || value == "true"
			continue
		}
		if !hasValue {
			if i++; i == len(args) {
				t.Fatalf("generate %q: -%s wants a value", args, name)
			}
			value = args[i]
		}
		switch {
		case name == "catalog":
			req.Catalog = value
		case outputs.Lookup(name) != nil:
			req.Places[name] = value
		default:
			req.Settings[name] = value
		}
	}
	return req, &out, &errb
}

// testLoad reads and checks a catalog as errgen check does, printing its
// diagnostics.
func testLoad(req *Request) Loader {
	return func(path string) (*catalog.Catalog, *model.Catalog, int, int) {
		raw, diags, err := catalog.Parse(req.FS, path)
		if err != nil {
			fmt.Fprintf(req.Stderr, "errgen: %v\n", err)
			return nil, nil, 0, ExitUsage
		}
		diags.Append(outputs.Check(raw))
		var m *model.Catalog
		if !raw.Incomplete {
			var more diag.List
			m, more = model.Build(raw)
			diags.Append(more)
		}
		diags.Append(PlaceDiags(req.Dir, raw))
		diags.Sort()
		io.WriteString(req.Stderr, diags.Format(req.Dir))
		if diags.HasErrors() {
			fmt.Fprintf(req.Stderr, "%s: invalid\n", relPath(req, path))
			return nil, nil, 0, ExitInvalid
		}
		return raw, m, len(diags), ExitOK
	}
}

// run runs errgen generate in dir (args[0] is "generate"), or checks the
// catalog as errgen check does (args is "check").
func run(t *testing.T, dir string, args ...string) (string, string, int) {
	t.Helper()
	switch {
	case len(args) == 1 && args[0] == "check":
		req, out, errb := request(t, dir)
		_, _, _, code := req.Load(req.abs(req.Catalog))
		return out.String(), errb.String(), code
	case len(args) == 0 || args[0] != "generate":
		t.Fatalf("run %q: only generate and check run here", args)
	}
	req, out, errb := request(t, dir, args[1:]...)
	code := Generate(req)
	return out.String(), errb.String(), code
}

// newProject writes the starter catalog to dir/catalog/errors.yaml.
func newProject(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	errgentest.WritePath(t, filepath.Join(dir, "catalog", "errors.yaml"), starterCatalog)
	return dir
}

// newModule is [newProject] with a go.mod, which makes the project the
// catalog's tree.
func newModule(t *testing.T) string {
	dir := newProject(t)
	errgentest.WritePath(t, filepath.Join(dir, "go.mod"), []byte("module example.com/myservice\n"))
	return dir
}

// editCatalog replaces old by new in the project's catalog.
func editCatalog(t *testing.T, dir, old, new string) {
	t.Helper()
	errgentest.EditPath(t, filepath.Join(dir, "catalog", "errors.yaml"), old, new)
}

// generate runs errgen generate in dir and fails the test unless it succeeds.
func generate(t *testing.T, dir string, args ...string) string {
	t.Helper()
	stdout, stderr, code := run(t, dir, append([]string{"generate"}, args...)...)
	if code != ExitOK {
		t.Fatalf("generate: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	return stdout
}
