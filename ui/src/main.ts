// The WLO views: material cards (search_wlo_content, get_collection_contents,
// get_related_content, the pots of search_wlo_all) and a topic page
// (get_topic_page_content). The data is the result's structuredContent (JSON
// mode) or its _meta under META_KEY (markdown mode); both have the same keys.
// Every text is set with textContent: repository titles are untrusted.

import { connect, disconnect, notify, request } from "./bridge";

const META_KEY = "wirlernenonline.de/view";
const RELATED_TOOL = "get_related_content";
const MAX_EXCLUDE = 500;
const AUDIENCES: Record<string, string> = { teacher: "Lehrkräfte", learner: "Lernende", general: "Allgemein" };
const REASONS: Record<string, string> = {
  no_page_config_ref: "Diese Sammlung hat keine Themenseite.",
  no_variant: "Die Themenseite hat keine anzeigbare Variante.",
  empty_config: "Die Themenseite ist leer (keine Rubriken).",
};

type Json = Record<string, any>;
interface Card {
  nodeId: string;
  title: string;
  publisher?: string;
  disciplines?: string[];
  educationalContexts?: string[];
  learningResourceTypes?: string[];
  authors?: string[];
  license?: string;
  attribution?: string;
  url?: string;
  previewUrl?: string;
  topicPageUrl?: string;
  nodeType?: string;
  previewIsIcon?: boolean;
}

const root = document.getElementById("app") as HTMLElement;
let args: Json = {};
let toolName = "";
let relatedOffered = false;
let canCallTools = false;
let resize: ResizeObserver | undefined;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(label: string, cls: string, onClick: (b: HTMLButtonElement) => void): HTMLButtonElement {
  const b = el("button", cls, label);
  b.type = "button";
  b.addEventListener("click", () => onClick(b));
  return b;
}

function status(text: string, cls = "status"): HTMLElement {
  const p = el("p", cls, text);
  if (cls === "error") p.setAttribute("role", "alert");
  return p;
}

/** The view data of a result: structuredContent, else the _meta data. */
function dataOf(result: Json): Json | undefined {
  const meta = (result._meta ?? {})[META_KEY] ?? {};
  if (typeof meta.relatedOffered === "boolean") relatedOffered = meta.relatedOffered;
  const structured = result.structuredContent;
  if (structured && typeof structured === "object") return structured;
  return meta.results || meta.lanes || meta.content ? meta : undefined;
}

function textOf(result: Json): string {
  const blocks: Json[] = Array.isArray(result.content) ? result.content : [];
  return blocks
    .filter((b) => b.type === "text")
    .map((b) => String(b.text))
    .join("\n");
}

function open(url: string): void {
  request("ui/open-link", { url }).catch(() => undefined);
}

async function callTool(name: string, toolArgs: Json): Promise<Json> {
  return request("tools/call", { name, arguments: toolArgs });
}

function preview(card: Card, small: boolean): HTMLElement {
  const box = el("div", small ? "thumb thumb-small" : "thumb");
  const placeholder = () => {
    box.replaceChildren();
    box.classList.add("placeholder");
    box.setAttribute("role", "img");
    box.setAttribute("aria-label", "Kein Vorschaubild");
  };
  if (!card.previewUrl || card.previewIsIcon) {
    placeholder();
    return box;
  }
  const img = el("img");
  img.loading = "lazy";
  img.decoding = "async";
  img.alt = `Vorschaubild: ${card.title}`;
  img.width = 160;
  img.height = 100;
  img.addEventListener("error", placeholder);
  img.src = card.previewUrl;
  box.append(img);
  return box;
}

function labels(card: Card): string {
  return [card.disciplines, card.educationalContexts, card.learningResourceTypes]
    .map((list) => (list ?? []).slice(0, 2).join(", "))
    .filter((part) => part)
    .join(" · ");
}

function materialCard(card: Card): HTMLElement {
  const article = el("article", "card");
  article.dataset.nodeId = card.nodeId;
  article.append(preview(card, false));
  const body = el("div", "body");
  body.append(el("h3", "title", card.title || "(ohne Titel)"));
  if (card.publisher) body.append(el("p", "publisher", card.publisher));
  if (card.authors?.length) body.append(el("p", "authors", `Urheber: ${card.authors.join(", ")}`));
  const meta = labels(card);
  if (meta) body.append(el("p", "labels", meta));
  body.append(el("span", "license", card.license ? card.license : "Lizenz unbekannt"));
  if (!card.attribution && card.nodeType !== "collection") {
    body.append(el("p", "terms", "Es gelten die Bedingungen des Anbieters."));
  }
  const actions = el("div", "actions");
  if (card.url) actions.append(button("Öffnen", "open", () => open(card.url as string)));
  if (card.attribution) {
    const line = card.attribution;
    const copy = button("Namensnennung kopieren", "copy-attribution", (b) => copyAttribution(line, b, body));
    copy.dataset.attribution = line;
    copy.title = line;
    actions.append(copy);
  }
  const related = el("section", "related");
  related.hidden = true;
  related.setAttribute("aria-label", `Ähnliche Materialien zu ${card.title}`);
  if (relatedOffered && canCallTools && card.nodeType !== "collection") {
    actions.append(button("Ähnliche Materialien", "more-like", (b) => showRelated(card, related, b)));
  }
  body.append(actions);
  article.append(body, related);
  return article;
}

