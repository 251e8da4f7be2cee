// Browser test of the MCP Apps views (docs/ui.md), run by .ci/run, never by
// cargo test. It starts `wlo-mcp serve --demo`, reads the views over MCP,
// serves each in a sandboxed frame whose Content-Security-Policy is built
// from the declared resourceDomains, and drives Debian's chromium through
// puppeteer-core. The host page (ui/test/host.ts) is the official AppBridge.
// Usage: node ui/test/browser.mjs <path to wlo-mcp> [screenshot dir]
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import puppeteer from "puppeteer-core";

const binary = process.argv[2] ?? "target/debug/wlo-mcp";
const shots = process.argv[3] ?? "target/ui-screenshots";
mkdirSync(shots, { recursive: true });
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const META_KEY = "wirlernenonline.de/view";
const deadline = setTimeout(() => fail("the browser test took longer than 240 s"), 240_000);
const cleanups = [];
let checks = 0;

function fail(message) {
  console.error(`FAIL: ${message}`);
  for (const cleanup of cleanups.reverse()) {
    try {
      cleanup();
    } catch {}
  }
  process.exit(1);
}
function check(condition, message) {
  if (!condition) fail(message);
  checks++;
}
function equal(actual, expected, message) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) fail(`${message}\n  expected ${e}\n  actual   ${a}`);
  checks++;
}
const step = (name) => console.log(`--- ${name}`);

/** Start `wlo-mcp serve --demo` on a free port; resolve with its MCP and stand-in URLs. */
function startServer(env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ["serve", "--demo", "--port", "0"], {
      env: { ...process.env, RUST_LOG: "warn", ...env },
      stdio: ["ignore", "ignore", "pipe"],
    });
    cleanups.push(() => child.kill());
    let log = "";
    child.stderr.on("data", (chunk) => {
      log += chunk;
      const m = log.match(/listening on (http:\/\/\S+\/mcp) \(demo: built-in stand-in at (http:\/\/\S+?)\)/);
      if (m) resolve({ mcp: m[1], repository: m[2], child });
    });
    child.on("exit", (code) => reject(new Error(`wlo-mcp exited with ${code}: ${log}`)));
  });
}

let nextId = 1;
async function rpc(url, method, params) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params }),
  });
  const body = await response.json();
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/** The host CSP of the specification: only declared origins for static resources. */
function frameCsp(csp = {}) {
  const resources = (csp.resourceDomains ?? []).join(" ");
  const connect = (csp.connectDomains ?? []).join(" ");
  const frames = (csp.frameDomains ?? []).join(" ") || "'none'";
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline' ${resources}`,
    `style-src 'self' 'unsafe-inline' ${resources}`,
    `img-src 'self' data: ${resources}`,
    `font-src 'self' ${resources}`,
    `media-src 'self' data: ${resources}`,
    `connect-src 'self' ${connect}`,
    `frame-src ${frames}`,
    "object-src 'none'",
    "base-uri 'self'",
  ].join("; ");
}

