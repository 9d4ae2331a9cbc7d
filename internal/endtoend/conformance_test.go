package endtoend

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/errgen/errgen/errgenrt"
	mcp "github.com/errgen/errgen/gen/go"
	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/conformance"
	"github.com/errgen/errgen/internal/gen/jsonschema"
	"github.com/errgen/errgen/internal/gencatalog"
	"github.com/errgen/errgen/internal/model"
	sjs "github.com/santhosh-tekuri/jsonschema/v6"
)

// conformanceCatalogs are the catalogs whose vectors the tests check: the
// golden ones (compared with testdata/golden/NAME/conformance.json), the
// repo's own, the wire contract's registries (one whose schemas constrain
// values every way, and errno), the hostile one, a synthetic one and the
// probe catalog (every security keyword in every place).
func conformanceCatalogs(t *testing.T) map[string]*model.Catalog {
	t.Helper()
	out := map[string]*model.Catalog{}
	for _, c := range goldenCases(t) {
		out[c.name] = errgentest.Model(t, catalog.OSFS{}, c.catalog)
	}
	out["repo"] = errgentest.Model(t, catalog.OSFS{}, filepath.Join(repoRoot(t), "catalog", "errors.yaml"))
	out["registry"] = errgentest.Model(t, catalog.OSFS{}, filepath.Join("testdata", "wire", "registry.yaml"))
	out["errno"] = errgentest.Model(t, catalog.OSFS{}, filepath.Join("testdata", "wire", "errno.yaml"))
	out["hostile"] = errgentest.Model(t, catalog.MapFS{"errors.yaml": gencatalog.HostileCatalog()}, "errors.yaml")
	out["synthetic"] = errgentest.Model(t, catalog.MapFS{"errors.yaml": gencatalog.Generate(120)}, "errors.yaml")
	// every security keyword in every place a schema allows it
	out["probe"] = errgentest.Model(t, catalog.MapFS{"errors.yaml": gencatalog.ProbeCatalog()}, "errors.yaml")
	rules := rulesCatalogs(t)
	out["rules"], out["rules-formats"] = rules["errgen-rules"], rules["errgen-rules-formats"]
	return out
}

// rulesCatalogs returns the models of the rules catalogs, whose vectors
// vector files hold, by name.
func rulesCatalogs(t *testing.T) map[string]*model.Catalog {
	out := map[string]*model.Catalog{}
	for _, yaml := range [][]byte{conformance.RulesCatalog, conformance.RulesFormatsCatalog} {
		m := errgentest.Model(t, catalog.MapFS{"errors.yaml": yaml}, "errors.yaml")
		out[m.Name] = m
	}
	return out
}

// Every expected payload of every vector is what the format says: valid
// JSON that validates against the catalog's generated schema (formats
// asserted), the tool result carrying a valid problem document.
func TestConformanceVectorsValidate(t *testing.T) {
	for name, m := range conformanceCatalogs(t) {
		t.Run(name, func(t *testing.T) {
			vs, err := conformance.Vectors(gen.NewInput(m))
			if err != nil {
				t.Fatal(err)
			}
			own, rules := docsSchema(t, m), map[string]map[string]*sjs.Schema{}
			for name, rm := range rulesCatalogs(t) {
				rules[name] = docsSchema(t, rm)
			}
			kinds := map[string]int{}
			for _, v := range vs {
				kinds[strings.SplitN(strings.TrimPrefix(v.ID, v.Input.Symbol+"/"), "/", 2)[0]]++
				if v.Refused != "" || v.Advice != nil || v.Unreadable != "" {
					continue // no payload: every runner refuses the input or the line, or gives advice
				}
				sch := own
				if v.Catalog != "" {
					sch = rules[v.Catalog] // a rules catalog's vectors
				}
				for def, p := range map[string]string{jsonschema.DefJSONRPCError: v.Expect.JSONRPC, jsonschema.DefProblemDetails: v.Expect.Problem, jsonschema.DefErrorResponse: v.Expect.Response} {
					if err := sch[def].Validate(schDecode(t, []byte(p))); err != nil {
						t.Errorf("%s: %s does not validate: %v\n%s", v.ID, def, err, p)
					}
				}
				var tool struct {
					Content []struct{ Type, Text string }
					IsError bool
				}
				if err := json.Unmarshal([]byte(v.Expect.ToolResult), &tool); err != nil || !tool.IsError || len(tool.Content) != 1 || tool.Content[0].Text != v.Expect.Problem {
					t.Errorf("%s: the tool result does not carry the problem document: %s", v.ID, v.Expect.ToolResult)
				}
			}
			// every kind of vector is there
			kinds["advice"] = 0
			for _, v := range vs {
				if v.Advice != nil {
					kinds["advice"]++
				}
			}
			for _, k := range []string{"empty", "maximal", "foreign", "advice"} {
				if kinds[k] == 0 {
					t.Errorf("no %s vector among %d: %v", k, len(vs), kinds)
				}
			}
		})
	}
}

