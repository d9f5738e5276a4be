/** Local-storage entries with an expiry (docs/product-rules.md#constants: entries expire after 31,536,000,000 ms). */
export const STORAGE_TTL_MS = 31_536_000_000;

interface Entry<T> {
  value: T;
  expires: number;
}

/** The part of the Storage API the helpers use (tests and the browser runtime pass their own). */
export type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function store(): StorageLike | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // access itself can throw when storage is disabled
  }
}

/** The stored value, or null when absent, expired or unreadable (expired entries are removed). */
export function getStored<T = unknown>(key: string, now = Date.now(), s: StorageLike | null = store()): T | null {
  try {
    const raw = s?.getItem(key);
    if (!raw) return null;
    const entry = JSON.parse(raw) as Partial<Entry<T>> | null;
    if (!entry || typeof entry !== "object" || !("value" in entry) || typeof entry.expires !== "number") return null;
    if (entry.expires <= now) {
      s?.removeItem(key);
      return null;
    }
    return entry.value as T;
  } catch {
    return null;
  }
}

/** Stores a value for `ttl` ms (default a year); false when storage is unavailable or full. */
export function setStored<T>(
  key: string,
  value: T,
  { ttl = STORAGE_TTL_MS, now = Date.now(), storage }: { ttl?: number; now?: number; storage?: StorageLike | null } = {},
): boolean {
  try {
    const s = storage === undefined ? store() : storage;
    if (!s) return false;
    s.setItem(key, JSON.stringify({ value, expires: now + ttl } satisfies Entry<T>));
    return true;
  } catch {
    return false;
  }
}

export function removeStored(key: string): void {
  try {
    store()?.removeItem(key);
  } catch {
    /* nothing to do */
  }
}
