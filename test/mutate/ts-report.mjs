// Reads StrykerJS's JSON report (out/ts-mutation.json, or the file given)
// and prints the score — killed / (killed + survived), timeouts counted as
// killed — and writes the survivors, file:line:column, the function, the
// mutator and the mutation, to out/ts-survivors.txt.
//
// Two kinds of survivors are set apart, and the score printed without
// them too:
//   - those no vector reaches: out/ts-coverage holds Node's coverage of the
//     unmutated runtime answering the vectors (ts.sh takes it before
//     Stryker runs), and a mutant whose first character no vector's run
//     executed cannot be killed by any; they are left out of the score, as
//     mutmut's "no tests" are, and a second figure counts them as survived;
//   - those internal/endtoend/testdata/golden/EQUIVALENT-MUTANTS.md lists
//     in its ```equivalent ts``` block, one per line:
//       FILE | FUNCTION | MUTATOR | ORIGINAL -> REPLACEMENT [| LINE]
//     each field matched whole (whitespace runs read as one space), * for
//     any; FUNCTION is the innermost named function or method around the
//     mutant ("top" outside every function); LINE, where one function has
//     the same mutation twice, the source line the mutant starts on.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, "out");
const reportFile = process.argv[2] ?? path.join(out, "ts-mutation.json");
const report = JSON.parse(fs.readFileSync(reportFile, "utf8"));
const squash = (s) => s.replace(/\s+/g, " ").trim();

/**
 * coverage returns, for each file name the coverage directory has the
 * sources of, the function ranges and the block ranges of every run that
 * loaded it, or null when there is no coverage.
 */
function coverage() {
  const dir = path.join(out, "ts-coverage");
  if (!fs.existsSync(path.join(dir, "src"))) return null;
  /** @type {Map<string, {source: string, runs: Array<Array<{name: string, ranges: Array<{startOffset: number, endOffset: number, count: number}>}>>}>} */
  const files = new Map();
  for (const name of fs.readdirSync(path.join(dir, "src"))) {
    files.set(name, { source: fs.readFileSync(path.join(dir, "src", name), "utf8"), runs: [] });
  }
  for (const f of fs.readdirSync(dir)) {
    if (!f.endsWith(".json")) continue;
    for (const script of JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")).result) {
      const entry = files.get(path.basename(new URL(script.url).pathname));
      if (entry === undefined || !script.url.startsWith("file:")) continue;
      entry.runs.push(script.functions.map((fn) => ({ name: fn.functionName, ranges: fn.ranges })));
    }
  }
  return files;
}

/** innermost returns the smallest range around offset among ranges. */
function innermost(ranges, offset) {
  let best;
  for (const r of ranges) {
    if (r.startOffset <= offset && offset < r.endOffset && (best === undefined || r.endOffset - r.startOffset <= best.endOffset - best.startOffset)) best = r;
  }
  return best;
}

/** The equivalent ts block's entries: [file, function, mutator, mutation] each a string or "*". */
function equivalents() {
  const md = fs.readFileSync(path.join(here, "../../internal/endtoend/testdata/golden/EQUIVALENT-MUTANTS.md"), "utf8");
  const block = md.match(/^```equivalent ts\n([\s\S]*?)^```/m);
  if (block === null) return [];
  return block[1].split("\n").filter((l) => l.trim() !== "").map((l) => {
    const f = l.split(" | ").map(squash);
    if (f.length !== 4 && f.length !== 5) throw new Error(`EQUIVALENT-MUTANTS.md: want FILE | FUNCTION | MUTATOR | ORIGINAL -> REPLACEMENT [| LINE], got ${JSON.stringify(l)}`);
    return f;
  });
}

