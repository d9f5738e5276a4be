/**
 * Contentful Live Preview in the framed preview page (docs/content.md#live-preview), loaded only by a preview
 * build. Inspector mode: the SDK reports the tagged elements (src/components/preview/inspector.ts) to the web app.
 * Live updates: the page subscribes with its entries; the web app sends each edit merged into them
 * (ENTRY_UPDATED), which this forwards to the preview server, which pushes the page's new query results.
 */
import { ContentfulLivePreview } from "@contentful/live-preview";
import { PREVIEW_LOCALE, previewAppOrigins } from "../config/live-preview";
import { LIVE_EDIT_ENDPOINT, type EditedEntry } from "../lib/live-preview";

const ENTRY_ATTR = "data-contentful-entry-id";
let unsubscribe: (() => void) | undefined;

/** Starts the SDK; outside a frame it does nothing (the SDK checks). */
export async function startLivePreview(): Promise<void> {
  await ContentfulLivePreview.init({ locale: PREVIEW_LOCALE, targetOrigin: previewAppOrigins() });
}

/** The entries the page shows, in the shape the web app merges edits into. */
const pageEntries = (): EditedEntry[] =>
  [...new Set([...document.querySelectorAll(`[${ENTRY_ATTR}]`)].map((e) => e.getAttribute(ENTRY_ATTR) ?? ""))]
    .filter(Boolean)
    .map((id) => ({ sys: { id }, fields: {} }));

/** After each navigation: one subscription for the page's entries. */
export function subscribePage(pathname: string): void {
  unsubscribe?.();
  const data = pageEntries();
  subscribed = { pathname, ids: new Set(data.map((e) => e.sys.id)) };
  unsubscribe = ContentfulLivePreview.subscribe("edit", {
    data,
    locale: PREVIEW_LOCALE,
    callback: (merged: unknown) => void forward(pathname, merged),
  });
  watchLateEntries();
}

let subscribed: { pathname: string; ids: Set<string> } | undefined;
let observer: MutationObserver | undefined;
let pending: ReturnType<typeof setTimeout> | undefined;

/** An entry that renders after the subscription (a lazy lead form) joins it: the web app merges only what it was given. */
function watchLateEntries(): void {
  observer ??= new MutationObserver(() => {
    clearTimeout(pending);
    pending = setTimeout(() => {
      if (subscribed && pageEntries().some((e) => !subscribed!.ids.has(e.sys.id))) subscribePage(subscribed.pathname);
    }, 100);
  });
  observer.observe(document.body, { subtree: true, childList: true, attributeFilter: [ENTRY_ATTR] });
}

async function forward(path: string, merged: unknown): Promise<void> {
  const entries = (Array.isArray(merged) ? merged : [merged]) as EditedEntry[];
  const res = await fetch(LIVE_EDIT_ENDPOINT, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ path, entries }),
  });
  if (!res.ok) return console.warn(`Live preview: the preview server refused the edit (${res.status})`, await res.text());
  // an asset or entry created after the last sync shows once Contentful's auto-save re-syncs the preview
  const { awaitingSync = [], failed = [] } = (await res.json()) as { awaitingSync?: string[]; failed?: string[] };
  if (awaitingSync.length) console.info(`Live preview: ${awaitingSync.join(", ")} will show after the next sync (a few seconds)`);
  if (failed.length) console.warn("Live preview: links the preview server could not resolve", failed);
}