/** Copy the attribution line; where the host's frame may not write the
 * clipboard, show the line selected, to copy by hand. */
async function copyAttribution(line: string, trigger: HTMLButtonElement, body: HTMLElement): Promise<void> {
  let copied = false;
  try {
    await navigator.clipboard.writeText(line);
    copied = true;
  } catch {
    const area = el("textarea", "attribution-copy");
    area.value = line;
    area.readOnly = true;
    body.append(area);
    area.select();
    try {
      copied = document.execCommand("copy");
    } catch {
      copied = false;
    }
    if (copied) area.remove();
  }
  trigger.textContent = copied ? "Namensnennung kopiert" : "Namensnennung markiert: kopieren mit Strg+C";
}

function tile(card: Card): HTMLElement {
  const article = el("article", "tile");
  article.dataset.nodeId = card.nodeId;
  article.append(preview(card, true));
  const body = el("div", "body");
  body.append(el("h3", "title", card.title || "(ohne Titel)"));
  const link = card.topicPageUrl || card.url;
  if (link) body.append(button("Öffnen", "open", () => open(link)));
  article.append(body);
  return article;
}

async function showRelated(card: Card, box: HTMLElement, trigger: HTMLButtonElement): Promise<void> {
  if (!box.hidden) {
    box.hidden = true;
    trigger.setAttribute("aria-expanded", "false");
    return;
  }
  box.hidden = false;
  trigger.setAttribute("aria-expanded", "true");
  box.replaceChildren(status("Ähnliche Materialien werden geladen …"));
  try {
    const result = await callTool(RELATED_TOOL, { nodeId: card.nodeId, maxResults: 4, outputFormat: "json" });
    const data = dataOf(result);
    if (result.isError || !data) {
      box.replaceChildren(status(textOf(result) || "Ähnliche Materialien konnten nicht geladen werden.", "error"));
      return;
    }
    const cards: Card[] = data.results ?? [];
    box.replaceChildren(el("h4", "", "Ähnliche Materialien"));
    if (cards.length === 0) box.append(status("Keine ähnlichen Materialien gefunden."));
    else box.append(grid(cards.map(materialCard)));
  } catch (error) {
    box.replaceChildren(status(`Ähnliche Materialien konnten nicht geladen werden: ${(error as Error).message}`, "error"));
  }
}

function grid(items: HTMLElement[], cls = "grid"): HTMLElement {
  const g = el("div", cls);
  g.append(...items);
  return g;
}

/** „Mehr laden" of the two tools that page today. */
function moreArgs(tool: string, data: Json, shown: string[]): Json | undefined {
  const page = data._queryMeta?.pagination ?? {};
  const total = Number(data.total ?? page.totalResults ?? 0);
  if (tool === "get_collection_contents") {
    const next = Number(page.skipCount ?? 0) + Number(page.maxItems ?? 0);
    return next < total && (data.results ?? []).length > 0 ? { ...args, skipCount: next } : undefined;
  }
  if (tool === "search_wlo_content") {
    const before: string[] = Array.isArray(args.excludeNodeIds) ? args.excludeNodeIds : [];
    const exclude = [...before, ...shown];
    const more = shown.length < total && exclude.length <= MAX_EXCLUDE && (data.results ?? []).length > 0;
    return more ? { ...args, excludeNodeIds: exclude } : undefined;
  }
  return undefined;
}

function renderList(data: Json): void {
  const tool = data._queryMeta?.toolName ?? toolName;
  const cards: Card[] = data.results ?? [];
  const shown = cards.map((c) => c.nodeId);
  const list = grid(cards.map(materialCard));
  const header = el("p", "summary");
  const heading = data.seed?.title ? `Ähnlich wie „${data.seed.title}“` : "";
  const count = () =>
    data.total !== undefined ? `${shown.length} von ${data.total} Treffern` : `${shown.length} Materialien`;
  header.textContent = [heading, count()].filter((s) => s).join(" – ");
  root.replaceChildren(header);
  if (cards.length === 0) root.append(status("Keine Materialien gefunden."));
  root.append(list);
  let current = data;
  const footer = el("div", "footer");
  const update = () => {
    footer.replaceChildren();
    const next = canCallTools ? moreArgs(tool, current, shown) : undefined;
    if (!next) return;
    footer.append(
      button("Mehr laden", "load-more", async (b) => {
        b.disabled = true;
        b.textContent = "Lädt …";
        try {
          const result = await callTool(tool, next);
          const page = dataOf(result);
          if (result.isError || !page) {
            footer.replaceChildren(status(textOf(result) || "Weitere Materialien konnten nicht geladen werden.", "error"));
            return;
          }
          const more: Card[] = (page.results ?? []).filter((c: Card) => !shown.includes(c.nodeId));
          more.forEach((c) => shown.push(c.nodeId));
          list.append(...more.map(materialCard));
          current = { ...page, results: more.length > 0 ? page.results : [] };
          header.textContent = [heading, count()].filter((s) => s).join(" – ");
          update();
        } catch (error) {
          footer.replaceChildren(status(`Weitere Materialien konnten nicht geladen werden: ${(error as Error).message}`, "error"));
        }
      }),
    );
  };
  update();
  root.append(footer);
}

