// @ts-check
// The conformance runner of the package's server runtime: it reads one
// vector input per line on standard input and answers each with the
// payloads the runtime renders, one JSON object per line on standard
// output (docs/guide/conformance.md, "The runner protocol"):
//
//   errgen conformance -vectors vectors.json -- node conformance.mjs
//
// It reads each line as every runtime does ("Reading the input"): a line
// it cannot read, and an input it refuses — a member of another type than
// the protocol's, a clock that names no instant, an unknown kind or
// symbol, a detail value of another type than its node's — get the error
// answer {"id", "error"}. Accepted details are the details newError takes
// from a caller with what the wire reads them as made explicit (a null or
// absent required value its empty value, an absent optional one left out,
// a member no node describes dropped; a null optional one stays null, as
// newError takes it), so that they render as errgenrt renders the same
// input. An input that carries the facts of
// another catalog (its catalog member) is rendered with that catalog
// instead of the package's, through the same rules: facts the runtime
// cannot read are refused. The answer carries the HTTP answer of the
// problem document as writeProblem sends it (its status and Retry-After).
// An advice input is answered with the advice the client's retryAdvice
// gives for its payload text. Nothing a line holds makes the runner throw.

import { FACTS } from "./facts.js";
import { errorOf, fromError, newError, onViolation, renderJsonRpcError, renderProblem, renderResponse, renderToolResult } from "./core.js";
import { catalogErrors } from "./catalogs.js";
import { wellFormed } from "./wire.js";
import { Tables, isObject } from "./write.js";
import { retryAdvice } from "./index.js";
import { writeProblem } from "./http.js";

/** @typedef {import("./core.js").RenderOptions} RenderOptions */
/** @typedef {import("./core.js").ErrorOptions} ErrorOptions */
/** @typedef {import("./catalogs.js").CatalogErrors} CatalogErrors */
/** @typedef {import("./facts.js").Facts} Facts */
/** @typedef {import("./facts.js").ErrorFacts} ErrorFacts */
/** @typedef {import("./facts.js").Node} Node */
/** @typedef {import("./facts.js").Check} Check */
/** @typedef {import("./facts.js").Template} Template */
/** @typedef {{ [key: string]: unknown }} Obj */

/** The deepest nesting of arrays and objects a line may have, its own object level 1. */
const MAX_DEPTH = 100;

/**
 * A catalog the runner renders inputs with: its facts, the tables the
 * runner reads detail values by, and what raises its errors.
 * @typedef {object} Catalog
 * @property {Facts} facts
 * @property {Tables} tables
 * @property {CatalogErrors} errors
 */

/** @type {Catalog} the package's catalog, raised through its exported functions */
const OWN = { facts: FACTS, tables: new Tables(FACTS), errors: { newError, errorOf, fromError, onViolation } };

/** Refusal is an input the runner refuses: its message is the error answer. */
class Refusal extends Error {}

/**
 * @param {string} what
 * @returns {never}
 */
function refuse(what) {
  throw new Refusal(what);
}

/**
 * depth returns the deepest nesting of arrays and objects in the JSON text s.
 * @param {string} s
 */
function depth(s) {
  let d = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
    } else if (c === "[" || c === "{") {
      deepest = Math.max(deepest, ++d);
    } else if (c === "]" || c === "}") {
      d--;
    }
  }
  return deepest;
}

/**
 * Members reads the members of one object of an input by the types the
 * protocol gives them; null is an absent member.
 */
class Members {
  /**
   * @param {unknown} v
   * @param {string} path
   */
  constructor(v, path) {
    if (v !== null && v !== undefined && !isObject(v)) refuse(`${path}: want an object`);
    /** @type {Obj} */
    this.m = isObject(v) ? v : {};
    this.path = path;
  }

  /** @param {string} key */
  get(key) {
    return Object.hasOwn(this.m, key) && this.m[key] !== null ? this.m[key] : undefined;
  }

  /**
   * @param {string} key
   * @param {string} what
   * @returns {never}
   */
  fail(key, what) {
    return refuse(`${this.path}.${key}: want ${what}`);
  }

  /** @param {string} key */
  string(key) {
    const v = this.get(key);
    if (v !== undefined && typeof v !== "string") this.fail(key, "a string");
    return /** @type {string | undefined} */ (v);
  }

