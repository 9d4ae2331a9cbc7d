// Measures what narrowing costs the TypeScript compiler: a file that
// narrows every symbol of an N-error catalog in the three wire formats
// (parse, then isSymbol, then read a typed member and every field of the
// error's details) against a bare import
// of the same package, each type-checked by tsc --extendedDiagnostics,
// alternately, RUNS times. A third file, the floor, is the first with
// isSymbol replaced by a one-line guard of its own: what the compiler's
// control-flow analysis of so many narrowings in one scope costs whatever
// the package's types. A fourth, split, is the first with each symbol's
// three narrowings in a function of its own; a fifth, blocks, the first
// with each narrowing on a parse of its own, in a block of its own, all
// in the file's one scope (and blocks-floor, it with the floor's guard).
// Prints every run and the medians of tsc's total and check times, and
// their ratios.
//
//   node test/bench/ts-narrowing.mjs [N] [RUNS]      (make bench-ts)
//
// The catalog is go run ./internal/cmd/gencatalog -n N.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
const n = Number(process.argv[2] ?? 133);
const runs = Number(process.argv[3] ?? 5);

const dir = mkdtempSync(join(tmpdir(), "errgen-ts-bench-"));
try {
  const catalog = execFileSync("go", ["run", "./internal/cmd/gencatalog", "-n", String(n)], { cwd: root, maxBuffer: 1 << 30 });
  writeFileSync(join(dir, "errors.yaml"), catalog);
  execFileSync("go", ["run", "./cmd/errgen", "generate", "-catalog", join(dir, "errors.yaml"), "-go", join(dir, "go"), "-ts", join(dir, "ts"),
    "-schema", join(dir, "schema", "s.json"), "-docs", join(dir, "docs")], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });

  const symbols = [...new Set(readFileSync(join(dir, "ts", "index.d.ts"), "utf8").match(/^ {2}\| "([A-Z][A-Z0-9_]*)"$/gm).map((l) => l.slice(5, -1)))];
  const lines = [
    'import { parseErrorResponse, parseJsonRpcError, parseProblemDetails, isSymbol } from "./ts/index.js";',
    "declare const x: unknown;",
    "const r = parseJsonRpcError(x);",
    "const p = parseProblemDetails(x);",
    "const s = parseErrorResponse(x);",
  ];
  const fields = detailFields(readFileSync(join(dir, "ts", "index.d.ts"), "utf8"));
  symbols.forEach((sym, i) => {
    // each narrowed payload's own member, then every field of its details
    // (destructured: a field read costs the check as in code, without a
    // branch of its own for the control-flow analysis)
    const f = fields.get(sym) ?? [];
    const read = (at) => (f.length === 0 ? "" : ` const { ${f.map((name, j) => `${name}: f${j}`).join(", ")} } = ${at};`);
    lines.push(`if (r && isSymbol(r, "${sym}")) { const v${i}a = r.data.context; void v${i}a;${read("r.data.context!.details")} }`);
    lines.push(`if (p && isSymbol(p, "${sym}")) { const v${i}b = p.status; void v${i}b;${read("p")} }`);
    lines.push(`if (s && isSymbol(s, "${sym}")) { const v${i}c = s.code; void v${i}c;${read("s.details")} }`);
  });
  writeFileSync(join(dir, "narrow.ts"), lines.join("\n") + "\n");
  // the same narrowings, each symbol's three in a function of its own, as
  // handlers spread over a program have them: the control-flow analysis
  // of one function no longer walks back through every other narrowing
  const head = lines.slice(0, 5);
  const body = lines.slice(5);
  const perFunction = [...head];
  for (let i = 0; i < body.length; i += 3) perFunction.push(`export function n${i / 3}() {`, ...body.slice(i, i + 3).map((l) => "  " + l), "}");
  writeFileSync(join(dir, "split.ts"), perFunction.join("\n") + "\n");
  // the same narrowings, each on a parse of its own in a block of its
  // own, all in the one scope of the file
  const blocks = [...head.slice(0, 2)];
  const parse = { r: "parseJsonRpcError", p: "parseProblemDetails", s: "parseErrorResponse" };
  for (const l of body) blocks.push(`{ const ${l[4]} = ${parse[l[4]]}(x); ${l} }`);
  writeFileSync(join(dir, "blocks.ts"), blocks.join("\n") + "\n");
  const guard = (importLine) => importLine.replace(", isSymbol }", " }") +
    "\ndeclare function isSymbol(value: unknown, symbol: string): value is { data: { context?: { details: Record<string, unknown> } }; status: number; code: string; details: Record<string, unknown>; [field: string]: unknown };";
  writeFileSync(join(dir, "floor.ts"), [guard(lines[0]), ...lines.slice(1)].join("\n") + "\n");
  writeFileSync(join(dir, "blocks-floor.ts"), [guard(blocks[0]), ...blocks.slice(1)].join("\n") + "\n");
  writeFileSync(join(dir, "bare.ts"), 'import { CATALOG } from "./ts/index.js";\nvoid CATALOG;\n');
  const options = {
    strict: true, noEmit: true, noUncheckedIndexedAccess: true, exactOptionalPropertyTypes: true,
    module: "esnext", moduleResolution: "bundler", target: "es2022", lib: ["es2022"], types: [],
  };
  const names = ["narrow", "floor", "split", "blocks", "blocks-floor", "bare"];
  for (const name of names) {
    writeFileSync(join(dir, `tsconfig.${name}.json`), JSON.stringify({ compilerOptions: options, files: [`${name}.ts`] }));
  }

  const measure = (name) => {
    const out = execFileSync("node", [tsc, "-p", `tsconfig.${name}.json`, "--extendedDiagnostics"], { cwd: dir, encoding: "utf8" });
    const seconds = (label) => Number(new RegExp(`^${label}:\\s+([0-9.]+)s$`, "m").exec(out)[1]);
    return { total: seconds("Total time"), check: seconds("Check time") };
  };
  const times = Object.fromEntries(names.map((name) => [name, []]));
  for (let i = 0; i < runs; i++) {
    for (const name of names) times[name].push(measure(name));
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`${symbols.length} symbols x 3 formats, ${runs} runs each (tsc ${JSON.parse(readFileSync(join(root, "node_modules", "typescript", "package.json"), "utf8")).version})`);
  for (const name of names) {
    console.log(`${name.padEnd(12)} total ${times[name].map((t) => t.total.toFixed(2)).join(" ")} s; check ${times[name].map((t) => t.check.toFixed(2)).join(" ")} s`);
  }
  const m = (name, key) => median(times[name].map((t) => t[key]));
  console.log(`medians: ${names.map((name) => `${name} ${m(name, "total").toFixed(2)} s total, ${m(name, "check").toFixed(2)} s check`).join("; ")}`);
  const ratio = (a, b) => `${(m(a, "total") / m(b, "total")).toFixed(2)}x total, ${(m(a, "check") / m(b, "check")).toFixed(2)}x check`;
  console.log(`ratio narrow/bare: ${ratio("narrow", "bare")}; floor/bare: ${ratio("floor", "bare")}; narrow/floor: ${ratio("narrow", "floor")}; split/bare: ${ratio("split", "bare")}; blocks/bare: ${ratio("blocks", "bare")}; blocks-floor/bare: ${ratio("blocks-floor", "bare")}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * detailFields returns the fields of each symbol's details, read from the
 * package's declarations: the interface its plain error response's
 * details name, its members in order (none for an error without details).
 * @param {string} dts
 * @returns {Map<string, string[]>}
 */
function detailFields(dts) {
  const interfaces = new Map();
  for (const m of dts.matchAll(/^export interface (\w+) \{\n([\s\S]*?)^\}$/gm)) {
    interfaces.set(m[1], [...m[2].matchAll(/^ {2}(\w+)\??: /gm)].map((p) => p[1]));
  }
  const fields = new Map();
  for (const m of dts.matchAll(/^ \* The plain error response of (\w+) [\s\S]*?^\}$/gm)) {
    const details = /^ {2}details\??: (\w+);$/m.exec(m[0]);
    fields.set(m[1], details === null ? [] : interfaces.get(details[1]) ?? []);
  }
  return fields;
}
