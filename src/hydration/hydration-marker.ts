/**
 * `<html data-hydrated>`: a marker for tests and tools that the whole page is interactive — the shell
 * and every boundary hydrated later (see defer-hydration.tsx). Browser only; during SSR nothing is
 * recorded, so server renders of many pages share no state.
 */
const pending = new Set<string>();
let shellDone = false;

const inBrowser = () => typeof document !== "undefined";

function markWhenDone() {
  if (inBrowser() && shellDone && pending.size === 0) document.documentElement.dataset.hydrated = "true";
}

/** A deferred boundary was rendered in the shell; the page is not interactive until it hydrates. */
export function boundaryPending(id: string) {
  if (inBrowser() && !shellDone) pending.add(id);
}

export function boundaryHydrated(id: string) {
  pending.delete(id);
  markWhenDone();
}

export function shellHydrated() {
  shellDone = true;
  markWhenDone();
}

/** Forgets what was recorded (each test hydrates a page of its own). */
export function resetHydrationMarker() {
  pending.clear();
  shellDone = false;
  if (inBrowser()) delete document.documentElement.dataset.hydrated;
}
