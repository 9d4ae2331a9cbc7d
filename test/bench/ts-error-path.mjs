// Measures the TypeScript server runtime's error path side by side with
// what it stands in for, on the repo's catalog, a synthetic one of 1,000
// errors and the hostile one (every string a hazard):
//
//   construct   newX(details), the error's generated constructor
//               against new Error(message), its message as a string;
//   subclass    raise(message), a one-line function returning an
//               instance of an empty subclass of Error, against the same
//               new Error: what an error class of one's own costs, made
//               by a function (V8 captures the function's frame and
//               walks the subclass constructor's to skip it); construct
//               makes an Error and gives it CatalogError's prototype,
//               which walks no constructor's frame;
//   jsonrpc     renderJsonRpcError(err) of a prebuilt error
//   problem     renderProblem(err)        against JSON.stringify of the
//   response    renderResponse(err)       same payload as an object
//   toolResult  renderToolResult(err)     (prebuilt: JSON.parse of it);
//               the tool result's is JSON.stringify of the result object
//               around JSON.stringify of the problem document.
//
// Construct and subclass are measured twice: in this script's function,
// as the others, and from a timer's callback ("shallow"), where the
// stack below is node's timer loop alone. What an Error costs moves with
// the frames below it (V8 walks each), and what construct adds to it
// does not, so the two bracket the ratio a caller sees: lower under a
// deeper stack (a server's handler), higher under a shallower one.
//
// The renderers run with the options a server has (none: a fresh
// instance and timestamp in every problem document, the catalog's
// bounds). Each catalog is measured twice, in a process of its own: on one
// error with two detail fields, and on every error of the catalog that has
// an example, in turn (their details the catalog's first example of each).
// In a process the two sides of each pair run alternately, in batches of
// about 20 ms, ROUNDS times after a warm-up, each batch timed by the CPU
// time of the process (which other processes on a busy machine do not
// inflate, as they do the wall time); what is printed is the median of
// the per-round ratios and the median time of each side.
//
//   node test/bench/ts-error-path.mjs [ROUNDS] [go]      (make bench-ts)
//
// With "go" it then runs Go's benchmarks of the same path
// (internal/endtoend: BenchmarkJSONRPC, BenchmarkProblem, BenchmarkResponse,
// each errgenrt constructing and rendering an error against encoding/json
// marshalling the same object from a map and from tagged structs), ROUNDS
// times, and prints their medians beside.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { generate } from "./package.mjs";

const FORMATS = ["construct", "subclass", "jsonrpc", "problem", "response", "toolResult"];
const SHALLOW = ["construct", "subclass"];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

if (process.argv[2] === "child") {
  await child(process.argv[3], process.argv[4], Number(process.argv[5]));
} else {
  await main(Number(process.argv[2] ?? 11), process.argv[3] === "go");
}

