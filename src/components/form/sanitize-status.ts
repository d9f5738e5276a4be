/**
 * A small allow-list sanitizer for status messages the server returns (docs/product-rules.md#error-catalogue:
 * "Status messages may contain HTML").
 */
const ALLOWED_TAGS = new Set(["A", "B", "BR", "EM", "I", "LI", "OL", "P", "SPAN", "STRONG", "U", "UL"]);
const SAFE_HREF = /^(https?:|mailto:|tel:|\/(?![/\\])|#)/i;

function clean(node: Node, doc: Document): Node | null {
  if (node.nodeType === 3) return doc.createTextNode(node.textContent ?? "");
  if (node.nodeType !== 1) return null;
  const el = node as Element;
  const children = Array.from(el.childNodes)
    .map((c) => clean(c, doc))
    .filter((c): c is Node => c !== null);
  if (!ALLOWED_TAGS.has(el.tagName)) {
    if (["SCRIPT", "STYLE", "IFRAME", "OBJECT", "TEMPLATE", "NOSCRIPT"].includes(el.tagName)) return null;
    const fragment = doc.createDocumentFragment();
    children.forEach((c) => fragment.appendChild(c));
    return fragment;
  }
  const out = doc.createElement(el.tagName.toLowerCase());
  const href = el.getAttribute("href")?.trim();
  if (el.tagName === "A" && href && SAFE_HREF.test(href)) {
    out.setAttribute("href", href);
    if (/^https?:/i.test(href)) {
      out.setAttribute("rel", "noopener noreferrer");
      out.setAttribute("target", "_blank");
    }
  }
  children.forEach((c) => out.appendChild(c));
  return out;
}

/** A tag as the HTML tokenizer reads it: up to the first `>` outside a quoted attribute value (or the end). */
const TAG = /<(?:[^>"']|"[^"]*"|'[^']*')*>?/g;
/** An attribute name starting with "on", where one can start: after whitespace, a slash or a quote. */
const HANDLER_NAME = /([\s/"'])(on)/gi;

/** Renames every `on…` attribute in the message's tags (`onerror` → `x-onerror`) before the browser parses it. */
export const defuseHandlers = (html: string): string => html.replace(TAG, (tag) => tag.replace(HANDLER_NAME, "$1x-$2"));

export function sanitizeMessage(html: string): string {
  if (typeof DOMParser === "undefined") return html.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const parsed = new DOMParser().parseFromString(`<body>${defuseHandlers(html)}</body>`, "text/html");
  const container = document.createElement("div");
  Array.from(parsed.body.childNodes).forEach((node) => {
    const cleaned = clean(node, document);
    if (cleaned) container.appendChild(cleaned);
  });
  return container.innerHTML;
}
