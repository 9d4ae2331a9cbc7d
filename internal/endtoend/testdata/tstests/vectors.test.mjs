// Cross-language vectors: every payload the Go runtime emitted for every
// example of every golden catalog (testdata/golden/NAME/vectors.jsonl) parses
// and narrows to its symbol with the generated JavaScript; mutated payloads
// are rejected.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { McpError } from "@modelcontextprotocol/sdk/types.js";

const golden = join(dirname(fileURLToPath(import.meta.url)), "..", "golden");
const cases = readdirSync(golden).filter((c) => existsSync(join(golden, c, "vectors.jsonl")));
assert.ok(cases.length >= 5, "golden cases with vectors");

const clone = (v) => JSON.parse(JSON.stringify(v));

// The protocol errors of each golden catalog: of a reserved domain, with a
// wire code no other error has, so that the code alone names them.
const PROTOCOL = { kinds: ["E_PARSE"], taxonomy: ["E_PARSE_ERROR", "E_METHOD_NOT_FOUND", "E_RPC_INVALID_PARAMS", "E_SERVER_ERROR"] };

for (const name of cases) {
  test(name, async () => {
    const pkg = await import(pathToFileURL(join(golden, name, "ts", "index.js")).href);
    const lines = readFileSync(join(golden, name, "vectors.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
    assert.ok(lines.length > 0);
    for (const v of lines) {
      const where = `${v.symbol} example ${v.example} ${v.mode}`;
      const meta = pkg.bySymbol(v.symbol);
      assert.ok(meta, `${where}: symbol in CATALOG`);

      const rpc = pkg.parseJsonRpcError(JSON.stringify(v.jsonrpc));
      assert.ok(rpc, `${where}: JSON-RPC error parses`);
      assert.equal(pkg.symbolOf(rpc), v.symbol, `${where}: JSON-RPC symbol`);
      assert.ok(pkg.isSymbol(rpc, v.symbol));
      assert.ok(pkg.isErrorContext(v.jsonrpc.data.context), `${where}: context`);
      assert.equal(pkg.isRetryable(rpc), v.jsonrpc.data.retryable);

      const problem = pkg.parseProblemDetails(v.problem);
      assert.ok(problem, `${where}: problem parses`);
      assert.equal(pkg.symbolOf(problem), v.symbol, `${where}: problem symbol`);

      const response = pkg.parseErrorResponse(v.response);
      assert.ok(response, `${where}: response parses`);
      assert.ok(pkg.isSymbol(response, v.symbol));

      // mutations are rejected
      const wrongSymbol = clone(v.jsonrpc);
      wrongSymbol.data.symbol = "E_NOT_IN_THE_CATALOG";
      assert.equal(pkg.isJsonRpcError(wrongSymbol), false, `${where}: unknown symbol accepted`);
      const wrongCode = clone(v.jsonrpc);
      wrongCode.code = v.jsonrpc.code + 1;
      assert.equal(pkg.isJsonRpcError(wrongCode), false, `${where}: wrong wire code accepted`);
      const wrongDomain = clone(v.jsonrpc);
      wrongDomain.data.domain = "not-a-domain";
      assert.equal(pkg.isJsonRpcError(wrongDomain), false, `${where}: wrong domain accepted`);
      const notAnError = clone(v.response);
      notAnError.error = false;
      assert.equal(pkg.isErrorResponse(notAnError), false, `${where}: error:false accepted`);
      const badStatus = clone(v.problem);
      badStatus.status = 299;
      assert.equal(pkg.isProblemDetails(badStatus), false, `${where}: status 299 accepted`);

      const noDetails = clone(v.jsonrpc);
      noDetails.data.context.details = 42;
      assert.equal(pkg.isJsonRpcError(noDetails), false, `${where}: non-object details accepted`);

      // what the MCP TypeScript SDK hands a client: an McpError, a tool result
      const mcpError = new McpError(v.jsonrpc.code, v.jsonrpc.message, v.jsonrpc.data);
      const fromMcp = pkg.fromMcpError(mcpError);
      assert.deepEqual(fromMcp, v.jsonrpc, `${where}: fromMcpError`);
      assert.equal(pkg.symbolOf(mcpError), v.symbol, `${where}: symbolOf(McpError)`);
      assert.ok(pkg.isSymbol(mcpError, v.symbol), `${where}: isSymbol(McpError)`);
      assert.equal(pkg.isRetryable(mcpError), v.jsonrpc.data.retryable, `${where}: isRetryable(McpError)`);
      assert.deepEqual(pkg.fromMcpError(clone(v.jsonrpc)), v.jsonrpc, `${where}: fromMcpError of the plain shape`);
      const text = { content: [{ type: "text", text: JSON.stringify(v.problem) }], isError: true };
      assert.deepEqual(pkg.fromToolResult(text), v.problem, `${where}: fromToolResult from text`);
      assert.deepEqual(pkg.fromToolResult({ ...text, content: [], structuredContent: v.problem }), v.problem, `${where}: fromToolResult from structuredContent`);
      assert.equal(pkg.fromToolResult({ ...text, isError: false }), undefined, `${where}: a successful result`);
      // the same code without data.symbol or a context is not this error
      // (the SDKs' own errors), but an error the catalog does not name,
      // with its code, message and data; unless it is a protocol error,
      // which its code names
      const protocol = (PROTOCOL[name] ?? []).includes(v.symbol);
      for (const data of [undefined, {}, { uri: "file:///x" }, { symbol: "not a symbol" }]) {
        const bare = new McpError(v.jsonrpc.code, "unknown tool \"x\"", data);
        const got = pkg.fromMcpError(bare);
        const what = `${where}: data ${JSON.stringify(data)}`;
        if (protocol && data?.symbol === undefined) {
          assert.equal(pkg.symbolOf(got), v.symbol, `${what}: a protocol error named by its code`);
          continue;
        }
        if (protocol) {
          assert.equal(got, undefined, `${what}: the protocol error its code names, with a symbol not its own`);
          continue;
        }
        assert.ok(pkg.isUnknownError(got), `${what} taken for a catalog error: ${JSON.stringify(got)}`);
        assert.deepEqual({ code: got.code, message: got.message, data: got.data }, { code: v.jsonrpc.code, message: "unknown tool \"x\"", data }, what);
        assert.equal(pkg.symbolOf(bare), undefined, `${what}: symbolOf`);
        assert.equal(pkg.isRetryable({ code: v.jsonrpc.code, message: "x", data: { ...data, retryable: true } }), false, `${what}: retryable without a symbol`);
      }
      // named by its context's type alone
      const byType = clone(v.jsonrpc);
      delete byType.data.symbol;
      assert.equal(pkg.symbolOf(pkg.parseJsonRpcError(byType)), v.symbol, `${where}: named by data.context.type`);
      // an error of a newer catalog: a typed unknown error, never this one
      const newer = new McpError(v.jsonrpc.code, "newer", { symbol: "E_NOT_IN_THE_CATALOG", retryable: true });
      const unknown = pkg.fromMcpError(newer);
      assert.ok(pkg.isUnknownError(unknown), `${where}: a newer error is an UnknownError`);
      assert.deepEqual({ ...unknown, raw: undefined }, { unknown: true, format: "jsonrpc", code: v.jsonrpc.code, symbol: "E_NOT_IN_THE_CATALOG", message: "newer", data: { symbol: "E_NOT_IN_THE_CATALOG", retryable: true }, retryable: true, raw: undefined });
      assert.equal(pkg.isRetryable(unknown), true);
      assert.equal(pkg.symbolOf(unknown), undefined);
      assert.equal(pkg.isSymbol(unknown, v.symbol), false);
      assert.ok(pkg.isUnknownError(pkg.parseJsonRpcError(wrongSymbol)), `${where}: an unknown symbol is an unknown error`);
      assert.ok(pkg.isUnknownError(pkg.parseProblemDetails({ ...v.problem, symbol: "E_NOT_IN_THE_CATALOG" })), `${where}: an unknown problem symbol`);
      assert.ok(pkg.isUnknownError(pkg.parseErrorResponse({ error: true, code: "E_NOT_IN_THE_CATALOG", message: "m" })), `${where}: an unknown response code`);
      assert.equal(pkg.parseJsonRpcError(wrongCode), undefined, `${where}: a known symbol with another wire code is no payload`);
    }
  });
}

test("required detail missing and detail mistyped are rejected", async () => {
  const pkg = await import(pathToFileURL(join(golden, "kinds", "ts", "index.js")).href);
  const line = readFileSync(join(golden, "kinds", "vectors.jsonl"), "utf8").split("\n").map((l) => l && JSON.parse(l)).find((v) => v && v.symbol === "E_EVERYTHING" && v.mode === "default");
  const missing = clone(line.jsonrpc);
  delete missing.data.context.details.i;
  assert.equal(pkg.isJsonRpcError(missing), false);
  const mistyped = clone(line.response);
  mistyped.details.tags = "not an array";
  assert.equal(pkg.isErrorResponse(mistyped), false);
  const problem = clone(line.problem);
  problem.i = "42";
  assert.equal(pkg.isProblemDetails(problem), false);
  assert.equal(pkg.parseJsonRpcError("{not json"), undefined);
  assert.equal(pkg.byCode(2).symbol, "E_EVERYTHING");
  assert.equal(pkg.byType("tree_inline").code, 102);
  assert.ok(Object.isFrozen(pkg.CATALOG.errors.E_PARSE));
});

test("aliases name their error wherever a symbol is read", async () => {
  const pkg = await import(pathToFileURL(join(golden, "kinds", "ts", "index.js")).href);
  const v = readFileSync(join(golden, "kinds", "vectors.jsonl"), "utf8").split("\n").map((l) => l && JSON.parse(l)).find((x) => x && x.symbol === "E_TREE_VALIDATION" && x.mode === "default");
  assert.deepEqual(pkg.CATALOG.errors.E_TREE_VALIDATION.aliases, ["E_TREE_CHECK", "TREE_FAILED"]);
  assert.equal(pkg.CATALOG.errors.E_EVERYTHING.aliases, undefined);
  assert.equal(pkg.bySymbol("TREE_FAILED"), pkg.CATALOG.errors.E_TREE_VALIDATION);
  assert.equal(pkg.symbolOf("E_TREE_CHECK"), "E_TREE_VALIDATION");
  for (const alias of ["E_TREE_CHECK", "TREE_FAILED"]) {
    // a payload the wire carries (the canonical symbol) is one of the alias's error
    assert.ok(pkg.isSymbol(v.jsonrpc, alias) && pkg.isSymbol(v.problem, alias) && pkg.isSymbol(v.response, alias), alias);
    // payloads naming the error by its alias parse, and give the canonical symbol
    const rpc = clone(v.jsonrpc);
    rpc.data.symbol = alias;
    const problem = { ...clone(v.problem), symbol: alias };
    const response = { ...clone(v.response), code: alias };
    for (const [parse, doc] of [[pkg.parseJsonRpcError, rpc], [pkg.parseProblemDetails, problem], [pkg.parseErrorResponse, response]]) {
      const got = parse(doc);
      assert.ok(got && !pkg.isUnknownError(got), `${alias}: ${JSON.stringify(doc).slice(0, 80)}`);
      assert.equal(pkg.symbolOf(got), "E_TREE_VALIDATION");
      assert.ok(pkg.isSymbol(got, "E_TREE_VALIDATION") && pkg.isSymbol(got, alias));
      assert.equal(pkg.isSymbol(got, "E_INTERNAL_ERROR"), false);
    }
    // an alias with another error's wire code is no payload
    assert.equal(pkg.parseJsonRpcError({ ...rpc, code: -32700 }), undefined);
  }
  assert.equal(pkg.isSymbol(v.jsonrpc, "E_NOT_IN_THE_CATALOG"), false);
  assert.equal(pkg.isSymbol("E_NOT_IN_THE_CATALOG", "E_NOT_IN_THE_CATALOG"), false);
});