  /** @param {string} key */
  boolean(key) {
    const v = this.get(key);
    if (v !== undefined && typeof v !== "boolean") this.fail(key, "true or false");
    return /** @type {boolean | undefined} */ (v);
  }

  /**
   * integer reads a number without a fraction, held within the safe
   * integers.
   * @param {string} key
   */
  integer(key) {
    const v = this.get(key);
    if (v === undefined) return undefined;
    if (typeof v !== "number" || !Number.isInteger(v)) this.fail(key, "an integer");
    return Math.max(Math.min(v, Number.MAX_SAFE_INTEGER), -Number.MAX_SAFE_INTEGER);
  }

  /**
   * number reads any number (a fraction, a negative one, ±Infinity for
   * digits past the largest double).
   * @param {string} key
   */
  number(key) {
    const v = this.get(key);
    if (v !== undefined && typeof v !== "number") this.fail(key, "a number");
    return /** @type {number | undefined} */ (v);
  }

  /** @param {string} key */
  strings(key) {
    const v = this.get(key);
    if (v === undefined) return undefined;
    if (!Array.isArray(v) || !v.every((s) => typeof s === "string")) this.fail(key, "an array of strings");
    return /** @type {string[]} */ (v);
  }

  /**
   * members reads [{key, value}] as [key, value] pairs.
   * @param {string} key
   * @returns {Array<[string, unknown]>}
   */
  members(key) {
    const v = this.get(key);
    if (v === undefined) return [];
    if (!Array.isArray(v) || !v.every((kv) => isObject(kv) && typeof kv.key === "string")) this.fail(key, "an array of {key, value} with a string key");
    return v.map((kv) => [kv.key, Object.hasOwn(kv, "value") ? kv.value : null]);
  }
}

const NOW = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/**
 * now reads the clock: YYYY-MM-DDTHH:MM:SSZ naming a real instant.
 * @param {string | undefined} s
 */
function now(s) {
  const m = NOW.exec(s ?? "");
  if (m === null) return refuse(`options.now ${JSON.stringify(s ?? "")}: want YYYY-MM-DDTHH:MM:SSZ`);
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number);
  // setUTCFullYear, not Date.UTC, which reads years 0 to 99 as 1900 to 1999
  const d = new Date(0);
  d.setUTCFullYear(/** @type {number} */ (year), /** @type {number} */ (month) - 1, day);
  d.setUTCHours(/** @type {number} */ (hour), minute, second, 0);
  if (d.getUTCFullYear() !== year || d.getUTCMonth() + 1 !== month || d.getUTCDate() !== day || d.getUTCHours() !== hour || d.getUTCMinutes() !== minute || d.getUTCSeconds() !== second) {
    return refuse(`options.now ${JSON.stringify(s)}: not a real instant`);
  }
  return d;
}

/**
 * options reads a vector's rendering options.
 * @param {Members} o
 * @returns {RenderOptions}
 */
function options(o) {
  const at = now(o.string("now"));
  const instance = o.string("instance");
  if (instance === undefined || instance === "") refuse("options.instance: want the problem instance, a non-empty string");
  /** @type {RenderOptions} */
  const out = { now: () => at, instance: () => instance };
  for (const k of /** @type {const} */ (["verbose", "showSensitive", "omitSuggestions"])) {
    if (o.boolean(k) === true) out[k] = true;
  }
  for (const k of /** @type {const} */ (["maxDataBytes", "maxStringBytes", "maxSuggestions"])) {
    const n = o.integer(k);
    if (n !== undefined) out[k] = n;
  }
  const version = o.string("serverVersion");
  if (version !== undefined) out.serverVersion = version;
  return out;
}

/**
 * chain returns the cause chain of texts, outermost first: each an Error
 * whose cause is the next.
 * @param {string[]} texts
 * @returns {Error | undefined}
 */
function chain(texts) {
  /** @type {Error | undefined} */
  let c;
  for (let i = texts.length - 1; i >= 0; i--) {
    c = new Error(texts[i], c === undefined ? undefined : { cause: c });
  }
  return c;
}

/**
 * emptyValue is what the wire reads an absent required value of node n
 * as: "", 0, false, [], an object of its own required properties, null.
 * @param {Tables} tables the tables of n's catalog
 * @param {Node} n
 * @param {number} [level]
 * @returns {unknown}
 */
