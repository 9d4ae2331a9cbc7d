// Holds the JSON Schema errgen emits for every golden catalog, the edge
// catalog and the repo's own (schema/error-context.schema.json) to Ajv (the
// versions pinned in package-lock.json) at its strictest, with ajv-formats
// (strict.mjs: strict: true, every strict rule an error):
//
//   - the schema compiles, its root and every $defs entry, and Ajv logs
//     nothing about it;
//   - every vector the Go runtime rendered (vectors.jsonl: every example,
//     every mode, all three formats, and each JSON-RPC data.context against
//     the root) validates;
//   - every case of cases.jsonl (mutated vectors, the seed systems' own
//     payloads) gets the verdict the Go test gives it with
//     santhosh-tekuri/jsonschema, from each exact entry point and from its
//     forward-compatible Any… twin;
//   - the generated TypeScript guards and parsers give every case the
//     verdict the schema gives it (the guards against the exact entry, a
//     parser's result against the twin), except where the case turns on a
//     detail value's constraint (pattern, format, enum, bounds), which the
//     guards deliberately leave to the schema (case.constraint).
//
// Run from the repository root: node --test test/schema/ajv.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { compileStrict } from "./strict.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const goldenDir = path.join(root, "internal", "endtoend", "testdata", "golden");
const schemaFile = "error-context.schema.json";
const entryPoints = ["ErrorContext", "JsonRpcError", "ProblemDetails", "ErrorResponse",
  "AnyErrorContext", "AnyJsonRpcError", "AnyProblemDetails", "AnyErrorResponse", "AnyEnvelope"];
const anyTwin = { ErrorContext: "AnyErrorContext", JsonRpcError: "AnyJsonRpcError", ProblemDetails: "AnyProblemDetails", ErrorResponse: "AnyErrorResponse" };

// Every golden catalog's schema, vectors and cases, and the emitter's own
// edge catalog (its cases only: it has no generated runtime).
const suites = fs
  .readdirSync(goldenDir)
  .filter((name) => fs.existsSync(path.join(goldenDir, name, "schema", schemaFile)))
  .sort()
  .map((name) => ({
    name,
    schema: path.join(goldenDir, name, "schema", schemaFile),
    vectors: path.join(goldenDir, name, "vectors.jsonl"),
    cases: path.join(goldenDir, name, "schema", "cases.jsonl"),
    ts: path.join(goldenDir, name, "ts", "index.js"),
  }));
const edgeDir = path.join(root, "internal", "gen", "jsonschema", "testdata", "edge");
suites.push({ name: "edge", schema: path.join(edgeDir, schemaFile), cases: path.join(edgeDir, "cases.jsonl") });
// the same with its rule lists cut into $defs parts of two rules
suites.push({ name: "edge, chunked", schema: path.join(edgeDir, "chunked.schema.json"), cases: path.join(edgeDir, "cases.jsonl") });
// The committed schemas of no golden catalog, held to strict mode only:
// the repo's own (errgen generate writes it from catalog/errors.yaml; its
// payloads are SPEC §2's, below).
const compileOnly = [{ name: "catalog/errors.yaml", schema: path.join(root, "schema", schemaFile) }];

function readJSONL(file) {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line));
}

// compile loads one schema into a fresh Ajv with strict: true (see
// strict.mjs) and returns a validator per $defs entry ("#" is the root),
// every entry point among them, and what Ajv logged. Ajv throws where a
// strict rule refuses the schema.
function compile(schema) {
  const { validators, warnings } = compileStrict(schema);
  for (const def of ["#", ...entryPoints]) {
    assert.equal(typeof validators[def], "function", `entry point ${def} does not compile`);
  }
  return { validators, warnings };
}

function unescape(token) {
  return token.replaceAll("~1", "/").replaceAll("~0", "~");
}

// applyPatch applies the add / replace / remove operations of a case.
function applyPatch(doc, ops = []) {
  for (const op of ops) {
    const tokens = op.path.split("/").slice(1).map(unescape);
    if (tokens.length === 0) {
      doc = structuredClone(op.value);
      continue;
    }
    let parent = doc;
    for (const tok of tokens.slice(0, -1)) {
      parent = parent?.[tok];
    }
    assert.ok(parent && typeof parent === "object", `no object at the parent of ${op.path}`);
    const last = tokens[tokens.length - 1];
    if (op.op === "remove") {
      delete parent[last];
    } else {
      parent[last] = structuredClone(op.value);
    }
  }
  return doc;
}

function vectorPayload(vectors, ref) {
  const v = vectors.find((x) => x.symbol === ref.symbol && x.example === ref.example && x.mode === ref.mode);
  assert.ok(v, `no vector ${JSON.stringify(ref)}`);
  switch (ref.format) {
    case "jsonrpc":
    case "problem":
    case "response":
      return structuredClone(v[ref.format]);
    case "context":
      return structuredClone(v.jsonrpc.data.context);
  }
  throw new Error(`unknown format ${ref.format}`);
}

