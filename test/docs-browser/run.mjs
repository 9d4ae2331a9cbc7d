// Drives the built docs sites in a real browser — Debian's Chromium through
// Playwright (playwright-core, pinned in package-lock.json) — each site
// served on 127.0.0.1 as a static host serves it (clean URLs, its 404 page
// with status 404), and checks what a developer meets:
//
//   - every error's problem type URI, and every retired error's, opened as
//     it is (the published origin answered from the local server), lands
//     on a page about that error: its code and symbol in the heading;
//   - the search, queried with an error's code and with its symbol, lists
//     that error's page first;
//   - the index's filter finds an error by type, JSON-RPC code and symbol,
//     and its table sorts;
//   - a deprecated error is marked on its page, in the sidebar and in the
//     index; an unknown address gets the 404 page, which offers the search
//     and the index; /favicon.ico is no 404;
//   - following every link of every page (the sites link each other): no
//     link leads to a 404, no anchor is missing, and no page logs a console
//     error or fails a request;
//   - at 390 px no page scrolls sideways, and at 390 and 1280 px no table
//     is wider than its column, no heading breaks inside a symbol, and on
//     the error reference nothing overflows its box unseen;
//   - screenshots of one error page at both widths, for CI's artifacts.
//
//   node test/docs-browser/run.mjs MANIFEST.json
//
// The manifest (written by TestDocsBrowser, internal/endtoend) names the
// browser, the screenshots directory and each site: its built directory,
// the origin and base it is published at, and what the catalog says must
// be found there. Everything stays on this machine: requests to any other
// address are refused.
import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { chromium } from "playwright-core";

const manifest = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const started = Date.now();
const problems = [];
const fail = (site, what) => problems.push(`${site}: ${what}`);
let checks = 0;
const ok = () => checks++;
const phase = (what) => console.log(`${((Date.now() - started) / 1000).toFixed(1)}s ${what}`);

// ---------------------------------------------------------------- serving

const types = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css",
  ".json": "application/json", ".svg": "image/svg+xml", ".ico": "image/x-icon", ".png": "image/png",
  ".woff2": "font/woff2", ".txt": "text/plain",
};

// resolve maps a path of the site to its file as a static host does with
// clean URLs: DIR/ is DIR/index.html, PAGE is PAGE.html; else the 404 page.
function resolve(site, pathname) {
  let p;
  try {
    p = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (!p.startsWith(site.base)) return null;
  p = p.slice(site.base.length);
  const file = (rel) => {
    const f = path.join(site.dist, rel);
    return f.startsWith(site.dist) && fs.existsSync(f) && fs.statSync(f).isFile() ? f : null;
  };
  if (p === "" || p.endsWith("/")) return file(p + "index.html");
  return file(p) ?? file(p + ".html");
}

function serve(site) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    let f = resolve(site, url.pathname);
    let status = 200;
    if (!f) {
      status = 404;
      f = path.join(site.dist, "404.html");
    }
    res.writeHead(status, { "content-type": types[path.extname(f)] ?? "application/octet-stream" });
    fs.createReadStream(f).pipe(res);
  });
  return new Promise((ok) => server.listen(0, "127.0.0.1", () => {
    site.local = `http://127.0.0.1:${server.address().port}`;
    ok(server);
  }));
}

// local returns the local URL of a URL of one of the sites (its local or
// its published origin), and the site; null for any other URL.
function local(sites, href) {
  const u = new URL(href);
  for (const s of sites) {
    if (u.origin === s.local || u.origin === s.origin) {
      return { site: s, url: s.local + u.pathname + u.search, hash: u.hash };
    }
  }
  return null;
}

// ---------------------------------------------------------------- browser

const browser = await chromium.launch({ executablePath: manifest.chromium, args: ["--no-sandbox"] });
const servers = await Promise.all(manifest.sites.map(serve));

