// @ts-check
// The log forms of an error — verboseError(), logValue(), util.inspect and
// console.log, and what a serializer that walks an error's properties
// (pino's err) records — have its verbose-only fields and its cause chain,
// and never a sensitive value in clear nor an x-sanitize value unscrubbed,
// unless the occurrence was made with logSensitive (Go's
// errgenrt.WithLogSensitive), which never reaches the wire.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { Console } from "node:console";
import { createRequire } from "node:module";
import { Writable } from "node:stream";
import { inspect } from "node:util";
import { assemble, load } from "./package.js";

const pkg = assemble();
const other = assemble();
after(() => {
  pkg.remove();
  other.remove();
});
const server = await load(pkg.dir, "server.js");
const copy = await load(other.dir, "server.js");

// secrets: a sensitive field, an error's sensitive list, sensitive items,
// a sanitized path; the verbose-only note is what the log forms add
const details = { owner: "alice-s3cr3t", paths: ["/home/alice/private"], secrets: ["tok-s3cr3t"], blob: { key: "/home/alice/blob" }, hidden: "pin-s3cr3t", note: "VERBOSE-NOTE" };
const secrets = ["alice-s3cr3t", "/home/alice", "tok-s3cr3t", "pin-s3cr3t"];
const cause = new Error("retry failed", { cause: new Error("disk full") });

/**
 * @param {boolean} logSensitive
 */
function raise(logSensitive) {
  return server.newError("E_FS_AUDIT", details, { cause, requestId: "req-1", logSensitive });
}

/**
 * console writes with a Console over a string.
 * @param {unknown} value
 */
function consoleText(value) {
  let out = "";
  const stream = new Writable({
    write(chunk, _encoding, done) {
      out += String(chunk);
      done();
    },
  });
  new Console({ stdout: stream, stderr: stream }).error(value);
  return out;
}

/**
 * errSerializer does what pino's err serializer (pino-std-serializers
 * 7) does: type, message and stack with the causes', then every
 * enumerable property, own or inherited.
 * @param {any} err
 */
function errSerializer(err) {
  /** @type {{ [key: string]: any }} */
  const out = { type: err.constructor.name, message: "", stack: "" };
  for (let e = err, sep = ""; e instanceof Error; e = /** @type {any} */ (e).cause, sep = ": ") out.message += sep + e.message;
  for (let e = err, sep = ""; e instanceof Error; e = /** @type {any} */ (e).cause, sep = "\ncaused by: ") out.stack += sep + e.stack;
  for (const key in err) {
    if (out[key] === undefined && key !== "cause") out[key] = err[key];
  }
  return out;
}

/** pino's own serializer, when the repository's node_modules has it. */
const pino = (() => {
  try {
    return /** @type {{ err: (e: unknown) => object }} */ (createRequire(import.meta.url)("pino-std-serializers"));
  } catch {
    return undefined;
  }
})();

/**
 * logForms returns the text of each log form of err.
 * @param {any} err
 */
function logForms(err) {
  /** @type {{ [form: string]: string }} */
  const forms = {
    verboseError: err.verboseError(),
    logValue: JSON.stringify(err.logValue()),
    inspect: inspect(err),
    "inspect, nested": inspect({ err }, { depth: 5 }),
    console: consoleText(err),
    serializer: JSON.stringify(errSerializer(err)),
  };
  if (pino !== undefined) forms.pino = JSON.stringify(pino.err(err));
  return forms;
}

