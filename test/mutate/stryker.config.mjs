// StrykerJS's configuration for ts.sh (run it from there): the TypeScript
// runtime's rule modules mutated, the conformance vectors the only test.
// Stryker runs with runtime/ts as its working directory, so its sandboxes
// are copies of runtime/ts; ts-vectors.sh is the command it runs in each.
//
// Environment (ts.sh sets it): MUTATE_FILES, a comma-separated list of
// Stryker mutate patterns relative to runtime/ts (src/write.js,
// src/wire.js:10-80, ...); MUTATE_JOBS, the concurrency; MUTATE_EXCLUDE, a
// comma-separated list of mutators to leave out; ERRGEN, the errgen
// binary the kill test compares with.
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, "out");

export default {
  testRunner: "command",
  commandRunner: { command: `sh "${path.join(here, "ts-vectors.sh")}"` },
  mutate: (process.env.MUTATE_FILES ?? "src/write.js,src/check.js,src/sanitize.js,src/wire.js,src/http.js").split(","),
  // The runner's modules are all the sandbox needs; tests and types stay out.
  ignorePatterns: ["test", "*.d.ts", "*.go", "README.md", "eslint.config.js", "tsconfig.json"],
  symlinkNodeModules: false,
  coverageAnalysis: "off", // the command runner cannot measure it: every mutant runs the vectors
  mutator: { excludedMutations: (process.env.MUTATE_EXCLUDE ?? "").split(",").filter(Boolean) },
  concurrency: Number(process.env.MUTATE_JOBS ?? 1),
  timeoutMS: 10000,
  reporters: ["clear-text", "progress-append-only", "json"],
  jsonReporter: { fileName: path.join(out, "ts-mutation.json") },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: false, reportScoreTable: true },
  tempDirName: path.relative(path.join(here, "../../runtime/ts"), path.join(out, "stryker-tmp")),
  cleanTempDir: "always",
};