// A page of its own width, whose console errors, failed requests and page
// errors are noted against what it shows; requests to the published
// origins are answered from the local servers, any other is refused.
async function newPage(width) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, deviceScaleFactor: 1 });
  await context.route("**/*", async (route) => {
    const url = route.request().url();
    if (url.startsWith("data:")) return route.continue();
    const to = local(manifest.sites, url);
    if (!to) return route.abort("blockedbyclient");
    if (url.startsWith(to.site.local)) return route.continue();
    const res = await fetch(to.url, { redirect: "manual" });
    return route.fulfill({ status: res.status, headers: Object.fromEntries(res.headers), body: Buffer.from(await res.arrayBuffer()) });
  });
  await context.addInitScript({ content: `window.__errgenLayout = ${layout.toString()};` });
  const page = await context.newPage();
  page.notes = [];
  page.expect404 = false;
  page.on("console", (m) => {
    if (m.type() !== "error") return;
    if (page.expect404 && /404/.test(m.text())) return;
    page.notes.push(`console error: ${m.text()}`);
  });
  page.on("pageerror", (e) => page.notes.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) => {
    // a prefetch or a load cut short by the next navigation is no failure
    if (r.failure()?.errorText === "net::ERR_ABORTED") return;
    page.notes.push(`request failed: ${r.url()} (${r.failure()?.errorText})`);
  });
  page.on("response", (r) => {
    if (r.status() >= 400 && !(page.expect404 && r.request().isNavigationRequest())) page.notes.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return page;
}

// open loads url and waits until the app is hydrated and errgen's theme
// has enhanced the page; it returns the navigation's HTTP status.
async function open(page, url, { expect404 = false } = {}) {
  page.expect404 = expect404;
  const res = await page.goto(url, { waitUntil: "load" });
  await page.waitForFunction(() => document.querySelector("#app")?.__vue_app__ !== undefined, null, { timeout: 10000 });
  await page.waitForFunction(() => [...document.querySelectorAll(".errgen-table[data-errgen-sort]")].every((t) => t.dataset.errgenReady), null, { timeout: 10000 });
  return res?.status();
}

function flush(page, where) {
  for (const n of page.notes) fail(where.site, `${where.url}: ${n}`);
  page.notes = [];
}

// What a page shows of its layout: page-level sideways scroll, tables
// wider than their column or overflowing, code spans of headings broken
// or overflowing, and (strict) any box whose content overflows unseen.
function layout(strict) {
  const out = [];
  const de = document.documentElement;
  if (de.scrollWidth > window.innerWidth + 1) out.push(`the page scrolls sideways (${de.scrollWidth} px in ${window.innerWidth})`);
  const doc = document.querySelector(".vp-doc");
  if (!doc) return out;
  const column = doc.getBoundingClientRect();
  for (const t of doc.querySelectorAll("table")) {
    if (t.offsetParent === null) continue;
    const r = t.getBoundingClientRect();
    if (r.right > column.right + 1 || r.width > column.width + 1) out.push(`a table is ${Math.round(r.width)} px wide in a ${Math.round(column.width)} px column`);
    if (t.scrollWidth > t.clientWidth + 1) out.push(`a table hides ${t.scrollWidth - t.clientWidth} px of its content`);
  }
  for (const c of doc.querySelectorAll("h1 > code, h2 > code, h3 > code")) {
    const h = c.parentElement;
    if (c.getClientRects().length > 1) out.push(`the heading "${h.textContent.trim()}" breaks inside ${c.textContent}`);
    if (c.getBoundingClientRect().right > h.getBoundingClientRect().right + 1) out.push(`${c.textContent} overflows its heading`);
  }
  if (strict) {
    for (const el of doc.querySelectorAll("*")) {
      const s = getComputedStyle(el);
      if (!["auto", "scroll", "hidden", "clip"].includes(s.overflowX) || el.offsetParent === null) continue;
      if (s.clipPath !== "none" || el.getBoundingClientRect().width <= 1) continue; // hidden on purpose, for screen readers
      if (el.scrollWidth > el.clientWidth + 1) out.push(`<${el.tagName.toLowerCase()} class="${el.className}"> hides ${el.scrollWidth - el.clientWidth} px past its right edge`);
    }
  }
  return out;
}

// ------------------------------------------------------------------ crawl

// crawl visits every page reachable from each site's index, loaded at a
// phone's width (390 px) and laid out again at a desktop's (1280 px): each
// link must lead to a page (no 404) and each anchor to an element. Three
// pages work through the links found, in parallel.
async function crawl() {
  const seen = new Map(); // local URL -> { ids, site, h1 }
  const queue = manifest.sites.map((s) => ({ site: s, url: s.local + s.base, from: "(start)" }));
  const anchors = []; // { url, hash, from, site }
  const queued = new Set(queue.map((q) => q.url));
  let busy = 0;
  const visit = async (page, { site, url, from }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const status = await open(page, url);
    if (status !== 200) fail(site.name, `${from} links ${url}: HTTP ${status}`);
    const info = await page.evaluate((strict) => ({
      ids: [...document.querySelectorAll("[id]")].map((e) => e.id),
      links: [...document.querySelectorAll("a[href]")].map((a) => a.href).filter((h) => /^https?:/.test(h)),
      h1: document.querySelector(".vp-doc h1")?.textContent ?? "",
      layout: window.__errgenLayout(strict),
    }), !!site.strict);
    for (const l of info.layout) fail(site.name, `${url} at 390 px: ${l}`);
    if (!info.layout.some((l) => l.startsWith("the page scrolls"))) ok();
    await page.setViewportSize({ width: 1280, height: 900 });
    const wide = await page.evaluate(async (strict) => {
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return window.__errgenLayout(strict);
    }, !!site.strict);
    for (const l of wide) fail(site.name, `${url} at 1280 px: ${l}`);
    if (wide.length === 0) ok();
    seen.set(url, { ids: new Set(info.ids), site, h1: info.h1 });
    flush(page, { site: site.name, url });
    for (const href of info.links) {
      const to = local(manifest.sites, href);
      if (!to) continue; // another site: not followed
      ok();
      if (to.hash) anchors.push({ url: to.url, hash: to.hash, from: url, site: to.site });
      if (!queued.has(to.url)) {
        queued.add(to.url);
        queue.push({ site: to.site, url: to.url, from: url });
      }
    }
  };
  const pages = await Promise.all([390, 390, 390].map(newPage));
  await Promise.all(pages.map(async (page) => {
    while (queue.length > 0 || busy > 0) {
      if (queue.length === 0) {
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      busy++;
      try {
        await visit(page, queue.shift());
      } finally {
        busy--;
      }
    }
  }));
  for (const a of anchors) {
    const target = seen.get(a.url);
    const id = decodeURIComponent(a.hash.slice(1));
    if (target && !target.ids.has(id)) fail(a.site.name, `${a.from} links ${a.url}${a.hash}: no such anchor`);
    else ok();
  }
  for (const page of pages) await page.context().close();
  return seen;
}

// ------------------------------------------------------------ the checks

// parallel runs fn(page, item) for each item, the pages taking the next
// item as each is free.
async function parallel(pages, items, fn) {
  let next = 0;
  await Promise.all(pages.map(async (page) => {
    while (next < items.length) await fn(page, items[next++]);
  }));
}

// typeURIs opens every published problem type URI as it is, on the pages
// in parallel.
async function typeURIs(site, pages) {
  await parallel(pages, [...(site.errors ?? []), ...(site.retired ?? [])].filter((e) => e.uri), async (page, e) => {
    const status = await open(page, e.uri);
    const { h1, box } = await page.evaluate(() => ({
      h1: document.querySelector(".vp-doc h1")?.textContent ?? "",
      // the slug "index": the index's box that leads to the error's page
      box: [...document.querySelectorAll(".vp-doc .custom-block.tip")].map((b) => ({
        text: b.textContent, links: [...b.querySelectorAll("a")].map((a) => new URL(a.href).pathname),
      })),
    }));
    const want = [e.code, e.symbol].filter((x) => x !== undefined && x !== "").map(String);
    const about = want.every((w) => h1.includes(w)) && (!e.retired || /retired/.test(h1)) ||
      e.page.endsWith("/index/") && box.some((b) => want.every((w) => b.text.includes(w)) && b.links.includes(site.base + e.page.replace(/^\//, "")));
    if (status !== 200 || !about) {
      fail(site.name, `type URI ${e.uri}: HTTP ${status}, heading "${h1.trim()}", want ${want.join(" ")}${e.retired ? " (retired)" : ""}`);
    } else ok();
    flush(page, { site: site.name, url: e.uri });
  });
}

// search queries the site's search with each error's code and symbol:
// that error's page must come first. Pages work in parallel.
async function search(site, pages) {
  const queries = [];
  for (const e of site.errors ?? []) {
    queries.push({ q: String(e.code), e }, { q: e.symbol, e });
  }
  for (const e of site.retired ?? []) {
    if (e.page && e.symbol) queries.push({ q: e.symbol, e });
  }
  let next = 0;
  await Promise.all(pages.map(async (page) => {
    await open(page, site.local + site.base);
    await page.keyboard.press("Control+k");
    const input = page.locator(".VPLocalSearchBox input");
    await input.waitFor();
    while (next < queries.length) {
      const { q, e } = queries[next++];
      await input.fill("");
      await page.waitForFunction(() => document.querySelectorAll(".VPLocalSearchBox .results li").length === 0);
      await input.fill(q);
      await page.waitForFunction(() => document.querySelectorAll(".VPLocalSearchBox .results li").length > 0, null, { timeout: 5000 })
        .catch(() => {});
      const first = await page.evaluate(() => {
        const a = document.querySelector(".VPLocalSearchBox .results a.result");
        return a ? { href: a.getAttribute("href"), label: a.getAttribute("aria-label") } : null;
      });
      const path = first?.href?.split("#")[0];
      if (path !== site.base + e.page.replace(/^\//, "")) {
        fail(site.name, `search "${q}": first result ${first ? `${first.href} (${first.label})` : "none"}, want ${site.base}${e.page.replace(/^\//, "")}`);
      } else ok();
    }
    flush(page, { site: site.name, url: "search" });
  }));
}

// index checks the index's filter and sorting and the deprecation marks.
async function index(site, page) {
  await open(page, site.local + site.base);
  const filter = page.locator(".errgen-filter input");
  for (const e of (site.errors ?? []).slice(0, 6)) {
    for (const q of [e.type, e.symbol, e.wireCode].filter(Boolean)) {
      await filter.fill(String(q));
      const rows = await page.evaluate(() => [...document.querySelectorAll(".errgen-errors tbody tr")].filter((r) => !r.hidden).map((r) => r.cells[1].textContent));
      if (!rows.some((r) => r.includes(e.symbol))) fail(site.name, `the index filtered by "${q}" lacks ${e.symbol}: ${rows.join(", ")}`);
      else ok();
    }
  }
  await filter.fill("");
  // sorting: Code twice gives the codes descending
  const codes = async () => page.evaluate(() => [...document.querySelectorAll(".errgen-errors tbody tr")].map((r) => Number(r.cells[0].textContent)));
  await page.locator(".errgen-errors th button").first().click();
  await page.locator(".errgen-errors th button").first().click();
  const desc = await codes();
  if (desc.some((c, i) => i > 0 && c > desc[i - 1])) fail(site.name, `the index sorted by code twice is not descending: ${desc.join(" ")}`);
  else ok();
  // deprecation marks: page, sidebar, index
  const deprecated = (site.errors ?? []).filter((e) => e.deprecated);
  for (const e of deprecated) {
    const inIndex = await page.evaluate((sym) => [...document.querySelectorAll(".errgen-errors tbody tr")]
      .some((r) => r.cells[1].textContent.includes(sym) && r.querySelector(".errgen-deprecated")), e.symbol);
    if (!inIndex) fail(site.name, `the index does not mark ${e.symbol} deprecated`);
    else ok();
  }
  for (const e of deprecated) {
    await open(page, site.local + site.base + e.page.replace(/^\//, ""));
    const marks = await page.evaluate((sym) => ({
      box: !!document.querySelector(".vp-doc .warning.custom-block"),
      sidebar: [...document.querySelectorAll(".VPSidebar .VPSidebarItem .text")]
        .some((t) => t.textContent.replace(/\s/g, "").includes(sym) && t.querySelector(".errgen-deprecated")),
    }), e.symbol);
    if (!marks.box) fail(site.name, `${e.page} has no deprecation warning`);
    if (!marks.sidebar) fail(site.name, `the sidebar does not mark ${e.symbol} deprecated`);
    if (marks.box && marks.sidebar) ok();
  }
  flush(page, { site: site.name, url: "index" });
}

// notFound opens an address that has none: status 404, the page offers the
// search (which opens holding the address's last segment) and the index.
async function notFound(site, page) {
  const url = site.local + site.base + "no-such-error";
  const status = await open(page, url, { expect404: true });
  const offers = await page.evaluate(() => ({
    index: [...document.querySelectorAll(".errgen-notfound a")].some((a) => new URL(a.href).pathname === new URL(".", location.href).pathname || /\/$/.test(new URL(a.href).pathname)),
    search: !!document.querySelector(".errgen-notfound button"),
  }));
  if (status !== 404 || !offers.index || !offers.search) fail(site.name, `${url}: HTTP ${status}, offers the index ${offers.index}, the search ${offers.search}`);
  else ok();
  await page.locator(".errgen-notfound button").click();
  const q = await page.locator(".VPLocalSearchBox input").inputValue().catch(() => null);
  if (q !== "no-such-error") fail(site.name, `the 404 page's search opens with ${JSON.stringify(q)}`);
  else ok();
  // an address that is an error's code or symbol names that error
  const e = (site.errors ?? [])[0];
  if (e) {
    await open(page, site.local + site.base + e.symbol, { expect404: true });
    await page.waitForSelector(".errgen-notfound .matches a", { timeout: 5000 }).catch(() => {});
    const found = await page.evaluate(() => [...document.querySelectorAll(".errgen-notfound .matches a")].map((a) => a.textContent));
    if (!found.some((t) => t.includes(e.symbol))) fail(site.name, `the 404 page at /${e.symbol} does not name it: ${found}`);
    else ok();
  }
  page.expect404 = false;
  page.notes = [];
}

async function favicon(site) {
  const res = await fetch(site.local + "/favicon.ico");
  if (res.status !== 200) fail(site.name, `/favicon.ico: HTTP ${res.status}`);
  else ok();
}

// --------------------------------------------------------------------- run

try {
  const narrow = await crawl();
  phase(`crawled ${narrow.size} pages at 390 and 1280 px`);
  assert.ok(narrow.size > 0);
  const page = await newPage(1280);
  const searchPages = [page, await newPage(1280), await newPage(1280), await newPage(1280)];
  for (const site of manifest.sites) {
    await typeURIs(site, searchPages);
    if (site.errors) {
      await search(site, searchPages);
      await index(site, page);
      await notFound(site, page);
    }
    if (site.favicon) await favicon(site);
    phase(`checked ${site.name}`);
  }
  for (const p of searchPages) flush(p, { site: "search", url: "" });
  // screenshots of one error page at both widths
  fs.mkdirSync(manifest.out, { recursive: true });
  for (const s of manifest.screenshots ?? []) {
    const site = manifest.sites.find((x) => x.name === s.site);
    for (const width of [390, 1280]) {
      const p = await newPage(width);
      await open(p, site.local + site.base + s.page.replace(/^\//, ""));
      const file = path.join(manifest.out, `${s.site}-${s.page.replace(/\W+/g, "-").replace(/^-|-$/g, "")}-${width}.png`);
      await p.screenshot({ path: file, fullPage: true });
      console.log(`screenshot ${file}`);
      await p.context().close();
    }
  }
  console.log(`pages: ${manifest.sites.map((s) => `${s.name} ${[...narrow.values()].filter((v) => v.site === s).length}`).join(", ")}`);
} finally {
  await browser.close();
  for (const s of servers) s.close();
}

const secs = ((Date.now() - started) / 1000).toFixed(1);
for (const p of problems) console.log(`FAIL ${p}`);
console.log(`${checks} passed, ${problems.length} failed (${secs}s)`);
process.exit(problems.length > 0 ? 1 : 0);
