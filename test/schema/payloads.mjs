// The JavaScript half of TestWireContract (internal/endtoend/wire_test.go):
// DIR holds one directory per catalog with its schema.json, its generated
// TypeScript package (ts/) and payloads.jsonl, every payload the Go
// runtime rendered of every error. Each payload must validate against its
// exact entry point with Ajv in strict mode (with ajv-formats), and the
// generated parser of its format must take it for the error it names.
//
//   node test/schema/payloads.mjs DIR
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const root = process.argv[2];
assert.ok(root, "usage: payloads.mjs DIR");

const parsers = {
  JsonRpcError: "parseJsonRpcError",
  ErrorContext: "parseErrorContext",
  ProblemDetails: "parseProblemDetails",
  ErrorResponse: "parseErrorResponse",
};

const failures = [];
let checked = 0;
for (const name of fs.readdirSync(root).sort()) {
  const dir = path.join(root, name);
  const schema = JSON.parse(fs.readFileSync(path.join(dir, "schema.json"), "utf8"));
  const warnings = [];
  const ajv = new Ajv2020({ logger: { log() {}, warn: (...a) => warnings.push(a.join(" ")), error: (...a) => warnings.push(a.join(" ")) } });
  addFormats(ajv);
  ajv.addSchema(schema);
  if (warnings.length > 0) failures.push(`${name}: Ajv strict mode: ${warnings.join("; ")}`);
  const pkg = await import(pathToFileURL(path.join(dir, "ts", "index.js")).href);
  const lines = fs.readFileSync(path.join(dir, "payloads.jsonl"), "utf8").split("\n").filter((l) => l !== "");
  for (const line of lines) {
    const p = JSON.parse(line);
    checked++;
    const validate = ajv.getSchema(`${schema.$id}#/$defs/${p.def}`);
    if (!validate(p.payload)) {
      failures.push(`${name}: ${p.name} against ${p.def}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
    }
    const parsed = pkg[parsers[p.def]](p.payload);
    if (parsed === undefined || pkg.isUnknownError(parsed) || pkg.symbolOf(parsed) !== p.symbol || !pkg.isSymbol(parsed, p.symbol)) {
      failures.push(`${name}: ${p.name}: ${parsers[p.def]} gives ${JSON.stringify(parsed)?.slice(0, 200)}, not ${p.symbol}`);
    }
  }
}
if (failures.length > 0) {
  console.error(`${failures.length} of ${checked} payloads fail:\n${failures.slice(0, 40).join("\n")}`);
  process.exit(1);
}
console.log(`${checked} payloads valid (Ajv) and narrowed (TypeScript)`);
