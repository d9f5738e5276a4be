/**
 * A page's own floor: the same HTML with every script removed, so the bench can tell what the page's
 * scripts cost its largest paint from what its content (HTML, CSS, images, fonts) costs on its own.
 * Removed: every `<script>` element (external, inline, module, JSON-LD) and every `<link>` that preloads a
 * script (`rel=modulepreload`, or `rel=preload as=script`). Everything else is kept byte for byte.
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

/** Whether an element loads or runs script (and so is not part of the page's script-free floor). */
export function isScriptElement(node: Located): boolean {
  if (node.nodeName === "script") return true;
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
