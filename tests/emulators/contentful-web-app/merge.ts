/**
 * What Contentful's web app does with a live-updates subscription (docs/content.md#live-preview): the SDK sends
 * SUBSCRIBED with the page's data (flatted-serialized); on every keystroke the web app merges the entry's
 * current editor state into that data (CPA shape: the entity with that sys.id takes the entry's field values)
 * and sends it back as ENTRY_UPDATED with the subscription's id.
 */
import { parse } from "flatted";

export interface Subscription {
  id: string;
  locale: string;
  data: unknown;
}

/** A SUBSCRIBED message's subscription (its config is flatted's serialization of {data, locale, callback}). */
export function subscriptionOf(message: { id: string; locale: string; config: string }): Subscription {
  const config = parse(message.config) as { data: unknown };
  return { id: message.id, locale: message.locale, data: config.data };
}

/** `data` with every entity of `entryId` carrying the entry's current fields (one locale's values). */
export function mergeEntry(data: unknown, entryId: string, fields: Record<string, unknown>): unknown {
  if (Array.isArray(data)) return data.map((d) => mergeEntry(d, entryId, fields));
  if (!data || typeof data !== "object") return data;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) out[key] = mergeEntry(value, entryId, fields);
  const sys = (data as { sys?: { id?: unknown } }).sys;
  if (sys?.id === entryId) out.fields = { ...((out.fields as object) ?? {}), ...fields };
  return out;
}
