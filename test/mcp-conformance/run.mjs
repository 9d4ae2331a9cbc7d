// Runs the official MCP conformance suite (every server scenario, pinned in
// package.json) against one MCP server twice: as the SDK builds it, and with
// errgen's adapters installed as errgen's docs show. Every check that passes
// without errgen must pass with it, and with errgen the failing tools must
// answer in the catalog's form: the problem document as structured content
// and as text, a JSON-RPC error where the catalog says so, nothing secret on
// the wire.
//
//   node run.mjs [-stateless] [-expected-failures FILE] [-keep DIR] -- CMD [ARG...]
//
// CMD is started with PORT set to a free port of 127.0.0.1, where it serves
// Streamable HTTP at /mcp, statefully (a session per client) or, with
// -stateless, with STATELESS=1 set; ERRGEN=1 asks it to install errgen's
// adapters. The server's catalog is
// internal/endtoend/testdata/mcp/errors.yaml, and its tools are those the
// suite's scenarios name plus three of errgen's (see errgenChecks).
//
// FILE lists, under "stateful:" and "stateless:", the scenarios the
// server fails without errgen (its SDK's gaps): each must fail, and no
// other, in both runs.
//
// It needs Node 22 or newer (the suite does): make test runs it with the
// Node of this folder's node_modules.

import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, connect } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { parse as parseYAML } from "yaml";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const here = dirname(fileURLToPath(import.meta.url));
const suite = join(here, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js");

/** What the catalog's errors look like on the wire (testdata/mcp/errors.yaml). */
const PROBLEM_BASE = "https://errors.files.example/";
/** Text the server holds and must never send: causes, a sensitive value, a verbose-only path. */
const SECRETS = ["hunter2", "postgres://", "CONFORMANCE_SECRET_VARIABLE", "/home/alice", "policy.yaml"];

function usage(msg) {
  process.stderr.write(`run.mjs: ${msg}\nusage: node run.mjs [-stateless] [-expected-failures FILE] [-keep DIR] -- CMD [ARG...]\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const opts = { expectedFailures: undefined, keep: undefined, stateless: false, cmd: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--") {
      opts.cmd = argv.slice(i + 1);
      break;
    }
    if (a === "-stateless") {
      opts.stateless = true;
      continue;
    }
    if (a === "-expected-failures" || a === "-keep") {
      if (i + 1 >= argv.length) usage(`${a} needs a value`);
      opts[a === "-keep" ? "keep" : "expectedFailures"] = argv[++i];
      continue;
    }
    usage(`unknown argument ${JSON.stringify(a)}`);
  }
  if (opts.cmd.length === 0) usage("no server command after --");
  return opts;
}

/** freePort asks the kernel for a port of 127.0.0.1 nobody listens on. */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (s.address());
      s.close(() => resolve(port));
    });
  });
}

/** listening resolves once something accepts connections on port. */
async function listening(port, server, seconds) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null) throw new Error(`the server exited (${server.exitCode ?? server.signalCode}) before it listened`);
    const ok = await new Promise((resolve) => {
      const c = connect(port, "127.0.0.1");
      c.once("connect", () => {
        c.destroy();
        resolve(true);
      });
      c.once("error", () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`the server did not listen on 127.0.0.1:${port} within ${seconds} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** start runs the server command with PORT (and ERRGEN, STATELESS) set. */
async function start(cmd, errgen, stateless) {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port) };
  delete env.ERRGEN;
  delete env.STATELESS;
  if (errgen) env.ERRGEN = "1";
  if (stateless) env.STATELESS = "1";
  const child = spawn(cmd[0], cmd.slice(1), { env, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout.on("data", (b) => (log += b));
  child.stderr.on("data", (b) => (log += b));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.once("error", (e) => (log += `\nspawn: ${e.message}`));
  try {
    await listening(port, child, 120);
  } catch (e) {
    child.kill("SIGKILL");
    throw new Error(`${e.message}\n--- server output ---\n${log}`);
  }
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    log: () => log,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * runSuite runs every server scenario of the suite against url and returns
 * its checks by "scenario/check id" (from the results directory), and the
 * suite's exit code and output.
 */
function runSuite(url, outDir) {
  const args = [suite, "server", "--url", url, "--suite", "all", "-o", outDir];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (b) => (out += b));
    child.stderr.on("data", (b) => (out += b));
    const timer = setTimeout(() => child.kill("SIGKILL"), 300_000);
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      /** @type {Map<string, {status: string, errorMessage?: string, details?: any}>} */
      const checks = new Map();
      for (const dir of readdirSync(outDir)) {
        const m = /^server-(.+)-\d{4}-\d\d-\d\dT[\d-]+Z$/.exec(dir);
        if (!m) continue;
        const list = JSON.parse(readFileSync(join(outDir, dir, "checks.json"), "utf8"));
        list.forEach((c, i) => {
          const key = `${m[1]}/${c.id}` + (list.filter((d) => d.id === c.id).length > 1 ? `#${i}` : "");
          checks.set(key, c);
        });
      }
      resolve({ code: code ?? signal, out, checks });
    });
  });
}

