// @ts-check
// The HTTP adapters on real servers listening on 127.0.0.1: node:http (what
// Express hands a handler), Fastify, and a Fetch API Response served by
// node:http. Each answer carries the renderer's bytes, the error's status
// and application/problem+json.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import Fastify from "fastify";
import { assemble, load } from "./package.js";

const pkg = assemble();
after(pkg.remove);
const server = await load(pkg.dir, "server.js");
const http = await load(pkg.dir, "http.js");

const fixed = { now: () => new Date("2026-01-02T03:04:05Z"), instance: () => "urn:x" };
const thrown = () => server.newError("E_FS_TOO_LARGE", { resource: "upload", limit: 1024, actual: 2048, unit: "bytes" });

/**
 * listen serves handler on 127.0.0.1 and returns its URL and a closer.
 * @param {import("node:http").RequestListener} handler
 * @returns {Promise<{ url: string, close: () => void }>}
 */
function listen(handler) {
  return new Promise((resolve) => {
    const s = createServer(handler);
    s.listen(0, "127.0.0.1", () => {
      const addr = /** @type {import("node:net").AddressInfo} */ (s.address());
      resolve({ url: `http://127.0.0.1:${addr.port}/`, close: () => s.close() });
    });
  });
}

/**
 * expect checks one HTTP answer against the problem document of err.
 * @param {Response} res
 * @param {unknown} err
 * @param {number} status
 */
async function expect(res, err, status) {
  const want = server.renderProblem(err, fixed);
  assert.equal(res.status, status);
  assert.equal(res.headers.get("content-type"), "application/problem+json");
  const body = await res.text();
  assert.equal(body, want);
  assert.equal(Number(res.headers.get("content-length") ?? Buffer.byteLength(body)), Buffer.byteLength(want));
}

test("node:http: writeProblem writes the document with the error's status", async () => {
  const err = thrown();
  const s = await listen((_req, res) => http.writeProblem(res, err, fixed));
  try {
    await expect(await fetch(s.url), err, 413);
  } finally {
    s.close();
  }
});

test("node:http: any other throw is the fallback, and its text stays on the server", async () => {
  const s = await listen((_req, res) => {
    try {
      throw new Error("disk /home/alice/db is full");
    } catch (e) {
      http.writeProblem(res, e, fixed);
    }
  });
  try {
    const res = await fetch(s.url);
    assert.equal(res.status, 500);
    const body = await res.text();
    assert.equal(JSON.parse(body).symbol, "E_INTERNAL");
    assert.doesNotMatch(body, /alice|disk/);
  } finally {
    s.close();
  }
});

test("Fetch API: problemResponse is a Response with the document", async () => {
  const err = thrown();
  const res = http.problemResponse(err, fixed);
  assert.ok(res instanceof Response);
  await expect(res, err, 413);
  // served as it is by a server that speaks Fetch
  const s = await listen(async (_req, out) => {
    const r = http.problemResponse(err, fixed);
    out.writeHead(r.status, Object.fromEntries(r.headers));
    out.end(Buffer.from(await r.arrayBuffer()));
  });
  try {
    await expect(await fetch(s.url), err, 413);
  } finally {
    s.close();
  }
});

test("Fastify: sendProblem from an error handler", async () => {
  const app = Fastify();
  app.get("/", async () => {
    throw thrown();
  });
  app.get("/crash", async () => {
    throw new Error("secret");
  });
  app.setErrorHandler((err, _req, reply) => http.sendProblem(reply, err, fixed));
  await app.listen({ port: 0, host: "127.0.0.1" });
  try {
    const addr = /** @type {import("node:net").AddressInfo} */ (app.server.address());
    await expect(await fetch(`http://127.0.0.1:${addr.port}/`), thrown(), 413);
    const crash = await fetch(`http://127.0.0.1:${addr.port}/crash`);
    assert.equal(crash.status, 500);
    assert.doesNotMatch(await crash.text(), /secret/);
  } finally {
    await app.close();
  }
});

/**
 * retryAfterOf returns an answer's Retry-After header and the retryAfterMs
 * of its document, checking that the header is the delay in whole seconds,
 * rounded up, and absent without one.
 * @param {Response} res
 */
async function retryAfterOf(res) {
  const header = res.headers.get("retry-after");
  const ms = JSON.parse(await res.text()).retryAfterMs;
  assert.equal(header, ms === undefined ? null : String(Math.ceil(ms / 1000)));
  return header;
}

const limited = (/** @type {object} */ options = {}) => server.newError("E_RATE_LIMITED", { tool: "search" }, options);

/** Errors and the Retry-After each answer carries (null: none). */
const retryCases = () => /** @type {Array<[unknown, string | null, object]>} */ ([
  [limited(), "30", fixed],
  [limited({ retryAfterMs: 1500 }), "2", fixed],
  [limited({ retryAfterMs: 1000 }), "1", fixed],
  [limited({ retryAfterMs: 1 }), "1", fixed],
  [limited({ retryAfterMs: 0 }), "0", fixed],
  [limited({ retryAfterMs: Infinity }), "86400", fixed],
  [limited({ retryable: false }), null, fixed],
  [server.newError("E_UNAVAILABLE", { service: "db" }), null, fixed],
  [server.newError("E_UNAVAILABLE", { service: "db" }, { retryAfterMs: 60000 }), "60", fixed],
  [server.newError("E_FS_TOO_LARGE", { resource: "r", limit: 1, actual: 2, unit: "bytes" }, { retryAfterMs: 60000 }), null, fixed],
  // the error written is the fallback (past maxDataBytes), which has no delay
  [server.newError("E_FS_BAD_NAME", { name: "a".repeat(600) }, { retryable: true, retryAfterMs: 60000 }), null, { ...fixed, maxDataBytes: 512 }],
  [new Error("not the catalog's"), null, fixed],
]);

test("Retry-After: whole seconds, rounded up, whenever the document carries retryAfterMs, from every helper", async () => {
  const cases = retryCases();
  let at = 0;
  const s = await listen((_req, res) => {
    const [err, , o] = /** @type {[unknown, string | null, object]} */ (cases[at++]);
    http.writeProblem(res, err, o);
  });
  const app = Fastify();
  app.get("/:i", async (req) => {
    throw (/** @type {any} */ (cases[Number(/** @type {any} */ (req.params).i)]))[0];
  });
  app.setErrorHandler((err, req, reply) => http.sendProblem(reply, err, (/** @type {any} */ (cases[Number(/** @type {any} */ (req.params).i)]))[2]));
  await app.listen({ port: 0, host: "127.0.0.1" });
  try {
    const addr = /** @type {import("node:net").AddressInfo} */ (app.server.address());
    for (const [i, [err, want, o]] of cases.entries()) {
      const where = `case ${i}: ${server.renderResponse(err, o)}`;
      const res = await fetch(s.url);
      assert.equal(res.status, server.problemOf(err, o).status, where);
      assert.equal(await retryAfterOf(res), want, `node:http ${where}`);
      assert.equal(await retryAfterOf(http.problemResponse(err, o)), want, `Response ${where}`);
      if (err instanceof server.CatalogError) {
        assert.equal(await retryAfterOf(await fetch(`http://127.0.0.1:${addr.port}/${i}`)), want, `Fastify ${where}`);
      }
    }
  } finally {
    s.close();
    await app.close();
  }
  assert.equal(http.retryAfterSeconds(30000), "30");
  assert.equal(http.retryAfterSeconds(30001), "31");
  assert.equal(http.retryAfterSeconds(0), "0");
});
