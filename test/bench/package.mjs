// What the benchmarks of the TypeScript runtime share: the npm package
// (and the conformance vectors) errgen generates for a catalog, built into
// a directory of their own.
import { execFileSync } from "node:child_process";
import { join } from "node:path";

/**
 * generate writes every output errgen generates for catalog into dir (the
 * npm package in dir/ts, the conformance vectors in dir/vectors.json),
 * running the errgen binary errgen from root, the repository.
 * @param {string} errgen
 * @param {string} root
 * @param {string} catalog
 * @param {string} dir
 */
export function generate(errgen, root, catalog, dir) {
  execFileSync(errgen, ["generate", "-catalog", catalog, "-go", join(dir, "go"), "-ts", join(dir, "ts"), "-rust", join(dir, "rust"),
    "-schema", join(dir, "schema.json"), "-docs", join(dir, "docs"), "-conformance", join(dir, "vectors.json")], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
}
