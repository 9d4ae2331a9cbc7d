// Lints the OpenAPI document errgen writes (errgen generate -openapi) with
// Redocly CLI, the version pinned in package-lock.json:
//
//   - the repo's own (schema/errors.openapi.json) and every golden
//     catalog's (internal/endtoend/testdata/golden/*/openapi) get 0 errors
//     from the recommended rules. Their warnings are tallied, not failed:
//     a document of components only has no paths to use them
//     (no-unused-components), a catalog without a license has none in
//     info (info-license), and no-invalid-media-type-examples reads every
//     schema as closed, where an error's open details let an example carry
//     members its schema does not name;
//   - with that rule an error that allows additional properties, as the
//     documents' schemas do (redocly.yaml beside this file), every
//     response's example conforms to its schema: 0 errors;
//   - a broken document (a $ref to no component, a response without its
//     description, an example whose status is a string) gets errors of
//     each, so a lint that found nothing would fail.
//
// Run from the repository root: node --test test/openapi/redocly.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const cli = path.join(root, "node_modules", "@redocly", "cli", "bin", "cli.js");
const goldenDir = path.join(root, "internal", "endtoend", "testdata", "golden");
const docFile = "errors.openapi.json";

// The documents, by their paths from the repository root.
const documents = [
  path.join("schema", docFile),
  ...fs
    .readdirSync(goldenDir)
    .filter((name) => fs.existsSync(path.join(goldenDir, name, "openapi", docFile)))
    .sort()
    .map((name) => path.join("internal", "endtoend", "testdata", "golden", name, "openapi", docFile)),
];

// lint runs the CLI on files (from the repository root) and returns its
// JSON reports, one a file in the order of files ({totals: {errors,
// warnings, ignored}, problems: [...]}), concatenated as the CLI writes
// them, and its exit code.
function lint(files, ...args) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [cli, "lint", "--format=json", "--max-problems=100000", ...args, ...files],
      {
        cwd: root,
        maxBuffer: 64 << 20,
        // no usage data sent, no look-up of a newer version
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
      },
      (err, stdout, stderr) => {
        // lint exits 1 when it reports errors: the reports say which.
        // Each report is an indented object: a closing brace at the start
        // of a line ends it (the next one follows on that line).
        const reports = [];
        try {
          for (const part of stdout.split(/^}/m).slice(0, -1)) {
            reports.push(JSON.parse(part.slice(part.indexOf("{")) + "}"));
          }
        } catch (e) {
          reject(new Error(`redocly lint: ${e.message}\n${stdout.slice(0, 2000)}\n${stderr}`));
          return;
        }
        if (reports.length !== files.length) {
          reject(new Error(`redocly lint wrote ${reports.length} reports for ${files.length} files (${err ? err.message : "exit 0"}):\n${stderr}`));
          return;
        }
        resolve({ reports, code: err ? err.code : 0, stderr });
      },
    );
  });
}

// counts counts a report's problems by severity, and by rule.
function counts(report) {
  const c = { error: 0, warn: 0, rules: {}, messages: [] };
  for (const p of report.problems) {
    c[p.severity === "error" ? "error" : "warn"]++;
    c.rules[p.ruleId] = (c.rules[p.ruleId] ?? 0) + 1;
    if (p.severity === "error") c.messages.push(`${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`);
  }
  return c;
}

// Both runs at once: each takes a few seconds. (A rejection is seen by
// the test that awaits it.)
const recommended = lint(documents, "--extends=recommended");
const examples = lint(documents, `--config=${path.join("test", "openapi", "redocly.yaml")}`);
recommended.catch(() => {});
examples.catch(() => {});

test("the recommended rules report no error on any document", async (t) => {
  const { reports, code, stderr } = await recommended;
  let warnings = 0;
  documents.forEach((file, i) => {
    const c = counts(reports[i]);
    assert.equal(c.error, 0, `${file}: ${c.error} errors:\n${c.messages.join("\n")}`);
    assert.equal(reports[i].totals.errors, 0, file);
    warnings += c.warn;
    t.diagnostic(`${file}: 0 errors, ${c.warn} warnings ${JSON.stringify(c.rules)}`);
  });
  assert.equal(code, 0, stderr);
  t.diagnostic(`${documents.length} documents, 0 errors, ${warnings} warnings`);
});

test("every response's example conforms to its schema", async () => {
  const { reports, code, stderr } = await examples;
  documents.forEach((file, i) => {
    const c = counts(reports[i]);
    assert.equal(c.error, 0, `${file}: ${c.error} errors:\n${c.messages.join("\n")}`);
    assert.equal(c.rules["no-invalid-media-type-examples"] ?? 0, 0, file);
  });
  assert.equal(code, 0, stderr);
});

test("a broken document gets errors", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "errgen-redocly-"));
  try {
    const doc = JSON.parse(fs.readFileSync(path.join(root, documents[documents.length - 1]), "utf8"));
    const [name, response] = Object.entries(doc.components.responses)[0];
    response.content["application/problem+json"].schema = { $ref: "#/components/schemas/NoSuchError" };
    delete doc.components.responses.ProblemDetails.description;
    const [other, withExample] = Object.entries(doc.components.responses).find(([n, r]) => n !== name && r.content?.["application/problem+json"]?.example);
    withExample.content["application/problem+json"].example.status = "teapot";
    const file = path.join(dir, docFile);
    fs.writeFileSync(file, JSON.stringify(doc, null, 2));
    const { reports, code } = await lint([file], `--config=${path.join("test", "openapi", "redocly.yaml")}`);
    assert.notEqual(code, 0);
    const rules = new Set(reports[0].problems.filter((p) => p.severity === "error").map((p) => p.ruleId));
    assert.ok(rules.has("no-unresolved-refs"), `${name}'s $ref: ${[...rules]}`);
    assert.ok(rules.has("struct"), `ProblemDetails without description: ${[...rules]}`);
    assert.ok(rules.has("no-invalid-media-type-examples"), `${other}'s example with a status of "teapot": ${[...rules]}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