function explain(v) {
  return JSON.stringify(v.errors?.slice(0, 3));
}

test("golden schemas exist", () => {
  assert.ok(suites.length >= 6, `found ${suites.length} schemas`);
});

// The strictness itself: what each strict rule refuses, Ajv as strict.mjs
// makes it refuses (a schema errgen emits could meet none of it unseen).
test("strict.mjs refuses what every strict rule refuses", () => {
  const refused = [
    ["strictRequired", { type: "object", required: ["a"] }, /\(strictRequired\)/],
    ["strictTypes", { properties: { a: { type: "string" } } }, /missing type "object" for keyword "properties"/],
    ["allowUnionTypes", { type: ["string", "integer"] }, /use allowUnionTypes/],
    ["strictTuples", { type: "array", prefixItems: [{ type: "string" }] }, /"prefixItems" is 1-tuple/],
    ["strictSchema", { type: "string", unknownKeyword: 1 }, /unknown keyword: "unknownKeyword"/],
    ["formats", { type: "string", format: "no-such-format" }, /unknown format "no-such-format"/],
  ];
  for (const [rule, body, message] of refused) {
    const schema = { $schema: "https://json-schema.org/draft/2020-12/schema", $id: `urn:test:${rule}`, $defs: { X: body } };
    assert.throws(() => compileStrict(schema), message, `${rule}: ${JSON.stringify(body)}`);
  }
  const fixed = { type: "object", required: ["a"], properties: { a: true } };
  const schema = { $schema: "https://json-schema.org/draft/2020-12/schema", $id: "urn:test:fixed", $defs: { X: fixed } };
  assert.deepEqual(compileStrict(schema).warnings, []);
});

for (const { name, schema: schemaPath } of compileOnly) {
  test(`${name}: compiles in strict mode without warnings`, () => {
    const { warnings } = compile(JSON.parse(fs.readFileSync(schemaPath, "utf8")));
    assert.deepEqual(warnings, []);
  });
}

// tsVerdicts returns what the generated package says of a payload: its
// guard for the exact entry, and whether its parser returns anything for
// the twin.
function tsVerdicts(pkg, def, doc) {
  const guard = { ErrorContext: pkg.isErrorContext, JsonRpcError: pkg.isJsonRpcError, ProblemDetails: pkg.isProblemDetails, ErrorResponse: pkg.isErrorResponse }[def];
  const parse = { ErrorContext: pkg.parseErrorContext, JsonRpcError: pkg.parseJsonRpcError, ProblemDetails: pkg.parseProblemDetails, ErrorResponse: pkg.parseErrorResponse }[def];
  return { exact: guard(doc), any: parse(doc) !== undefined };
}

for (const { name, schema: schemaPath, vectors: vectorsPath, cases: casesPath, ts: tsPath } of suites) {
  const schema = JSON.parse(fs.readFileSync(schemaPath, "utf8"));
  const vectors = vectorsPath ? readJSONL(vectorsPath) : [];

  test(`${name}: compiles in strict mode without warnings`, () => {
    const { warnings } = compile(schema);
    assert.deepEqual(warnings, []);
  });

  test(`${name}: every vector validates`, { skip: !vectorsPath && "no runtime vectors" }, () => {
    const { validators: v } = compile(schema);
    assert.ok(vectors.length > 0);
    const failures = [];
    for (const vec of vectors) {
      const at = `${vec.symbol} example ${vec.example} ${vec.mode}`;
      const checks = [
        ["JsonRpcError", vec.jsonrpc],
        ["ProblemDetails", vec.problem],
        ["ErrorResponse", vec.response],
        ["#", vec.jsonrpc.data.context],
        ["ErrorContext", vec.jsonrpc.data.context],
      ];
      for (const [def, doc] of checks) {
        if (!v[def](doc)) failures.push(`${at} against ${def}: ${explain(v[def])}`);
      }
    }
    assert.deepEqual(failures, []);
  });

  test(`${name}: every case gets its verdict`, () => {
    const { validators: v } = compile(schema);
    const cases = readJSONL(casesPath);
    assert.ok(cases.some((c) => c.valid) && cases.some((c) => !c.valid));
    const failures = [];
    for (const c of cases) {
      const doc = c.vector ? applyPatch(vectorPayload(vectors, c.vector), c.patch) : c.payload;
      const want = [[c.def, c.valid], [anyTwin[c.def], c.valid || c.unknown === true]];
      if (c.def === "ErrorContext") want.push(["#", c.valid]);
      else want.push(["AnyEnvelope", c.valid || c.unknown === true]);
      for (const [def, valid] of want) {
        const ok = v[def](doc);
        if (ok !== valid) {
          failures.push(`${c.name} against ${def}: want ${valid ? "valid" : "invalid"}${ok ? "" : ": " + explain(v[def])}`);
        }
      }
    }
    assert.deepEqual(failures, []);
  });

  test(`${name}: the TypeScript guards and parsers agree with the schema`, { skip: !tsPath && "no TypeScript package" }, async () => {
    const pkg = await import(pathToFileURL(tsPath).href);
    const cases = readJSONL(casesPath);
    const failures = [];
    let held = 0;
    for (const c of cases) {
      if (c.constraint) continue;
      held++;
      const doc = c.vector ? applyPatch(vectorPayload(vectors, c.vector), c.patch) : c.payload;
      const got = tsVerdicts(pkg, c.def, doc);
      const want = { exact: c.valid, any: c.valid || c.unknown === true };
      if (got.exact !== want.exact || got.any !== want.any) {
        failures.push(`${c.name} (${c.def}): schema says ${JSON.stringify(want)}, TypeScript ${JSON.stringify(got)}`);
      }
    }
    assert.ok(held > 0);
    assert.deepEqual(failures, []);
  });
}

