package endtoend

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/facts"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/jsonschema"
	"github.com/errgen/errgen/internal/gencatalog"
	"github.com/errgen/errgen/internal/model"
)

// The server runtime of the npm package on catalogs made for the test
// (a synthetic catalog, some of whose errors are sent as JSON-RPC errors
// from MCP tools, and the hostile one) and a golden one, as a user runs
// it: TypeScript servers type-checked with tsc against the real MCP SDK,
// an MCP server over stdio called by the SDK's client, a node:http server
// whose answers Ajv checks, and tsc holding newError to each error's
// details.

// heldOutCatalogs are the catalogs the server tests run on: a synthetic
// catalog whose every third error has mcp.tool_errors: error, the hostile
// catalog, and kinds (every kind of detail field).
func heldOutCatalogs(t *testing.T) map[string]*model.Catalog {
	t.Helper()
	synthetic := string(gencatalog.Generate(30))
	n := 0
	synthetic = regexp.MustCompile(`(?m)^(  E_D\d+_ERR_\d+:\n)`).ReplaceAllStringFunc(synthetic, func(head string) string {
		n++
		if n%3 == 0 {
			return head + "    mcp: {tool_errors: error}\n"
		}
		return head
	})
	return map[string]*model.Catalog{
		"synthetic": errgentest.Model(t, catalog.MapFS{"errors.yaml": []byte(synthetic)}, "errors.yaml"),
		"hostile":   errgentest.Model(t, catalog.MapFS{"errors.yaml": gencatalog.HostileCatalog()}, "errors.yaml"),
		"kinds":     errgentest.Model(t, catalog.OSFS{}, filepath.Join("testdata", "golden", "kinds", "errors.yaml")),
	}
}

// serverCase is one error a test server raises: its details (the first
// catalog example, its sensitive string fields set to secrets), the
// secrets, and whether MCP sends it as a JSON-RPC error.
type serverCase struct {
	Symbol  string         `json:"symbol"`
	Details map[string]any `json:"details,omitempty"`
	Secrets []string       `json:"secrets,omitempty"`
	RPC     bool           `json:"rpc"`
	Status  int            `json:"status"`
}

// serverCases returns a case per error of m that can be raised with its
// details: with an example, or without required fields.
func serverCases(m *model.Catalog) []serverCase {
	f := facts.Build(m)
	shapes := map[string]*facts.Node{}
	for _, s := range f.Shapes {
		shapes[s.Name] = s.Node
	}
	var out []serverCase
	for i, e := range m.Errors {
		fe := f.Errors[i]
		c := serverCase{Symbol: e.Symbol, RPC: e.MCPToolErrors == model.ToolErrorsError, Status: e.Status()}
		if root := rootSchema(e); root != nil {
			ex, _ := firstExample(e).(map[string]any)
			if ex == nil {
				if requiredFields(root) {
					continue
				}
				ex = map[string]any{}
			}
			c.Details = ex
			props := fe.Details.Properties
			if fe.Details.Shape != "" {
				props = shapes[fe.Details.Shape].Properties
			}
			for _, p := range props {
				// a string the wire redacts: x-sensitive, or on the error's
				// own sensitive list; a secret of no other constraint
				listed := slicesContains(fe.Sensitive, p.Name)
				if p.Node.Type == "string" && (p.Node.Sensitive || listed) && p.Node.Check == nil {
					secret := fmt.Sprintf("s3cr3t-%s-%s", strings.ToLower(e.Symbol), p.Name)
					c.Details[p.Name] = secret
					c.Secrets = append(c.Secrets, secret)
				}
			}
		}
		out = append(out, c)
	}
	return out
}

func firstExample(e *model.Error) any {
	if vs := exampleValues(e.Examples); len(vs) > 0 {
		// a copy: the test changes it
		b, _ := json.Marshal(vs[0])
		var v any
		_ = json.Unmarshal(b, &v)
		return v
	}
	return nil
}