function emptyValue(tables, n, level = 0) {
  switch (n.type) {
    case "string": return "";
    case "integer":
    case "number": return 0;
    case "boolean": return false;
    case "array": return [];
    case "object": {
      /** @type {Array<[string, unknown]>} */
      const members = [];
      if (level < MAX_DEPTH) {
        for (const p of tables.object(n).properties ?? []) {
          if (p.required === true) members.push([p.name, emptyValue(tables, p.node, level + 1)]);
        }
      }
      return Object.fromEntries(members);
    }
  }
  return null;
}

/**
 * detail reads the detail value v of node n: a value of another type than
 * the node's is refused (an integer is a number without a fraction; null
 * is a value of every type), and the value is returned as newError takes
 * it — null its type's empty value, an object's absent or null members
 * made explicit (a required one its empty value, an absent optional one
 * left out, a null one null), a member no node describes dropped.
 * Objects are made anew with their members as own properties (__proto__
 * among them).
 * @param {Tables} tables the tables of n's catalog
 * @param {Node} n
 * @param {unknown} v
 * @param {string} path
 * @returns {unknown}
 */
function detail(tables, n, v, path) {
  if (v === null || v === undefined) return n.type === "any" ? null : emptyValue(tables, n);
  /** @param {string} what */
  const want = (what) => refuse(`${path}: want ${what}`);
  switch (n.type) {
    case "any": return v;
    case "string": return typeof v === "string" ? v : want("a string");
    case "boolean": return typeof v === "boolean" ? v : want("true or false");
    case "integer": return typeof v === "number" && Number.isInteger(v) ? v : want("an integer");
    case "number": return typeof v === "number" ? v : want("a number");
    case "array":
      if (!Array.isArray(v)) return want("an array");
      return v.map((it, i) => detail(tables, /** @type {Node} */ (n.items), it, `${path}[${i}]`));
  }
  if (!isObject(v)) return want("an object");
  const o = tables.object(n);
  const props = o.properties ?? [];
  /** @type {Array<[string, unknown]>} */
  const members = [];
  for (const p of props) {
    const has = Object.hasOwn(v, p.name);
    const x = has ? v[p.name] : null;
    if (x === null || x === undefined) {
      // absent: the required one's empty value (an untyped one null); an
      // optional one given null is passed on as null, which newError
      // takes and the writer leaves out
      if (p.required === true) members.push([p.name, p.node.type === "any" ? null : emptyValue(tables, p.node)]);
      else if (has && x === null) members.push([p.name, null]);
      continue;
    }
    members.push([p.name, detail(tables, p.node, x, `${path}.${p.name}`)]);
  }
  const extra = o.additionalProperties;
  if (extra !== undefined) {
    for (const [k, x] of Object.entries(v)) {
      if (!props.some((p) => p.name === k)) members.push([k, detail(tables, extra, x, `${path}.${k}`)]);
    }
  }
  return Object.fromEntries(members);
}

// ------------------------------------------------------- another catalog

/** The catalog the last input that carried facts was rendered with, and the JSON text of those facts. */
let last = { text: "", catalog: OWN };

/**
 * catalogOf returns the catalog an input is rendered with: the package's
 * when it carries none (its catalog member absent or null), else the one
 * its facts describe, built once for a run of lines that carry the same
 * facts. Facts the runtime cannot read are refused.
 * @param {unknown} v the input's catalog member
 * @returns {Catalog}
 */
function catalogOf(v) {
  if (v === undefined) return OWN;
  if (!isObject(v)) return refuse("input.catalog: want an object, the facts of a catalog");
  const text = JSON.stringify(v);
  if (last.text !== text) {
    const facts = readFacts(v);
    /** @type {CatalogErrors} */
    let errors;
    try {
      errors = catalogErrors(facts);
    } catch (e) {
      return refuse(`input.catalog: ${e instanceof Error ? e.message : String(e)}`);
    }
    last = { text, catalog: { facts, tables: new Tables(facts), errors } };
  }
  return last.catalog;
}

/**
 * FactMembers reads the members of one object of facts: each one the
 * runtime reads, of its type (refused else); null is an absent member, as
 * Go reads it.
 */
class FactMembers extends Members {
  /**
   * @param {unknown} v
   * @param {string} path
   */
  constructor(v, path) {
    if (!isObject(v)) refuse(`${path}: want an object`);
    super(v, path);
  }

