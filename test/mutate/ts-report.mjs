// Reads StrykerJS's JSON report (out/ts-mutation.json) and prints the score
// — killed / (killed + survived), timeouts counted as killed; "no coverage"
// mutants (none with the command runner, which has no coverage analysis)
// would count as survived — and writes the survivors, file:line:column, the
// mutator and the mutation, to out/ts-survivors.txt.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, "out");
const report = JSON.parse(fs.readFileSync(path.join(out, "ts-mutation.json"), "utf8"));
const counts = {};
const survivors = [];
for (const [file, { source, mutants }] of Object.entries(report.files)) {
  const lines = source.split("\n");
  for (const m of mutants) {
    counts[m.status] = (counts[m.status] ?? 0) + 1;
    if (m.status !== "Survived" && m.status !== "NoCoverage") continue;
    const { start, end } = m.location;
    let original;
    if (start.line === end.line) original = lines[start.line - 1].slice(start.column - 1, end.column - 1);
    else original = lines[start.line - 1].slice(start.column - 1) + " …";
    const clip = (s) => (s.length > 100 ? s.slice(0, 100) + "…" : s).replace(/\s+/g, " ");
    survivors.push({ key: [file, start.line, start.column], text: `runtime/ts/${file}:${start.line}:${start.column} ${m.mutatorName}${m.status === "NoCoverage" ? " (no coverage)" : ""}: ${clip(original)} -> ${clip(m.replacement ?? "")}` });
  }
}
survivors.sort((a, b) => (a.key[0] < b.key[0] ? -1 : a.key[0] > b.key[0] ? 1 : a.key[1] - b.key[1] || a.key[2] - b.key[2]));
fs.writeFileSync(path.join(out, "ts-survivors.txt"), survivors.map((s) => s.text).join("\n") + (survivors.length ? "\n" : ""));
const killed = (counts.Killed ?? 0) + (counts.Timeout ?? 0);
const survived = (counts.Survived ?? 0) + (counts.NoCoverage ?? 0);
const total = Object.values(counts).reduce((a, b) => a + b, 0);
console.log(`mutants: ${total} (${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(", ")})`);
console.log(`score: ${killed}/${killed + survived} = ${killed + survived ? ((100 * killed) / (killed + survived)).toFixed(2) : "n/a"}% (timeouts count as killed; no coverage as survived; compile/runtime errors left out)`);
console.log(`survivors: ${path.relative(process.cwd(), path.join(out, "ts-survivors.txt"))} (${survivors.length})`);
