// Measures what errors cost a node:http server: a server answering every
// request with an error of the repo's catalog — newFileTooLarge(details)
// raised and written with the runtime's writeProblem — against the same
// server writing the same problem document with JSON.stringify (an object
// literal of its members, a fresh instance and timestamp in each, as a
// server writing problem documents by hand does), and against that server
// raising a plain Error of the same message too before it writes (what
// raising any Error costs it: V8 captures the stack of the handler), and
// the errgen server once more with Error.stackTraceLimit = 0 (Node's own
// switch, for every error of the process: what is left without stacks). Each
// server is a process of its own on 127.0.0.1, started afresh for every
// run; the load is internal/cmd/httpload (CONNS connections kept alive, a
// GET at a time on each, SECONDS counted after a second of warm-up). The
// servers run in turn, ROUNDS times each. Printed for each run: the
// requests per second, and the server's CPU time per request (user and
// system, all it answered, warm-up included), which the load generator
// sharing the machine's cores inflates less than it does the requests per
// second; then the medians and the median of the per-round ratios.
//
//   node test/bench/ts-http-problem.mjs [ROUNDS] [SECONDS] [CONNS]     (make bench-ts)
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { generate } from "./package.mjs";

const rounds = Number(process.argv[2] ?? 3);
const seconds = Number(process.argv[3] ?? 5);
const conns = Number(process.argv[4] ?? 32);

// The server: MODE errgen or json, the package in PKG; it prints its port.
const SERVER = `
import { createServer } from "node:http";
import { randomUUID } from "node:crypto";
const [pkg, mode] = process.argv.slice(2);
const { newFileTooLarge, renderProblem } = await import(pkg + "/server.js");
const { writeProblem } = await import(pkg + "/http.js");
const details = { resource: "file_size", limit: 1048576, actual: 5242880, unit: "bytes" };
// the document's members, as the runtime writes them for these details
const t = JSON.parse(renderProblem(newFileTooLarge(details)));
const byHand = () => JSON.stringify({
  type: t.type, title: t.title, status: t.status, detail: t.detail,
  instance: "urn:uuid:" + randomUUID(), timestamp: new Date().toISOString().slice(0, -5) + "Z",
  symbol: t.symbol, retryable: t.retryable, userMessage: t.userMessage, suggestions: t.suggestions,
  resource: details.resource, limit: details.limit, actual: details.actual, unit: details.unit,
});
if (byHand().length !== renderProblem(newFileTooLarge(details)).length) throw new Error("the two documents differ");
const json = (res) => {
  const body = byHand();
  res.statusCode = 413;
  res.setHeader("Content-Type", "application/problem+json");
  res.setHeader("Content-Length", String(Buffer.byteLength(body)));
  res.end(body);
};
let raised; // the last Error, which the handler must make
const handlers = {
  errgen: (req, res) => writeProblem(res, newFileTooLarge(details)),
  "errgen, no stack": (req, res) => writeProblem(res, newFileTooLarge(details)),
  json: (req, res) => json(res),
  "json+Error": (req, res) => {
    raised = new Error(t.detail);
    json(res);
  },
};
if (mode === "errgen, no stack") Error.stackTraceLimit = 0;
let requests = 0;
const handler = handlers[mode];
const server = createServer((req, res) => {
  requests++;
  handler(req, res);
});
// asked (by the parent, over IPC) what the run cost: the CPU time of the
// process since it listened, and the requests it answered
const start = process.cpuUsage();
process.on("message", () => {
  const cpu = process.cpuUsage(start);
  process.send({ requests, cpuMicros: cpu.user + cpu.system });
});
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
`;

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const dir = mkdtempSync(join(tmpdir(), "errgen-ts-http-"));
try {
  const errgen = join(dir, "errgen");
  const load = join(dir, "httpload");
  execFileSync("go", ["build", "-o", errgen, "./cmd/errgen"], { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
  execFileSync("go", ["build", "-o", load, "./internal/cmd/httpload"], { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
  generate(errgen, root, join(root, "catalog", "errors.yaml"), join(dir, "repo"));
  writeFileSync(join(dir, "server.mjs"), SERVER);

  /** run starts the server of mode, loads it and returns its requests per second and CPU time per request. */
  const run = async (mode) => {
    const server = spawn(process.execPath, [join(dir, "server.mjs"), join(dir, "repo", "ts"), mode], { stdio: ["ignore", "pipe", "inherit", "ipc"] });
    try {
      const [chunk] = await once(server.stdout, "data");
      const port = Number(String(chunk).trim());
      const out = execFileSync(load, ["-c", String(conns), "-d", `${seconds}s`, `http://127.0.0.1:${port}/`], { encoding: "utf8" });
      server.send("cost");
      const [cost] = await once(server, "message");
      return { rps: Number(/^(\d+) requests\/s/.exec(out)[1]), cpu: cost.cpuMicros / cost.requests, line: out.trim() };
    } finally {
      server.kill();
    }
  };

  const modes = ["errgen", "json", "json+Error", "errgen, no stack"];
  console.log(`node ${process.version}, ${cpus().length} CPUs; ${conns} connections, ${seconds} s a run, ${rounds} rounds`);
  /** @type {Record<string, { rps: number, cpu: number }[]>} */
  const runs = Object.fromEntries(modes.map((m) => [m, []]));
  for (let r = 0; r < rounds; r++) {
    for (const mode of r % 2 === 0 ? modes : [...modes].reverse()) {
      const got = await run(mode);
      runs[mode].push(got);
      console.log(`${mode.padEnd(16)} ${got.line}; ${got.cpu.toFixed(1)} µs of CPU a request`);
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const m = (mode, key) => median(runs[mode].map((x) => x[key]));
  /** the median over the rounds of a's figure over b's (requests per second) or b's over a's (CPU a request: requests per CPU second) */
  const ratio = (a, b, key) => median(runs[a].map((x, i) => (key === "rps" ? x.rps / runs[b][i].rps : runs[b][i].cpu / x.cpu)));
  const pct = (x) => `${(100 * x).toFixed(0)}%`;
  console.log(`medians: ${modes.map((mode) => `${mode} ${m(mode, "rps")} requests/s, ${m(mode, "cpu").toFixed(1)} µs of CPU a request`).join("; ")}`);
  console.log(`writeProblem/JSON.stringify: ${pct(ratio("errgen", "json", "rps"))} of the requests per second (per round: ${runs.errgen.map((x, i) => pct(x.rps / runs.json[i].rps)).join(" ")}), ${pct(ratio("errgen", "json", "cpu"))} of the requests per CPU second`);
  console.log(`writeProblem/(JSON.stringify and new Error): ${pct(ratio("errgen", "json+Error", "rps"))} of the requests per second, ${pct(ratio("errgen", "json+Error", "cpu"))} of the requests per CPU second`);
  console.log(`writeProblem without stacks/JSON.stringify: ${pct(ratio("errgen, no stack", "json", "rps"))} of the requests per second, ${pct(ratio("errgen, no stack", "json", "cpu"))} of the requests per CPU second`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