  /**
   * need returns the value read of a member that must be present.
   * @template T
   * @param {string} key
   * @param {T | undefined} v
   * @returns {T}
   */
  need(key, v) {
    return v === undefined ? refuse(`${this.path}.${key}: missing`) : v;
  }

  /**
   * list reads an array whose items read each: undefined when absent.
   * @template T
   * @param {string} key
   * @param {(item: unknown, path: string) => T} read
   * @returns {T[] | undefined}
   */
  list(key, read) {
    const v = this.get(key);
    if (v === undefined) return undefined;
    if (!Array.isArray(v)) this.fail(key, "an array");
    return v.map((it, i) => read(it, `${this.path}.${key}[${i}]`));
  }

  /**
   * integers reads an array of integers.
   * @param {string} key
   */
  integers(key) {
    return this.list(key, (n, path) => (typeof n === "number" && Number.isInteger(n) ? n : refuse(`${path}: want an integer`)));
  }

  /**
   * oneOf reads a string that is one of words.
   * @template {string} W
   * @param {string} key
   * @param {readonly W[]} words
   * @returns {W | undefined}
   */
  oneOf(key, words) {
    const v = this.string(key);
    if (v !== undefined && !words.includes(/** @type {W} */ (v))) this.fail(key, "one of " + words.join(", "));
    return /** @type {W | undefined} */ (v);
  }
}

/**
 * present copies the members of out that are not undefined into a new
 * object: a member absent from the facts stays absent.
 * @template {object} T
 * @param {{ [K in keyof T]: T[K] | undefined }} out
 * @returns {T}
 */
function present(out) {
  return /** @type {T} */ (Object.fromEntries(Object.entries(out).filter(([, x]) => x !== undefined)));
}

const NODE_TYPES = /** @type {const} */ (["string", "integer", "number", "boolean", "array", "object", "any"]);

/**
 * readFacts reads the facts of another catalog (an input's catalog
 * member) as the runtime reads its own (facts.js, of the schema
 * schema/facts.schema.json): every member it reads, of its type, made
 * anew without the members it does not read; an object node that names
 * a shape the facts do not have is refused too. The format, the retry
 * classes and the fallback are the runtime's to check (catalogErrors).
 * The rules are the package's, the same in every catalog.
 * @param {unknown} v
 * @returns {Facts}
 */
function readFacts(v) {
  const f = new FactMembers(v, "input.catalog");
  /** @type {string[]} the shapes the nodes name */
  const named = [];
  const limits = new FactMembers(f.need("limits", f.get("limits")), "input.catalog.limits");
  const facts = {
    facts: f.need("facts", f.integer("facts")),
    name: f.need("name", f.string("name")),
    version: f.string("version") ?? "",
    schemaVersion: f.need("schemaVersion", f.integer("schemaVersion")),
    limits: {
      maxDataBytes: limits.need("maxDataBytes", limits.integer("maxDataBytes")),
      maxStringBytes: limits.need("maxStringBytes", limits.integer("maxStringBytes")),
      maxSuggestions: limits.need("maxSuggestions", limits.integer("maxSuggestions")),
    },
    fallback: f.need("fallback", f.string("fallback")),
    rules: FACTS.rules,
    shapes: f.need("shapes", f.list("shapes", (s, path) => {
      const m = new FactMembers(s, path);
      return { name: m.need("name", m.string("name")), node: readNode(m.need("node", m.get("node")), `${path}.node`, named) };
    })),
    errors: f.need("errors", f.list("errors", (e, path) => readError(e, path, named))),
  };
  for (const name of named) {
    if (!facts.shapes.some((s) => s.name === name)) refuse(`input.catalog: no shape ${JSON.stringify(name)}, which a node names`);
  }
  return facts;
}

/**
 * readError reads one error of the facts.
 * @param {unknown} v
 * @param {string} path
 * @param {string[]} named the shapes the nodes name, added to
 * @returns {ErrorFacts}
 */
