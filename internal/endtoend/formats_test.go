package endtoend

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/markdown"
	"github.com/errgen/errgen/internal/gen/typescript"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/runtimemodel"
)

// formatExports are the functions of the TypeScript package that belong to
// wire formats: each is there when the catalog uses one of its formats.
var formatExports = map[string][]string{
	"isErrorContext":      {model.FormatJSONRPC},
	"isJsonRpcError":      {model.FormatJSONRPC},
	"parseErrorContext":   {model.FormatJSONRPC},
	"parseJsonRpcError":   {model.FormatJSONRPC},
	"fromMcpError":        {model.FormatJSONRPC},
	"isProblemDetails":    {model.FormatProblem},
	"parseProblemDetails": {model.FormatProblem},
	"fromToolResult":      {model.FormatProblem},
	"isErrorResponse":     {model.FormatResponse},
	"parseErrorResponse":  {model.FormatResponse},
	"extensionsOf":        {model.FormatJSONRPC, model.FormatProblem},
}

// formatsCases are the catalogs of testdata/formats with a TypeScript
// client of each: what must compile, and (ts-expect-error) what must not.
var formatsCases = []struct {
	name     string // the catalog testdata/formats/NAME.yaml
	formats  []string
	consumer string
	edit     [2]string // old, new: a change to the catalog
}{
	{"http", []string{model.FormatProblem, model.FormatResponse}, `import { parseProblemDetails, parseErrorResponse, fromToolResult, isSymbol, type ProblemOf, type ErrorInput } from "./ts/index.js";
// @ts-expect-error: the catalog has no JSON-RPC errors
import { parseJsonRpcError } from "./ts/index.js";
// @ts-expect-error: nor their context
import type { ErrorContext } from "./ts/index.js";
// @ts-expect-error: nor MCP SDK errors
import type { McpErrorLike } from "./ts/index.js";

declare const payload: unknown;
const problem = parseProblemDetails(payload) ?? fromToolResult(payload);
if (problem && isSymbol(problem, "E_ORDER_OUT_OF_STOCK")) {
  const left: number = problem.available;
  const status: 409 = problem.status;
  void [left, status];
}
const body = parseErrorResponse(payload);
if (body && isSymbol(body, "E_NOT_FOUND")) {
  const what: "order" | "item" = body.details.what;
  void what;
}
declare const symbol: "E_GONE" | "E_INTERNAL";
if (isSymbol(symbol, "E_GONE")) {
  const named: "E_NOT_FOUND" | "E_GONE" = symbol; // the symbols naming the error, its alias among them
  void named;
}
declare const any: ProblemOf;
const input: ErrorInput = any;
// @ts-expect-error: a JSON-RPC error is no input of this catalog
const rpc: ErrorInput = { code: 1, message: "m", data: {} };
void [input, rpc];
`, [2]string{}},
	{"rpc", []string{model.FormatJSONRPC}, `import { parseJsonRpcError, fromMcpError, isSymbol, extensionsOf, type ContextOf, type JsonRpcErrorOf } from "./ts/index.js";
// @ts-expect-error: the catalog has no problem documents
import { parseProblemDetails } from "./ts/index.js";
// @ts-expect-error: nor plain responses
import { parseErrorResponse } from "./ts/index.js";
// @ts-expect-error: nor tool results carrying problem documents
import { fromToolResult } from "./ts/index.js";
// @ts-expect-error
import type { ProblemDetails } from "./ts/index.js";

declare const payload: unknown;
const err = parseJsonRpcError(payload) ?? fromMcpError(payload);
if (err && isSymbol(err, "E_BUSY")) {
  const seconds: number | undefined = err.data.context?.details.seconds;
  const code: 1001 = err.code;
  void [seconds, code];
}
if (err && !("unknown" in err)) void extensionsOf(err);
declare const ctx: ContextOf<"E_INVALID_PARAMS">;
declare const one: JsonRpcErrorOf<"E_INVALID_PARAMS">;
const reason: string = ctx.details.reason;
void [reason, one];
declare const symbol: "E_BUSY" | "E_INTERNAL";
if (isSymbol(symbol, "E_BUSY")) {
  const named: "E_BUSY" = symbol;
  void named;
}
`, [2]string{}},
	{"http", []string{model.FormatProblem}, `import { parseProblemDetails, fromToolResult, isSymbol, extensionsOf } from "./ts/index.js";
// @ts-expect-error: the catalog has no plain responses
import { parseErrorResponse } from "./ts/index.js";
// @ts-expect-error: nor JSON-RPC errors
import { fromMcpError } from "./ts/index.js";

declare const payload: unknown;
const problem = parseProblemDetails(payload) ?? fromToolResult(payload);
if (problem && isSymbol(problem, "E_GONE")) {
  const what: "order" | "item" = problem.what;
  void what;
}
if (problem && !("unknown" in problem)) void extensionsOf(problem);
declare const symbol: "E_GONE" | "E_INTERNAL";
if (isSymbol(symbol, "E_GONE")) {
  const named: "E_NOT_FOUND" | "E_GONE" = symbol;
  void named;
}
`, [2]string{"formats: [problem, response]", "formats: [problem]"}},
}

