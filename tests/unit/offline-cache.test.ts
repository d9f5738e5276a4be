import { describe, expect, it, vi } from "vitest";
import { extraResourceUrls, warmOfflineCache, type LoaderLike } from "../../src/browser/offline-cache";

describe("offline cache completion", () => {
  it("lists app data, static query results and slice data of a page, ignoring anything malformed", () => {
    expect(
      extraResourceUrls({ page: { staticQueryHashes: ["3437011128", "../evil", 7], slicesMap: { header: "site-header", bad: "a/b" } } }),
    ).toEqual(["/page-data/app-data.json", "/page-data/sq/d/3437011128.json", "/slice-data/site-header.json"]);
    expect(extraResourceUrls(null)).toEqual([]);
    expect(extraResourceUrls({ page: { staticQueryHashes: "nope" } })).toEqual(["/page-data/app-data.json"]);
  });

  const windowWith = (controller: unknown, loader?: LoaderLike) =>
    ({ navigator: { serviceWorker: { controller } }, ___loader: loader, location: { pathname: "/pricing/" } }) as unknown as Window & {
      ___loader?: LoaderLike;
    };

  it("fetches them through the controlling service worker, once each", async () => {
    const loader = { loadPageSync: vi.fn(() => ({ page: { staticQueryHashes: ["111", "222"] } })) };
    const fetchImpl = vi.fn(() => Promise.resolve(new Response("{}")));
    const win = windowWith({ state: "activated" }, loader);
    expect(warmOfflineCache(win, fetchImpl as unknown as typeof fetch)).toEqual([
      "/page-data/app-data.json",
      "/page-data/sq/d/111.json",
      "/page-data/sq/d/222.json",
    ]);
    expect(loader.loadPageSync).toHaveBeenCalledWith("/pricing/");
    expect(warmOfflineCache(win, fetchImpl as unknown as typeof fetch)).toEqual([]);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  it("does nothing without a controlling service worker or a loader", () => {
    const fetchImpl = vi.fn();
    expect(warmOfflineCache(windowWith(null, { loadPageSync: () => ({ page: { staticQueryHashes: ["9"] } }) }), fetchImpl)).toEqual([]);
    expect(warmOfflineCache(windowWith({}), fetchImpl)).toEqual([]);
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
