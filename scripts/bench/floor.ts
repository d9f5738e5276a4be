/**
 * A page's own floor: the same HTML with every script removed, so the bench can tell what the page's
 * scripts cost its largest paint from what its content (HTML, CSS, images, fonts, structured data) costs on
 * its own. Removed: every `<script>` element that runs or makes the browser fetch (classic, module,
 * external, inline, import maps, speculation rules, Partytown's) and every `<link>` that preloads a script
 * (`rel=modulepreload`, or `rel=preload as=script`). Kept, like everything else byte for byte: JSON data
 * blocks (`application/ld+json`, `application/json`), which the HTML standard calls data blocks, not
 * scripts: the browser never runs them, and the page carries its structured data for search engines with
 * or without scripts.
 */
import { parse } from "parse5";

interface Located {
  nodeName: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Located[];
  content?: Located;
  sourceCodeLocation?: { startOffset: number; endOffset: number } | null;
}

const attr = (node: Located, name: string) => node.attrs?.find((a) => a.name === name)?.value;

/** JSON data blocks: never run (the type is not a JavaScript MIME type), only read. */
const DATA_BLOCK_TYPES = new Set(["application/ld+json", "application/json"]);

/** Whether an element loads or runs script (and so is not part of the page's script-free floor). */
export function isScriptElement(node: Located): boolean {
  if (node.nodeName === "script") return !DATA_BLOCK_TYPES.has((attr(node, "type") ?? "").split(";")[0].trim().toLowerCase());
  if (node.nodeName !== "link") return false;
  const rel = (attr(node, "rel") ?? "").toLowerCase().split(/\s+/);
  if (rel.includes("modulepreload")) return true;
  return rel.includes("preload") && (attr(node, "as") ?? "").toLowerCase() === "script";
}

/** The [start, end) source ranges of the elements to remove, in document order. */
function scriptRanges(html: string): [number, number][] {
  const ranges: [number, number][] = [];
  const walk = (node: Located) => {
    if (isScriptElement(node) && node.sourceCodeLocation) {
      ranges.push([node.sourceCodeLocation.startOffset, node.sourceCodeLocation.endOffset]);
      return;
    }
    for (const child of node.childNodes ?? []) walk(child);
    if (node.content) walk(node.content);
  };
  walk(parse(html, { sourceCodeLocationInfo: true }) as unknown as Located);
  return ranges.sort((a, b) => a[0] - b[0]);
}

/** The page's HTML without its scripts (see the module comment); the rest of the text is unchanged. */
export function stripScripts(html: string): string {
  let out = "";
  let at = 0;
  for (const [start, end] of scriptRanges(html)) {
    out += html.slice(at, start);
    at = end;
  }
  return out + html.slice(at);
}
