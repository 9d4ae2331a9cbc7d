// @ts-check
// The modules of a package form no import cycle: a module is only ever
// imported once those it imports are evaluated, whatever module a user
// imports first (the generated constructors.js imports core.js, which
// never imports them back).
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { assemble } from "./package.js";

const pkg = assemble();
after(pkg.remove);

test("the package's modules import each other without a cycle", () => {
  /** @type {Map<string, string[]>} */
  const imports = new Map();
  for (const name of readdirSync(pkg.dir).filter((n) => /\.m?js$/.test(n))) {
    const text = readFileSync(join(pkg.dir, name), "utf8");
    const deps = [...text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+"\.\/([^"]+)"/gms)].map((m) => String(m[1]));
    imports.set(name, deps);
  }
  assert.ok(imports.get("server.js")?.includes("constructors.js"), "server.js exports the constructors");
  /** @type {Map<string, number>} 1: on the path, 2: done */
  const state = new Map();
  /** @param {string} name @param {string[]} path */
  const visit = (name, path) => {
    if (state.get(name) === 2) return;
    assert.notEqual(state.get(name), 1, `import cycle: ${[...path, name].join(" -> ")}`);
    state.set(name, 1);
    for (const dep of imports.get(name) ?? []) visit(dep, [...path, name]);
    state.set(name, 2);
  };
  for (const name of imports.keys()) visit(name, []);
});