/**
 * call makes one request of the server with the SDK's client and returns
 * the result or the error, and every response body the transport read.
 */
async function call(url, name) {
  /** @type {Promise<string>[]} */
  const bodies = [];
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    fetch: async (input, init) => {
      const res = await fetch(input, init);
      if (init?.method === "POST") bodies.push(res.clone().text());
      return res;
    },
  });
  const client = new Client({ name: "errgen-conformance", version: "1.0.0" });
  await client.connect(transport);
  let result;
  let error;
  try {
    result = await client.callTool({ name, arguments: {} });
  } catch (e) {
    error = e;
  }
  // Each POST's response ends with its answer: read them before closing.
  const wire = (await Promise.all(bodies.map((p) => Promise.race([p.catch((e) => `(unread: ${e})`), new Promise((r) => setTimeout(() => r(""), 5000))])))).join("\n");
  await client.close().catch(() => {});
  return { result, error, wire };
}

/** checkProblem reports what is wrong with result as the tool result of symbol. */
function checkProblem(result, symbol, status) {
  const errs = [];
  if (!result || result.isError !== true) return [`not an isError result: ${JSON.stringify(result)}`];
  const text = result.content?.find((c) => c.type === "text")?.text;
  let doc;
  try {
    doc = JSON.parse(text);
  } catch {
    return [`its text is not a problem document: ${JSON.stringify(text)}`];
  }
  if (!isDeepStrictEqual(result.structuredContent, doc)) errs.push(`structuredContent ${JSON.stringify(result.structuredContent)} is not the text's document ${text}`);
  if (doc.symbol !== symbol) errs.push(`symbol ${JSON.stringify(doc.symbol)}, want ${symbol}`);
  if (doc.status !== status) errs.push(`status ${JSON.stringify(doc.status)}, want ${status}`);
  if (typeof doc.type !== "string" || !doc.type.startsWith(PROBLEM_BASE)) errs.push(`type ${JSON.stringify(doc.type)} is not under ${PROBLEM_BASE}`);
  if (typeof doc.title !== "string" || typeof doc.detail !== "string") errs.push("no title or detail");
  return errs;
}

/** errgenChecks calls errgen's own tools and checks the catalog's form. */
async function errgenChecks(url, suiteChecks) {
  const failures = [];
  const fail = (what, errs) => errs.length && failures.push(`${what}: ${errs.join("; ")}`);

  // The suite's error scenario: the tool fails with E_UPSTREAM_UNAVAILABLE.
  const scenario = suiteChecks.get("tools-call-error/tools-call-error");
  fail("tools-call-error (the suite's call)", scenario ? checkProblem(scenario.details?.result, "E_UPSTREAM_UNAVAILABLE", 503) : ["the suite reported no such check"]);
  const upstream = await call(url, "test_error_handling");
  fail("test_error_handling", upstream.error ? [`rejected: ${upstream.error}`] : checkProblem(upstream.result, "E_UPSTREAM_UNAVAILABLE", 503));

  // A foreign error: the fallback, none of its text.
  const crash = await call(url, "errgen_crash");
  fail("errgen_crash", crash.error ? [`rejected: ${crash.error}`] : checkProblem(crash.result, "E_INTERNAL", 500));

  // mcp: {tool_errors: error}: a JSON-RPC error with the catalog's data.
  const denied = await call(url, "errgen_policy_denied");
  const errs = [];
  if (!denied.error) errs.push(`not a JSON-RPC error: ${JSON.stringify(denied.result)}`);
  else {
    if (denied.error.code !== 3002) errs.push(`code ${denied.error.code}, want 3002`);
    if (denied.error.data?.symbol !== "E_POLICY_ENV_NOT_ALLOWED") errs.push(`data ${JSON.stringify(denied.error.data)} names no E_POLICY_ENV_NOT_ALLOWED`);
  }
  fail("errgen_policy_denied", errs);

  for (const [name, r] of [["test_error_handling", upstream], ["errgen_crash", crash], ["errgen_policy_denied", denied]]) {
    if (!r.wire) failures.push(`${name}: no response body was read`);
    for (const s of SECRETS) if (r.wire.includes(s)) failures.push(`${name}: the wire carries ${JSON.stringify(s)}: ${r.wire}`);
  }
  return failures;
}