// The vector file of every golden catalog is kept under
// testdata/golden/NAME/conformance.json: a change of the wire shows in its
// diff (go test -update rewrites it).
func TestGoldenConformance(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(c.name, func(t *testing.T) {
			m := errgentest.Model(t, catalog.OSFS{}, c.catalog)
			files, err := conformance.Generate(gen.NewInput(m), conformance.Options{File: "conformance.json"})
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(c.dir, "conformance.json")
			if *update {
				if err := os.WriteFile(path, files[0].Data, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if !bytes.Equal(want, files[0].Data) {
				t.Errorf("%s differs (run go test -update):\n%s", path, firstDiff(want, files[0].Data))
			}
			var doc struct {
				Conformance int
				Vectors     []struct {
					ID         string
					Input      json.RawMessage
					Expect     *errgenrt.ConformancePayloads
					Refused    string
					Advice     *errgenrt.ConformanceAdvice
					Unreadable string
				}
			}
			if err := json.Unmarshal(files[0].Data, &doc); err != nil || doc.Conformance != conformance.Version || len(doc.Vectors) == 0 {
				t.Fatalf("the vector file does not read back: %v", err)
			}
			for _, v := range doc.Vectors {
				if n := btoi(v.Expect != nil) + btoi(v.Refused != "") + btoi(v.Advice != nil) + btoi(v.Unreadable != ""); n != 1 {
					t.Errorf("%s: a vector has one of expect, refused, advice and unreadable; this one %d", v.ID, n)
				}
			}
		})
	}
}

// The compiled golden packages and the repo's own gen/go — the Go the
// emitter writes, not the runtime model the vectors were rendered with —
// answer every vector byte for byte through errgenrt.ServeConformance; and
// so does a runner of another catalog given each input with the catalog's
// facts (input.catalog), read by errgenrt.ReadFacts.
func TestGoRunnerMatchesVectors(t *testing.T) {
	cases := goldenCases(t)
	cases = append(cases, goldenCase{name: "repo", catalog: filepath.Join(repoRoot(t), "catalog", "errors.yaml")})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rc := runtimeCatalogs[c.name]
			if c.name == "repo" {
				rc = mcp.Catalog
			}
			m := errgentest.Model(t, catalog.OSFS{}, c.catalog)
			in := gen.NewInput(m)
			vs, err := conformance.Vectors(in)
			if err != nil {
				t.Fatal(err)
			}
			checkGoRunner(t, "the compiled package", rc, vs, nil)
			facts, err := json.Marshal(in.Facts)
			if err != nil {
				t.Fatal(err)
			}
			other := mcp.Catalog
			if c.name == "repo" {
				other = runtimeCatalogs["kinds"]
			}
			checkGoRunner(t, "another catalog's runner given the facts", other, vs, facts)
		})
	}
}

