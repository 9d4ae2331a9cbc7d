// @ts-check
// The runtime's tests run on a package put together from the source (src)
// and the generated facts of the fixture catalog (fixture), the way errgen
// puts a package together: the source files as they are, beside
// catalog.js, constructors.js, facts.js and index.d.ts.

import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const src = join(here, "..", "src");
export const fixture = join(here, "fixture");

/** Declarations of the facts, for type-checking the source alone. */
const factTypes = new Set(["catalog.d.ts", "constructors.d.ts", "facts.d.ts", "index.tail.d.ts"]);

/**
 * assemble writes a package of the fixture catalog into a new temporary
 * directory and returns it; remove it with its remove().
 */
export function assemble() {
  const dir = mkdtempSync(join(tmpdir(), "errgen-runtime-"));
  for (const name of readdirSync(src)) {
    if (!factTypes.has(name)) copyFileSync(join(src, name), join(dir, name));
  }
  for (const name of ["catalog.js", "constructors.js", "facts.js", "index.d.ts"]) copyFileSync(join(fixture, name), join(dir, name));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "fixture-errors", type: "module" }));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * load imports one module of a package made by assemble.
 * @param {string} dir
 * @param {string} name
 * @returns {Promise<any>}
 */
export function load(dir, name) {
  return import(pathToFileURL(join(dir, name)).href);
}
