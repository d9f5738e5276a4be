/**
 * What the build wrote into public/*.html, read once per changed page after the build (onPostBuild):
 *
 * - NUL bytes are removed. React 18.3's streaming server renderer, which Gatsby 5 renders every page
 *   with, can leak them into its output: it flushes whole 2 KB buffers even when a multi-byte UTF-8
 *   character did not fit at the end of one (react#24985, fixed by react#26228 in React 19 only).
 *   Browsers drop U+0000 while parsing, so pages look right, but the HTML is invalid (the Nu checker:
 *   "Saw U+0000 in stream"). A NUL is never meaningful in our HTML, so every one is removed.
 * - The executable inline scripts are hashed for the Content-Security-Policy (security-headers.ts), and
 *   constructs no hash can allow (inline handlers, javascript: URLs) are reported.
 *
 * Incremental: a digest cache in .cache remembers each page's size, mtime and findings, so a rebuild
 * reads and parses only the pages Gatsby rewrote; unchanged pages keep their findings.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parse, Tokenizer, TokenizerMode, type Token, type TokenHandler } from "parse5";

/** Where readBuiltPages keeps what it found per page, relative to the site's root. */
export const BUILT_PAGES_CACHE = path.join(".cache", "built-pages.json");

/** Removes NUL bytes from one document; returns null when there are none. */
export function withoutNulBytes(html: Buffer): Buffer | null {
  if (!html.includes(0)) return null;
  return Buffer.from(html.filter((byte) => byte !== 0));
}

/** Script types a browser runs; anything else (application/ld+json, …) is a data block CSP ignores. */
const EXECUTABLE_TYPES = new Set([
  "",
  "module",
  "text/javascript",
  "application/javascript",
  "application/ecmascript",
  "text/ecmascript",
  "text/jscript",
  "application/x-javascript",
]);

interface HtmlNode {
  nodeName: string;
  tagName?: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: HtmlNode[];
  content?: HtmlNode;
}

function walk(node: HtmlNode, visit: (node: HtmlNode) => void): void {
  visit(node);
  for (const child of node.childNodes ?? []) walk(child, visit);
  if (node.content) walk(node.content, visit);
}

const attr = (node: HtmlNode, name: string) => node.attrs?.find((a) => a.name === name)?.value;

export interface InlineScriptReport {
  /** 'sha256-…' of every inline script the browser would run, in document order (duplicates kept once). */
  hashes: string[];
  /** Constructs no hash can allow: on* handler attributes and javascript: URLs. */
  blocked: string[];
}

const URL_ATTRIBUTES = new Set(["href", "src", "action", "formaction", "xlink:href"]);
const isHandler = (name: string) => /^on/i.test(name);
const isJavascriptUrl = (name: string, value: string) => URL_ATTRIBUTES.has(name) && /^\s*javascript:/i.test(value);

const scriptHash = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The reference scan: the whole document tree built as a browser builds it (parse5), then walked. */
export function inlineScriptsFromTree(html: string): InlineScriptReport {
  const hashes: string[] = [];
  const blocked: string[] = [];
  walk(parse(html) as unknown as HtmlNode, (node) => {
    if (!node.tagName) return;
    for (const { name, value } of node.attrs ?? []) {
      if (isHandler(name)) blocked.push(`<${node.tagName} ${name}>`);
      if (isJavascriptUrl(name, value)) blocked.push(`<${node.tagName} ${name}="javascript:…">`);
    }
    if (node.tagName !== "script" || attr(node, "src") !== undefined) return;
    const type = (attr(node, "type") ?? "").trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) return;
    const hash = scriptHash((node.childNodes ?? []).map((c) => c.value ?? "").join(""));
    if (!hashes.includes(hash)) hashes.push(hash);
  });
  return { hashes, blocked };
}

/*
 * The fast scan runs parse5's own tokenizer (the one its tree builder drives) without building the tree.
 * The tree builder's only influence on tokens is the state it switches the tokenizer to after a start tag
 * (script data, raw text, RCDATA, plaintext) and whether CDATA sections are allowed (foreign content);
 * ScanState reproduces both for the HTML a site build writes. Wherever the tree builder does something the
 * token stream alone cannot tell, the scan gives up and the page is parsed into a tree instead:
 * - any handler attribute or javascript: URL (the report's wording and order then come from the tree,
 *   e.g. attributes merged into <html>, formatting elements the parser clones, <image> renamed <img>);
 * - <select> and <frameset> (their insertion modes ignore start tags the tokens would act on);
 * - a <script> inside an open <table> (foster parenting can move elements, and with them the order of
 *   hashes), a </table> or <col> inside <template> (template contents can ignore tags or keep a table open);
 * - inside <svg>/<math>: a <script> or <template>, a tag that breaks out of foreign content, any start tag
 *   within an integration point (foreignObject, desc, title, mi, annotation-xml…), an end tag that closes
 *   nothing open in the foreign subtree.
 * Everything else follows one rule the tree builder applies in every remaining insertion mode.
 */

