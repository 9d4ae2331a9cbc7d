// The repo's generated package, packed with npm and installed from the
// tarball into a fresh project, compiles under moduleResolution "bundler"
// and "node16" and runs with node.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..");
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
const pkgDir = join(root, "gen", "ts");
const pkg = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));

const consumer = `import { parseJsonRpcError, isSymbol, isRetryable, CATALOG, type JsonRpcError, type UnknownError } from "${pkg.name}";

const wire = '{"code":-32602,"message":"File is 5242880 bytes; the limit is 1048576 bytes","data":{"domain":"filesystem","symbol":"E_FS_FILE_TOO_LARGE","retryable":false,"context":{"schemaVersion":1,"type":"file_too_large","details":{"resource":"file_size","limit":1048576,"actual":5242880,"unit":"bytes"},"retryable":false}}}';
const err: JsonRpcError | UnknownError | undefined = parseJsonRpcError(wire);
if (!err || !isSymbol(err, "E_FS_FILE_TOO_LARGE")) {
  throw new Error("did not narrow");
}
const limit: number | undefined = err.data.context?.details.limit;
console.log(JSON.stringify({ limit, retryable: isRetryable(err), code: CATALOG.errors.E_FS_FILE_TOO_LARGE.code }));
`;

function run(cmd, args, cwd) {
  return execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

for (const resolution of ["bundler", "node16"]) {
  test(`consumer with moduleResolution ${resolution}`, () => {
    const dir = mkdtempSync(join(tmpdir(), "errgen-consumer-"));
    try {
      const tarball = run("npm", ["pack", pkgDir, "--pack-destination", dir, "--silent"], dir).trim().split("\n").pop();
      writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
      run("npm", ["install", "--no-audit", "--no-fund", "--offline", join(dir, tarball)], dir);
      writeFileSync(join(dir, "main.ts"), consumer);
      const module = resolution === "node16" ? "node16" : "esnext";
      writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({
        compilerOptions: {
          strict: true, noUncheckedIndexedAccess: true, exactOptionalPropertyTypes: true,
          module, moduleResolution: resolution, target: "es2022", lib: ["es2022", "dom"], types: [], outDir: "out",
        },
        files: ["main.ts"],
      }));
      run("node", [tsc, "-p", "tsconfig.json"], dir);
      const out = run("node", [join(dir, "out", "main.js")], dir);
      assert.deepEqual(JSON.parse(out), { limit: 1048576, retryable: false, code: 2502 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
