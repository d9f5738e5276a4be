/** Completes what gatsby-plugin-offline caches for a visited page. See docs/architecture.md#lighthouse-and-main-thread. */
import { gatsbyLoader, type WithGatsbyLoader } from "../hydration";

interface PageResourcesLike {
  page?: { staticQueryHashes?: unknown; slicesMap?: unknown } | null;
}
export interface LoaderLike {
  loadPageSync(path: string): PageResourcesLike | null | undefined;
}

const HASH = /^[\w-]+$/;

/** The data files a page needs besides its own page data and chunks. */
export function extraResourceUrls(resources: PageResourcesLike | null | undefined): string[] {
  const page = resources?.page;
  if (!page) return [];
  const hashes = Array.isArray(page.staticQueryHashes) ? page.staticQueryHashes : [];
  const slices = page.slicesMap && typeof page.slicesMap === "object" ? Object.values(page.slicesMap as Record<string, unknown>) : [];
  return [
    "/page-data/app-data.json",
    ...hashes.filter((h): h is string => typeof h === "string" && HASH.test(h)).map((h) => `/page-data/sq/d/${h}.json`),
    ...slices.filter((s): s is string => typeof s === "string" && HASH.test(s)).map((s) => `/slice-data/${s}.json`),
  ];
}

/** This site's scripts the page has loaded so far (resource timing), as paths. */
export function loadedScriptUrls(entries: ReadonlyArray<{ name: string }>, origin: string): string[] {
  const urls = new Set<string>();
  for (const { name } of entries) {
    let url: URL;
    try {
      url = new URL(name);
    } catch {
      continue;
    }
    if (url.origin === origin && url.pathname.endsWith(".js") && url.pathname !== "/sw.js") urls.add(url.pathname);
  }
  return [...urls];
}

const warmed = new Set<string>();

/** Runs a step now or later (the runtime's task queue: one step per macrotask). */
export type Defer = (step: () => void) => void;
const now: Defer = (step) => step();

/** Fetches, through the controlling service worker, what the current page needs and was not cached yet. */
export function warmOfflineCache(
  win: Window & WithGatsbyLoader<LoaderLike>,
  defer: Defer = now,
  fetchImpl: typeof fetch = win.fetch.bind(win),
): string[] {
  const loader = gatsbyLoader(win);
  if (!win.navigator.serviceWorker?.controller || !loader) return [];
  let resources: PageResourcesLike | null | undefined;
  try {
    resources = loader.loadPageSync(win.location.pathname);
  } catch {
    return [];
  }
  const scripts = loadedScriptUrls(win.performance?.getEntriesByType?.("resource") ?? [], win.location.origin);
  const urls = [...extraResourceUrls(resources), ...scripts].filter((url) => !warmed.has(url));
  for (const url of urls) {
    warmed.add(url);
    defer(() => void fetchImpl(url).catch(() => warmed.delete(url)));
  }
  return urls;
}