const cov = coverage();
const listed = equivalents();
const used = new Set();
const counts = {};
const survivors = [];
let unreached = 0;
let apart = 0;
/** per file: [killed, survived, no vector reaches, listed] */
const perFile = {};
for (const [file, { source, mutants }] of Object.entries(report.files)) {
  const tally = (perFile[file] = [0, 0, 0, 0]);
  const lines = source.split("\n");
  const starts = [0];
  for (const l of lines) starts.push(starts[starts.length - 1] + l.length + 1);
  const name = path.basename(file);
  const c = cov?.get(name);
  const covered = c !== undefined && c.source === source && c.runs.length > 0;
  if (cov !== null && !covered) console.log(`${file}: no coverage of this source in out/ts-coverage (run ts.sh again): its survivors are all counted as reached`);
  for (const m of mutants) {
    counts[m.status] = (counts[m.status] ?? 0) + 1;
    if (m.status === "Killed" || m.status === "Timeout") tally[0]++;
    if (m.status !== "Survived" && m.status !== "NoCoverage") continue;
    tally[1]++;
    const { start, end } = m.location;
    const offset = starts[start.line - 1] + start.column - 1;
    let original;
    if (start.line === end.line) original = lines[start.line - 1].slice(start.column - 1, end.column - 1);
    else original = lines[start.line - 1].slice(start.column - 1) + " …";
    const mutation = `${squash(original)} -> ${squash(m.replacement ?? "")}`;
    let fn = "top";
    let reached = true;
    if (covered) {
      reached = c.runs.some((run) => (innermost(run.flatMap((f) => f.ranges), offset)?.count ?? 0) > 0);
      const f = innermost(c.runs[0].filter((f) => f.name !== "").map((f) => f.ranges[0]), offset);
      if (f !== undefined) fn = c.runs[0].find((g) => g.ranges[0] === f).name;
    }
    const line = squash(lines[start.line - 1]);
    const hit = listed.findIndex(([lf, lfn, lm, lmu, ll]) =>
      (lf === "*" || lf === name) && (lfn === "*" || lfn === fn) && (lm === "*" || lm === m.mutatorName) && (lmu === "*" || lmu === mutation) && (ll === undefined || ll === line));
    if (hit >= 0) used.add(hit);
    let mark = "";
    if (!reached) {
      unreached++;
      tally[2]++;
      mark = " (no vector reaches it)";
    } else if (hit >= 0) {
      apart++;
      tally[3]++;
      mark = " (listed)";
    }
    const clip = (s) => (s.length > 100 ? s.slice(0, 100) + "…" : s);
    survivors.push({ key: [file, start.line, start.column], text: `runtime/ts/${file}:${start.line}:${start.column} ${fn} ${m.mutatorName}${m.status === "NoCoverage" ? " (no coverage)" : ""}: ${clip(squash(original))} -> ${clip(squash(m.replacement ?? ""))}${mark}` });
  }
}
survivors.sort((a, b) => (a.key[0] < b.key[0] ? -1 : a.key[0] > b.key[0] ? 1 : a.key[1] - b.key[1] || a.key[2] - b.key[2]));
fs.writeFileSync(path.join(out, "ts-survivors.txt"), survivors.map((s) => s.text).join("\n") + (survivors.length ? "\n" : ""));
const killed = (counts.Killed ?? 0) + (counts.Timeout ?? 0);
const survived = (counts.Survived ?? 0) + (counts.NoCoverage ?? 0);
const total = Object.values(counts).reduce((a, b) => a + b, 0);
const pct = (k, n) => (n > 0 ? `${k}/${n} = ${((100 * k) / n).toFixed(2)}%` : "n/a");
console.log(`mutants: ${total} (${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(", ")})`);
console.log(`score: ${pct(killed, killed + survived - unreached)} (timeouts count as killed; compile/runtime errors left out; ${unreached} no vector reaches left out)`);
if (cov !== null) console.log(`  counting the ${unreached} no vector reaches as survived: ${pct(killed, killed + survived)}`);
console.log(`  without the ${apart} survivors EQUIVALENT-MUTANTS.md lists: ${pct(killed, killed + survived - unreached - apart)}`);
if (Object.keys(perFile).length > 1) {
  for (const [file, [k, sv, u, l]] of Object.entries(perFile)) {
    console.log(`  ${file}: ${pct(k, k + sv - u)}; counting the ${u} no vector reaches: ${pct(k, k + sv)}; without the ${l} listed: ${pct(k, k + sv - u - l)}`);
  }
}
console.log(`survivors: ${path.relative(process.cwd(), path.join(out, "ts-survivors.txt"))} (${survivors.length}: ${unreached} no vector reaches, ${apart} listed)`);
const files = new Set(Object.keys(report.files).map((f) => path.basename(f)));
for (const [i, l] of listed.entries()) {
  if (!used.has(i) && (l[0] === "*" || files.has(l[0]))) console.log(`listed but not a survivor of this run: ${l.join(" | ")}`);
}