// checkGoRunner sends the vectors vs to errgenrt.ServeConformance on rc,
// each input carrying the facts when they are given, and checks every
// answer.
func checkGoRunner(t *testing.T, who string, rc *errgenrt.Catalog, vs []conformance.Vector, facts json.RawMessage) {
	t.Helper()
	var in bytes.Buffer
	for _, v := range vs {
		line, err := v.Line()
		if err != nil {
			t.Fatal(err)
		}
		if facts != nil && v.Input.Catalog == nil && v.Unreadable == "" { // the rules catalog's vectors carry their own
			line = lineWithFacts(t, line, facts)
		}
		in.Write(append(line, '\n'))
	}
	var out bytes.Buffer
	if err := errgenrt.ServeConformance(rc, &in, &out); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(&out)
	sc.Buffer(nil, 64<<20)
	i := 0
	for ; sc.Scan(); i++ {
		var a struct {
			ID       string
			Payloads errgenrt.ConformancePayloads
			Advice   *errgenrt.ConformanceAdvice
			Error    string
		}
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatalf("answer %d: %v", i, err)
		}
		if i < len(vs) && vs[i].Unreadable != "" {
			if a.ID != "" || a.Error == "" {
				t.Errorf("%s: %s reads a line it cannot read (%s): %.200s", vs[i].ID, who, vs[i].Unreadable, sc.Bytes())
			}
			continue
		}
		if i >= len(vs) || a.ID != vs[i].ID {
			t.Fatalf("answer %d is for %q", i, a.ID)
		}
		if vs[i].Refused != "" {
			if a.Error == "" {
				t.Errorf("%s: %s renders an input it must refuse (%s)", a.ID, who, vs[i].Refused)
			}
			continue
		}
		if vs[i].Advice != nil {
			if a.Error != "" || a.Advice == nil || !reflect.DeepEqual(*a.Advice, *vs[i].Advice) {
				t.Errorf("%s: %s advises %+v (error %q), the vector %+v", a.ID, who, a.Advice, a.Error, *vs[i].Advice)
			}
			continue
		}
		if a.Error != "" || a.Payloads != vs[i].Expect {
			t.Errorf("%s: %s renders\n%+v\n(error %q), the vectors expect\n%+v", a.ID, who, a.Payloads, a.Error, vs[i].Expect)
		}
	}
	if i != len(vs) {
		t.Errorf("%s: %d answers to %d vectors", who, i, len(vs))
	}
}

// lineWithFacts returns the protocol line with facts as its input's
// catalog.
func lineWithFacts(t *testing.T, line []byte, facts json.RawMessage) []byte {
	t.Helper()
	var v struct {
		ID    string          `json:"id"`
		Input json.RawMessage `json:"input"`
	}
	if err := json.Unmarshal(line, &v); err != nil {
		t.Fatal(err)
	}
	return inputLine(t, v.ID, withCatalog(t, v.Input, facts))
}