// requiredInTypes reports whether the TypeScript type of s requires a
// property: a required one, unless x-verbose (absent from the payloads
// outside verbose mode, so optional there as in the wire schema).
func requiredInTypes(s *model.Schema) bool {
	for _, p := range s.Properties {
		if p.Required && !p.Schema.Verbose {
			return true
		}
	}
	return false
}

func requiredFields(s *model.Schema) bool {
	for _, p := range s.Properties {
		if p.Required {
			return true
		}
	}
	return false
}

// nodeProject writes the package of m (ts/), its schema, the cases and
// files into a new directory that sees the repo's node_modules, and
// returns it.
func nodeProject(t *testing.T, m *model.Catalog, files map[string]string) string {
	t.Helper()
	root := repoRoot(t)
	for _, dep := range []string{"typescript", "@modelcontextprotocol/sdk", "ajv", "zod"} {
		if _, err := os.Stat(filepath.Join(root, "node_modules", dep)); err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("%s is not installed (run npm ci): %v", dep, err)
			}
			t.Skipf("%s is not installed; make test installs it", dep)
		}
	}
	dir := t.TempDir()
	writePackage(t, m, filepath.Join(dir, "ts"))
	schema, err := jsonschema.Generate(gen.NewInput(m), jsonschema.Options{})
	if err != nil {
		t.Fatal(err)
	}
	cases, _ := json.Marshal(map[string]any{"fallback": m.Fallback.Symbol, "fallbackStatus": m.Fallback.Status(), "cases": serverCases(m)})
	errgentest.WriteFile(t, dir, "schema.json", string(schema[0].Data))
	errgentest.WriteFile(t, dir, "cases.json", string(cases))
	errgentest.WriteFile(t, dir, "package.json", `{"private": true, "type": "module"}`)
	for name, data := range files {
		errgentest.WriteFile(t, dir, name, data)
	}
	if err := os.Symlink(filepath.Join(root, "node_modules"), filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	return dir
}