// The seed systems' own wire examples (seed-cases.jsonl, which
// TestSchemaSeeds holds santhosh-tekuri/jsonschema to), against the golden
// schema and TypeScript package of the examples/ catalog of each system:
// Ajv gives the verdict (valid: the exact entry point; unknown: the Any…
// twin and AnyEnvelope only; invalid: none), and the package's parser gives
// the payload for its symbol, an UnknownError, or nothing.
test("the seed systems' payloads get their verdict from Ajv and the TypeScript parsers", async () => {
  const parsers = { ErrorContext: "parseErrorContext", JsonRpcError: "parseJsonRpcError", ProblemDetails: "parseProblemDetails", ErrorResponse: "parseErrorResponse", ToolResult: "fromToolResult" };
  const loaded = {};
  const failures = [];
  const seen = new Set();
  for (const c of readJSONL(path.join(root, "test", "schema", "seed-cases.jsonl"))) {
    const suite = suites.find((s) => s.name === c.catalog);
    assert.ok(suite, `${c.name}: no golden catalog ${c.catalog}`);
    loaded[c.catalog] ??= {
      validators: compile(JSON.parse(fs.readFileSync(suite.schema, "utf8"))).validators,
      pkg: await import(pathToFileURL(suite.ts).href),
    };
    const { validators: v, pkg } = loaded[c.catalog];
    const name = `${c.seed}: ${c.name}`;
    seen.add(`${c.catalog} ${c.verdict}`);
    let def = c.def;
    let doc = c.payload;
    if (def === "ToolResult") {
      def = "ProblemDetails";
      doc = JSON.parse(c.payload.content[0].text);
    }
    const want = [[def, c.verdict === "valid"], [anyTwin[def], c.verdict !== "invalid"]];
    if (def === "ErrorContext") want.push(["#", c.verdict === "valid"]);
    else want.push(["AnyEnvelope", c.verdict !== "invalid"]);
    for (const [d, valid] of want) {
      if (v[d](doc) !== valid) failures.push(`${name}: Ajv says ${valid ? "invalid" : "valid"} against ${d}`);
    }
    const got = pkg[parsers[c.def]](c.payload);
    // where the verdict turns on a detail value's constraint, which the
    // parsers leave to the schema, they give the error the payload names
    if ((c.verdict === "valid" || c.constraint) && (got === undefined || pkg.isUnknownError(got) || pkg.symbolOf(got) !== c.symbol || !pkg.isSymbol(got, c.symbol))) {
      failures.push(`${name}: ${parsers[c.def]} gives ${JSON.stringify(got)?.slice(0, 160)}, not ${c.symbol}`);
    }
    if (c.verdict === "unknown" && !pkg.isUnknownError(got)) failures.push(`${name}: ${parsers[c.def]} gives ${JSON.stringify(got)?.slice(0, 160)}, not an UnknownError`);
    if (c.verdict === "invalid" && !c.constraint && got !== undefined) failures.push(`${name}: ${parsers[c.def]} gives ${JSON.stringify(got)?.slice(0, 160)}, not undefined`);
    if (c.verdict === "unknown" && c.def === "JsonRpcError") {
      // an unknown JSON-RPC error keeps its code, message and data
      assert.equal(got.code, c.payload.code, name);
      assert.equal(got.message, c.payload.message, name);
      assert.deepEqual(got.data, c.payload.data, name);
    }
  }
  for (const catalog of ["mdmcp", "taxonomy", "problem", "plain"]) {
    for (const verdict of ["valid", "invalid"]) assert.ok(seen.has(`${catalog} ${verdict}`), `no ${verdict} payload of ${catalog}`);
  }
  assert.deepEqual(failures, []);
});