/** The static server of the test host: the host page and the view frames. */
async function startHost() {
  const script = await build({
    entryPoints: [fileURLToPath(new URL("host.ts", import.meta.url))],
    bundle: true,
    format: "iife",
    target: "es2020",
    write: false,
    logLevel: "error",
  });
  const frames = new Map();
  const server = createServer((req, res) => {
    const path = req.url.split("?")[0];
    if (path === "/host.html") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end('<!doctype html><html><body style="margin:0"><script src="/host.js"></script></body></html>');
    } else if (path === "/host.js") {
      res.writeHead(200, { "content-type": "text/javascript" });
      res.end(script.outputFiles[0].text);
    } else if (frames.has(path)) {
      const { html, csp } = frames.get(path);
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-security-policy": csp });
      res.end(html);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => server.close());
  const origin = `http://127.0.0.1:${server.address().port}`;
  let n = 0;
  return {
    origin,
    frame(html, csp) {
      const path = `/frame/${++n}`;
      frames.set(path, { html, csp });
      return `${origin}${path}`;
    },
  };
}

// ------------------------------------------------------------------------------------------------

const server = await startServer();
const mcp = (method, params) => rpc(server.mcp, method, params);
await mcp("initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "browser-test", version: "1" } });
const call = (name, args) => mcp("tools/call", { name, arguments: args });
const tools = (await mcp("tools/list", {})).tools;
const toolDef = (name) => tools.find((t) => t.name === name);

step("views over MCP");
const listed = (await mcp("resources/list", {})).resources.filter((r) => r.uri.startsWith("ui://"));
equal(listed.map((r) => r.uri), ["ui://wlo/cards", "ui://wlo/topic-page"], "resources/list names both views");
const views = {};
for (const resource of listed) {
  const [contents] = (await mcp("resources/read", { uri: resource.uri })).contents;
  equal(contents.mimeType, "text/html;profile=mcp-app", `${resource.uri} MIME type`);
  const csp = contents._meta?.ui?.csp;
  equal(csp?.resourceDomains, [new URL(server.repository).origin], `${resource.uri} declares the preview origin`);
  views[resource.uri] = { html: contents.text, csp: frameCsp(csp) };
}
for (const name of ["search_wlo_content", "get_collection_contents", "get_related_content", "search_wlo_all", "get_topic_page_content"]) {
  check(toolDef(name)?._meta?.ui?.resourceUri in views, `${name} links a listed view`);
}

const host = await startHost();
const browser = await puppeteer.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
  ],
});
cleanups.push(() => browser.process()?.kill());
await browser.defaultBrowserContext().overridePermissions(host.origin, ["clipboard-read", "clipboard-write", "clipboard-sanitized-write"]);
const page = await browser.newPage();
await page.setViewport({ width: 1000, height: 900 });
/** Give the host page the focus back from a frame (its clipboard needs it). */
async function focusHost() {
  await page.evaluate(() => {
    const b = document.createElement("button");
    b.id = "focus-host";
    b.style.cssText = "position:fixed;left:0;top:0;width:4px;height:4px;z-index:9";
    document.body.append(b);
  });
  await page.click("#focus-host");
  await page.evaluate(() => document.getElementById("focus-host").remove());
}
const consoleErrors = [];
page.on("console", (message) => {
  if (message.type() === "error") consoleErrors.push(message.text());
});
await page.exposeFunction("mcp", (method, params) => mcp(method, params));
await page.goto(`${host.origin}/host.html`);

/** Mount a view for a tool call and return its frame once it has rendered. */
async function mount(tool, args, result, { theme = "light", width = 1000, uri } = {}) {
  const view = views[uri ?? toolDef(tool)._meta.ui.resourceUri];
  const frameUrl = host.frame(view.html, view.csp);
  await page.evaluate((o) => window.mount(o), {
    frameUrl,
    tool: toolDef(tool),
    toolInput: args,
    toolResult: result,
    theme,
    width,
  });
  const frame = page.frames().find((f) => f.url() === frameUrl);
  check(frame, `frame of ${tool} found`);
  await frame.waitForFunction(() => !document.querySelector("#app > .status:only-child"), { timeout: 10_000 });
  return frame;
}

/** Wait until every preview image of the frame has loaded (or failed); their states. */
async function images(frame, scope = "") {
  const selector = `${scope} img`.trim();
  await frame.evaluate(async (selector) => {
    for (const img of document.querySelectorAll(selector)) {
      img.loading = "eager";
      img.scrollIntoView();
    }
    await Promise.all(
      [...document.querySelectorAll(selector)].map((img) =>
        img.complete ? null : new Promise((r) => { img.onload = r; img.onerror = r; setTimeout(r, 5000); }),
      ),
    );
  }, selector);
  return frame.$$eval(selector, (imgs) => imgs.map((img) => ({ src: img.getAttribute("src"), width: img.naturalWidth, alt: img.alt })));
}

const cardsOf = (frame, scope = "#app > .grid > .card") =>
  frame.$$eval(scope, (cards) =>
    cards.map((c) => ({
      nodeId: c.dataset.nodeId,
      title: c.querySelector(".title")?.textContent,
      license: c.querySelector(".license")?.textContent,
    })),
  );