// tscProject type-checks (and compiles, unless noEmit) the files of the
// project in dir.
func tscProject(t *testing.T, dir string, files []string, noEmit bool) {
	t.Helper()
	cfg, _ := json.Marshal(map[string]any{
		"compilerOptions": map[string]any{
			"strict": true, "noUncheckedIndexedAccess": true, "exactOptionalPropertyTypes": true, "noEmit": noEmit,
			"module": "nodenext", "moduleResolution": "nodenext", "target": "es2022", "lib": []string{"es2022"}, "types": []string{"node"},
			"skipLibCheck": true,
		},
		"files": files,
	})
	errgentest.WriteFile(t, dir, "tsconfig.json", string(cfg))
	nodeRun(t, dir, filepath.Join(repoRoot(t), "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.json")
}

func nodeRun(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("node", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func sortedNames(m map[string]*model.Catalog) []string {
	names := make([]string, 0, len(m))
	for name := range m {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// TestTSServerTypes: tsc holds newError and each error's constructor
// (newX) to the error's details: the catalog example compiles; details
// missing a required field, a field of the wrong type, a field the error
// does not have (of closed details) and details for an error without any
// do not.
func TestTSServerTypes(t *testing.T) {
	catalogs := heldOutCatalogs(t)
	for _, name := range sortedNames(catalogs) {
		m := catalogs[name]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var b strings.Builder
			b.WriteString("// Each @ts-expect-error line must fail to compile, and every other line compile.\n")
			b.WriteString("import * as server from \"./ts/server.js\";\n")
			b.WriteString("import { newError, type CatalogError } from \"./ts/server.js\";\n\n")
			b.WriteString("export const errors: CatalogError[] = [];\n")
			lit := func(v any) string {
				data, _ := json.Marshal(v)
				return string(data)
			}
			rejected := 0
			for _, e := range m.Errors {
				sym := lit(e.Symbol)
				root := rootSchema(e)
				ctor := "server.new" + e.TSName
				if root == nil {
					fmt.Fprintf(&b, "errors.push(%s({ status: %d }));\n", ctor, e.Status())
					fmt.Fprintf(&b, "// @ts-expect-error %s has no details\nerrors.push(%s({ unexpected: 1 }, {}));\n", e.Symbol, ctor)
					rejected++
					fmt.Fprintf(&b, "errors.push(newError(%s));\n", sym)
					fmt.Fprintf(&b, "errors.push(newError(%s, undefined, { status: %d, cause: new Error(\"x\") }));\n", sym, e.Status())
					fmt.Fprintf(&b, "// @ts-expect-error %s has no details\nerrors.push(newError(%s, { unexpected: 1 }));\n", e.Symbol, sym)
					rejected++
					continue
				}
				if ex, ok := firstExample(e).(map[string]any); ok {
					fmt.Fprintf(&b, "errors.push(newError(%s, %s, { data: { method: \"tools/call\" }, extensions: [[\"tool\", \"t\"]] }));\n", sym, lit(ex))
					fmt.Fprintf(&b, "errors.push(%s(%s, { requestId: \"r\" }));\n", ctor, lit(ex))
					for _, p := range root.Properties {
						if v, ok := schWrongValue(p.Schema); ok {
							bad := map[string]any{}
							for k, x := range ex {
								bad[k] = x
							}
							bad[p.Name] = v
							fmt.Fprintf(&b, "// @ts-expect-error %s: detail %s of the wrong type\nerrors.push(newError(%s, %s));\n", e.Symbol, p.Name, sym, lit(bad))
							rejected++
							break
						}
					}
					if root.Additional == nil {
						extra := map[string]any{"notAField": 1}
						for k, x := range ex {
							extra[k] = x
						}
						fmt.Fprintf(&b, "// @ts-expect-error %s: a field it does not have\nerrors.push(newError(%s, %s));\n", e.Symbol, sym, lit(extra))
						rejected++
					}
				}
				if requiredInTypes(root) {
					fmt.Fprintf(&b, "// @ts-expect-error %s: required details missing\nerrors.push(newError(%s, {}));\n", e.Symbol, sym)
					fmt.Fprintf(&b, "// @ts-expect-error %s: no details\nerrors.push(newError(%s));\n", e.Symbol, sym)
					fmt.Fprintf(&b, "// @ts-expect-error %s: required details missing\nerrors.push(%s({}));\n", e.Symbol, ctor)
					rejected += 3
				}
			}
			b.WriteString("// @ts-expect-error an unknown symbol\nerrors.push(newError(\"E_NOT_IN_THE_CATALOG\"));\n")
			if rejected == 0 {
				t.Fatal("no call to reject")
			}
			dir := nodeProject(t, m, map[string]string{"types.ts": b.String()})
			tscProject(t, dir, []string{"types.ts"}, true)
		})
	}
}

const mcpServerTS = `// An MCP server on the official SDK that fails every tool call with an
// error of the catalog (cases.json), through the package's MCP adapter.
import { readFileSync } from "node:fs";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { newError, type ErrorOptions } from "./ts/server.js";
import { handleErrors, withToolErrors } from "./ts/mcp.js";

interface Case { symbol: string; details?: unknown }
const { cases } = JSON.parse(readFileSync("cases.json", "utf8")) as { cases: Case[] };
// the symbols come from a file: newError as it takes any of them
const raise = newError as unknown as (symbol: string, details?: unknown, options?: ErrorOptions) => Error;

const server = new McpServer({ name: "held-out", version: "1.0.0" });
handleErrors(server);
server.registerTool("raise", { inputSchema: { index: z.number().int() } }, withToolErrors(async ({ index }) => {
  const c = cases[index];
  if (c === undefined) throw new RangeError("no case " + index);
  throw raise(c.symbol, c.details, { cause: new Error("query failed: password hunter2 in /home/alice/db.conf") });
}));
server.registerTool("crash", {}, withToolErrors(async () => {
  throw new Error("internal: connect postgres://admin:hunter2@db.internal failed");
}));
await server.connect(new StdioServerTransport());
`

const mcpClientTS = `// Calls every tool of the held-out server with the SDK's client and reads
// each failure back with the package's client half.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { fromMcpError, fromToolResult, isUnknownError, symbolOf } from "./ts/index.js";

interface Case { symbol: string; rpc: boolean }
const { fallback, cases } = JSON.parse(readFileSync("cases.json", "utf8")) as { fallback: string; cases: Case[] };
const [command, ...args] = process.argv.slice(2);
assert.ok(command, "usage: client SERVER [ARG...]");
const client = new Client({ name: "held-out-client", version: "1.0.0" });
await client.connect(new StdioClientTransport({ command, args, stderr: "inherit" }));

let results = 0;
let rpc = 0;
for (const [index, c] of cases.entries()) {
  if (c.rpc) {
    let thrown: unknown;
    try {
      await client.callTool({ name: "raise", arguments: { index } });
    } catch (e) {
      thrown = e;
    }
    const err = fromMcpError(thrown);
    assert.ok(err && !isUnknownError(err), c.symbol + ": no JSON-RPC error of the catalog: " + String(thrown));
    assert.equal(symbolOf(err), c.symbol);
    rpc++;
    continue;
  }
  const result = await client.callTool({ name: "raise", arguments: { index } });
  assert.equal(result.isError, true, c.symbol);
  const problem = fromToolResult(result);
  assert.ok(problem && !isUnknownError(problem), c.symbol + ": " + JSON.stringify(result).slice(0, 300));
  assert.equal(symbolOf(problem), c.symbol);
  assert.deepEqual(result.structuredContent, problem, c.symbol + ": structuredContent holds the document");
  results++;
}
const crash = await client.callTool({ name: "crash", arguments: {} });
const problem = fromToolResult(crash);
assert.ok(problem && !isUnknownError(problem), JSON.stringify(crash));
assert.equal(symbolOf(problem), fallback, "a plain Error is the fallback");
assert.doesNotMatch(JSON.stringify(crash), /postgres|hunter2|internal:/);
await client.close();
console.log("ok " + results + " results " + rpc + " errors");
`

// TestTSMCPServer: a TypeScript MCP server on the official SDK, with the
// package's adapter, called over stdio by the SDK's client: every error
// comes back as its symbol — an isError result that fromToolResult reads,
// or for mcp.tool_errors: error a JSON-RPC error that fromMcpError reads —
// a plain Error as the fallback without its message, and no sensitive
// value, cause or internal text crosses the stream.
func TestTSMCPServer(t *testing.T) {
	catalogs := heldOutCatalogs(t)
	for _, name := range sortedNames(catalogs) {
		m := catalogs[name]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := nodeProject(t, m, map[string]string{"server.ts": mcpServerTS, "client.ts": mcpClientTS})
			tscProject(t, dir, []string{"server.ts", "client.ts"}, false)
			out := nodeRun(t, dir, "client.js", "sh", "-c", "tee stdin.log | node server.js | tee stdout.log")
			cases := serverCases(m)
			var results, rpc int
			for _, c := range cases {
				if c.RPC {
					rpc++
				} else {
					results++
				}
			}
			if want := fmt.Sprintf("ok %d results %d errors\n", results, rpc); !strings.HasSuffix(out, want) {
				t.Fatalf("client: %s\nwant %q", out, want)
			}
			wire, err := os.ReadFile(filepath.Join(dir, "stdout.log"))
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range cases {
				for _, s := range c.Secrets {
					if strings.Contains(string(wire), s) {
						t.Errorf("the stream carries the sensitive value %q", s)
					}
				}
			}
			for _, s := range []string{"hunter2", "/home/alice", "postgres", "query failed"} {
				if strings.Contains(string(wire), s) {
					t.Errorf("the stream carries %q", s)
				}
			}
			if name == "synthetic" && (rpc == 0 || !strings.Contains(string(wire), `"error":{"code":`)) {
				t.Errorf("no JSON-RPC error crossed the stream")
			}
		})
	}
}

const httpServerJS = `// A node:http server that answers each request with an error of the
// catalog (cases.json) through the package's writeProblem, and a client
// that checks every answer with Ajv (strict, with formats) against the
// catalog's schema.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { newError } from "./ts/server.js";
import { writeProblem } from "./ts/http.js";
import { parseProblemDetails, symbolOf } from "./ts/index.js";

const { fallback, fallbackStatus, cases } = JSON.parse(readFileSync("cases.json", "utf8"));
const schema = JSON.parse(readFileSync("schema.json", "utf8"));
const warnings = [];
const ajv = new Ajv2020({ logger: { log() {}, warn: (...a) => warnings.push(a.join(" ")), error: (...a) => warnings.push(a.join(" ")) } });
addFormats(ajv);
ajv.addSchema(schema);
assert.deepEqual(warnings, [], "Ajv strict mode");
const validate = ajv.getSchema(schema.$id + "#/$defs/ProblemDetails");

const server = createServer((req, res) => {
  const i = Number(new URL(req.url, "http://localhost").searchParams.get("i"));
  try {
    if (i < 0) throw new Error("disk full at /home/alice/db, password hunter2");
    throw newError(cases[i].symbol, cases[i].details, { cause: new Error("hunter2"), extensions: { tool: "upload" } });
  } catch (e) {
    writeProblem(res, e);
  }
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = "http://127.0.0.1:" + server.address().port + "/?i=";
try {
  for (const [i, c] of [...cases.entries(), [-1, { symbol: fallback, secrets: [], status: fallbackStatus }]]) {
    const res = await fetch(base + i);
    assert.equal(res.headers.get("content-type"), "application/problem+json", c.symbol);
    const body = await res.text();
    assert.equal(Number(res.headers.get("content-length")), Buffer.byteLength(body), c.symbol);
    const doc = JSON.parse(body);
    assert.ok(validate(doc), c.symbol + ": " + JSON.stringify(validate.errors?.slice(0, 3)) + " " + body.slice(0, 300));
    assert.equal(res.status, doc.status, c.symbol);
    assert.equal(doc.status, c.status, c.symbol);
    assert.equal(symbolOf(parseProblemDetails(body)), c.symbol);
    for (const s of [...(c.secrets ?? []), "hunter2", "/home/alice"]) assert.ok(!body.includes(s), c.symbol + " carries " + s);
  }
} finally {
  server.close();
}
console.log("ok " + (cases.length + 1));
`

// TestTSHTTPServer: a node:http server answering with the package's
// writeProblem: every answer is a problem document that validates against
// the catalog's generated schema under strict Ajv, with the error's status
// and application/problem+json, and no sensitive value; a plain Error is
// the fallback.
func TestTSHTTPServer(t *testing.T) {
	catalogs := heldOutCatalogs(t)
	for _, name := range sortedNames(catalogs) {
		m := catalogs[name]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := nodeProject(t, m, map[string]string{"http.mjs": httpServerJS})
			out := nodeRun(t, dir, "http.mjs")
			if want := fmt.Sprintf("ok %d\n", len(serverCases(m))+1); out != want {
				t.Errorf("got %q, want %q", out, want)
			}
		})
	}
}

