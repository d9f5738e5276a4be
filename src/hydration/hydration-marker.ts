/**
 * `<html data-hydrated>`: a marker for tests and tools that the whole page is interactive — the shell and
 * every boundary hydrated later (see defer-hydration.tsx).
 */
const pending = new Set<string>();
let shellDone = false;
/** Set once: boundaries mounted after that (a client-side navigation) no longer hold the marker back. */
let marked = false;

const inBrowser = () => typeof document !== "undefined";

function markWhenDone() {
  if (!inBrowser() || !shellDone || pending.size > 0) return;
  marked = true;
  document.documentElement.dataset.hydrated = "true";
}

/**
 * A deferred boundary was mounted while the page is still hydrating (in the shell, or inside a boundary
 * that hydrated after it, such as the lazy lead form's); the page is not interactive until it hydrates.
 */
export function boundaryPending(id: string) {
  if (inBrowser() && !marked) pending.add(id);
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
  marked = false;
  if (inBrowser()) delete document.documentElement.dataset.hydrated;
}