/** The checks of a card list against the answer's cards. */
async function checkCards(frame, results, what, scope = "#app > .grid > .card") {
  const cards = await cardsOf(frame, scope);
  equal(cards.map((c) => c.title), results.map((r) => r.title), `${what}: one card per result with its title`);
  equal(cards.map((c) => c.license), results.map((r) => r.license || "Lizenz unbekannt"), `${what}: licence labels`);
  const imgs = await images(frame, scope);
  const withPreview = results.filter((r) => r.previewUrl && !r.previewIsIcon);
  equal(imgs.map((i) => i.src), withPreview.map((r) => r.previewUrl), `${what}: an img per non-icon preview`);
  check(withPreview.length > 0, `${what}: some results have previews`);
  for (const img of imgs) {
    check(img.width > 0, `${what}: preview ${img.src} loads`);
    check(img.alt.startsWith("Vorschaubild: "), `${what}: alt text`);
  }
  const placeholders = await frame.$$eval(`${scope} .placeholder[aria-label]`, (p) => p.length);
  equal(placeholders, results.length - withPreview.length, `${what}: placeholders for results without preview`);
}

for (const mode of ["markdown", "json"]) {
  step(`search_wlo_content (${mode})`);
  const args = { query: "Bruchrechnung", maxResults: 4, outputFormat: mode };
  const result = await call("search_wlo_content", args);
  const reference = (await call("search_wlo_content", { ...args, outputFormat: "json" })).structuredContent;
  if (mode === "markdown") {
    check(!result.structuredContent, "markdown mode has no structuredContent");
    check(result._meta?.[META_KEY]?.results?.length === reference.results.length, "markdown mode carries the cards in _meta");
  }
  const frame = await mount("search_wlo_content", args, result);
  await checkCards(frame, reference.results, `search_wlo_content ${mode}`);
  if (mode === "markdown") await (await page.$("#frame")).screenshot({ path: `${shots}/cards.png` });

  step(`authors and „Namensnennung kopieren" (${mode})`);
  {
    const shown = await frame.$$eval("#app > .grid > .card", (cards) =>
      cards.map((c) => ({
        authors: c.querySelector(".authors")?.textContent ?? "",
        attribution: c.querySelector("button.copy-attribution")?.dataset.attribution ?? "",
        terms: c.querySelector(".terms") !== null,
      })),
    );
    equal(shown.map((c) => c.authors), reference.results.map((r) => (r.authors.length ? `Urheber: ${r.authors.join(", ")}` : "")), "the authors of every card");
    equal(shown.map((c) => c.attribution), reference.results.map((r) => r.attribution), "each button holds the card's attribution line");
    equal(shown.map((c) => c.terms), reference.results.map((r) => !r.attribution), "no line: the provider's terms apply");
    const withLine = reference.results.find((r) => r.attribution && r.authors.length);
    check(withLine, "a result with authors and an attribution line");
    // The host page reads the system clipboard the view's button wrote.
    await focusHost();
    await page.evaluate(() => navigator.clipboard.writeText("vorher"));
    await frame.click(`.card[data-node-id="${withLine.nodeId}"] button.copy-attribution`);
    await frame.waitForFunction((id) => document.querySelector(`.card[data-node-id="${id}"] button.copy-attribution`).textContent !== "Namensnennung kopieren", { timeout: 5000 }, withLine.nodeId);
    const label = await frame.$eval(`.card[data-node-id="${withLine.nodeId}"] button.copy-attribution`, (b) => b.textContent);
    equal(label, "Namensnennung kopiert", "the button says it copied");
    await focusHost();
    equal(await page.evaluate(() => navigator.clipboard.readText()), withLine.attribution, "the clipboard holds the attribution line");
  }

  step(`„Öffnen" and „Ähnliche Materialien" (${mode})`);
  const first = reference.results[0];
  await frame.click(`.card[data-node-id="${first.nodeId}"] button.open`);
  await page.waitForFunction((url) => window.opened.includes(url), { timeout: 5000 }, first.url);
  checks++;
  const related = (await call("get_related_content", { nodeId: first.nodeId, maxResults: 4, outputFormat: "json" })).structuredContent;
  check(related.results.length > 0, "the stand-in has related material");
  await frame.click(`.card[data-node-id="${first.nodeId}"] button.more-like`);
  await frame.waitForSelector(`.card[data-node-id="${first.nodeId}"] .related .card`, { timeout: 10_000 });
  const relatedCards = await cardsOf(frame, `.card[data-node-id="${first.nodeId}"] .related .card`);
  equal(relatedCards.map((c) => c.title), related.results.map((r) => r.title), "related cards are get_related_content's");

  step(`„Mehr laden" (${mode})`);
  const next = (await call("search_wlo_content", { ...args, outputFormat: "json", excludeNodeIds: reference.results.map((r) => r.nodeId) })).structuredContent;
  check(next.results.length > 0, "search_wlo_content has a second page");
  await frame.click("button.load-more");
  await frame.waitForFunction((n) => document.querySelectorAll("#app > .grid > .card").length === n, { timeout: 10_000 }, reference.results.length + next.results.length);
  const all = await cardsOf(frame);
  equal(all.slice(reference.results.length).map((c) => c.title), next.results.map((r) => r.title), "„Mehr laden\" appends the next page");
  equal(await page.evaluate(() => window.teardown()), {}, "teardown is answered");
}

