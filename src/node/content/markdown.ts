/**
 * Markdown → sanitized HTML segments, at build time only (the parser never ships to the browser). See
 * docs/product-rules.md#navigation-and-footer.
 */
import { createHash } from "node:crypto";
import markdownIt, { type MarkdownIt, type Token } from "markdown-it";
import sanitizeHtml from "sanitize-html";
import { resolveUrl, type UrlTable } from "../../lib/url-table";
import { slugify } from "./slugify";

export interface ResolvedImage {
  src: string;
  srcSet?: string;
  sizes?: string;
  width?: number;
  height?: number;
  sources?: { srcSet: string; type: string; sizes?: string }[];
}

/** Where rendered bodies (and each body's image list) are kept between builds (Gatsby's plugin `cache` has this shape). */
export interface RenderCache {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<unknown>;
}

export interface RenderOptions {
  urlTable: UrlTable;
  resolveImage?: (src: string) => Promise<ResolvedImage | undefined>;
  cache?: RenderCache;
  /** The HTML a line `::cookie-table` becomes (src/node/content/cookie-table.ts); without it the line is dropped. */
  cookieTable?: string;
}

export type Segment = { kind: "html"; html: string } | { kind: "form"; formId: string };

export interface RenderedMarkdown {
  segments: Segment[];
  headings: { id: string; text: string; depth: number }[];
  text: string;
  wordCount: number;
  readingMinutes: number;
}

const CALLOUTS: Record<string, string> = { NOTE: "Note", TIP: "Tip", IMPORTANT: "Important", WARNING: "Warning", CAUTION: "Caution" };
const CALLOUT_MARK = /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*\n?/;
const FORM_LINE = /^::form\[([^\]\n]+)\][ \t]*$/gm;
const COOKIE_TABLE_LINE = /^::cookie-table[ \t]*$/gm;