function renderPots(data: Json): void {
  root.replaceChildren();
  const pots: [string, string, boolean][] = [
    ["content", "Materialien", false],
    ["collections", "Sammlungen", true],
    ["topicPages", "Themenseiten", true],
  ];
  for (const [key, title, small] of pots) {
    const pot = data[key];
    const cards: Card[] = pot?.results ?? [];
    if (cards.length === 0) continue;
    const section = el("section", `pot pot-${key}`);
    section.append(el("h2", "", `${title} (${pot.total ?? cards.length})`));
    section.append(grid(cards.map(small ? tile : materialCard), small ? "grid tiles" : "grid"));
    root.append(section);
  }
  if (!root.firstChild) root.append(status("Keine Treffer."));
}

function renderTopicPage(data: Json): void {
  root.replaceChildren();
  const header = el("header", "page-header");
  header.append(el("h1", "", data.collection?.title || "Themenseite"));
  const variant = data.variant;
  if (variant) {
    const audience = AUDIENCES[variant.targetGroup] ?? variant.targetGroup ?? "";
    const line = [variant.title, audience ? `Zielgruppe: ${audience}` : ""].filter((s) => s).join(" – ");
    header.append(el("p", "audience", line));
  }
  const pageUrl = data.collection?.topicPageUrl;
  if (pageUrl) header.append(button("Themenseite öffnen", "open", () => open(pageUrl)));
  root.append(header);
  if (data.reason) root.append(status(REASONS[data.reason] ?? "Diese Themenseite zeigt keine Materialien."));
  (data.lanes ?? []).forEach((lane: Json, index: number) => {
    const section = el("section", "lane");
    section.append(el("h2", "", lane.heading || `Rubrik ${index + 1}`));
    const cards: Card[] = lane.cards ?? [];
    if (cards.length === 0) section.append(status("Keine Materialien in dieser Rubrik."));
    else section.append(grid(cards.map(materialCard)));
    if (lane.hasMore) section.append(el("p", "status", "Weitere Materialien auf der Themenseite."));
    root.append(section);
  });
}

function render(result: Json): void {
  if (result.isError) {
    root.replaceChildren(status(textOf(result) || "Bei diesem Aufruf ist ein Fehler aufgetreten.", "error"));
    return;
  }
  const data = dataOf(result);
  if (!data) {
    root.replaceChildren(status("Für diese Antwort gibt es keine Ansicht."));
  } else if (Array.isArray(data.lanes) || data.collection) {
    renderTopicPage(data);
  } else if (data.content || data.collections || data.topicPages) {
    renderPots(data);
  } else {
    renderList(data);
  }
}

function applyContext(context: Json): void {
  const html = document.documentElement;
  if (context.theme === "dark" || context.theme === "light") {
    html.dataset.theme = context.theme;
    html.style.colorScheme = context.theme;
  }
  const variables: Json = context.styles?.variables ?? {};
  for (const [name, value] of Object.entries(variables)) {
    if (name.startsWith("--") && typeof value === "string") html.style.setProperty(name, value);
  }
  const tool = context.toolInfo?.tool?.name;
  if (typeof tool === "string") toolName = tool;
  if (typeof context.locale === "string") html.lang = context.locale.startsWith("de") ? "de" : html.lang;
}

async function main(): Promise<void> {
  root.replaceChildren(status("Ergebnisse werden geladen …"));
  let last = { width: 0, height: 0 };
  resize = new ResizeObserver(() => {
    // The content's own height: the document's scrollHeight never falls below the frame's.
    const box = document.body.getBoundingClientRect();
    const size = { width: Math.ceil(box.width), height: Math.ceil(box.height) };
    if (size.width !== last.width || size.height !== last.height) {
      last = size;
      notify("ui/notifications/size-changed", size);
    }
  });
  resize.observe(document.body);
  try {
    const init = await connect({
      toolInput: (a) => (args = a),
      toolResult: render,
      toolCancelled: () => root.replaceChildren(status("Der Aufruf wurde abgebrochen.")),
      hostContext: applyContext,
      teardown: () => {
        resize?.disconnect();
        disconnect();
      },
    });
    canCallTools = Boolean((init.hostCapabilities as Json)?.serverTools);
    applyContext((init.hostContext as Json) ?? {});
  } catch (error) {
    root.replaceChildren(status(`Verbindung zum Host fehlgeschlagen: ${(error as Error).message}`, "error"));
  }
}

main();