function readError(v, path, named) {
  const m = new FactMembers(v, path);
  const details = m.get("details");
  const statuses = m.need("statuses", m.integers("statuses"));
  if (statuses.length === 0) m.fail("statuses", "at least one status");
  const e = {
    symbol: m.need("symbol", m.string("symbol")),
    aliases: m.strings("aliases"),
    code: m.need("code", m.integer("code")),
    wireCode: m.need("wireCode", m.integer("wireCode")),
    type: m.need("type", m.string("type")),
    domain: m.need("domain", m.string("domain")),
    title: m.need("title", m.string("title")),
    problemType: m.need("problemType", m.string("problemType")),
    statuses,
    retryable: m.need("retryable", m.boolean("retryable")),
    retry: /** @type {import("./facts.js").RetryClass} */ (m.need("retry", m.string("retry"))),
    retryAfterMs: m.integer("retryAfterMs"),
    throttling: m.boolean("throttling"),
    deprecated: m.boolean("deprecated"),
    replacedBy: m.string("replacedBy"),
    toolErrorsAsRpc: m.boolean("toolErrorsAsRpc"),
    needsDetails: m.boolean("needsDetails"),
    details: details === undefined ? undefined : readNode(details, `${path}.details`, named),
    sensitive: m.strings("sensitive"),
    message: readTemplate(m.need("message", m.get("message")), `${path}.message`),
    userMessage: m.get("userMessage") === undefined ? undefined : readTemplate(m.get("userMessage"), `${path}.userMessage`),
    suggestions: m.list("suggestions", readTemplate),
  };
  if (e.details !== undefined && e.details.type !== "object") refuse(`${path}.details: want an object node`);
  return present(e);
}

/**
 * readTemplate reads a template: its source, and its parts, each a
 * literal text or a field.
 * @param {unknown} v
 * @param {string} path
 * @returns {Template}
 */
function readTemplate(v, path) {
  const m = new FactMembers(v, path);
  return {
    source: m.need("source", m.string("source")),
    parts: m.need("parts", m.list("parts", (p, at) => {
      const part = new FactMembers(p, at);
      const text = part.string("text");
      const field = part.string("field");
      if ((text === undefined) === (field === undefined)) refuse(`${at}: want one of text and field`);
      return text !== undefined ? { text } : { field: /** @type {string} */ (field) };
    })),
  };
}

/**
 * readNode reads one node of a detail schema, and the nodes inside it.
 * @param {unknown} v
 * @param {string} path
 * @param {string[]} named the shapes the nodes name, added to
 * @returns {Node}
 */
function readNode(v, path, named) {
  const m = new FactMembers(v, path);
  /** @type {(key: string) => Node | undefined} */
  const node = (key) => (m.get(key) === undefined ? undefined : readNode(m.get(key), `${path}.${key}`, named));
  const type = m.need("type", m.oneOf("type", NODE_TYPES));
  const shape = m.string("shape");
  if (shape !== undefined) named.push(shape);
  const items = node("items");
  if (type === "array" && items === undefined) m.fail("items", "the node of an array's items");
  /** @type {{ -readonly [K in keyof Node]: Node[K] }} */
  const n = present({
    type,
    shape,
    properties: m.list("properties", (p, at) => {
      const pm = new FactMembers(p, at);
      return present({ name: pm.need("name", pm.string("name")), required: pm.boolean("required"), node: readNode(pm.need("node", pm.get("node")), `${at}.node`, named) });
    }),
    additionalProperties: node("additionalProperties"),
    trim: m.boolean("trim"),
    items,
    keep: m.integer("keep"),
    sensitive: m.boolean("sensitive"),
    verbose: m.boolean("verbose"),
    sanitize: m.oneOf("sanitize", /** @type {const} */ (["path", "uri", "text"])),
    maxBytes: m.integer("maxBytes"),
    exact: m.boolean("exact"),
    check: m.get("check") === undefined ? undefined : readCheck(m.get("check"), `${path}.check`),
  });
  // present even null: what a required value that breaks the check is written as
  if (Object.hasOwn(m.m, "replacement")) n.replacement = m.m.replacement;
  return n;
}

/**
 * readCheck reads what a node's schema requires of a value.
 * @param {unknown} v
 * @param {string} path
 * @returns {Check}
 */
function readCheck(v, path) {
  const m = new FactMembers(v, path);
  /** @type {{ -readonly [K in keyof Check]: Check[K] }} */
  const c = present({
    enum: m.strings("enum"),
    patterns: m.strings("patterns"),
    formats: m.strings("formats"),
    minimum: m.number("minimum"),
    maximum: m.number("maximum"),
    exclusiveMinimum: m.number("exclusiveMinimum"),
    exclusiveMaximum: m.number("exclusiveMaximum"),
    multipleOf: m.number("multipleOf"),
    minLength: m.integer("minLength"),
    maxLength: m.integer("maxLength"),
    minItems: m.integer("minItems"),
    maxItems: m.integer("maxItems"),
    uniqueItems: m.boolean("uniqueItems"),
  });
  // present even null: the value must equal it
  if (Object.hasOwn(m.m, "const")) c.const = m.m.const;
  return c;
}