function calloutPlugin(md: MarkdownIt) {
  md.core.ruler.before("inline", "callouts", (state) => {
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length; i++) {
      if (tokens[i].type !== "blockquote_open") continue;
      const inline = tokens[i + 2];
      const match = inline?.type === "inline" ? CALLOUT_MARK.exec(inline.content) : null;
      if (!match) continue;
      tokens[i].meta = { callout: match[1] };
      inline.content = inline.content.slice(match[0].length);
      let depth = 0;
      for (let j = i + 1; j < tokens.length; j++) {
        if (tokens[j].type === "blockquote_open") depth++;
        if (tokens[j].type === "blockquote_close" && depth-- === 0) {
          tokens[j].meta = { callout: match[1] };
          break;
        }
      }
    }
  });
  const open = md.renderer.rules.blockquote_open;
  const close = md.renderer.rules.blockquote_close;
  md.renderer.rules.blockquote_open = (tokens, idx, options, env, self) => {
    const kind = (tokens[idx].meta as { callout?: string } | null)?.callout;
    if (!kind) return open ? open(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
    return `<aside class="callout callout--${kind.toLowerCase()}"><p class="callout__title">${CALLOUTS[kind]}</p>\n`;
  };
  md.renderer.rules.blockquote_close = (tokens, idx, options, env, self) =>
    tokens[idx].meta?.callout ? "</aside>\n" : close ? close(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
}

function headingIdPlugin(md: MarkdownIt) {
  md.core.ruler.push("heading_ids", (state) => {
    const seen = new Map<string, number>();
    const headings = ((state.env as { headings?: RenderedMarkdown["headings"] }).headings ??= []);
    state.tokens.forEach((token: Token, i: number) => {
      if (token.type !== "heading_open") return;
      const text = state.tokens[i + 1].children?.map((c) => c.content).join("") ?? "";
      let id = slugify(text) || "section";
      const n = seen.get(id) ?? 0;
      seen.set(id, n + 1);
      if (n) id = `${id}-${n}`;
      token.attrSet("id", id);
      headings.push({ id, text, depth: Number(token.tag.slice(1)) });
    });
  });
}

const md = markdownIt({ html: true, linkify: true, typographer: true }).use(calloutPlugin).use(headingIdPlugin);

// Images carry their responsive sources in token.meta (set in renderHtml).
md.renderer.rules.image = (tokens, idx, opts, e, self) => {
  const token = tokens[idx];
  token.attrSet("alt", self.renderInlineAsText(token.children ?? [], opts, e));
  const img = self.renderToken(tokens, idx, opts);
  const sources = (token.meta as { sources?: NonNullable<ResolvedImage["sources"]> } | null)?.sources ?? [];
  if (!sources.length) return img;
  const rendered = sources
    .map((s) => `<source type="${escapeAttr(s.type)}" srcset="${escapeAttr(s.srcSet)}"${s.sizes ? ` sizes="${escapeAttr(s.sizes)}"` : ""}>`)
    .join("");
  return `<picture>${rendered}${img}</picture>`;
};

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags.filter((t) => t !== "h1"),
    "img",
    "picture",
    "source",
    "figure",
    "figcaption",
    "del",
    "s",
    "input",
    "details",
    "summary",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "srcset", "sizes", "alt", "title", "width", "height", "loading", "decoding"],
    source: ["srcset", "sizes", "type"],
    input: [{ name: "type", values: ["checkbox"] }, "checked", "disabled"],
    th: ["align", "scope"],
    td: ["align", "data-label"],
    h2: ["id"],
    h3: ["id"],
    h4: ["id"],
    h5: ["id"],
    h6: ["id"],
    ol: ["start"],
  },
  allowedClasses: {
    aside: ["callout", "callout--*"],
    p: ["callout__title"],
    div: ["table-scroll"],
    code: ["language-*"],
    table: ["cookie-table"],
    span: ["visually-hidden"],
  },
  // sanitize-html writes a closing tag for any element not listed here; </source> is invalid HTML
  selfClosing: [...sanitizeHtml.defaults.selfClosing, "source", "wbr"],
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href", "src", "srcset"],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? "");
      return { tagName, attribs: external ? { ...attribs, rel: "noopener noreferrer" } : attribs };
    },
  },
};

/** Sanitizes HTML from any untrusted source (CMS rich text, footer items, form texts, status messages). */
export function sanitize(html: string, options: sanitizeHtml.IOptions = SANITIZE): string {
  return sanitizeHtml(html, options);
}

const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** Bump when the rendering changes, so bodies cached by an older build are not served. */
const RENDER_VERSION = 1;

type Part = { formId: string } | { tokens: Token[] };

/** Resolves link addresses from the URL table and each image to its responsive sources, in the tokens. */
function applyLinksAndImages(tokens: Token[], urlTable: UrlTable, images: ReadonlyMap<string, ResolvedImage | undefined>) {
  for (const token of tokens)
    for (const child of token.children ?? []) {
      if (child.type === "link_open") {
        const href = child.attrGet("href");
        if (href) child.attrSet("href", resolveUrl(decodeURI(String(href)), urlTable));
      }
      if (child.type !== "image") continue;
      const resolved = images.get(String(child.attrGet("src") ?? ""));
      if (!resolved) continue;
      child.attrSet("src", resolved.src);
      if (resolved.width) child.attrSet("width", String(resolved.width));
      if (resolved.height) child.attrSet("height", String(resolved.height));
      if (resolved.srcSet) child.attrSet("srcset", resolved.srcSet);
      if (resolved.sizes) child.attrSet("sizes", resolved.sizes);
      child.attrSet("loading", "lazy");
      child.attrSet("decoding", "async");
      child.meta = { sources: resolved.sources ?? [] } as Token["meta"];
    }
}