// TestTSClientBundle: a browser bundle (esbuild) of a client of the
// package — its guards, parsers and metadata — holds none of the server
// runtime (test/bundle/client.mjs).
func TestTSClientBundle(t *testing.T) {
	catalogs := heldOutCatalogs(t)
	dirs := []string{}
	for _, name := range sortedNames(catalogs) {
		dir := nodeProject(t, catalogs[name], nil)
		dirs = append(dirs, filepath.Join(dir, "ts"))
	}
	out := nodeRun(t, repoRoot(t), append([]string{filepath.Join("test", "bundle", "client.mjs")}, dirs...)...)
	if strings.Count(out, "client bundle of catalog.js and index.js") != len(dirs) {
		t.Errorf("%s", out)
	}
}

const mouseClientTS = `// Calls each tool of examples/problem/server with the SDK's client.
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { extensionsOf, fromToolResult, isSymbol, isRetryable, symbolOf, type ProblemDetails, type UnknownError } from "mouse-mcp-errors";

const client = new Client({ name: "mouse-client", version: "1.0.0" });
await client.connect(new StdioClientTransport({ command: "node", args: ["server.js"], stderr: "inherit" }));

async function problem(name: string, args: Record<string, unknown>): Promise<ProblemDetails | UnknownError> {
  const result = await client.callTool({ name, arguments: args });
  assert.equal(result.isError, true, name);
  assert.doesNotMatch(JSON.stringify(result), /tk_live|home\/mouse|database locked/, name);
  const p = fromToolResult(result);
  assert.ok(p, name + ": " + JSON.stringify(result));
  return p;
}

const invalid = await problem("disney_attractions", { destination: "orlando" });
assert.ok(isSymbol(invalid, "VALIDATION_ERROR"));
assert.equal(invalid.type, "https://mouse-mcp.dev/errors/validation-error");
assert.equal(invalid.field, "destination");
assert.equal(invalid.invalidValue, "orlando");
assert.deepEqual(extensionsOf(invalid), { tool: "disney_attractions" });

const upstream = await problem("disney_attractions", { destination: "dlr" });
assert.ok(isSymbol(upstream, "API_ERROR"));
assert.equal(upstream.status, 503);
assert.equal(upstream.endpoint, "https://api.wdpro.disney.go.com/facility-service/attractions?token=redacted&destination=dlr");
assert.equal(isRetryable(upstream), true);

const missing = await problem("disney_entity", { id: "99999999" });
assert.ok(isSymbol(missing, "NOT_FOUND"));
assert.equal(missing.entityType, "attraction");
assert.equal(missing.entityId, "99999999");
assert.equal(missing.detail, "attraction with ID '99999999' not found");
assert.deepEqual(extensionsOf(missing), { tool: "disney_entity" });

const sync = await problem("disney_sync", {});
assert.equal(symbolOf(sync), "GENERIC_ERROR");
assert.equal(sync.type, "about:blank");

const ok = await client.callTool({ name: "disney_entity", arguments: { id: "80010190" } });
assert.equal(ok.isError, undefined);
await client.close();
console.log("ok");
`