/** @typedef {{ symbol: string, path: string, keyword: string, outcome: string }} Reported */

/**
 * run renders one vector's input in every format, with the violations
 * the catalog's hook learns of while each payload renders, and the HTTP
 * answer of its problem document.
 * @param {unknown} value
 * @returns {{ payloads: Record<string, string>, violations: Record<string, Reported[]>, http: HttpAnswer } | { advice: { action: string, delayMs: number | null } }}
 */
function run(value) {
  if (!isObject(value)) return refuse("input: want an object");
  const input = new Members(value, "input");
  const payload = input.string("payload");
  if (input.string("kind") === "advice") return advise(input, payload);
  const catalog = catalogOf(input.get("catalog"));
  const kind = input.string("kind");
  const symbol = input.string("symbol");
  const cause = input.strings("cause") ?? [];
  /** @type {ErrorOptions} */
  const o = { data: input.members("data"), extensions: input.members("extensions") };
  const retryable = input.boolean("retryable");
  const retryAfterMs = input.number("retryAfterMs");
  const status = input.integer("status");
  const requestId = input.string("requestId");
  const instance = input.string("instance");
  const rendering = options(new Members(input.get("options"), "input.options"));
  const given = input.get("details");
  if (given !== undefined && !isObject(given)) refuse("input.details: want an object");
  let err;
  switch (kind) {
    case "foreign":
      if (cause.length === 0) refuse("a foreign error needs its text in cause");
      err = catalog.errors.fromError(chain(cause));
      break;
    case "definition":
    case "error": {
      const def = catalog.facts.errors.find((e) => e.symbol === symbol || (e.aliases ?? []).includes(/** @type {string} */ (symbol)));
      if (def === undefined) return refuse(`no error has symbol ${JSON.stringify(symbol ?? "")}`);
      if (kind === "definition") {
        err = catalog.errors.errorOf(def.symbol);
        break;
      }
      const details = def.details === undefined ? undefined : given;
      const c = chain(cause);
      if (c !== undefined) o.cause = c;
      if (retryable !== undefined) o.retryable = retryable;
      // the delay as given: newError normalizes it as every runtime does
      if (retryAfterMs !== undefined) o.retryAfterMs = retryAfterMs;
      if (status !== undefined) o.status = status;
      if (requestId !== undefined) o.requestId = requestId;
      if (instance !== undefined) o.instance = instance;
      err = catalog.errors.newError(def.symbol, def.details === undefined ? undefined : detail(catalog.tables, def.details, details ?? {}, "details"), o);
      break;
    }
    default:
      return refuse(`unknown kind ${JSON.stringify(kind ?? "")}: want error, definition, foreign or advice`);
  }
  /** @type {Record<string, string>} */
  const payloads = {};
  /** @type {Record<string, Reported[]>} */
  const violations = {};
  const renderers = /** @type {const} */ ([
    ["jsonrpc", renderJsonRpcError],
    ["problem", renderProblem],
    ["response", renderResponse],
    ["toolResult", renderToolResult],
  ]);
  const before = catalog.errors.onViolation(null);
  try {
    for (const [format, render] of renderers) {
      /** @type {Reported[]} */
      const seen = (violations[format] = []);
      catalog.errors.onViolation((v) => void seen.push({ symbol: v.symbol, path: v.path, keyword: v.keyword, outcome: v.outcome }));
      payloads[format] = render(err, rendering);
    }
    catalog.errors.onViolation(null); // reported once, above
    const http = problemSent(err, rendering);
    if (http.body !== payloads.problem) return refuse(`writeProblem sends ${http.body}, not ${payloads.problem}`);
    return { payloads, violations, http: { status: http.status, retryAfter: http.retryAfter } };
  } finally {
    catalog.errors.onViolation(before);
  }
}

/**
 * HttpAnswer is what writeProblem sends: the status and the Retry-After
 * header (null when none).
 * @typedef {{ status: number, retryAfter: string | null }} HttpAnswer
 */

/**
 * problemSent returns what writeProblem sends of err on a node:http
 * response, with the body.
 * @param {unknown} err
 * @param {RenderOptions} rendering
 * @returns {HttpAnswer & { body: string }}
 */