step("get_collection_contents: „Mehr laden\" with skipCount");
const collection = (await call("search_wlo_collections", { query: "Bruchrechnung", outputFormat: "json" })).structuredContent.results[0];
{
  const args = { nodeId: collection.nodeId, maxResults: 3 };
  const result = await call("get_collection_contents", args);
  const first = (await call("get_collection_contents", { ...args, outputFormat: "json" })).structuredContent;
  const second = (await call("get_collection_contents", { ...args, skipCount: 3, outputFormat: "json" })).structuredContent;
  check(first.total > 3 && second.results.length > 0, "the collection has a second page");
  const frame = await mount("get_collection_contents", args, result);
  await checkCards(frame, first.results, "get_collection_contents");
  await frame.click("button.load-more");
  await frame.waitForFunction((n) => document.querySelectorAll("#app > .grid > .card").length === n, { timeout: 10_000 }, 3 + second.results.length);
  equal((await cardsOf(frame)).slice(3).map((c) => c.title), second.results.map((r) => r.title), "the next skipCount page is appended");
}

step("get_related_content: no paging");
{
  const seed = (await call("search_wlo_content", { query: "Bruchrechnung", maxResults: 1, outputFormat: "json" })).structuredContent.results[0];
  const args = { nodeId: seed.nodeId, maxResults: 3 };
  const frame = await mount("get_related_content", args, await call("get_related_content", args));
  const reference = (await call("get_related_content", { ...args, outputFormat: "json" })).structuredContent;
  await checkCards(frame, reference.results, "get_related_content");
  equal(await frame.$$eval("button.load-more", (b) => b.length), 0, "get_related_content has no „Mehr laden\"");
}

step("search_wlo_all: pots, collections and topic pages as tiles");
{
  const args = { query: "Mathematik", outputFormat: "markdown" };
  const reference = (await call("search_wlo_all", { ...args, outputFormat: "json" })).structuredContent;
  const frame = await mount("search_wlo_all", args, await call("search_wlo_all", args));
  await checkCards(frame, reference.content.results, "search_wlo_all content pot", ".pot-content .card");
  for (const pot of ["collections", "topicPages"]) {
    const tiles = await frame.$$eval(`.pot-${pot} .tile .title`, (t) => t.map((x) => x.textContent));
    equal(tiles, reference[pot].results.map((r) => r.title), `search_wlo_all ${pot} tiles`);
  }
}

step("get_topic_page_content: lanes with headings, audience, both modes, dark theme");
// The topic page with an audience and the most cards (the screenshot shows it).
let topicPage;
let mostCards = -1;
for (const candidate of (await call("search_wlo_topic_pages", { maxResults: 20, outputFormat: "json" })).structuredContent.results) {
  if (!candidate.variants.some((v) => v.isDefault && v.targetGroup)) continue;
  const content = (await call("get_topic_page_content", { collectionId: candidate.collectionId, outputFormat: "json" })).structuredContent;
  const cards = content?.lanes?.reduce((n, lane) => n + lane.cards.length, 0) ?? 0;
  if (cards > mostCards) [topicPage, mostCards] = [candidate, cards];
}
check(topicPage && mostCards > 1, "the stand-in has a topic page with an audience and cards");
for (const mode of ["markdown", "json"]) {
  const args = { collectionId: topicPage.collectionId, outputFormat: mode };
  const reference = (await call("get_topic_page_content", { ...args, outputFormat: "json" })).structuredContent;
  check(reference.lanes.length > 1, "the topic page has lanes");
  const frame = await mount("get_topic_page_content", args, await call("get_topic_page_content", args));
  const lanes = await frame.$$eval(".lane", (ls) => ls.map((l) => ({ heading: l.querySelector("h2").textContent, cards: [...l.querySelectorAll(".card .title")].map((t) => t.textContent) })));
  equal(lanes, reference.lanes.map((l, i) => ({ heading: l.heading || `Rubrik ${i + 1}`, cards: l.cards.map((c) => c.title) })), `topic page lanes (${mode})`);
  const audience = await frame.$eval(".audience", (a) => a.textContent);
  check(audience.includes("Zielgruppe: "), `the variant's audience is shown: ${audience}`);
  const imgs = await images(frame);
  check(imgs.length > 0 && imgs.every((i) => i.width > 0), "topic page previews load");
  if (mode === "markdown") {
    await page.screenshot({ path: `${shots}/topic-page.png`, clip: { x: 0, y: 0, width: 1000, height: 1150 } });
    const light = await frame.$eval("body", (b) => getComputedStyle(b).backgroundColor);
    await page.evaluate(() => window.setTheme("dark"));
    await frame.waitForFunction(() => document.documentElement.dataset.theme === "dark");
    const dark = await frame.$eval("body", (b) => getComputedStyle(b).backgroundColor);
    check(light !== dark, `the dark theme changes the rendering (${light} → ${dark})`);
  }
}

