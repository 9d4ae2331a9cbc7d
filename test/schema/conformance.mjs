// The JavaScript half of TestConformanceAjv (internal/endtoend/conformance_test.go):
// DIR holds one directory per catalog with its schema.json (the generated
// wire schema) and vectors.json (its conformance vectors, as errgen
// generate -conformance writes them). With Ajv in its default strict mode
// and ajv-formats:
//
//   - the vector file validates against schema/conformance.schema.json;
//   - every expected payload validates against its exact entry point of the
//     catalog's schema (the tool result's text against ProblemDetails), or,
//     for an input that names its own catalog (input.catalog, NAME), of
//     that catalog's schema, NAME.schema.json beside them.
//
//   node test/schema/conformance.mjs DIR
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const dir = process.argv[2];
assert.ok(dir, "usage: conformance.mjs DIR");
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

function strictAjv(warnings) {
  const ajv = new Ajv2020({ logger: { log() {}, warn: (...a) => warnings.push(a.join(" ")), error: (...a) => warnings.push(a.join(" ")) } });
  addFormats(ajv);
  return ajv;
}

const failures = [];
const fileWarnings = [];
const validateFile = strictAjv(fileWarnings).compile(JSON.parse(fs.readFileSync(path.join(repo, "schema", "conformance.schema.json"), "utf8")));
if (fileWarnings.length > 0) failures.push(`conformance.schema.json: Ajv strict mode: ${fileWarnings.join("; ")}`);

const entry = { jsonrpc: "JsonRpcError", problem: "ProblemDetails", response: "ErrorResponse" };
let checked = 0;
for (const name of fs.readdirSync(dir).sort()) {
  const file = JSON.parse(fs.readFileSync(path.join(dir, name, "vectors.json"), "utf8"));
  if (!validateFile(file)) failures.push(`${name}: the vector file: ${JSON.stringify(validateFile.errors?.slice(0, 3))}`);
  // a strict Ajv per schema file: the catalog's, and those of the catalogs
  // inputs carry
  const validators = new Map();
  const validatorsOf = (file) => {
    if (!validators.has(file)) {
      const schema = JSON.parse(fs.readFileSync(path.join(dir, name, file), "utf8"));
      const warnings = [];
      const ajv = strictAjv(warnings);
      ajv.addSchema(schema);
      if (warnings.length > 0) failures.push(`${name}: ${file}: Ajv strict mode: ${warnings.join("; ")}`);
      validators.set(file, (def) => ajv.getSchema(`${schema.$id}#/$defs/${def}`));
    }
    return validators.get(file);
  };
  for (const v of file.vectors) {
    if (v.refused !== undefined || v.advice !== undefined || v.unreadable !== undefined) continue; // an input every runner refuses, or a client's advice: no payload
    const validatorOf = validatorsOf(v.input.catalog === undefined ? "schema.json" : `${v.input.catalog}.schema.json`);
    const docs = { ...v.expect };
    const tool = JSON.parse(v.expect.toolResult);
    docs.toolResult = tool.content?.[0]?.text;
    for (const [format, text] of Object.entries(docs)) {
      const def = entry[format] ?? "ProblemDetails";
      const validate = validatorOf(def);
      checked++;
      let payload;
      try {
        payload = JSON.parse(text);
      } catch (e) {
        failures.push(`${name}: ${v.id} ${format}: not JSON: ${e.message}`);
        continue;
      }
      if (!validate(payload)) failures.push(`${name}: ${v.id} ${format} against ${def}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
    }
    if (tool.isError !== true) failures.push(`${name}: ${v.id}: the tool result is not an error result`);
  }
}
if (failures.length > 0) {
  console.error(`${failures.length} failures among ${checked} payloads:\n${failures.slice(0, 40).join("\n")}`);
  process.exit(1);
}
console.log(`${checked} expected payloads valid (Ajv, strict, formats)`);
