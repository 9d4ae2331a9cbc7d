// The JavaScript half of TestDifferential's schema check
// (internal/endtoend/differential_test.go, internal/difffuzz/validate.go):
// FILE is a catalog's generated wire schema, loaded into Ajv as strict.mjs
// makes it (Ajv 2020, strict: true, ajv-formats). The process lives for the
// catalog's run: it reads one payload a line from stdin,
// {"format": F, "payload": TEXT} with F one of jsonrpc, problem, response
// and toolResult, and answers each in order with one line, {"valid": true}
// or {"valid": false, "def": DEF, "errors": [Ajv's first errors]} (with
// "threw": true where Ajv throws rather than answers). Each
// format is held to its exact entry point, as conformance.mjs holds the
// vectors: the tool result is an error result whose text content (and
// structuredContent, where it has one) is a ProblemDetails. Its first line
// is {"warnings": [...]}, what Ajv logged compiling the schema; a schema
// Ajv refuses ends it with the reason on stderr.
//
//   node test/schema/validate.mjs FILE
import fs from "node:fs";
import { defRef, strictAjv } from "./strict.mjs";

const file = process.argv[2];
if (!file) {
  console.error("usage: validate.mjs FILE");
  process.exit(2);
}
const schema = JSON.parse(fs.readFileSync(file, "utf8"));
const warnings = [];
// Ajv's optimizing pass over the code it generates would double the time
// the schema takes to compile (for a catalog's hundreds of payloads at
// most) and validates alike.
const ajv = strictAjv(warnings, { code: { optimize: false } });
ajv.addSchema(schema);
// only the entry points the payloads need: compiling every $defs entry
// (compileStrict) is strict.mjs' and ajv.test.mjs' work, and slower
const entry = { jsonrpc: "JsonRpcError", problem: "ProblemDetails", response: "ErrorResponse" };
const validators = {};
for (const def of Object.values(entry)) {
  validators[def] = ajv.getSchema(defRef(schema.$id, def));
  if (typeof validators[def] !== "function") {
    console.error(`${file}: the entry point ${def} does not compile`);
    process.exit(1);
  }
}
process.stdout.write(JSON.stringify({ warnings }) + "\n");

// the problem documents found valid: a tool result wraps its line's
// problem payload, which came first, and is not validated twice
const validProblems = new Set();

function invalid(def, errors) {
  return { valid: false, def, errors };
}

// check returns the answer for one request line.
function check(line) {
  let req, format, doc;
  try {
    req = JSON.parse(line);
    format = req.format;
    doc = JSON.parse(req.payload);
  } catch (e) {
    return invalid("", [{ message: `not JSON: ${e.message}` }]);
  }
  const docs = [];
  if (format === "toolResult") {
    const text = doc?.content?.[0];
    if (doc?.isError !== true || text?.type !== "text" || typeof text.text !== "string") {
      return invalid("ToolResult", [{ message: "not an error result with the problem document as its first text content" }]);
    }
    if (!validProblems.has(text.text)) {
      try {
        docs.push(["ProblemDetails", JSON.parse(text.text)]);
      } catch (e) {
        return invalid("ToolResult", [{ message: `the text content is not JSON: ${e.message}` }]);
      }
    }
    if (doc.structuredContent !== undefined) docs.push(["ProblemDetails", doc.structuredContent]);
  } else if (entry[format]) {
    docs.push([entry[format], doc]);
  } else {
    return invalid("", [{ message: `unknown format ${JSON.stringify(format)}` }]);
  }
  for (const [def, d] of docs) {
    const validate = validators[def];
    try {
      if (!validate(d)) return invalid(def, validate.errors.slice(0, 3));
    } catch (e) {
      // Ajv itself failing on a payload is the payload's answer too: the
      // rest still get theirs. Its deep equality (uniqueItems, const,
      // enum: fast-deep-equal) calls an object's own toString or valueOf
      // member, and throws where a JSON object has one that is no
      // function: a defect of Ajv's, not of the payload ("defect")
      const defect = e instanceof TypeError && /\b(toString|valueOf) is not a function/.test(e.message);
      return { ...invalid(def, [{ message: `Ajv throws: ${e}` }]), threw: true, defect };
    }
  }
  if (format === "problem") validProblems.add(req.payload);
  return { valid: true };
}

// Lines are answered a chunk of stdin at a time: one write for many.
let rest = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  const lines = (rest + chunk).split("\n");
  rest = lines.pop();
  if (lines.length > 0) process.stdout.write(lines.map((l) => JSON.stringify(check(l))).join("\n") + "\n");
});
process.stdin.on("end", () => {
  if (rest !== "") process.stdout.write(JSON.stringify(check(rest)) + "\n");
});