// TestExampleMouseServer builds examples/problem/server as its README says
// — the package of examples/problem installed as mouse-mcp-errors, the
// server type-checked against the SDK — and calls every tool with the
// SDK's client.
func TestExampleMouseServer(t *testing.T) {
	root := repoRoot(t)
	m := errgentest.Model(t, catalog.OSFS{}, filepath.Join(root, "examples", "problem", "errors.yaml"))
	server, err := os.ReadFile(filepath.Join(root, "examples", "problem", "server", "server.ts"))
	if err != nil {
		t.Fatal(err)
	}
	dir := nodeProject(t, m, map[string]string{"server.ts": string(server), "client.ts": mouseClientTS})
	// the package as installed: node_modules/mouse-mcp-errors beside the others
	modules := filepath.Join(dir, "modules")
	if err := os.Remove(filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	writePackage(t, m, filepath.Join(modules, "mouse-mcp-errors"))
	for _, dep := range []string{"@modelcontextprotocol", "zod", "@types"} {
		if err := os.Symlink(filepath.Join(root, "node_modules", dep), filepath.Join(modules, dep)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Rename(modules, filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	tscProject(t, dir, []string{"server.ts", "client.ts"}, false)
	if out := nodeRun(t, dir, "client.js"); out != "ok\n" {
		t.Errorf("client: %s", out)
	}
}