step("dark theme from the start, narrow frame (320 px)");
{
  const args = { query: "Photosynthese", maxResults: 2 };
  const frame = await mount("search_wlo_content", args, await call("search_wlo_content", args), { theme: "dark", width: 320 });
  await images(frame);
  const overflow = await frame.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  check(!overflow, "no horizontal overflow at 320 px");
  const bg = await frame.$eval("body", (b) => getComputedStyle(b).backgroundColor);
  check(bg !== "rgb(255, 255, 255)", `dark background (${bg})`);
  await page.setViewport({ width: 320, height: 900 });
  await (await page.$("#frame")).screenshot({ path: `${shots}/dark.png` });
  await page.setViewport({ width: 1000, height: 900 });
}

step("an error result shows its German message");
{
  const args = { nodeId: "00000000-0000-4000-8000-000000000000" };
  const result = await call("get_collection_contents", args);
  check(result.isError === true, "the call is an error");
  const frame = await mount("get_collection_contents", args, result);
  const shown = await frame.$eval("[role=alert]", (e) => e.textContent);
  equal(shown, result.content[0].text, "the error text is shown");
}

step("an image from an undeclared origin is blocked");
{
  const args = { query: "Bruchrechnung", maxResults: 2, outputFormat: "json" };
  const result = await call("search_wlo_content", args);
  const declared = new URL(server.repository);
  const undeclared = `http://localhost:${declared.port}`;
  const moved = JSON.parse(JSON.stringify(result).replaceAll(declared.origin, undeclared));
  const frame = await mount("search_wlo_content", args, moved);
  // A blocked image fails to load, and the view puts its placeholder in its place.
  await frame.waitForFunction(() => document.querySelectorAll("img").length === 0, { timeout: 10_000 });
  const placeholders = await frame.$$eval(".card .placeholder", (p) => p.length);
  equal(placeholders, moved.structuredContent.results.length, "every preview from the undeclared origin is blocked");
  const violations = consoleErrors.filter((e) => e.includes("Content Security Policy") && e.includes(undeclared));
  check(violations.length > 0, "chromium reports the CSP violation");
  const direct = await fetch(moved.structuredContent.results[0].previewUrl);
  check(direct.ok && (await direct.arrayBuffer()).byteLength > 0, "the same image loads outside the frame (the CSP blocked it)");
}

step("MCP_TOOL_DENY=get_related_content hides „Ähnliche Materialien\"");
{
  const denied = await startServer({ MCP_TOOL_DENY: "get_related_content" });
  const args = { query: "Bruchrechnung", maxResults: 2 };
  const result = await rpc(denied.mcp, "tools/call", { name: "search_wlo_content", arguments: args });
  equal(result._meta?.[META_KEY]?.relatedOffered, false, "the result says the tool is not offered");
  const frame = await mount("search_wlo_content", args, result);
  equal(await frame.$$eval("button.more-like", (b) => b.length), 0, "no „Ähnliche Materialien\" button");
  check((await frame.$$eval("button.open", (b) => b.length)) > 0, "„Öffnen\" stays");
  denied.child.kill();
}

console.log(`\nPASS: ${checks} checks; screenshots in ${shots}/`);
clearTimeout(deadline);
for (const cleanup of cleanups.reverse()) cleanup();
process.exit(0);
