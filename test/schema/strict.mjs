// Ajv at its strictest, for the JSON Schema errgen emits: Ajv 2020 (the
// version pinned in package-lock.json) with strict: true, which turns
// every strict rule on as an error (strictSchema, strictNumbers,
// strictTypes, strictTuples, strictRequired), no union types, and
// ajv-formats in its default full mode. test/schema/ajv.test.mjs compiles
// the committed schemas with it; as a command it is the JavaScript half of
// TestSchemaAjvStrict (internal/gen/jsonschema): DIR holds one
// NAME.schema.json per catalog (the repo's own, the examples, the golden
// catalogs, the hostile ones and synthetic ones), and each must compile,
// its root and every $defs entry, without an error or a logged warning.
//
//   node test/schema/strict.mjs DIR
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

// strictOptions are Ajv's options: strict: true, and each rule it stands
// for spelled out, so that no default can loosen one.
export const strictOptions = {
  strict: true,
  strictSchema: true,
  strictNumbers: true,
  strictTypes: true,
  strictTuples: true,
  strictRequired: true,
  allowUnionTypes: false,
  allowMatchingProperties: false,
  validateFormats: true,
  validateSchema: true,
};

// strictAjv returns a fresh strict Ajv with ajv-formats whose logger
// pushes every warning and error it logs onto warnings; options are more
// of Ajv's, none of them a strict rule (validate.mjs: how it compiles).
export function strictAjv(warnings, options = {}) {
  const logger = {
    log() {},
    warn: (...args) => warnings.push(args.join(" ")),
    error: (...args) => warnings.push(args.join(" ")),
  };
  const ajv = new Ajv2020({ ...options, ...strictOptions, logger });
  addFormats(ajv);
  return ajv;
}

// defRef is the reference of a $defs entry within the schema $id, escaped
// for a JSON Pointer and a URI fragment (as the Go emitter's Ref).
export function defRef(id, def) {
  const token = def.replaceAll("~", "~0").replaceAll("/", "~1");
  const safe = /[A-Za-z0-9\-._~!$&'()*+,;=:@/?]/;
  let frag = "";
  for (const byte of new TextEncoder().encode(token)) {
    const c = String.fromCharCode(byte);
    frag += byte < 0x80 && safe.test(c) ? c : "%" + byte.toString(16).toUpperCase().padStart(2, "0");
  }
  return `${id}#/$defs/${frag}`;
}

// compileStrict loads a schema into a fresh strict Ajv and compiles its
// root and every $defs entry (Ajv compiles an entry no $ref reaches only
// when asked for it). It returns the Ajv instance, a validator per $defs
// key ("#" is the root) and what Ajv logged; it throws where Ajv refuses
// the schema.
export function compileStrict(schema) {
  const warnings = [];
  const ajv = strictAjv(warnings);
  ajv.addSchema(schema);
  const validators = { "#": ajv.getSchema(schema.$id) };
  for (const def of Object.keys(schema.$defs ?? {})) {
    validators[def] = ajv.getSchema(defRef(schema.$id, def));
    if (typeof validators[def] !== "function") throw new Error(`$defs entry ${def} does not compile`);
  }
  if (typeof validators["#"] !== "function") throw new Error(`the root of ${schema.$id} does not compile`);
  return { ajv, validators, warnings };
}

// run compiles every DIR/NAME.schema.json and reports each failure.
function run(dir) {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(".schema.json")).sort();
  if (files.length === 0) {
    console.error(`no *.schema.json under ${dir}`);
    process.exit(1);
  }
  const failures = [];
  for (const file of files) {
    const name = file.slice(0, -".schema.json".length);
    let schema;
    try {
      schema = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
    } catch (e) {
      failures.push(`${name}: not JSON: ${e.message}`);
      continue;
    }
    try {
      const { validators, warnings } = compileStrict(schema);
      for (const w of warnings) failures.push(`${name}: Ajv logged: ${w}`);
      if (warnings.length === 0) console.log(`${name}: ${Object.keys(validators).length} schemas compile under strict: true`);
    } catch (e) {
      failures.push(`${name}: ${e.message}`);
    }
  }
  if (failures.length > 0) {
    console.error(`${failures.length} failures in ${files.length} schemas:\n${failures.join("\n")}`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) {
    console.error("usage: strict.mjs DIR");
    process.exit(2);
  }
  run(dir);
}
