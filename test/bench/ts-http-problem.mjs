// Measures what errors cost a node:http server: a server answering every
// request with an error of the repo's catalog — newFileTooLarge(details)
// raised and written with the runtime's writeProblem — against the same
// server writing the same problem document with JSON.stringify (an object
// literal of its members, a fresh instance and timestamp in each, as a
// server writing problem documents by hand does). Each server is a process
// of its own on 127.0.0.1, started afresh for every run; the load is
// internal/cmd/httpload (CONNS connections kept alive, a GET at a time on
// each, SECONDS counted after a second of warm-up). The two servers run in
// turn, ROUNDS times each; printed are the requests per second of each
// run, their medians and the median of the per-round ratios.
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
const handlers = {
  errgen: (req, res) => writeProblem(res, newFileTooLarge(details)),
  json: (req, res) => {
    const body = byHand();
    res.statusCode = 413;
    res.setHeader("Content-Type", "application/problem+json");
    res.setHeader("Content-Length", String(Buffer.byteLength(body)));
    res.end(body);
  },
};
const server = createServer(handlers[mode]);
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

  /** run starts the server of mode, loads it and returns its requests per second. */
  const run = async (mode) => {
    const server = spawn(process.execPath, [join(dir, "server.mjs"), join(dir, "repo", "ts"), mode], { stdio: ["ignore", "pipe", "inherit"] });
    try {
      const [chunk] = await once(server.stdout, "data");
      const port = Number(String(chunk).trim());
      const out = execFileSync(load, ["-c", String(conns), "-d", `${seconds}s`, `http://127.0.0.1:${port}/`], { encoding: "utf8" });
      return { rps: Number(/^(\d+) requests\/s/.exec(out)[1]), line: out.trim() };
    } finally {
      server.kill();
    }
  };

  console.log(`node ${process.version}, ${cpus().length} CPUs; ${conns} connections, ${seconds} s a run, ${rounds} rounds`);
  const rps = { errgen: [], json: [] };
  const ratios = [];
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? ["errgen", "json"] : ["json", "errgen"];
    const got = {};
    for (const mode of order) {
      const { rps: n, line } = await run(mode);
      got[mode] = n;
      rps[mode].push(n);
      console.log(`${mode.padEnd(6)} ${line}`);
    }
    ratios.push(got.errgen / got.json);
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`medians: writeProblem ${median(rps.errgen)} requests/s, JSON.stringify ${median(rps.json)} requests/s; writeProblem/JSON.stringify ${(100 * median(ratios)).toFixed(0)}% (per round: ${ratios.map((x) => (100 * x).toFixed(0) + "%").join(" ")})`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
