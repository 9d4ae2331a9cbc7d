// @ts-check
// The scrubbing of x-sanitize fields and of the cause chain in debugInfo,
// as errgen's Go runtime (errgenrt/sanitize.go) does it, character for
// character (docs/guide/conformance.md, "Sanitizing"). Go's regexp \s is
// ASCII white space only: [\t\n\f\r ].

import { FACTS } from "./facts.js";

/** What a long token of free text becomes: the rules' redaction marker. */
const REDACTED = FACTS.rules.redacted;

const HOME_PATH_RE = /(\/home\/[^/\t\n\f\r "']+|\/Users\/[^/\t\n\f\r "']+|\/root|[A-Za-z]:\\Users\\[^\\\t\n\f\r "']+)/g;
// errgenrt's token expressions, [A-Za-z0-9_+/-]{32,} and [A-Za-z0-9]{32,},
// tried from the first character of a run only: their matches are whole
// runs, and RegExp would otherwise read up to 31 characters from each
// character of a shorter run
const TOKEN_RE = /(?<![A-Za-z0-9_+/-])[A-Za-z0-9_+/-]{32,}/g;
const ALNUM_RE = /(?<![A-Za-z0-9])[A-Za-z0-9]{32,}/g;

// errgenrt's URL and e-mail expressions, [a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^\s"'<>]+
// and [A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}, as RegExp finds their
// RE2 matches in time linear in the text. Written as they are, RegExp would
// try them from every character of a run of scheme (or local-part)
// characters and read the rest of the run each time: quadratic in a run
// without :// (or @). A match's run ends at its :// (or @), which those
// characters never are, so every start in a run meets the same end, and
// the leftmost start is the run's first character (for a URL its first
// letter): each expression is tried from there only (the lookbehinds),
// reading each run once. A URL ends at a character no scheme has, so the
// next run starts after it; an address may end where a run goes on
// (a@b.cc1@d.ee), so the next is also tried from its end (EMAIL_AT).
const URL_RE = /(?<![a-zA-Z][0-9+.-]*)[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^\t\n\f\r "'<>]+/g;
const EMAIL_AT = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/y;
const EMAIL_RE = /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/**
 * sanitizePath replaces home-directory prefixes by ~ (/home/alice/x →
 * ~/x): x-sanitize: path.
 * @param {string} s
 */
export function sanitizePath(s) {
  if (!s.includes("/home/") && !s.includes("/Users/") && !s.includes("/root") && !s.includes(":\\Users\\")) return s;
  return s.replace(HOME_PATH_RE, "~");
}

/**
 * sanitizeURI redacts, in every URL of s, the password of its user
 * information and the value of each query parameter whose name is secret;
 * everything else of the URL is kept: x-sanitize: uri.
 * @param {string} s
 */
export function sanitizeURI(s) {
  if (!s.includes("://")) return s;
  return s.replace(URL_RE, scrubURL);
}

/**
 * scrubURL scrubs one URL that URL_RE matched.
 * @param {string} u
 */
function scrubURL(u) {
  if (!u.includes("@") && !u.includes("?")) return u; // no password, no query: nothing to scrub
  const i = u.indexOf("://") + 3;
  let out = u.slice(0, i);
  let rest = u.slice(i);
  // the authority runs to the first /, ? or #; its user information to
  // the last @ in it, and the password from the first : in that
  let end = rest.search(/[/?#]/);
  if (end < 0) end = rest.length;
  let auth = rest.slice(0, end);
  const at = auth.lastIndexOf("@");
  if (at >= 0) {
    const colon = auth.slice(0, at).indexOf(":");
    if (colon >= 0) auth = auth.slice(0, colon + 1) + "redacted" + auth.slice(at);
  }
  out += auth;
  rest = rest.slice(end);
  // the query runs from the first ? (before any #) to the first # after
  // it; its parameters are separated by &
  const q = rest.indexOf("?");
  if (q < 0 || rest.slice(0, q).includes("#")) return out + rest;
  out += rest.slice(0, q + 1);
  let query = rest.slice(q + 1);
  let fragment = "";
  const h = query.indexOf("#");
  if (h >= 0) {
    fragment = query.slice(h);
    query = query.slice(0, h);
  }
  out += query
    .split("&")
    .map((param) => {
      const eq = param.indexOf("=");
      const name = eq < 0 ? param : param.slice(0, eq);
      return secretParam(name) ? name + "=redacted" : param;
    })
    .join("&");
  return out + fragment;
}

const SECRET_NAMES = new Set(["pass", "password", "pwd", "code", "credential", "credentials", "sig", "signature"]);

/**
 * secretParam reports whether a URL query parameter name (as written, its
 * %XX escapes and + decoded here) names a secret: ASCII case aside, it
 * contains "token", "key" or "secret", starts with "auth" or "session", or
 * is one of SECRET_NAMES.
 * @param {string} name
 */
function secretParam(name) {
  const n = lower(unescapeQuery(name));
  if (SECRET_NAMES.has(n)) return true;
  return n.includes("token") || n.includes("key") || n.includes("secret") || n.startsWith("auth") || n.startsWith("session");
}

/**
 * lower lower-cases s as Go's strings.ToLower does: each character alone
 * (İ becomes i, not i and a combining dot).
 * @param {string} s
 */
function lower(s) {
  // eslint-disable-next-line no-control-regex
  if (/^[\u0000-\u007f]*$/.test(s)) return s.toLowerCase();
  let out = "";
  for (const c of s) {
    const l = c === "\u0130" ? "i" : c.toLowerCase();
    out += [...l].length === 1 ? l : c;
  }
  return out;
}

const UTF8 = new TextDecoder();
const ENCODE = new TextEncoder();

/**
 * unescapeQuery decodes + and the %XX escapes of a query component, as
 * bytes read as UTF-8; a % not followed by two hex digits stays as it is.
 * @param {string} s
 */
function unescapeQuery(s) {
  if (!s.includes("%") && !s.includes("+")) return s;
  const src = ENCODE.encode(s);
  const out = [];
  for (let i = 0; i < src.length; i++) {
    const c = /** @type {number} */ (src[i]);
    if (c === 0x2b) {
      out.push(0x20);
    } else if (c === 0x25 && i + 2 < src.length && isHex(/** @type {number} */ (src[i + 1])) && isHex(/** @type {number} */ (src[i + 2]))) {
      out.push((unhex(/** @type {number} */ (src[i + 1])) << 4) | unhex(/** @type {number} */ (src[i + 2])));
      i += 2;
    } else {
      out.push(c);
    }
  }
  return UTF8.decode(new Uint8Array(out));
}

/** @param {number} c */
function isHex(c) {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
}

/** @param {number} c */
function unhex(c) {
  if (c <= 0x39) return c - 0x30;
  if (c <= 0x46) return c - 0x41 + 10;
  return c - 0x61 + 10;
}

/**
 * sanitizeText scrubs free text: home paths, URL secrets, e-mail addresses
 * and long tokens. It is applied to x-sanitize: text fields and always to
 * the text of the cause chain.
 * @param {string} s
 */
export function sanitizeText(s) {
  s = sanitizeURI(sanitizePath(s));
  if (s.includes("@")) s = replaceEmails(s);
  return s.replace(TOKEN_RE, redactToken);
}

/**
 * replaceEmails replaces every e-mail address of s by <email>: the
 * matches of errgenrt's expression (see URL_RE).
 * @param {string} s
 */
function replaceEmails(s) {
  let out = "";
  let pos = 0;
  let found = false;
  for (;;) {
    let start;
    let end;
    EMAIL_AT.lastIndex = pos;
    if (found && EMAIL_AT.test(s)) {
      [start, end] = [pos, EMAIL_AT.lastIndex]; // from the end of the last
    } else {
      EMAIL_RE.lastIndex = pos;
      const m = EMAIL_RE.exec(s);
      if (m === null) break;
      [start, end] = [m.index, EMAIL_RE.lastIndex];
    }
    out += s.slice(pos, start) + "<email>";
    pos = end;
    found = true;
  }
  return found ? out + s.slice(pos) : s;
}

/**
 * redactToken scrubs one run of 32 or more of A-Z a-z 0-9 _ + / -: the
 * whole run when it looks like a secret (a digit, an upper-case and a
 * lower-case letter, and at most one of _ + / - per 8 characters: keys,
 * base64, JWT parts, prefixed tokens), else each stretch of 32 or more
 * letters and digits in it (a letters-only or digits-only secret).
 * @param {string} run
 */
function redactToken(run) {
  let digit = false;
  let upperCase = false;
  let lowerCase = false;
  let marks = 0;
  for (let i = 0; i < run.length; i++) {
    const c = run.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) digit = true;
    else if (c >= 0x41 && c <= 0x5a) upperCase = true;
    else if (c >= 0x61 && c <= 0x7a) lowerCase = true;
    else marks++;
  }
  if (digit && upperCase && lowerCase && 8 * marks <= run.length) return REDACTED;
  return run.replace(ALNUM_RE, REDACTED);
}
