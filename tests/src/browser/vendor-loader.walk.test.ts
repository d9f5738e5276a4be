// @vitest-environment jsdom
/**
 * From "Accept all" to a vendor start (docs/browser-runtime.md#from-accept-all-to-a-vendor-start): the banner's
 * click reaches the loader through the consent face alone, no React render and no React state, and the walk goes
 * forward only: at most 6 files, none visited twice, no import running back to an earlier step.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installConsent } from "../../../src/consent/face";
import { installBannerActions } from "../../../src/consent/banner-actions";
import { BANNER_ACTIONS_GLOBAL } from "../../../src/lib/handover";
import { startVendorLoader, type VendorLoader } from "../../../src/browser/vendor-loader";
import { browserSchedulerHost, SETTLE_WAIT_MS } from "../../../src/browser/vendor-scheduler";
import { VENDOR_REQUEST_EVENT } from "../../../src/browser/support-widget";
import type { ScriptsConfig } from "../../../src/vendors/catalog";

const ROOT = path.resolve(__dirname, "../../..");
/** The walk as docs/browser-runtime.md lists it, in order. */
export const WALK = [
  "src/consent/banner-actions.ts",
  "src/consent/face.ts",
  "src/browser/vendor-loader.ts",
  "src/browser/vendor-scheduler.ts",
  "src/browser/vendor-start.ts",
  "src/vendors/gtag.ts",
];

/** The src files a file imports (relative imports, type-only ones included), resolved. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  const specs = [...text.matchAll(/^(?:import|export)\b[^;]*?from\s+"([^"]+)"/gms)].map((m) => m[1]);
  return specs.flatMap((spec) => {
    if (!spec.startsWith(".")) return [spec];
    const base = path.join(path.dirname(file), spec);
    const found = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((f) => fs.existsSync(path.join(ROOT, f)));
    return found ? [found.split(path.sep).join("/")] : [];
  });
}

/** Every module `file` reaches through imports (packages by name). */
function closure(file: string, seen = new Set<string>()): Set<string> {
  for (const next of importsOf(file)) {
    if (seen.has(next)) continue;
    seen.add(next);
    if (next.startsWith("src/")) closure(next, seen);
  }
  return seen;
}

