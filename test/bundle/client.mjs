// Bundles, with esbuild for the browser, a client of each generated
// package given (a directory): an entry that imports the package's guards,
// parsers and metadata, as a web app does. The bundle must hold the client
// alone — index.js and catalog.js, none of the server runtime (server.js,
// write.js, check.js, wire.js, sanitize.js, facts.js) or its adapters
// (mcp.js, http.js) — and none of the server's text. A second entry
// imports one guard and one parser (isSymbol, parseProblemDetails), as the
// smallest client does: minified, it must hold the same two files alone,
// so that it does not grow with the server runtime; its size, minified and
// gzipped, is printed (BENCHMARKS.md).
//
//   node test/bundle/client.mjs DIR...
import assert from "node:assert/strict";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const dirs = process.argv.slice(2);
assert.ok(dirs.length > 0, "usage: client.mjs DIR...");

const entry = `import * as pkg from PKG;
const wire = JSON.parse(globalThis.payload ?? "{}");
const err = pkg.parseJsonRpcError?.(wire) ?? pkg.parseProblemDetails?.(wire) ?? pkg.parseErrorResponse?.(wire);
export const result = [err && pkg.symbolOf(err), pkg.isRetryable(err ?? "x"), pkg.CATALOG.name, pkg.isUnknownError(err)];
`;
const smallest = `import { isSymbol, parseProblemDetails } from PKG;
export function isNotFound(payload) {
  const p = parseProblemDetails(JSON.parse(payload));
  return p !== undefined && isSymbol(p, globalThis.symbol);
}
`;
// what only the server runtime holds
const serverText = ["<redacted>", "application/problem+json", "urn:uuid:", "FACTS", "minMaxDataBytes", "newError", "renderProblem", "optionsFromEnv", "setRequestHandler"];
const client = new Set(["index.js", "catalog.js"]);

for (const dir of dirs) {
  const pkgDir = path.resolve(dir);
  const out = await build({
    stdin: { contents: entry.replace("PKG", JSON.stringify(path.join(pkgDir, "index.js"))), resolveDir: pkgDir, loader: "js" },
    bundle: true,
    platform: "browser",
    format: "esm",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const inputs = Object.keys(out.metafile.inputs).filter((f) => f !== "<stdin>").map((f) => path.basename(f));
  assert.deepEqual(new Set(inputs), client, `${dir}: the client bundle holds ${inputs.join(", ")}`);
  const text = out.outputFiles[0].text;
  for (const s of serverText) assert.ok(!text.includes(s), `${dir}: the client bundle holds ${JSON.stringify(s)}`);
  console.log(`${dir}: client bundle of ${inputs.join(" and ")}, ${text.length} bytes`);

  const small = await build({
    stdin: { contents: smallest.replace("PKG", JSON.stringify(path.join(pkgDir, "index.js"))), resolveDir: pkgDir, loader: "js" },
    bundle: true,
    minify: true,
    platform: "browser",
    format: "esm",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const smallInputs = Object.keys(small.metafile.inputs).filter((f) => f !== "<stdin>").map((f) => path.basename(f));
  assert.ok(smallInputs.every((f) => client.has(f)), `${dir}: the one-guard bundle holds ${smallInputs.join(", ")}`);
  const bytes = small.outputFiles[0].contents;
  for (const s of serverText) assert.ok(!small.outputFiles[0].text.includes(s), `${dir}: the one-guard bundle holds ${JSON.stringify(s)}`);
  console.log(`${dir}: one guard and one parser (${smallInputs.join(" and ")}), minified ${bytes.length} bytes, gzip ${gzipSync(bytes, { level: 9 }).length} bytes`);
}
