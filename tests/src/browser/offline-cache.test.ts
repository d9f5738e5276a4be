import { describe, expect, it, vi } from "vitest";
import { extraResourceUrls, loadedScriptUrls, warmOfflineCache, type LoaderLike } from "../../../src/browser/offline-cache";

describe("offline cache completion", () => {
  it("lists app data, static query results and slice data of a page, ignoring anything malformed", () => {
    expect(
      extraResourceUrls({ page: { staticQueryHashes: ["3437011128", "../evil", 7], slicesMap: { header: "site-header", bad: "a/b" } } }),
    ).toEqual(["/page-data/app-data.json", "/page-data/sq/d/3437011128.json", "/slice-data/site-header.json"]);
    expect(extraResourceUrls(null)).toEqual([]);
    expect(extraResourceUrls({ page: { staticQueryHashes: "nope" } })).toEqual(["/page-data/app-data.json"]);
  });

  it("lists this site's scripts the page loaded, once each, without the service worker itself", () => {
    const entries = [
      { name: "https://www.northdesk.com/app-1a2b.js" },
      { name: "https://www.northdesk.com/component---src-templates-landing-page-tsx-9f.js?x=1" },
      { name: "https://www.northdesk.com/app-1a2b.js" },
      { name: "https://www.northdesk.com/page-data/index/page-data.json" },
      { name: "https://www.northdesk.com/sw.js" },
      { name: "https://cdn.example.com/widget.js" },
      { name: "not a url" },
    ];
    expect(loadedScriptUrls(entries, "https://www.northdesk.com")).toEqual([
      "/app-1a2b.js",
      "/component---src-templates-landing-page-tsx-9f.js",
    ]);
  });

  const windowWith = (controller: unknown, loader?: LoaderLike, scripts: string[] = []) =>
    ({
      navigator: { serviceWorker: { controller } },
      ___loader: loader,
      location: { pathname: "/pricing/", origin: "https://www.northdesk.com" },
      performance: { getEntriesByType: (type: string) => (type === "resource" ? scripts.map((name) => ({ name })) : []) },
    }) as unknown as Window & {
      ___loader?: LoaderLike;
    };

  it("fetches them through the controlling service worker, once each", async () => {
    const loader = { loadPageSync: vi.fn(() => ({ page: { staticQueryHashes: ["111", "222"] } })) };
    const fetchImpl = vi.fn(() => Promise.resolve(new Response("{}")));
    const win = windowWith({ state: "activated" }, loader, ["https://www.northdesk.com/component---pricing-1.js"]);
    const steps: Array<() => void> = [];
    expect(warmOfflineCache(win, (step) => steps.push(step), fetchImpl as unknown as typeof fetch)).toEqual([
      "/page-data/app-data.json",
      "/page-data/sq/d/111.json",
      "/page-data/sq/d/222.json",
      "/component---pricing-1.js",
    ]);
    expect(loader.loadPageSync).toHaveBeenCalledWith("/pricing/");
    // one fetch per deferred step, none before its step runs
    expect(steps).toHaveLength(4);
    expect(fetchImpl).not.toHaveBeenCalled();
    steps[0]();
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenLastCalledWith("/page-data/app-data.json");
    for (const step of steps.slice(1)) step();
    expect(warmOfflineCache(win, undefined, fetchImpl as unknown as typeof fetch)).toEqual([]);
    expect(fetchImpl).toHaveBeenCalledTimes(4);
  });

  it("does nothing without a controlling service worker or a loader", () => {
    const fetchImpl = vi.fn();
    expect(
      warmOfflineCache(windowWith(null, { loadPageSync: () => ({ page: { staticQueryHashes: ["9"] } }) }), undefined, fetchImpl),
    ).toEqual([]);
    expect(warmOfflineCache(windowWith({}), undefined, fetchImpl)).toEqual([]);
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