async function main(rounds, withGo) {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
  const dir = mkdtempSync(join(tmpdir(), "errgen-ts-errors-"));
  try {
    const errgen = join(dir, "errgen");
    execFileSync("go", ["build", "-o", errgen, "./cmd/errgen"], { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
    const gencatalog = (...args) => execFileSync("go", ["run", "./internal/cmd/gencatalog", ...args], { cwd: root, maxBuffer: 1 << 30 });
    writeFileSync(join(dir, "synthetic.yaml"), gencatalog("-n", "1000"));
    writeFileSync(join(dir, "hostile.yaml"), gencatalog("-hostile"));
    const catalogs = [
      ["repo", join(root, "catalog", "errors.yaml")],
      ["synthetic-1000", join(dir, "synthetic.yaml")],
      ["hostile", join(dir, "hostile.yaml")],
    ];
    console.log(`node ${process.version}, ${rounds} rounds; ratio: median of the per-round ratios (median ns of CPU per op of each side)`);
    for (const [name, catalog] of catalogs) {
      const out = join(dir, name);
      generate(errgen, root, catalog, out);
      for (const mode of ["one", "all"]) {
        const res = JSON.parse(execFileSync(process.execPath, [fileURLToPath(import.meta.url), "child", out, mode, String(rounds)], { encoding: "utf8" }));
        const cells = [...FORMATS, ...SHALLOW.map((f) => `${f}, shallow`)].map((f) => {
          const r = res.results[f];
          return `${f} ${r.ratio.toFixed(2)}x (${r.a.toFixed(0)}/${r.b.toFixed(0)})`;
        });
        console.log(`${name.padEnd(14)} ${mode === "one" ? `one ${res.what}` : `all ${res.what}`}`);
        console.log(`  ${cells.join("  ")}`);
      }
    }
    if (withGo) goFigures(root, rounds);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** goFigures runs Go's benchmarks of the error path and prints their medians. */
function goFigures(root, rounds) {
  const out = execFileSync("go", ["test", "-run", "^$", "-bench", "^Benchmark(JSONRPC|Problem|Response)$", "-benchmem", "-count", String(rounds), "./internal/endtoend/"],
    { cwd: root, encoding: "utf8", maxBuffer: 1 << 26 });
  /** @type {Map<string, number[]>} */
  const times = new Map();
  for (const m of out.matchAll(/^Benchmark(\w+)\/(\w+)-\d+\s+\d+\s+([0-9.]+) ns\/op/gm)) {
    const key = `${m[1]}/${m[2]}`;
    times.set(key, [...(times.get(key) ?? []), Number(m[3])]);
  }
  console.log(`go (errgenrt constructs and renders E_FS_FILE_TOO_LARGE; encoding/json marshals the same object), medians of ${rounds}:`);
  for (const b of ["JSONRPC", "Problem", "Response"]) {
    const gen = median(times.get(`${b}/generated`) ?? [NaN]);
    const cells = [`errgenrt ${gen.toFixed(0)} ns`];
    for (const other of ["encoding_json_struct", "encoding_json"]) {
      const t = times.get(`${b}/${other}`);
      if (t !== undefined) cells.push(`/${other} ${median(t).toFixed(0)} ns: ${(gen / median(t)).toFixed(2)}x`);
    }
    console.log(`  ${b.padEnd(8)} ${cells.join("  ")}`);
  }
}

/**
 * child measures one package on one error (mode "one") or on every error
 * with an example (mode "all"), and prints the results as JSON.
 */
async function child(pkg, mode, rounds) {
  const server = await import(pathToFileURL(join(pkg, "ts", "server.js")).href);
  // the generated constructor of each error with details, by symbol
  // (newError bound to it; a function calling it before issue 39)
  const ctors = new Map();
  const source = readFileSync(join(pkg, "ts", "constructors.js"), "utf8");
  for (const m of source.matchAll(/^export const (\w+) = \/\* @__PURE__ \*\/ newError\.bind\(undefined, ("[^"]+")\);$|^export function (\w+)\(details, options\) \{\n\s+return newError\(("[^"]+")/gm)) {
    ctors.set(JSON.parse(m[2] ?? m[4]), server[m[1] ?? m[3]]);
  }
  const vectors = JSON.parse(readFileSync(join(pkg, "vectors.json"), "utf8")).vectors;
  let cases = [];
  for (const v of vectors) {
    const { kind, symbol, details } = v.input;
    if (kind !== "error" || !v.id.endsWith("/example-1") || !ctors.has(symbol)) continue;
    const ctor = ctors.get(symbol);
    let err;
    try {
      err = ctor(details);
    } catch {
      continue; // details the conformance runner would make explicit first
    }
    const problem = JSON.parse(server.renderProblem(err));
    cases.push({
      symbol, details, ctor, err, message: err.message, problem,
      jsonrpc: JSON.parse(server.renderJsonRpcError(err)),
      response: JSON.parse(server.renderResponse(err)),
    });
  }
  let what = `${cases.length} errors with an example`;
  if (mode === "one") {
    const c = cases.find((x) => Object.keys(x.details).length === 2) ?? cases[0];
    cases = [c];
    what = `${c.symbol} (${Object.keys(c.details).join(", ")})`;
  }
  const k = cases.length;
  let sink;
  class Raised extends Error {}
  const raise = (message) => new Raised(message);
  // one loop function per side, so that each has its own type feedback
  const pairs = {
    construct: [
      (n) => { for (let i = 0; i < n; i++) { const c = cases[i % k]; sink = c.ctor(c.details); } },
      (n) => { for (let i = 0; i < n; i++) sink = new Error(cases[i % k].message); },
    ],
    subclass: [
      (n) => { for (let i = 0; i < n; i++) sink = raise(cases[i % k].message); },
      (n) => { for (let i = 0; i < n; i++) sink = new Error(cases[i % k].message); },
    ],
    jsonrpc: [
      (n) => { for (let i = 0; i < n; i++) sink = server.renderJsonRpcError(cases[i % k].err); },
      (n) => { for (let i = 0; i < n; i++) sink = JSON.stringify(cases[i % k].jsonrpc); },
    ],
    problem: [
      (n) => { for (let i = 0; i < n; i++) sink = server.renderProblem(cases[i % k].err); },
      (n) => { for (let i = 0; i < n; i++) sink = JSON.stringify(cases[i % k].problem); },
    ],
    response: [
      (n) => { for (let i = 0; i < n; i++) sink = server.renderResponse(cases[i % k].err); },
      (n) => { for (let i = 0; i < n; i++) sink = JSON.stringify(cases[i % k].response); },
    ],
    toolResult: [
      (n) => { for (let i = 0; i < n; i++) sink = server.renderToolResult(cases[i % k].err); },
      (n) => { for (let i = 0; i < n; i++) sink = JSON.stringify({ content: [{ type: "text", text: JSON.stringify(cases[i % k].problem) }], isError: true }); },
    ],
  };
  /** ns of CPU per op of f over n ops (the process's user and system time, which other processes on the machine do not inflate) */
  const time = (f, n) => {
    const t0 = process.cpuUsage();
    f(n);
    const t = process.cpuUsage(t0);
    return ((t.user + t.system) * 1000) / n;
  };
  /** the median ratio of a pair's two sides over the rounds, and each side's median ns per op */
  const measure = ([a, b]) => {
    // warm up both sides, then size a batch to about 20 ms of the slower
    let n = 1000;
    for (const t0 = Date.now(); Date.now() - t0 < 300;) {
      time(a, n);
      time(b, n);
    }
    n = Math.max(1000, Math.round(20e6 / Math.max(time(a, 20000), time(b, 20000))));
    const ta = [];
    const tb = [];
    const ratios = [];
    for (let r = 0; r < rounds; r++) {
      let x;
      let y;
      if (r % 2 === 0) {
        x = time(a, n);
        y = time(b, n);
      } else {
        y = time(b, n);
        x = time(a, n);
      }
      ta.push(x);
      tb.push(y);
      ratios.push(x / y);
    }
    return { ratio: median(ratios), a: median(ta), b: median(tb) };
  };
  const results = {};
  for (const f of FORMATS) results[f] = measure(pairs[f]);
  // construct and subclass again from a timer's callback, a shallow
  // stack (node's timer loop below it, where the lines above have this
  // function and the module's): an Error costs less there, so the same
  // fixed cost of one more frame and errgen's work is a larger ratio
  for (const f of SHALLOW) {
    results[`${f}, shallow`] = await new Promise((resolve) => setTimeout(() => resolve(measure(pairs[f])), 0));
  }
  void sink;
  process.stdout.write(JSON.stringify({ what, results }));
}
