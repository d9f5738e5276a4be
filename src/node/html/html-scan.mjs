/**
 * One built page read and scanned (html-output.ts readBuiltPages): NUL bytes removed, executable inline
 * scripts hashed, constructs no hash can allow reported.
 */
import { Buffer } from "node:buffer";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parse, Tokenizer, TokenizerMode } from "parse5";

/** Removes NUL bytes from one document; returns null when there are none. */
export function withoutNulBytes(html) {
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

const URL_ATTRIBUTES = new Set(["href", "src", "action", "formaction", "xlink:href"]);
const isHandler = (name) => /^on/i.test(name);
// As a browser parses a URL: tabs and newlines anywhere are removed, leading C0 controls and spaces dropped
// ("java\tscript:" and "\x01javascript:" run as javascript: URLs).
const isJavascriptUrl = (name, value) => {
  if (!URL_ATTRIBUTES.has(name)) return false;
  const url = value.replace(/[\t\n\r]/g, "");
  let start = 0;
  while (start < url.length && url.charCodeAt(start) <= 0x20) start++;
  return /^javascript:/i.test(url.slice(start));
};
const scriptHash = (text) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

function walk(node, visit) {
  visit(node);
  for (const child of node.childNodes ?? []) walk(child, visit);
  if (node.content) walk(node.content, visit);
}

const attr = (node, name) => node.attrs?.find((a) => a.name === name)?.value;

/** The reference scan: the whole document tree built as a browser builds it (parse5), then walked. */
export function inlineScriptsFromTree(html) {
  const hashes = [];
  const blocked = [];
  walk(parse(html), (node) => {
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

/* The fast scan runs parse5's own tokenizer (the one its tree builder drives) without building the tree. */

const RAWTEXT_ELEMENTS = new Set(["style", "xmp", "iframe", "noembed", "noframes", "noscript"]); // noscript: scripting on
const RCDATA_ELEMENTS = new Set(["title", "textarea"]);
/** Start tags that end foreign content (the HTML standard's list; <font> only with some attributes, here always). */
const BREAKS_OUT_OF_FOREIGN = new Set(
  "b big blockquote body br center code dd div dl dt em embed font h1 h2 h3 h4 h5 h6 head hr i img li listing menu meta nobr ol p pre ruby s small span strong strike sub sup table tt u ul var".split(
    " ",
  ),
);

class GiveUp extends Error {}

/**
 * @param {string} name
 * @param {"svg" | "math"} namespace
 * @param {{ name: string; value: string }[]} attrs
 */
function isIntegrationPoint(name, namespace, attrs) {
  if (namespace === "svg") return name === "foreignobject" || name === "desc" || name === "title";
  if (["mi", "mo", "mn", "ms", "mtext"].includes(name)) return true;
  if (name !== "annotation-xml") return false;
  const encoding = attrs.find((a) => a.name === "encoding")?.value.toLowerCase();
  return encoding === "text/html" || encoding === "application/xhtml+xml";
}

/** @typedef {{ name: string; namespace: "svg" | "math"; integrationPoint: boolean }} ForeignElement */

/** @implements {import("parse5").TokenHandler} */
class ScanState {
  constructor() {
    /** @type {string[]} */
    this.hashes = [];
    this.tokenizer = new Tokenizer({ sourceCodeLocationInfo: false }, this);
    /** @type {ForeignElement[]} open SVG/MathML elements, outermost first */
    this.foreign = [];
    this.tables = 0;
    this.templates = 0;
    /** @type {string[] | null} the open inline script's text (null outside one, or in an external or data-block script) */
    this.script = null;
    this.inScript = false;
  }

  onStartTag(token) {
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

  onEndTag(token) {
    const name = token.tagName;
    if (this.foreign.length) {
      // </p> and </br> are handled as HTML; any other end tag closes the nearest open foreign element of its name.
      const open = name === "p" || name === "br" ? -1 : this.foreign.map((e) => e.name).lastIndexOf(name);
      if (open < 0) throw new GiveUp();
      this.foreign.length = open;
      const top = this.foreign.at(-1);
      this.tokenizer.inForeignNode = top !== undefined && !top.integrationPoint;
      return;
    }
    if (this.inScript) this.endScript();
    else if (name === "table") {
      if (this.templates > 0) throw new GiveUp();
      this.tables = Math.max(0, this.tables - 1);
    } else if (name === "template") this.templates = Math.max(0, this.templates - 1);
  }

  onCharacter(token) {
    this.script?.push(token.chars);
  }
  onNullCharacter(token) {
    this.script?.push(token.chars);
  }
  onWhitespaceCharacter(token) {
    this.script?.push(token.chars);
  }
  onEof() {
    if (this.inScript) this.endScript();
  }
  onComment() {}
  onDoctype() {}

  /** @param {ForeignElement} element */
  pushForeign(element) {
    this.foreign.push(element);
    this.tokenizer.inForeignNode = !element.integrationPoint;
  }

  endScript() {
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
export function scanInlineScripts(html) {
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
export function inlineScripts(html) {
  return scanInlineScripts(html) ?? inlineScriptsFromTree(html);
}

/** Reads one built page: NUL bytes removed (the file rewritten), its inline scripts scanned. */
export function readBuiltPage(publicDir, { file, route, size, mtimeMs }) {
  let html = fs.readFileSync(file);
  const clean = withoutNulBytes(html);
  if (clean) {
    fs.writeFileSync(file, clean);
    html = clean;
    ({ size, mtimeMs } = fs.statSync(file));
  }
  return {
    entry: { route, ...inlineScripts(html.toString("utf8")), size, mtimeMs },
    fixed: clean ? path.relative(publicDir, file) : null,
  };
}