test("the log forms redact by default, and keep the verbose-only fields and the cause chain", () => {
  const err = raise(false);
  for (const [form, text] of Object.entries(logForms(err))) {
    for (const s of secrets) assert.ok(!text.includes(s), `${form} shows ${s}: ${text}`);
    assert.ok(text.includes("VERBOSE-NOTE"), `${form} lacks the verbose-only field: ${text}`);
    assert.ok(text.includes("disk full"), `${form} lacks the cause chain: ${text}`);
  }
  assert.equal(err.verboseError(), "E_FS_AUDIT: Audit of <redacted> failed on ~/private ({\"key\":\"~/blob\"}) VERBOSE-NOTE: retry failed: disk full");
  const { stack, ...log } = err.logValue();
  assert.deepEqual(log, { symbol: "E_FS_AUDIT", code: 2003, message: 'Audit of <redacted> failed on ~/private ({"key":"~/blob"}) VERBOSE-NOTE', cause: "retry failed: disk full", requestId: "req-1" });
  assert.match(stack, /logs\.test\.js/);
  // inspect and console show the error as Node shows one, its first line the log message
  assert.equal(inspect(err).split("\n")[0], 'E_FS_AUDIT: Audit of <redacted> failed on ~/private ({"key":"~/blob"}) VERBOSE-NOTE');
  assert.match(inspect(err), /requestId: 'req-1'/);
  assert.match(inspect(err), /\[cause\]: Error: retry failed/);
  // a serializer that walks the error's properties records its log form
  assert.equal(errSerializer(err).log, err.verboseError());
  if (pino !== undefined) assert.equal(/** @type {any} */ (pino.err(err)).log, err.verboseError());
  assert.deepEqual(Object.keys(err), [], "no own enumerable member");
});

test("with Error.stackTraceLimit = 0 an error has no frames, and its log forms stay whole", () => {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    const err = raise(false);
    assert.equal(err.stack, err.name + ": " + err.message);
    for (const [form, text] of Object.entries(logForms(err))) {
      for (const s of secrets) assert.ok(!text.includes(s), `${form} shows ${s}: ${text}`);
      assert.ok(text.includes("disk full"), `${form} lacks the cause chain: ${text}`);
    }
    // as Node shows an error without frames: [its first line] and its members
    assert.ok(inspect(err).startsWith('[E_FS_AUDIT: Audit of <redacted> failed on ~/private ({"key":"~/blob"}) VERBOSE-NOTE]'), inspect(err));
    assert.equal(JSON.parse(server.renderProblem(err)).symbol, "E_FS_AUDIT");
  } finally {
    Error.stackTraceLimit = limit;
  }
});

test("logSensitive shows the sensitive values in the log forms, never on the wire", () => {
  const err = raise(true);
  for (const [form, text] of Object.entries(logForms(err))) {
    if (form === "serializer" || form === "pino") {
      // the message and stack are the wire's; the log record has the values
      assert.ok(text.includes('"log":"E_FS_AUDIT: Audit of alice-s3cr3t'), `${form}: ${text}`);
    }
    for (const s of ["alice-s3cr3t", "/home/alice/private"]) assert.ok(text.includes(s), `${form} lacks ${s}: ${text}`);
  }
  assert.equal(err.verboseError(), "E_FS_AUDIT: Audit of alice-s3cr3t failed on /home/alice/private ({\"key\":\"/home/alice/blob\"}) VERBOSE-NOTE: retry failed: disk full");
  // the wire, the message, String and JSON stay redacted
  for (const text of [err.message, String(err), JSON.stringify(err), server.renderProblem(err), server.renderJsonRpcError(err, { verbose: true }), server.renderResponse(err)]) {
    for (const s of secrets) assert.ok(!text.includes(s), text);
  }
  // and the error's stack header is the wire's message
  assert.ok(!String(err.stack).includes("alice-s3cr3t"));
});

test("logSensitive is the occurrence's: another copy of the package keeps it", () => {
  const theirs = copy.newError("E_FS_AUDIT", details, { logSensitive: true });
  const mine = server.fromError(theirs);
  assert.notEqual(mine, theirs);
  assert.match(mine.verboseError(), /alice-s3cr3t/);
  assert.doesNotMatch(server.fromError(copy.newError("E_FS_AUDIT", details)).verboseError(), /alice-s3cr3t/);
});

test("an error in a cause chain shows its log form in inspect, its wire text elsewhere", () => {
  const inner = raise(false);
  const outer = new Error("request failed", { cause: inner });
  const text = inspect(outer);
  assert.match(text, /\[cause\]: E_FS_AUDIT: Audit of <redacted> failed on ~\/private .* VERBOSE-NOTE/);
  for (const s of secrets) assert.ok(!text.includes(s), text);
  const wrapped = server.newError("E_UNAVAILABLE", { service: "db" }, { cause: inner });
  assert.equal(wrapped.verboseError(), "E_UNAVAILABLE: The db service is unavailable: E_FS_AUDIT: Audit of <redacted> failed on ~/private ({\"key\":\"~/blob\"}) : retry failed: disk full");
});