describe("the walk from Accept all to a vendor start (docs/browser-runtime.md#from-accept-all-to-a-vendor-start)", () => {
  it("is listed in docs/ exactly as this test walks it", () => {
    const doc = fs.readFileSync(path.join(ROOT, "docs/browser-runtime.md"), "utf8");
    const section = doc.slice(doc.indexOf("## From Accept all to a vendor start"));
    const listed = [...section.matchAll(/^\d+\. `([^`]+)`/gm)].map((m) => m[1]);
    expect(listed).toEqual(WALK);
  });

  it("goes forward only: at most 6 files, none twice, no import back to an earlier step", () => {
    expect(WALK.length).toBeLessThanOrEqual(6);
    expect(new Set(WALK).size).toBe(WALK.length);
    WALK.forEach((file, step) => {
      const back = importsOf(file).filter((imported) => WALK.indexOf(imported) >= 0 && WALK.indexOf(imported) < step);
      // The banner's buttons are typed by the face they call; a type is no arrow at run time.
      const typeOnly = back.filter((imported) =>
        new RegExp(`import type [^;]*"\\./${path.basename(imported, ".ts")}"`).test(fs.readFileSync(path.join(ROOT, file), "utf8")),
      );
      expect(
        back.filter((b) => !typeOnly.includes(b)),
        file,
      ).toEqual([]);
    });
  });

  it("holds no React: nothing the walk's browser files import reaches react or the consent hook", () => {
    for (const file of WALK) {
      const reached = closure(file);
      expect(
        [...reached].filter((m) => m === "react" || m === "react-dom" || m === "src/consent/app.ts"),
        file,
      ).toEqual([]);
    }
  });
});

const config: ScriptsConfig = { ids: { gtag: "G-1", heap: "7", "crm-loader": "99", "support-widget": "b-1" } };
const started = () => [...document.querySelectorAll("script[id^='nd-']")].map((s) => s.id);
/** Every inserted script "loads" (jsdom fetches none), then the scheduler's timers run. */
const later = async (ms = 100) => {
  for (let step = 0; step < 4; step++) {
    document.querySelectorAll<HTMLScriptElement>("script[id^='nd-']:not([data-loaded])").forEach((s) => {
      s.dataset.loaded = "";
      s.dispatchEvent(new Event("load"));
    });
    await vi.advanceTimersByTimeAsync(ms / 4);
  }
};

describe("the vendor loader, with the face and no React render", () => {
  let loader: VendorLoader | undefined;
  const reset = () => {
    loader?.stop();
    delete (window as unknown as Record<string, unknown>).__ndConsent;
    delete (document as unknown as Record<string, unknown>)[BANNER_ACTIONS_GLOBAL];
    document.cookie = "nd_consent=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
    document.body.innerHTML = "";
  };
  beforeEach(() => {
    reset();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance", "requestAnimationFrame", "Date"] });
  });
  afterEach(() => {
    vi.useRealTimers();
    reset();
  });

  const page = (policy: "opt-in" | "opt-out", ids = config) => {
    const face = installConsent(window, { policy });
    loader = startVendorLoader(window, face, ids, browserSchedulerHost(window));
    loader.page("/");
    return face;
  };

  it("the banner's Accept all starts the page's vendors: the click, the face, the loader, the scheduler, the script", async () => {
    const face = page("opt-in");
    document.body.innerHTML = `<div data-consent-banner><button data-consent-action="accept-all">Accept all</button></div>`;
    installBannerActions(document, face);
    await later(SETTLE_WAIT_MS * 4);
    expect(started()).toEqual([]);
    document.querySelector("button")!.click();
    await later(0);
    // gtag before heap before the CRM loader (the catalog's priorities), one at a time.
    expect(started()).toEqual(["nd-gtag"]);
    await later();
    expect(started()).toEqual(["nd-gtag", "nd-heap", "nd-crm-loader"]);
    // gtag's entry ran its init once its script loaded.
    expect((window as unknown as { dataLayer: unknown[] }).dataLayer.length).toBeGreaterThan(0);
  });

  it("renders nothing with no ids configured", async () => {
    page("opt-out", { ids: {} });
    await later(SETTLE_WAIT_MS * 4);
    expect(started()).toEqual([]);
  });

  it("a category granted later starts its vendors; the support widget waits for the visitor's intent", async () => {
    const face = page("opt-in");
    face.choose("preferences", { analytics: true });
    await later();
    expect(started()).toEqual(["nd-gtag", "nd-heap"]);
    face.choose("accept-all");
    await later();
    expect(started()).toEqual(["nd-gtag", "nd-heap", "nd-crm-loader"]);
    window.dispatchEvent(new CustomEvent(VENDOR_REQUEST_EVENT, { detail: "support-widget" }));
    expect(started()).toContain("nd-support-widget");
  });

  it("a vendor whose category is withdrawn before its turn never starts", async () => {
    const face = page("opt-in", { ids: { gtag: "G-1", "crm-loader": "99" } });
    face.choose("accept-all");
    await vi.advanceTimersByTimeAsync(0);
    expect(started()).toEqual(["nd-gtag"]);
    face.choose("preferences", { analytics: true, marketing: false });
    await later(SETTLE_WAIT_MS * 4);
    expect(started()).toEqual(["nd-gtag"]);
  });

  it("a refused vendor the visitor asks for by hand (the support widget) starts anyway", () => {
    const face = page("opt-in", { ids: { "support-widget": "b-1", heap: "7" } });
    face.choose("reject-all");
    window.dispatchEvent(new CustomEvent(VENDOR_REQUEST_EVENT, { detail: "support-widget" }));
    expect(started()).toEqual(["nd-support-widget"]);
  });
});