function renderHtml(tokens: Token[], env: { headings: RenderedMarkdown["headings"] }): string {
  const html = md.renderer.render(tokens, md.options, env);
  // Wide tables and code blocks scroll inside their own box instead of the page; keyboard users
  // reach that box with Tab (WCAG 2.1.1, axe "scrollable-region-focusable").
  return sanitize(html)
    .replace(/<pre(?=[ >])/g, '<pre tabindex="0"')
    .replace(/<table(?=[ >])/g, '<div class="table-scroll" tabindex="0"><table')
    .replace(/<\/table>/g, "</table></div>");
}

const sha256 = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");

/** Each image of the body resolved (its files are generated as a side effect). */
async function resolveImages(srcs: Iterable<string>, options: RenderOptions): Promise<Map<string, ResolvedImage | undefined>> {
  const images = new Map<string, ResolvedImage | undefined>();
  for (const src of srcs) images.set(src, options.resolveImage ? await options.resolveImage(src) : undefined);
  return images;
}

/** The rendering's key: a digest of everything it is made of. */
const renderKey = (source: string, options: RenderOptions, images: ReadonlyMap<string, ResolvedImage | undefined>) =>
  `markdown-${sha256([RENDER_VERSION, source, options.urlTable, [...images]])}`;

/** Renders a Markdown body. */
export async function renderMarkdown(markdown: string, options: RenderOptions): Promise<RenderedMarkdown> {
  // Before the cache keys: a changed table is a changed body.
  const source = markdown.replace(COOKIE_TABLE_LINE, options.cookieTable ?? "");
  const imagesKey = options.cache ? `markdown-images-${sha256([RENDER_VERSION, source])}` : "";
  // The body's images, resolved, when an earlier call kept their list; a miss below then renders with them.
  let images: Map<string, ResolvedImage | undefined> | undefined;
  if (options.cache) {
    const known = await options.cache.get(imagesKey);
    if (Array.isArray(known)) {
      images = await resolveImages(known as string[], options);
      const cached = await options.cache.get(renderKey(source, options, images));
      if (cached) return cached as RenderedMarkdown;
    }
  }

  const env = { headings: [] as RenderedMarkdown["headings"] };
  let last = 0;
  const texts: ({ text: string } | { formId: string })[] = [];
  for (const m of source.matchAll(FORM_LINE)) {
    texts.push({ text: source.slice(last, m.index) });
    texts.push({ formId: m[1].trim() });
    last = (m.index ?? 0) + m[0].length;
  }
  texts.push({ text: source.slice(last) });
  // Parsing fills env.headings (headingIdPlugin).
  const parts: Part[] = texts.flatMap((part): Part[] =>
    "formId" in part ? [part] : part.text.trim() ? [{ tokens: md.parse(part.text, env) }] : [],
  );

  if (!images) {
    const srcs = new Set<string>();
    for (const part of parts)
      if ("tokens" in part)
        for (const token of part.tokens)
          for (const child of token.children ?? []) if (child.type === "image") srcs.add(String(child.attrGet("src") ?? ""));
    images = await resolveImages(srcs, options);
    if (options.cache) {
      await options.cache.set(imagesKey, [...srcs]);
      // a rendering kept before its image list was
      const cached = (await options.cache.get(renderKey(source, options, images))) as RenderedMarkdown | undefined;
      if (cached) return cached;
    }
  }
  const resolved = images; // a const, for the callbacks below

  const segments: Segment[] = parts.map((part) => {
    if ("formId" in part) return { kind: "form", formId: part.formId };
    applyLinksAndImages(part.tokens, options.urlTable, resolved);
    return { kind: "html", html: renderHtml(part.tokens, env) };
  });
  const text = segments
    .map((s) => (s.kind === "html" ? sanitizeHtml(s.html, { allowedTags: [], allowedAttributes: {} }) : ""))
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
  const wordCount = text ? text.split(" ").length : 0;
  const rendered = { segments, headings: env.headings, text, wordCount, readingMinutes: Math.max(1, Math.round(wordCount / 230)) };
  if (options.cache) await options.cache.set(renderKey(source, options, resolved), rendered);
  return rendered;
}
