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
