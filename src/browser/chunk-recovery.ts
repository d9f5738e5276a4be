/**
 * Chunk-load recovery (docs/product-rules.md#page-resources): the last visited path is kept in session storage, and a failure to
 * load a code chunk (typically an old tab after a deploy) redirects there with a full page load.
 */
import type { StorageLike } from "./link-decoration";

export const LAST_PATH_KEY = "nd_last_path";
/** Set just before a recovery redirect so a page that keeps failing does not redirect in a loop. */
export const RECOVERY_KEY = "nd_chunk_recovery";

const safely = <T>(fn: () => T, fallback: T): T => {
  try {
    return fn();
  } catch {
    return fallback;
  }
};

/** Called on every successful route update. */
export function rememberPath(storage: StorageLike | null, path: string): void {
  safely(() => {
    storage?.setItem(LAST_PATH_KEY, path);
    storage?.removeItem(RECOVERY_KEY);
  }, undefined);
}

export const lastVisitedPath = (storage: StorageLike | null): string | null => safely(() => storage?.getItem(LAST_PATH_KEY) ?? null, null);

/** webpack's ChunkLoadError, a failed CSS chunk, or a failed dynamic import. */
export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === "ChunkLoadError") return true;
  return (
    typeof message === "string" &&
    /Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module/i.test(
      message,
    )
  );
}

/** Where to go after a chunk error, or null (not a chunk error, nothing remembered, or already tried). */
export function recoveryTarget(error: unknown, storage: StorageLike | null): string | null {
  if (!isChunkLoadError(error)) return null;
  const target = lastVisitedPath(storage);
  if (!target || safely(() => storage?.getItem(RECOVERY_KEY), null) === target) return null;
  return target;
}

/** Listens for chunk errors on the window. See docs/architecture.md#lighthouse-and-main-thread. */
export function installChunkRecovery(win: Window, getStorage: () => StorageLike | null): () => void {
  const recover = (error: unknown) => {
    if (!isChunkLoadError(error)) return;
    const storage = getStorage();
    const target = recoveryTarget(error, storage);
    if (!target) return;
    safely(() => storage?.setItem(RECOVERY_KEY, target), undefined);
    win.location.assign(target);
  };
  const onError = (event: ErrorEvent) => recover(event.error);
  const onRejection = (event: PromiseRejectionEvent) => recover(event.reason);
  win.addEventListener("error", onError);
  win.addEventListener("unhandledrejection", onRejection);
  return () => {
    win.removeEventListener("error", onError);
    win.removeEventListener("unhandledrejection", onRejection);
  };
}
