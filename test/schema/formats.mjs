// The JavaScript half of TestFormatsAgreeWithAjv
// (internal/endtoend/format_assert_test.go): FILE holds a JSON array of
// {format, value}; this prints, as a JSON array in the same order, whether
// Ajv with ajv-formats (the versions in package-lock.json, addFormats'
// default full mode, strict mode) takes each value in a string of that
// format, as a wire schema's detail field {"type": "string", "format": F};
// for the format "pattern", whether Ajv compiles the value as a pattern
// (with the u flag, as it compiles every pattern).
//
//   node test/schema/formats.mjs FILE
import assert from "node:assert/strict";
import fs from "node:fs";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const file = process.argv[2];
assert.ok(file, "usage: formats.mjs FILE");
const cases = JSON.parse(fs.readFileSync(file, "utf8"));
const ajv = new Ajv2020();
addFormats(ajv);
const patterns = new Ajv2020();
const validators = new Map();
const verdicts = cases.map(({ format, value }) => {
  if (format === "pattern") {
    try {
      patterns.compile({ type: "string", pattern: value });
      return true;
    } catch {
      return false;
    }
  }
  if (!validators.has(format)) {
    validators.set(format, ajv.compile({ type: "string", format }));
  }
  return validators.get(format)(value);
});
process.stdout.write(JSON.stringify(verdicts) + "\n");
