// Types for clients from errgen's OpenAPI documents: openapi-typescript
// (the version pinned in package-lock.json) turns the repo's own document
// (schema/errors.openapi.json) and every golden catalog's into TypeScript,
// in a throwaway directory, and the repo's TypeScript compiles each with
// --strict, together with
//
//   - checks written here for every document: each error's schema and
//     each problem response's content is a ProblemDetails and has the
//     members of Problem, its type is its own type URI as a literal, and
//     ProblemDetails' type is a union of literals, not string;
//   - a hand-written file for some documents (types/NAME.ts: NAME is repo
//     or a golden catalog's), which narrows a ProblemNNN response's or
//     ProblemDetails' document on its type URI to one error's detail
//     fields, with @ts-expect-error lines proving another error's fields
//     are not there.
//
// Run from the repository root: node --test test/openapi/types.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const goldenDir = path.join(root, "internal", "endtoend", "testdata", "golden");
const docFile = "errors.openapi.json";
const problemType = "application/problem+json";

const documents = [
  { name: "repo", file: path.join(root, "schema", docFile) },
  ...fs
    .readdirSync(goldenDir)
    .filter((name) => fs.existsSync(path.join(goldenDir, name, "openapi", docFile)))
    .sort()
    .map((name) => ({ name, file: path.join(goldenDir, name, "openapi", docFile) })),
];

// checks is the TypeScript of the checks every document gets.
function checks(doc) {
  const { schemas, responses } = doc.components;
  const lines = [
    `import type { components } from "./errors.js";`,
    `type ProblemDetails = components["schemas"]["ProblemDetails"];`,
    `type Problem = components["schemas"]["Problem"];`,
    `type IsLiteral<T> = string extends T ? false : true;`,
    `export const literal: IsLiteral<ProblemDetails["type"]> = true;`,
    `export const base = (p: ProblemDetails): Problem => p;`,
    `export const plain = (r: components["responses"]["ErrorResponse"]["content"]["application/json"]): components["schemas"]["ErrorResponse"] => r;`,
  ];
  let n = 0;
  for (const [name, s] of Object.entries(schemas)) {
    if (!s.allOf || s.properties?.symbol?.const === undefined) continue; // an error's schema: allOf Problem, its symbol a const
    const t = `components["schemas"][${JSON.stringify(name)}]`;
    lines.push(`export const s${n} = (p: ${t}): ProblemDetails => p;`);
    lines.push(`export const t${n}: ${t}["type"] = ${JSON.stringify(s.properties.type.const)};`);
    lines.push(`export const y${n}: ${t}["symbol"] = ${JSON.stringify(s.properties.symbol.const)};`);
    n++;
  }
  for (const [name, r] of Object.entries(responses)) {
    if (!r.content?.[problemType]) continue;
    const t = `components["responses"][${JSON.stringify(name)}]["content"][${JSON.stringify(problemType)}]`;
    lines.push(`export const r${n} = (p: ${t}): ProblemDetails => p;`);
    lines.push(`export const b${n} = (p: ${t}): Problem => p;`);
    n++;
  }
  return { text: lines.join("\n") + "\n", count: n };
}

test("openapi-typescript's types of every document compile under --strict", async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "errgen-openapi-ts-"));
  try {
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
    const files = [];
    let handWritten = 0;
    for (const { name, file } of documents) {
      const sub = path.join(dir, name);
      fs.mkdirSync(sub);
      const ast = await openapiTS(pathToFileURL(file));
      fs.writeFileSync(path.join(sub, "errors.ts"), astToString(ast));
      const c = checks(JSON.parse(fs.readFileSync(file, "utf8")));
      fs.writeFileSync(path.join(sub, "checks.ts"), c.text);
      files.push(path.join(sub, "errors.ts"), path.join(sub, "checks.ts"));
      const own = path.join(here, "types", `${name}.ts`);
      if (fs.existsSync(own)) {
        fs.copyFileSync(own, path.join(sub, "narrow.ts"));
        files.push(path.join(sub, "narrow.ts"));
        handWritten++;
      }
      t.diagnostic(`${name}: ${c.count} checked types${fs.existsSync(own) ? ", and types/" + name + ".ts" : ""}`);
    }
    assert.ok(handWritten >= 2, "the hand-written narrowing files");
    const tsc = spawnSync(
      process.execPath,
      [path.join(root, "node_modules", "typescript", "bin", "tsc"), "--strict", "--noEmit", "--module", "nodenext",
        "--moduleResolution", "nodenext", "--target", "es2022", "--noUnusedParameters", ...files],
      { cwd: dir, encoding: "utf8" },
    );
    assert.equal(tsc.status, 0, `tsc:\n${tsc.stdout}${tsc.stderr}`);
    t.diagnostic(`${documents.length} documents, ${files.length} files compiled`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

// A narrowing file that reaches another error's field fails to compile:
// the @ts-expect-error lines above are not idle.
test("a field of another error does not compile", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "errgen-openapi-ts-"));
  try {
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
    const file = documents.find((d) => d.name === "taxonomy").file;
    fs.writeFileSync(path.join(dir, "errors.ts"), astToString(await openapiTS(pathToFileURL(file))));
    const narrow = fs.readFileSync(path.join(here, "types", "taxonomy.ts"), "utf8");
    const broken = narrow.replace("// @ts-expect-error endpoint is a field of the rate limits' details, not of E_LIMIT_EXCEEDED\n", "");
    assert.notEqual(broken, narrow);
    fs.writeFileSync(path.join(dir, "narrow.ts"), broken);
    const tsc = spawnSync(
      process.execPath,
      [path.join(root, "node_modules", "typescript", "bin", "tsc"), "--strict", "--noEmit", "--module", "nodenext",
        "--moduleResolution", "nodenext", "--target", "es2022", "errors.ts", "narrow.ts"],
      { cwd: dir, encoding: "utf8" },
    );
    assert.notEqual(tsc.status, 0);
    assert.match(tsc.stdout, /narrow\.ts\(\d+,\d+\): error TS2339: Property 'endpoint' does not exist/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
