/**
 * Personalization before hydration (docs/page-load.md#personalization-in-the-first-second): the selection a
 * personalized slot shows, taken from the SDK's selected experiences (its browser storage, or the early
 * profile request's answer), and the slot markup that lets the page show it before React runs.
 */

/** On a slot's stack: its baseline id (React renders it). */
export const SLOT_ATTR = "data-nd-slot";
/** On a slot's stack: its experience ids, space-separated, in the order the SDK looks them up (React renders it). */
export const SLOT_EXPERIENCES_ATTR = "data-nd-exp";
/** On each copy in a slot's stack: the content id it shows (the baseline id or a variant id; React renders it). */
export const COPY_ATTR = "data-nd-variant";
/** Set on the stack before hydration (never rendered by React): the variant shown instead of the baseline. */
export const SHOW_ATTR = "data-nd-show";
export const SHOWN_COPY_ATTR = "data-nd-on";
/** Set by React on a slot's stack once it is hydrated: the page's scripts leave that slot to React from then on. */
export const LIVE_ATTR = "data-nd-live";

/** The SDK's selected experiences (localStorage): the one key the pre-paint script reads, so that it takes no other. */
const EXPERIENCES_KEY = "__nt_experiences__";
/** The SDK's storage keys (@ninetailed/experience.js, localStorage, JSON values). */
export const SDK_STORAGE_KEYS = {
  anonymousId: "__nt_anonymous_id__",
  profile: "__nt_profile__",
  experiences: EXPERIENCES_KEY,
  changes: "__nt_changes__",
} as const;

/**
 * A variant that arrives later than this after the first paint is not shown on this page (it is stored, so the
 * next page shows it before its first paint).
 */
export const SWAP_LIMIT_MS = 800;
/** A change decided now is painted with the next frame, which on a slow phone can take this long. */
export const NEXT_FRAME_MS = 50;

/** Fired on `window` when the early profile answer arrives within the limit (detail: SelectedExperience[]). */
export const EARLY_ANSWER_EVENT = "nd:personalization";

/** One entry of the SDK's selected experiences (the Experience API's `experiences`). */
export interface SelectedExperience {
  experienceId: string;
  variantIndex: number;
  /** baseline id → the content id selected for it */
  variants: Record<string, string>;
  sticky?: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The valid entries of a selected-experiences list (anything else is dropped). */
export function parseSelectedExperiences(value: unknown): SelectedExperience[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is SelectedExperience =>
      isRecord(entry) &&
      typeof entry.experienceId === "string" &&
      typeof entry.variantIndex === "number" &&
      isRecord(entry.variants) &&
      Object.values(entry.variants).every((id) => typeof id === "string"),
  );
}

/** The selected experiences the SDK stored (none when storage is unavailable or holds something else). */
export function readStoredExperiences(storage: Pick<Storage, "getItem"> | null | undefined): SelectedExperience[] {
  try {
    const text = storage?.getItem(EXPERIENCES_KEY);
    return text ? parseSelectedExperiences(JSON.parse(text)) : [];
  } catch {
    return [];
  }
}

/**
 * The content id a slot shows for these selected experiences, as the SDK selects it: the first of the slot's
 * experiences (in the slot's order) that has a selection decides, and its variant for this baseline is shown.
 */
export function selectStoredVariant(selected: readonly SelectedExperience[], baselineId: string, experienceIds: readonly string[]): string {
  for (const id of experienceIds) {
    const entry = selected.find((e) => e.experienceId === id);
    if (entry) return entry.variants[baselineId] ?? baselineId;
  }
  return baselineId;
}

const copyOf = (stack: Element, id: string): Element | undefined =>
  Array.from(stack.children).find((child) => child.getAttribute(COPY_ATTR) === id);

/**
 * Shows the selected variant in every slot not yet hydrated (nor already chosen): the pre-paint rule the
 * head's script applies as the page is parsed, applied again by the early script with a fresh answer.
 */
export function applySelection(root: ParentNode, selected: readonly SelectedExperience[]): void {
  root.querySelectorAll(`[${SLOT_EXPERIENCES_ATTR}]:not([${LIVE_ATTR}])`).forEach((stack) => {
    const baselineId = stack.getAttribute(SLOT_ATTR) ?? "";
    const id = selectStoredVariant(selected, baselineId, (stack.getAttribute(SLOT_EXPERIENCES_ATTR) ?? "").split(" "));
    const current = stack.getAttribute(SHOW_ATTR);
    if (current === id) return;
    const copy = id === baselineId ? undefined : copyOf(stack, id);
    clearChoice(stack);
    if (copy) {
      copy.setAttribute(SHOWN_COPY_ATTR, "");
      stack.setAttribute(SHOW_ATTR, id);
    }
  });
}

/** Removes a pre-paint choice from a stack (React shows the same copy from then on). */
export function clearChoice(stack: Element): void {
  stack.removeAttribute(SHOW_ATTR);
  for (const child of Array.from(stack.children)) child.removeAttribute(SHOWN_COPY_ATTR);
}

/** The first paint's time (performance.now() clock), or undefined while nothing is painted. */
export function firstPaintTime(perf: Pick<Performance, "getEntriesByName">): number | undefined {
  const [entry] = perf.getEntriesByName("first-contentful-paint");
  return entry?.startTime;
}

/**
 * Whether a variant arriving `now` may still replace what the slot shows: its paint, a frame later, must
 * land within SWAP_LIMIT_MS of the first paint (before the first paint, anything is in time).
 */
export function withinSwapLimit(now: number, firstPaint: number | undefined): boolean {
  return firstPaint === undefined || now + NEXT_FRAME_MS - firstPaint <= SWAP_LIMIT_MS;
}