// A runner answers what it cannot render with an error, and goes on.
func TestServeConformanceErrors(t *testing.T) {
	rc := runtimeCatalogs["kinds"]
	in := strings.NewReader(`{"id":"a","input":{"kind":"error","symbol":"E_NOPE","options":{"now":"2026-01-02T03:04:05Z","instance":"x"}}}
{"id":"b","input":{"kind":"bogus","options":{"now":"2026-01-02T03:04:05Z","instance":"x"}}}
{"id":"c","input":{"kind":"foreign","cause":["boom"],"options":{"now":"2026-01-02T03:04:05Z","instance":"x"}}}
`)
	var out bytes.Buffer
	if err := errgenrt.ServeConformance(rc, in, &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 || !strings.Contains(lines[0], `"error":"no error has symbol \"E_NOPE\""`) || !strings.Contains(lines[1], `unknown kind`) || !strings.Contains(lines[2], `"payloads"`) {
		t.Errorf("answers:\n%s", out.String())
	}
	// a catalog that is not facts, or facts it cannot read, and then a
	// line of the runner's own catalog
	out.Reset()
	in = strings.NewReader(`{"id":"a","input":{"kind":"foreign","cause":["boom"],"catalog":"kinds","options":{"now":"2026-01-02T03:04:05Z","instance":"x"}}}
{"id":"b","input":{"kind":"foreign","cause":["boom"],"catalog":{"facts":3},"options":{"now":"2026-01-02T03:04:05Z","instance":"x"}}}
{"id":"c","input":{"kind":"foreign","cause":["boom"],"catalog":{"facts":2,"fallback":"E_NONE","errors":[]},"options":{"now":"2026-01-02T03:04:05Z","instance":"x"}}}
{"id":"d","input":{"kind":"foreign","cause":["boom"],"catalog":null,"options":{"now":"2026-01-02T03:04:05Z","instance":"x"}}}
`)
	if err := errgenrt.ServeConformance(rc, in, &out); err != nil {
		t.Fatal(err)
	}
	lines = strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 4 || !strings.Contains(lines[0], `"error":"input.catalog: want an object`) || !strings.Contains(lines[1], `facts of format 3`) ||
		!strings.Contains(lines[2], `the fallback \"E_NONE\" names no error`) || !strings.Contains(lines[3], `"payloads"`) {
		t.Errorf("answers:\n%s", out.String())
	}
	out.Reset()
	if err := errgenrt.ServeConformance(rc, strings.NewReader("not json\n"), &out); err != nil || !strings.HasPrefix(out.String(), `{"id":"","error":"unreadable line`) {
		t.Errorf("a line that is not JSON: %v, answered %s", err, out.String())
	}
}

// Every expected payload of the vectors of every catalog the tests use
// validates against the catalog's generated schema under Ajv, strict, with
// formats, and every vector file against schema/conformance.schema.json
// (test/schema/conformance.mjs).
func TestConformanceAjv(t *testing.T) {
	rootDir := repoRoot(t)
	if _, err := os.Stat(filepath.Join(rootDir, "node_modules", "ajv")); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("Ajv is not installed (run npm ci): %v", err)
		}
		t.Skip("Ajv is not installed; make test installs it")
	}
	dir := t.TempDir()
	rules := map[string][]byte{}
	for name, m := range rulesCatalogs(t) {
		files, err := jsonschema.Generate(gen.NewInput(m), jsonschema.Options{File: "schema.json"})
		if err != nil {
			t.Fatal(err)
		}
		rules[name] = files[0].Data
	}
	for name, m := range conformanceCatalogs(t) {
		vectors, err := conformance.Generate(gen.NewInput(m), conformance.Options{File: "vectors.json"})
		if err != nil {
			t.Fatal(err)
		}
		schema, err := jsonschema.Generate(gen.NewInput(m), jsonschema.Options{File: "schema.json"})
		if err != nil {
			t.Fatal(err)
		}
		errgentest.WriteFile(t, dir, name+"/vectors.json", string(vectors[0].Data))
		errgentest.WriteFile(t, dir, name+"/schema.json", string(schema[0].Data))
		// the schemas of the rules catalogs, which their vectors name
		for rname, data := range rules {
			errgentest.WriteFile(t, dir, name+"/"+rname+".schema.json", string(data))
		}
	}
	cmd := exec.Command("node", filepath.Join(rootDir, "test", "schema", "conformance.mjs"), dir)
	cmd.Dir = rootDir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("conformance.mjs: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}

// TestGoPackagesPassVectors: the Go package errgen generates for every
// catalog in the repository — the hostile ones (names with backticks and
// quotes, every length), the probe, the registries, the formats catalogs,
// the MCP test catalog and a synthetic one, beside the golden ones
// TestGoRunnerMatchesVectors runs precompiled — compiled and driven through
// errgen conformance, passes every vector of its catalog.
func TestGoPackagesPassVectors(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles a module: skipped in -short mode")
	}
	catalogs := conformanceCatalogs(t)
	for name, path := range map[string]string{
		"markdown-hostile": filepath.Join("..", "gen", "markdown", "testdata", "hostile.yaml"),
		"formats-http":     filepath.Join("testdata", "formats", "http.yaml"),
		"formats-rpc":      filepath.Join("testdata", "formats", "rpc.yaml"),
		"mcp":              filepath.Join("testdata", "mcp", "errors.yaml"),
	} {
		catalogs[name] = errgentest.Model(t, catalog.OSFS{}, path)
	}
	names := sortedNames(catalogs)
	runner := diffGoRunner(t, catalogs, names)
	dir := t.TempDir()
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			files, err := conformance.Generate(gen.NewInput(catalogs[name]), conformance.Options{File: name + ".json"})
			if err != nil {
				t.Fatal(err)
			}
			errgentest.WriteFile(t, dir, files[0].Path, string(files[0].Data))
			stdout, stderr, exit := runCLI(t, dir, "conformance", "-vectors", files[0].Path, "--", runner, name)
			if exit != 0 || !strings.Contains(stdout, "every payload matches") || !strings.Contains(stdout, "advice answers match") || strings.Contains(stdout, "without advice") {
				t.Errorf("errgen conformance of the %s package: exit %d\n%s%.4000s", name, exit, stdout, stderr)
			}
		})
	}
}