function problemSent(err, rendering) {
  /** @type {Map<string, string>} */
  const headers = new Map();
  const res = {
    statusCode: 200,
    body: "",
    /** @param {string} name @param {string} value */
    setHeader(name, value) {
      headers.set(name.toLowerCase(), value);
    },
    /** @param {string} chunk */
    end(chunk) {
      this.body = chunk;
    },
  };
  writeProblem(res, err, rendering);
  return { status: res.statusCode, retryAfter: headers.get("retry-after") ?? null, body: res.body };
}

/**
 * advise answers an advice input: the advice retryAdvice gives for the
 * payload's text. Its other members change nothing, and are read as every
 * input's are (refused when of another type).
 * @param {Members} input
 * @param {string | undefined} payload
 * @returns {{ advice: { action: string, delayMs: number | null } }}
 */
function advise(input, payload) {
  input.string("symbol");
  input.strings("cause");
  input.members("data");
  input.members("extensions");
  input.boolean("retryable");
  input.number("retryAfterMs");
  input.integer("status");
  input.string("requestId");
  input.string("instance");
  if (input.get("details") !== undefined && !isObject(input.get("details"))) refuse("input.details: want an object");
  if (input.get("catalog") !== undefined && !isObject(input.get("catalog"))) refuse("input.catalog: want an object (a catalog's facts)");
  const o = new Members(input.get("options"), "input.options");
  for (const k of ["now", "instance", "serverVersion"]) o.string(k);
  for (const k of ["verbose", "showSensitive", "omitSuggestions"]) o.boolean(k);
  for (const k of ["maxDataBytes", "maxStringBytes", "maxSuggestions"]) o.integer(k);
  if (payload === undefined) return refuse("an advice input needs the payload's text in payload");
  const { action, delayMs } = retryAdvice(payload);
  return { advice: { action, delayMs } };
}

/**
 * answer returns the answer to one line.
 * @param {Uint8Array} bytes
 */
function answer(bytes) {
  /** @type {string} */
  let text;
  try {
    // ignoreBOM: a byte order mark is kept, and JSON.parse refuses it
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return { id: "", error: "unreadable line: not UTF-8" };
  }
  if (depth(text) > MAX_DEPTH) return { id: "", error: `unreadable line: nested deeper than ${MAX_DEPTH} levels` };
  /** @type {unknown} */
  let v;
  try {
    v = wellFormedKeys(JSON.parse(text));
  } catch {
    return { id: "", error: "unreadable line: not one JSON object" };
  }
  if (!isObject(v) || typeof v.id !== "string") return { id: "", error: "unreadable line: not a JSON object with a string id" };
  try {
    return { id: v.id, ...run(Object.hasOwn(v, "input") ? v.input : undefined) };
  } catch (e) {
    return { id: v.id, error: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * wellFormedKeys returns v with every lone surrogate of its strings and
 * member names U+FFFD, as every runtime reads the line (a name made alike
 * by it: the last member counts, as JSON.parse keeps the last).
 * @param {unknown} v
 * @returns {unknown}
 */
function wellFormedKeys(v) {
  if (typeof v === "string") return wellFormed(v);
  if (Array.isArray(v)) return v.map(wellFormedKeys);
  if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [wellFormed(k), wellFormedKeys(x)]));
  return v;
}

// one answer per line, as it comes; a blank line (JSON white space only:
// spaces, tabs, carriage returns) skipped
/** @type {Uint8Array[]} */
let pending = [];
/** @param {Uint8Array} bytes */
function line(bytes) {
  if (!bytes.every((b) => b === 0x20 || b === 0x09 || b === 0x0d)) process.stdout.write(JSON.stringify(answer(bytes)) + "\n");
}
for await (const chunk of process.stdin) {
  const buf = /** @type {Uint8Array} */ (chunk);
  let start = 0;
  for (let i = buf.indexOf(10); i >= 0; i = buf.indexOf(10, start)) {
    pending.push(buf.subarray(start, i));
    line(concat(pending));
    pending = [];
    start = i + 1;
  }
  if (start < buf.length) pending.push(buf.subarray(start));
}
if (pending.length > 0) line(concat(pending));

/**
 * @param {Uint8Array[]} parts
 */
function concat(parts) {
  if (parts.length === 1) return /** @type {Uint8Array} */ (parts[0]);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