const RAWTEXT_ELEMENTS = new Set(["style", "xmp", "iframe", "noembed", "noframes", "noscript"]); // noscript: scripting on
const RCDATA_ELEMENTS = new Set(["title", "textarea"]);
/** Start tags that end foreign content (the HTML standard's list; <font> only with some attributes, here always). */
const BREAKS_OUT_OF_FOREIGN = new Set(
  "b big blockquote body br center code dd div dl dt em embed font h1 h2 h3 h4 h5 h6 head hr i img li listing menu meta nobr ol p pre ruby s small span strong strike sub sup table tt u ul var".split(
    " ",
  ),
);

class GiveUp extends Error {}

interface ForeignElement {
  name: string;
  namespace: "svg" | "math";
  integrationPoint: boolean;
}

function isIntegrationPoint(name: string, namespace: "svg" | "math", attrs: Token.Attribute[]): boolean {
  if (namespace === "svg") return name === "foreignobject" || name === "desc" || name === "title";
  if (["mi", "mo", "mn", "ms", "mtext"].includes(name)) return true;
  if (name !== "annotation-xml") return false;
  const encoding = attrs.find((a) => a.name === "encoding")?.value.toLowerCase();
  return encoding === "text/html" || encoding === "application/xhtml+xml";
}

class ScanState implements TokenHandler {
  readonly hashes: string[] = [];
  readonly tokenizer = new Tokenizer({ sourceCodeLocationInfo: false }, this);
  private foreign: ForeignElement[] = [];
  private tables = 0;
  private templates = 0;
  /** The open inline script's text (null outside one, or in an external or data-block script). */
  private script: string[] | null = null;
  private inScript = false;

  onStartTag(token: Token.TagToken): void {
    for (const { name, value } of token.attrs) if (isHandler(name) || isJavascriptUrl(name, value)) throw new GiveUp();
    const name = token.tagName;
    const top = this.foreign.at(-1);
    if (top) {
      if (top.integrationPoint || top.name === "annotation-xml") throw new GiveUp();
      if (BREAKS_OUT_OF_FOREIGN.has(name) || name === "script" || name === "template") throw new GiveUp();
      if (!token.selfClosing)
        this.pushForeign({ name, namespace: top.namespace, integrationPoint: isIntegrationPoint(name, top.namespace, token.attrs) });
      return;
    }
    switch (name) {
      case "select":
      case "frameset":
        throw new GiveUp();
      case "svg":
      case "math":
        if (!token.selfClosing) this.pushForeign({ name, namespace: name, integrationPoint: false });
        return;
      case "table":
        this.tables++;
        return;
      case "template":
        this.templates++;
        return;
      case "col":
        if (this.templates > 0) throw new GiveUp();
        return;
      case "script": {
        if (this.tables > 0) throw new GiveUp();
        this.tokenizer.state = TokenizerMode.SCRIPT_DATA;
        this.inScript = true;
        const type = (token.attrs.find((a) => a.name === "type")?.value ?? "").trim().toLowerCase();
        const inline = !token.attrs.some((a) => a.name === "src");
        this.script = inline && EXECUTABLE_TYPES.has(type) ? [] : null;
        return;
      }
      case "plaintext":
        this.tokenizer.state = TokenizerMode.PLAINTEXT;
        return;
      default:
        if (RAWTEXT_ELEMENTS.has(name)) this.tokenizer.state = TokenizerMode.RAWTEXT;
        else if (RCDATA_ELEMENTS.has(name)) this.tokenizer.state = TokenizerMode.RCDATA;
    }
  }

  onEndTag(token: Token.TagToken): void {
    const name = token.tagName;
    if (this.foreign.length) {
      // </p> and </br> are handled as HTML; any other end tag closes the nearest open foreign element of its name.
      const open = name === "p" || name === "br" ? -1 : this.foreign.map((e) => e.name).lastIndexOf(name);
      if (open < 0) throw new GiveUp();
      this.foreign.length = open;
      this.tokenizer.inForeignNode = this.foreign.length > 0 && !this.foreign[this.foreign.length - 1].integrationPoint;
      return;
    }
    if (this.inScript) this.endScript();
    else if (name === "table") {
      if (this.templates > 0) throw new GiveUp();
      this.tables = Math.max(0, this.tables - 1);
    } else if (name === "template") this.templates = Math.max(0, this.templates - 1);
  }

