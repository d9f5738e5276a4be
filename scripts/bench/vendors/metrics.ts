/**
 * The pure parts of `npm run bench -- --vendors` (docs/page-load.md#vendors-at-their-weight-npm-run-bench------vendors):
 * the seeded moments, total blocking time from long tasks, and interaction latency from Event Timing entries.
 */

/** mulberry32: a small seeded PRNG, uniform in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` moments (whole ms) uniform in [fromMs, toMs), sorted; the same seed gives the same moments. */
export function seededMoments(seed: number, count: number, fromMs = 0, toMs = 15_000): number[] {
  const next = prng(seed);
  return Array.from({ length: count }, () => Math.floor(fromMs + next() * (toMs - fromMs))).sort((a, b) => a - b);
}

/**
 * The sorted moments dealt to `loads` page loads in contiguous runs (the earliest to the first load, …), so a
 * load lasts only until its own last moment and a late moment is not preceded, in its load, by a much earlier
 * input (a first input starts the app early: docs/page-load.md#the-first-second).
 */
export function splitIntoLoads(moments: readonly number[], loads: number): number[][] {
  const sorted = [...moments].sort((a, b) => a - b);
  const n = Math.max(1, Math.min(loads, sorted.length));
  const groups: number[][] = [];
  let at = 0;
  for (let i = 0; i < n; i++) {
    const size = Math.floor(sorted.length / n) + (i < sorted.length % n ? 1 : 0);
    groups.push(sorted.slice(at, at + size));
    at += size;
  }
  return groups;
}

export interface Span {
  startTime: number;
  duration: number;
}

/** Lighthouse's long-task threshold: the part of a task over 50 ms blocks input. */
export const BLOCKING_THRESHOLD_MS = 50;

/**
 * Total blocking time between `from` (the first contentful paint) and `to` (every vendor ready): for each long
 * task, its part inside the window, less 50 ms, summed over the tasks where that is positive (as Lighthouse
 * clips a task that straddles FCP).
 */
export function totalBlockingTime(tasks: readonly Span[], from: number, to: number): number {
  let sum = 0;
  for (const task of tasks) {
    const start = Math.max(task.startTime, from);
    const end = Math.min(task.startTime + task.duration, to);
    sum += Math.max(0, end - start - BLOCKING_THRESHOLD_MS);
  }
  return sum;
}

/** What the page's Event Timing observer keeps of each entry. */
export interface EventEntry {
  name: string;
  startTime: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
  interactionId: number;
}

export interface Interaction {
  interactionId: number;
  /** The earliest entry's start: when the input happened (page clock). */
  startTime: number;
  /** The interaction's latency: the longest duration among its entries, input delay included. */
  latency: number;
  /** Input delay of its first entry: from the input to its handlers starting. */
  inputDelay: number;
  names: string[];
}

/** Event Timing entries grouped into interactions (same non-zero interactionId), in time order. */
export function interactions(entries: readonly EventEntry[]): Interaction[] {
  const byId = new Map<number, EventEntry[]>();
  for (const entry of entries) {
    if (!entry.interactionId) continue;
    const list = byId.get(entry.interactionId) ?? [];
    // the buffered and the live observer can both deliver an entry
    if (!list.some((e) => e.name === entry.name && e.startTime === entry.startTime)) list.push(entry);
    byId.set(entry.interactionId, list);
  }
  return [...byId.entries()]
    .map(([interactionId, list]) => {
      const first = list.reduce((a, b) => (b.startTime < a.startTime ? b : a));
      return {
        interactionId,
        startTime: first.startTime,
        latency: Math.max(...list.map((e) => e.duration)),
        inputDelay: first.processingStart - first.startTime,
        names: [...new Set(list.map((e) => e.name))],
      };
    })
    .sort((a, b) => a.startTime - b.startTime);
}

/**
 * Each dispatched input's interaction: the one whose start is nearest the dispatch (both on the page's clock),
 * within `toleranceMs`. None: the input reached the page (`delivered`) but its interaction took under the
 * observer's 16 ms threshold, so it has no entry; or it never arrived.
 */
export function matchInputs(dispatched: readonly number[], found: readonly Interaction[], toleranceMs = 250): (Interaction | undefined)[] {
  const used = new Set<number>();
  return dispatched.map((at) => {
    let best: Interaction | undefined;
    for (const interaction of found) {
      if (used.has(interaction.interactionId)) continue;
      const gap = Math.abs(interaction.startTime - at);
      if (gap <= toleranceMs && (!best || gap < Math.abs(best.startTime - at))) best = interaction;
    }
    if (best) used.add(best.interactionId);
    return best;
  });
}

/** The value at quantile q (nearest rank, as web-vitals reports INP's p98 and CrUX p75). */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export const median = (values: readonly number[]): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * What held an interaction up between its input (`from`) and its next paint (`to`): the vendor whose burn tasks
 * overlap that span most, "site" for another long task (the site's own, or the browser's), or undefined.
 */
export function busyWith(
  from: number,
  to: number,
  vendorTasks: Readonly<Record<string, readonly (readonly [number, number])[] | undefined>>,
  longTasks: readonly Span[],
): string | undefined {
  const overlap = (start: number, end: number) => Math.max(0, Math.min(end, to) - Math.max(start, from));
  let best: { id: string; ms: number } | undefined;
  for (const [id, tasks] of Object.entries(vendorTasks)) {
    const ms = (tasks ?? []).reduce((sum, [start, end]) => sum + overlap(start, end), 0);
    if (ms > 0 && (!best || ms > best.ms)) best = { id, ms };
  }
  if (best) return best.id;
  return longTasks.some((task) => overlap(task.startTime, task.startTime + task.duration) > 0) ? "site" : undefined;
}