// TestFormats holds the catalogs of testdata/formats, which name the wire
// formats they use, to showing only those: the docs show their facts and
// examples alone, the TypeScript package has only their types, guards and
// parsers (tsc --strict on a client, the functions the JavaScript exports),
// and the generated JavaScript reads the payloads the runtime renders in
// them.
func TestFormats(t *testing.T) {
	for _, c := range formatsCases {
		t.Run(strings.Join(c.formats, "+"), func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", "formats", c.name+".yaml"))
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), "errors.yaml")
			errgentest.WriteFile(t, filepath.Dir(path), "errors.yaml", strings.Replace(string(data), c.edit[0], c.edit[1], 1))
			m := errgentest.Model(t, catalog.OSFS{}, path)
			if !slices.Equal(m.Formats, c.formats) {
				t.Fatalf("formats %v, want %v", m.Formats, c.formats)
			}
			formatsDocs(t, m)
			formatsTypeScript(t, m, c.consumer)
		})
	}
}

// formatsDocs checks the docs of a catalog that leaves formats out.
func formatsDocs(t *testing.T, m *model.Catalog) {
	t.Helper()
	files, err := markdown.Generate(gen.NewInput(m), markdown.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// each example is a code group with a tab per format the catalog uses
	labels := map[string]string{model.FormatJSONRPC: "```json [JSON-RPC error]\n", model.FormatProblem: "```json [Problem document]\n", model.FormatResponse: "```json [Plain response]\n"}
	facts := map[string]string{model.FormatJSONRPC: "| JSON-RPC code |", model.FormatProblem: "| Problem type |"}
	for _, f := range files {
		page := string(f.Data)
		if strings.Contains(page, "| | |") {
			t.Errorf("%s: a table with an empty header row", f.Path)
		}
		http := m.Uses(model.FormatProblem) || m.Uses(model.FormatResponse)
		if strings.Contains(page, "HTTP status") != http && (strings.HasPrefix(f.Path, "domains/") || errorOfPage(m, f.Path) != nil) {
			t.Errorf("%s: HTTP status shown: %v, want %v", f.Path, !http, http)
		}
		e := errorOfPage(m, f.Path)
		if e == nil {
			continue
		}
		examples := max(len(e.Examples), 1)
		if blocks := strings.Count(page, "```json ["); blocks != examples*len(m.Formats) {
			t.Errorf("%s: %d json tabs, want %d per example", f.Path, blocks, len(m.Formats))
		}
		if groups := strings.Count(page, "::: code-group\n"); groups != examples {
			t.Errorf("%s: %d code groups, want one per example (%d)", f.Path, groups, examples)
		}
		for _, format := range model.Formats {
			if got := strings.Count(page, labels[format]); got != examples*btoi(m.Uses(format)) {
				t.Errorf("%s: %q %d times", f.Path, labels[format], got)
			}
			if fact := facts[format]; fact != "" && strings.Contains(page, fact) != m.Uses(format) {
				t.Errorf("%s: fact %q shown: %v", f.Path, fact, !m.Uses(format))
			}
		}
		if !m.Uses(model.FormatJSONRPC) && strings.Contains(page, "context.") {
			t.Errorf("%s: mentions the JSON-RPC context", f.Path)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// formatsTypeScript generates the catalog's TypeScript package, compiles
// the client against it, and runs the payloads the runtime renders in the
// catalog's formats through its JavaScript.
func formatsTypeScript(t *testing.T, m *model.Catalog, consumer string) {
	t.Helper()
	files, err := typescript.Generate(gen.NewInput(m), typescript.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range files {
		errgentest.WriteFile(t, dir, "ts/"+f.Path, string(f.Data))
	}
	errgentest.WriteFile(t, dir, "client.ts", consumer)
	tscIn(t, dir, "client.ts")

	// The exported functions: those of the formats the catalog uses.
	want := []string{"byCode", "bySymbol", "byType", "isRetryable", "isSymbol", "isUnknownError", "retryAdvice", "symbolOf"}
	for name, formats := range formatExports {
		if slices.ContainsFunc(formats, m.Uses) {
			want = append(want, name)
		}
	}
	sort.Strings(want)

	// Every example in every format the catalog uses, as the runtime renders it.
	type payload struct {
		Symbol, Format string
		Data           json.RawMessage
	}
	var payloads []payload
	rm := runtimemodel.Build(gen.NewInput(m))
	o := errgenrt.DefaultOptions()
	for _, e := range m.Errors {
		var example any // every error of these catalogs with details has an example
		if len(e.Examples) > 0 {
			example = e.Examples[0].Value
		}
		err := rm.New(e, example)
		for _, f := range m.Formats {
			var data []byte
			switch f {
			case model.FormatJSONRPC:
				data = err.AppendJSONRPC(nil, &o)
			case model.FormatProblem:
				data = err.AppendProblem(nil, &o)
			case model.FormatResponse:
				data = err.AppendResponse(nil, &o)
			}
			payloads = append(payloads, payload{e.Symbol, f, data})
		}
	}
	raw, _ := json.Marshal(payloads)
	errgentest.WriteFile(t, dir, "payloads.json", string(raw))
	out := nodeIn(t, dir, `import * as pkg from "./ts/index.js";
import { readFileSync } from "node:fs";
const parse = { jsonrpc: pkg.parseJsonRpcError, problem: pkg.parseProblemDetails, response: pkg.parseErrorResponse };
const failed = [];
for (const p of JSON.parse(readFileSync("payloads.json", "utf8"))) {
  const v = parse[p.Format](JSON.stringify(p.Data));
  if (!v || pkg.symbolOf(v) !== p.Symbol || !pkg.isSymbol(v, p.Symbol)) failed.push(p.Symbol + " " + p.Format);
}
console.log(JSON.stringify({ exports: Object.keys(pkg).filter((k) => typeof pkg[k] === "function").sort(), failed }));
`)
	var got struct {
		Exports []string `json:"exports"`
		Failed  []string `json:"failed"`
	}
	if err := json.Unmarshal(bytes.TrimSpace(out), &got); err != nil {
		t.Fatalf("node: %v: %s", err, out)
	}
	if !slices.Equal(got.Exports, want) {
		t.Errorf("exported functions %v, want %v", got.Exports, want)
	}
	if len(got.Failed) > 0 {
		t.Errorf("payloads the generated JavaScript does not read: %v", got.Failed)
	}
}