// The example payloads of SPEC §2, against the repo's own schema (once
// errgen generate has written it) and examples/plain's.
test("SPEC §2 examples get their verdict", (t) => {
  const schemas = {
    own: path.join(root, "schema", schemaFile),
    plain: path.join(goldenDir, "plain", "schema", schemaFile),
  };
  const validators = {};
  for (const [name, file] of Object.entries(schemas)) {
    if (fs.existsSync(file)) {
      validators[name] = compile(JSON.parse(fs.readFileSync(file, "utf8"))).validators;
    }
  }
  if (!validators.own) t.diagnostic("schema/error-context.schema.json not generated yet: its cases skipped");
  const failures = [];
  let checked = 0;
  for (const c of readJSONL(path.join(root, "test", "schema", "spec-cases.jsonl"))) {
    const v = validators[c.catalog];
    if (!v) continue;
    checked++;
    const defs = c.def === "ErrorContext" ? ["ErrorContext", "#"] : [c.def];
    for (const def of defs) {
      const ok = v[def](c.payload);
      if (ok !== c.valid) failures.push(`${c.name} against ${def}: want ${c.valid ? "valid" : "invalid"}`);
    }
  }
  assert.ok(checked > 0);
  assert.deepEqual(failures, []);
});

// validate.mjs, TestDifferential's validator, answers every payload in
// order: a golden vector of each format valid, the tool result through the
// problem document it carries, and a payload its schema rejects with the
// entry point and Ajv's errors.
test("validate.mjs answers each payload against its format's entry point", () => {
  const suite = suites.find((s) => s.name === "plain");
  const v = readJSONL(suite.vectors).find((x) => x.symbol === "VALIDATION_ERROR");
  assert.ok(v, "no VALIDATION_ERROR vector of plain");
  const bad = structuredClone(v.response);
  bad.details.totalErrors = -1;
  const tool = (doc) => JSON.stringify({ content: [{ type: "text", text: JSON.stringify(doc) }], isError: true });
  const requests = [
    ["jsonrpc", JSON.stringify(v.jsonrpc)],
    ["problem", JSON.stringify(v.problem)],
    ["response", JSON.stringify(v.response)],
    ["toolResult", tool(v.problem)],
    ["response", JSON.stringify(bad)],
    ["toolResult", tool({ ...v.problem, totalErrors: -1 })],
    ["toolResult", JSON.stringify({ content: [], isError: true })],
  ];
  const out = spawnSync(process.execPath, [path.join(root, "test", "schema", "validate.mjs"), suite.schema], {
    input: requests.map(([format, payload]) => JSON.stringify({ format, payload }) + "\n").join(""),
    encoding: "utf8",
  });
  assert.equal(out.status, 0, out.stderr);
  const [head, ...answers] = out.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
  assert.deepEqual(head, { warnings: [] });
  assert.deepEqual(answers.map((a) => a.valid), [true, true, true, true, false, false, false]);
  assert.equal(answers[4].def, "ErrorResponse");
  assert.equal(answers[4].errors[0].keyword, "minimum");
  assert.equal(answers[5].def, "ProblemDetails");
  assert.equal(answers[6].def, "ToolResult");
});

// A payload Ajv throws on (its deep equality calls an object's own
// toString member) gets its answer, marked, and the payloads after it
// theirs.
test("validate.mjs answers a payload Ajv throws on", () => {
  const def = { type: "array", items: {}, uniqueItems: true };
  const schema = { $schema: "https://json-schema.org/draft/2020-12/schema", $id: "urn:test:throws", $defs: { JsonRpcError: def, ProblemDetails: def, ErrorResponse: def } };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "validate-"));
  const file = path.join(dir, "schema.json");
  fs.writeFileSync(file, JSON.stringify(schema));
  const payloads = [[{ a: 1 }, { toString: "x" }], [{ a: 1 }, { a: 2 }]];
  const out = spawnSync(process.execPath, [path.join(root, "test", "schema", "validate.mjs"), file], {
    input: payloads.map((p) => JSON.stringify({ format: "response", payload: JSON.stringify(p) }) + "\n").join(""),
    encoding: "utf8",
  });
  fs.rmSync(dir, { recursive: true });
  assert.equal(out.status, 0, out.stderr);
  const answers = out.stdout.trimEnd().split("\n").slice(1).map((l) => JSON.parse(l));
  assert.equal(answers.length, 2);
  assert.equal(answers[0].threw, true);
  assert.match(answers[0].errors[0].message, /Ajv throws/);
  assert.equal(answers[1].valid, true);
});