  onCharacter(token: Token.CharacterToken): void {
    this.script?.push(token.chars);
  }
  onNullCharacter(token: Token.CharacterToken): void {
    this.script?.push(token.chars);
  }
  onWhitespaceCharacter(token: Token.CharacterToken): void {
    this.script?.push(token.chars);
  }
  onEof(): void {
    if (this.inScript) this.endScript();
  }
  onComment(): void {}
  onDoctype(): void {}

  private pushForeign(element: ForeignElement): void {
    this.foreign.push(element);
    this.tokenizer.inForeignNode = !element.integrationPoint;
  }

  private endScript(): void {
    if (this.script) {
      const hash = scriptHash(this.script.join(""));
      if (!this.hashes.includes(hash)) this.hashes.push(hash);
    }
    this.script = null;
    this.inScript = false;
  }
}

/**
 * The executable inline scripts' hashes from parse5's tokenizer alone, as the tree would give them; null when
 * the page holds something only the tree can settle (see ScanState above).
 */
export function scanInlineScripts(html: string): InlineScriptReport | null {
  const state = new ScanState();
  try {
    state.tokenizer.write(html, true);
  } catch (error) {
    if (error instanceof GiveUp) return null;
    throw error;
  }
  return { hashes: state.hashes, blocked: [] };
}

/** The page's executable inline scripts hashed as the browser hashes them, and what no hash can allow. */
export function inlineScripts(html: string): InlineScriptReport {
  return scanInlineScripts(html) ?? inlineScriptsFromTree(html);
}

/** Built HTML files under publicDir with the path each is served at ("/pricing/", "/404.html"). */
export function builtHtmlFiles(publicDir: string): { file: string; route: string }[] {
  const out: { file: string; route: string }[] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!["page-data", "slice-data", "static", "icons", "~partytown"].includes(entry.name)) visit(full);
      } else if (entry.name.endsWith(".html")) {
        const rel = path.relative(publicDir, full).split(path.sep).join("/");
        out.push({ file: full, route: entry.name === "index.html" ? `/${rel.slice(0, -"index.html".length)}` : `/${rel}` });
      }
    }
  };
  visit(publicDir);
  return out.sort((a, b) => a.route.localeCompare(b.route));
}

export interface BuiltPage extends InlineScriptReport {
  route: string;
}

interface CachedPage extends BuiltPage {
  size: number;
  mtimeMs: number;
}

export interface BuiltPagesReport {
  pages: BuiltPage[];
  /** Pages whose NUL bytes were removed (paths relative to publicDir). */
  fixed: string[];
  /** Pages read and parsed this time (the others were unchanged since the last build). */
  parsed: number;
}

function readCache(file: string | undefined): Map<string, CachedPage> {
  if (!file || !fs.existsSync(file)) return new Map();
  try {
    const entries = JSON.parse(fs.readFileSync(file, "utf8")) as CachedPage[];
    return new Map(entries.map((entry) => [entry.route, entry]));
  } catch {
    return new Map(); // unreadable: read every page again
  }
}

/** Every built page's inline scripts, NUL bytes removed; pages unchanged since `cacheFile` was written are not read. */
export function readBuiltPages(publicDir: string, cacheFile?: string): BuiltPagesReport {
  const cache = readCache(cacheFile);
  const fixed: string[] = [];
  let parsed = 0;
  const entries: CachedPage[] = builtHtmlFiles(publicDir).map(({ file, route }) => {
    const stat = fs.statSync(file);
    const known = cache.get(route);
    if (known && known.size === stat.size && known.mtimeMs === stat.mtimeMs) return known;
    parsed++;
    let html: Buffer = fs.readFileSync(file);
    const clean = withoutNulBytes(html);
    if (clean) {
      fs.writeFileSync(file, clean);
      fixed.push(path.relative(publicDir, file));
      html = clean;
    }
    const after = clean ? fs.statSync(file) : stat;
    return { route, ...inlineScripts(html.toString("utf8")), size: after.size, mtimeMs: after.mtimeMs };
  });
  if (cacheFile) {
    fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
    fs.writeFileSync(cacheFile, JSON.stringify(entries));
  }
  return { pages: entries.map(({ route, hashes, blocked }) => ({ route, hashes, blocked })), fixed, parsed };
}

/** Strips NUL bytes from every built page; returns the paths it rewrote. */
export function stripNulBytes(publicDir: string): string[] {
  return readBuiltPages(publicDir).fixed;
}
