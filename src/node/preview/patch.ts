/**
 * Live updates (docs/content.md#live-preview): the web app's merged entry, mapped onto the page's query results
 * in the site's schema. Every object whose `entryId` is an edited entry takes that entry's new values for the
 * fields it already has: text as is, Markdown through the site's own renderer (the same as the `@markdown`
 * resolver), JSON merged into the resolved shape (images keep their resolved data, take the new alt), HTML
 * sanitized as the schema's `@sanitized` fields are.
 * A link to another entry or asset takes what `links` resolves for it (resolve-link.ts), else keeps the resolved
 * value until Gatsby re-syncs (the webhook).
 */
import { renderMarkdown, sanitize, type RenderedMarkdown } from "../content/markdown";
import type { UrlTable } from "../../lib/url-table";
import type { EditedEntry } from "../../lib/live-preview";
import { sanitizedFieldNames } from "../schema";

type Json = unknown;
type JsonObject = Record<string, Json>;
const isObject = (v: Json): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);
const isLinkOrEntity = (v: Json) => isObject(v) && isObject(v.sys) && typeof v.sys.type === "string";
const isAssetUse = (v: Json) => isObject(v) && isLinkOrEntity(v.asset);
// A name the schema sanitizes somewhere (`label` is HTML in a consent checkbox, text in a field): markup is sanitized.
const clean = (key: string, v: Json): Json => (sanitizedFieldNames.has(key) && typeof v === "string" && v.includes("<") ? sanitize(v) : v);
const isMarkdownBody = (v: Json): v is JsonObject & { segments: JsonObject[] } => isObject(v) && Array.isArray(v.segments);

/** A JSON field's new value over its resolved old one (nav items, CTAs, footer columns). */
export function mergeJson(old: Json, value: Json): Json {
  if (Array.isArray(value)) return value.map((v, i) => mergeJson(Array.isArray(old) ? old[i] : undefined, v));
  if (isAssetUse(value))
    return isObject(old) ? { ...old, alt: typeof (value as JsonObject).alt === "string" ? (value as JsonObject).alt : old.alt } : null;
  if (isObject(value)) {
    if (!isObject(old)) return value;
    const out: JsonObject = { ...old };
    for (const key of Object.keys(old))
      if (key in value) out[key] = typeof value[key] === "string" ? clean(key, value[key]) : mergeJson(old[key], value[key]);
    return out;
  }
  return value;
}

async function markdownBody(old: JsonObject & { segments: JsonObject[] }, markdown: string, urlTable: UrlTable): Promise<JsonObject> {
  const rendered: RenderedMarkdown = await renderMarkdown(markdown, { urlTable });
  const forms = new Map(old.segments.filter((s) => s.kind === "form").map((s) => [(s.form as JsonObject | null)?.alternative_id, s]));
  const segments = rendered.segments.map((s) =>
    s.kind === "html" ? { kind: "html", html: s.html, form: null } : (forms.get(s.formId) ?? { kind: "form", html: null, form: null }),
  );
  const fresh: JsonObject = { ...rendered, segments };
  // only the fields the query asked for, in the query's shape
  return Object.fromEntries(Object.keys(old).map((key) => [key, key in fresh ? fresh[key] : old[key]]));
}

/** A field's new links: the value resolved for their ids, or undefined to keep the rendered one. */
export type ResolveLinks = (at: { path: string[]; entryId: string; field: string; ids: string[] }, many: boolean) => Promise<Json>;
const linkId = (v: Json) => ((v as { sys: { id: unknown } }).sys.id as string) ?? "";

async function mapField(old: Json, value: Json, urlTable: UrlTable, link?: (ids: string[], many: boolean) => Promise<Json>): Promise<Json> {
  if (value === undefined) return old;
  if (isLinkOrEntity(value)) return ((await link?.([linkId(value)], false)) ?? old) as Json;
  if (Array.isArray(value) && value.some(isLinkOrEntity))
    return ((await link?.(value.filter(isLinkOrEntity).map(linkId), true)) ?? old) as Json;
  if (isMarkdownBody(old)) return typeof value === "string" ? markdownBody(old, value, urlTable) : old;
  if (typeof old === "string" || old === null)
    return typeof value === "string" || typeof value === "number" || typeof value === "boolean" || value === null ? value : old;
  return mergeJson(old, value);
}

/** A copy of `result` with every edited entry's fields mapped in; `changed` says whether anything differs. */
export async function patchResult(
  result: Json,
  edits: ReadonlyMap<string, EditedEntry>,
  urlTable: UrlTable,
  links?: ResolveLinks,
): Promise<{ result: Json; changed: boolean }> {
  let changed = false;
  // `path`: the response keys down to `value` (array indices left out), where a new link's selection is in the query
  const walk = async (value: Json, path: string[]): Promise<Json> => {
    if (Array.isArray(value)) return Promise.all(value.map((v) => walk(v, path)));
    if (!isObject(value)) return value;
    const out: JsonObject = {};
    for (const [key, v] of Object.entries(value)) out[key] = await walk(v, [...path, key]);
    const entryId = typeof value.entryId === "string" ? value.entryId : "";
    const edit = edits.get(entryId);
    if (edit)
      for (const key of Object.keys(out))
        if (key !== "entryId" && key in edit.fields) {
          let resolved = false;
          const link =
            links &&
            ((ids: string[], many: boolean) => ((resolved = true), links({ path: [...path, key], entryId, field: key, ids }, many)));
          let next = clean(key, await mapField(out[key], edit.fields[key], urlTable, link));
          // a newly linked entry takes its own edits too (an author swapped in, then renamed)
          if (resolved && next !== out[key]) next = await walk(next, [...path, key]);
          if (JSON.stringify(next) !== JSON.stringify(out[key])) changed = true;
          out[key] = next;
        }
    return out;
  };
  return { result: await walk(result, []), changed };
}
