// The compiler's messages on common mistakes name the mistake: a misspelled
// symbol in isSymbol, a misspelled detail field after narrowing.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..", "..", "..");
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
const kinds = join(here, "..", "golden", "kinds", "ts", "index.js");

function diagnostics(source) {
  const dir = mkdtempSync(join(tmpdir(), "errgen-diagnostics-"));
  try {
    writeFileSync(join(dir, "main.ts"), source.replace("PKG", JSON.stringify(kinds)));
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, module: "esnext", moduleResolution: "bundler", target: "es2022", lib: ["es2022"], types: [] },
      files: ["main.ts"],
    }));
    try {
      execFileSync("node", [tsc, "-p", "tsconfig.json"], { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
      return "";
    } catch (e) {
      return e.stdout;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("a misspelled symbol is named in the error", () => {
  for (const parse of ["parseProblemDetails", "parseJsonRpcError", "parseErrorResponse"]) {
    const out = diagnostics(`import { ${parse}, isSymbol } from PKG;
declare const x: unknown;
const p = ${parse}(x);
if (p && isSymbol(p, "E_TREE_INVALDI")) { void p; }
`);
    assert.match(out, /Argument of type '"E_TREE_INVALDI"' is not assignable to parameter of type 'ErrorSymbol'/, `${parse}: ${out}`);
  }
});

test("a misspelled detail field is an error, with the field it meant", () => {
  const out = diagnostics(`import { parseProblemDetails, parseErrorResponse, isSymbol } from PKG;
declare const x: unknown;
const p = parseProblemDetails(x);
if (p && isSymbol(p, "E_TREE_INVALID")) { void p.nmae; }
const r = parseErrorResponse(x);
if (r && isSymbol(r, "E_TREE_VALIDATION")) { void r.details.totalErors; }
`);
  assert.match(out, /Property 'nmae' does not exist/, out);
  assert.match(out, /Property 'totalErors' does not exist on type 'FieldErrors'\. Did you mean 'totalErrors'\?/, out);
});

test("built-in shapes are typed wherever they appear", () => {
  const out = diagnostics(`import { parseProblemDetails, isSymbol } from PKG;
declare const x: unknown;
const p = parseProblemDetails(x);
if (p && isSymbol(p, "E_TREE_VALIDATION")) {
  for (const [field, messages] of Object.entries(p.fieldErrors)) {
    const first: string | undefined = messages[0];
    void [field, first];
  }
}
`);
  assert.equal(out, "");
});
