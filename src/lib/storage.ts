/**
 * Local storage with expiry (SPEC 9: entries expire after 31,536,000,000 ms). Values are stored as
 * {value, expires}; an expired or unreadable entry reads as null and is removed. Storage being
 * unavailable (private mode, quota, SSR) never throws.
 */
export const STORAGE_TTL_MS = 31_536_000_000;

interface Entry<T> {
  value: T;
  expires: number;
}

function store(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function getStored<T>(key: string, now: number = Date.now()): T | null {
  const storage = store();
  if (!storage) return null;
  try {
    const raw = storage.getItem(key);
    if (raw === null) return null;
    const entry = JSON.parse(raw) as Partial<Entry<T>> | null;
    if (!entry || typeof entry !== "object" || typeof entry.expires !== "number" || !("value" in entry)) return null;
    if (entry.expires <= now) {
      storage.removeItem(key);
      return null;
    }
    return entry.value as T;
  } catch {
    return null;
  }
}

export function setStored<T>(key: string, value: T, ttlMs: number = STORAGE_TTL_MS, now: number = Date.now()): void {
  const storage = store();
  if (!storage) return;
  try {
    storage.setItem(key, JSON.stringify({ value, expires: now + ttlMs } satisfies Entry<T>));
  } catch {
    // quota exceeded or storage disabled: nothing to keep
  }
}

export function removeStored(key: string): void {
  try {
    store()?.removeItem(key);
  } catch {
    // ignore
  }
}