/** The order of a check's statuses, worst first. */
const RANK = { FAILURE: 0, WARNING: 1, INFO: 2, SUCCESS: 3 };

/** failedScenarios returns the scenarios with a failing check. */
function failedScenarios(checks) {
  return new Set([...checks].filter(([, c]) => c.status === "FAILURE").map(([k]) => k.slice(0, k.indexOf("/"))));
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const major = Number(process.versions.node.split(".")[0]);
  if (major < 22) usage(`the conformance suite needs Node 22 or newer, this is ${process.version} (make test installs it in test/mcp-conformance/node_modules)`);
  // The scenarios the server fails without errgen: the SDK's own gaps.
  const mode = opts.stateless ? "stateless" : "stateful";
  const expected = new Set(opts.expectedFailures ? parseYAML(readFileSync(opts.expectedFailures, "utf8"))?.[mode] ?? [] : []);
  if (opts.keep) mkdirSync(opts.keep, { recursive: true });
  const base = opts.keep ?? mkdtempSync(join(tmpdir(), "errgen-mcp-conformance-"));
  const runs = {};
  let failed = false;
  for (const variant of ["sdk", "errgen"]) {
    const server = await start(opts.cmd, variant === "errgen", opts.stateless);
    let bad = false;
    try {
      const out = mkdtempSync(join(base, `${variant}-`));
      const r = await runSuite(server.url, out);
      runs[variant] = r;
      const count = (status) => [...r.checks.values()].filter((c) => c.status === status).length;
      console.log(`${mode}, ${variant}: ${count("SUCCESS")} passed, ${count("FAILURE")} failed, ${count("WARNING")} warnings`);
      for (const [k, c] of r.checks) if (c.status === "FAILURE") console.log(`  FAIL ${k}: ${c.errorMessage ?? ""}`);
      const fails = failedScenarios(r.checks);
      for (const s of fails) {
        if (!expected.has(s)) {
          console.log(`  ${s} fails, and is not among the expected failures`);
          bad = true;
        }
      }
      for (const s of expected) {
        if (!fails.has(s)) {
          console.log(`  ${s} is among the expected failures, and passes: take it off the list`);
          bad = true;
        }
      }
      if (r.checks.size === 0) {
        console.log(`  the suite ran no check (exit ${r.code}):\n${r.out}`);
        bad = true;
      }
      if (variant === "errgen") {
        const f = await errgenChecks(server.url, r.checks);
        for (const m of f) console.log(`  ERRGEN ${m}`);
        if (f.length) bad = true;
      }
    } catch (e) {
      bad = true;
      console.log(`${variant}: ${e instanceof Error ? e.stack : e}`);
    } finally {
      await server.stop();
      if (bad) console.log(`--- ${variant} server output ---\n${server.log()}`);
      failed ||= bad;
    }
  }
  if (runs.sdk && runs.errgen) {
    // Every check the server passes without errgen it passes as well with
    // it (a warning stays at worst a warning).
    for (const [k, c] of runs.sdk.checks) {
      const e = runs.errgen.checks.get(k);
      if (RANK[c.status] !== undefined && RANK[c.status] !== RANK.INFO && (e === undefined || RANK[e.status] < RANK[c.status])) {
        console.log(`${c.status} without errgen, ${e?.status ?? "not run"} with it: ${k}: ${e?.errorMessage ?? ""}`);
        failed = true;
      }
    }
  }
  if (!opts.keep) rmSync(base, { recursive: true, force: true });
  console.log(failed ? "FAIL" : "ok");
  process.exit(failed ? 1 : 0);
}

await main();
