// @vitest-environment jsdom
// @vitest-environment-options { "url": "https://www.example.com/pricing/" }
/**
 * What the runtime does when consent changes (docs/product-rules.md#consent; src/consent/runtime-consent.ts),
 * wired as src/browser/runtime.ts wires it: `onConsentChange(window, appConsent(window), { redecorate })`.
 * Google Consent Mode (default, then update), the held attribution written on an `analytics` grant, withdrawal
 * (off switch or reload, stores deleted), the hosted manager's adapter, the built-in preferences on demand.
 *
 * Every module is loaded fresh per test (src/config reads process.env.GATSBY_* at import).
 */
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from "vitest";
import type { ConsentFace } from "../../../src/consent/face";
import type { VendorId } from "../../../src/vendors/catalog";
import type { OsanoConsent } from "../../../src/consent/providers/osano";
import { installOsanoStandIn } from "../../fixtures/consent-managers/osano";

type TestWindow = Window & {
  __ndConsent?: unknown;
  __ndAttribution?: unknown;
  dataLayer?: unknown[];
  _hsp?: unknown[];
  Osano?: unknown;
};
const w = window as TestWindow;

const HOST = "www.example.com";
const PREFERENCES_MODULE = "../../../src/consent/preferences";
const ENV = ["GATSBY_GTM_ID", "GATSBY_GTAG_ID", "GATSBY_CONSENT_PROVIDER", "GATSBY_CONSENT_SCRIPT_URL", "GATSBY_CONSENT_POLICY"] as const;

const DENIED = {
  analytics_storage: "denied",
  ad_storage: "denied",
  ad_user_data: "denied",
  ad_personalization: "denied",
  functionality_storage: "denied",
  personalization_storage: "denied",
  security_storage: "granted",
};
const GRANTED = {
  analytics_storage: "granted",
  ad_storage: "granted",
  ad_user_data: "granted",
  ad_personalization: "granted",
  functionality_storage: "granted",
  personalization_storage: "granted",
  security_storage: "granted",
};

const cookieNames = () =>
  document.cookie
    .split(";")
    .map((pair) => pair.split("=")[0].trim())
    .filter(Boolean);
const cookie = (name: string) =>
  document.cookie
    .split(";")
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);

function clearBrowser() {
  for (const name of cookieNames())
    for (const domain of ["", "; domain=example.com", `; domain=${HOST}`])
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${domain}`;
  localStorage.clear();
  sessionStorage.clear();
  delete w.__ndConsent;
  delete w.__ndAttribution;
  delete w.dataLayer;
  delete w._hsp;
  delete w.Osano;
  document.documentElement.removeAttribute("data-consent");
  document.documentElement.removeAttribute("data-consent-prefs");
}

/** Listeners the modules under test add to window and document (each test's face and wiring): removed after it. */
const added: Array<[EventTarget, string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined]> = [];
function track(target: Window | Document) {
  const add = target.addEventListener.bind(target) as EventTarget["addEventListener"];
  vi.spyOn(target as EventTarget, "addEventListener").mockImplementation((type, listener, options) => {
    if (listener) added.push([target, type, listener, options]);
    add(type, listener, options);
  });
}

/** jsdom's Location#reload is neither writable nor configurable: window.location itself is swapped for a stand-in. */
const locationDescriptor = Object.getOwnPropertyDescriptor(window, "location");
let reload: Mock<() => void>;

beforeEach(() => {
  clearBrowser();
  for (const name of ENV) vi.stubEnv(name, undefined);
  reload = vi.fn();
  const real = window.location;
  Object.defineProperty(window, "location", {
    configurable: true,
    value: {
      href: real.href,
      origin: real.origin,
      protocol: real.protocol,
      host: real.host,
      hostname: real.hostname,
      port: real.port,
      pathname: real.pathname,
      search: real.search,
      hash: real.hash,
      reload,
      assign: vi.fn(),
      replace: vi.fn(),
    },
  });
  // Proof of consent (src/consent/proof.ts) goes by beacon: taken, so no fetch and no retry timers.
  Object.defineProperty(navigator, "sendBeacon", { configurable: true, value: vi.fn(() => true) });
  track(window);
  track(document);
});

afterEach(() => {
  vi.restoreAllMocks();
  for (const [target, type, listener, options] of added.splice(0)) target.removeEventListener(type, listener, options);
  if (locationDescriptor) Object.defineProperty(window, "location", locationDescriptor);
  delete (navigator as unknown as Record<string, unknown>).sendBeacon;
  vi.unstubAllEnvs();
  vi.doUnmock(PREFERENCES_MODULE);
  vi.resetModules();
  clearBrowser();
  // the banner's actions mark the document itself (one install across the early script's and the app's copies)
  delete (document as unknown as Record<string, unknown>).__ndBannerActions;
});

/** The runtime as a fresh page loads it, with `env`; `start()` wires it once, as src/browser/runtime.ts does. */
async function page(env: Record<string, string> = {}) {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.resetModules();
  const { onConsentChange } = await import("../../../src/consent/runtime-consent");
  const { appConsent } = await import("../../../src/consent/app");
  const { loadedVendors } = await import("../../../src/consent/loaded-vendors");
  const { keepAttribution } = await import("../../../src/consent/attribution-hold");
  const face: ConsentFace = appConsent(window);
  const redecorate = vi.fn();
  return {
    face,
    redecorate,
    keepAttribution,
    loaded: (...ids: VendorId[]) => ids.forEach((id) => loadedVendors.add(id)),
    start: () => onConsentChange(window, face, { redecorate }),
  };
}

/** gtag's command shape: an Arguments object, not an array (gtag.js and GTM read `arguments`). */
const command = (entry: unknown) => {
  expect(Object.prototype.toString.call(entry)).toBe("[object Arguments]");
  return Array.from(entry as ArrayLike<unknown>);
};

describe("Google Consent Mode", () => {
  it.each([
    ["GATSBY_GTM_ID", "GTM-1"],
    ["GATSBY_GTAG_ID", "G-1"],
  ])("with %s: consent default (all denied, opt-in, no choice) at once; accept-all pushes consent update", async (name, id) => {
    const { face, start } = await page({ [name]: id });
    expect(face.state().pending).toBe(true);
    start();
    expect(w.dataLayer).toHaveLength(1);
    expect(command(w.dataLayer?.[0])).toEqual(["consent", "default", DENIED]);

    face.choose("accept-all");
    expect(w.dataLayer).toHaveLength(2);
    expect(command(w.dataLayer?.[1])).toEqual(["consent", "update", GRANTED]);
  });

  it("every change pushes an update with the categories' signals (do-not-sell: the ad signals denied)", async () => {
    const { face, start } = await page({ GATSBY_GTM_ID: "GTM-1" });
    start();
    face.choose("accept-all");
    face.choose("do-not-sell");
    expect(w.dataLayer).toHaveLength(3);
    expect(command(w.dataLayer?.[2])).toEqual([
      "consent",
      "update",
      { ...GRANTED, ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" },
    ]);
  });

  it("opt-out policy: the default carries everything granted", async () => {
    const { start } = await page({ GATSBY_GTM_ID: "GTM-1", GATSBY_CONSENT_POLICY: "opt-out" });
    start();
    expect(command(w.dataLayer?.[0])).toEqual(["consent", "default", GRANTED]);
  });

  it("a returning visitor's stored choice is the default", async () => {
    const first = await page();
    first.face.choose("accept-all");
    delete w.__ndConsent;
    for (const [target, type, listener, options] of added.splice(0)) target.removeEventListener(type, listener, options);

    const { start } = await page({ GATSBY_GTM_ID: "GTM-1" });
    start();
    expect(command(w.dataLayer?.[0])).toEqual(["consent", "default", GRANTED]);
  });

  it("no Google tag configured (neither GATSBY_GTM_ID nor GATSBY_GTAG_ID): nothing is pushed, before or after a choice", async () => {
    const { face, start } = await page({ GATSBY_GTM_ID: "  " });
    start();
    expect(w.dataLayer).toBeUndefined();
    face.choose("accept-all");
    face.choose("reject-all");
    expect(w.dataLayer).toBeUndefined();
  });
});

describe("attribution held until analytics is granted", () => {
  const write = () => ({ name: "nd_ft_src", value: "google", expires: new Date(Date.now() + 86_400_000) });

  it("granting analytics writes the held attribution to document.cookie", async () => {
    const { face, start, keepAttribution } = await page();
    start();
    keepAttribution(window, [write()], HOST, face.state());
    expect(cookie("nd_ft_src")).toBeUndefined();

    face.choose("preferences", { analytics: true });
    expect(cookie("nd_ft_src")).toBe("google");
    expect(w.__ndAttribution).toEqual({});
  });

  it("a choice without analytics writes nothing and keeps holding it", async () => {
    const { face, start, keepAttribution } = await page();
    start();
    keepAttribution(window, [write()], HOST, face.state());
    face.choose("preferences", { marketing: true, preferences: true });
    expect(cookie("nd_ft_src")).toBeUndefined();
    expect(Object.keys(w.__ndAttribution as object)).toEqual(["nd_ft_src"]);
  });
});

describe("withdrawal", () => {
  it("analytics withdrawn after heap loaded (no off switch): one reload, nd_ft_src deleted, no redecoration", async () => {
    const { face, start, redecorate, keepAttribution, loaded } = await page();
    start();
    keepAttribution(window, [{ name: "nd_ft_src", value: "google", expires: new Date(Date.now() + 86_400_000) }], HOST, face.state());
    face.choose("accept-all");
    expect(cookie("nd_ft_src")).toBe("google");
    expect(redecorate).toHaveBeenCalledTimes(1);
    loaded("heap");

    face.choose("preferences", { analytics: false });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(cookie("nd_ft_src")).toBeUndefined();
    expect(redecorate).toHaveBeenCalledTimes(1);
  });

  it("marketing withdrawn with only crm-loader loaded: no reload, revokeCookieConsent on _hsp, its cookie deleted, redecorated", async () => {
    const { face, start, redecorate, loaded } = await page();
    start();
    face.choose("accept-all");
    loaded("crm-loader");
    document.cookie = "hubspotutk=hutk; path=/";

    face.choose("do-not-sell");
    expect(reload).not.toHaveBeenCalled();
    expect(w._hsp).toEqual([["revokeCookieConsent"]]);
    expect(cookie("hubspotutk")).toBeUndefined();
    expect(redecorate).toHaveBeenCalledTimes(2);
  });

  it("changes that need no reload (grants; a withdrawal with nothing loaded) redecorate the links each time", async () => {
    const { face, start, redecorate } = await page();
    start();
    expect(redecorate).not.toHaveBeenCalled();
    face.choose("accept-all");
    expect(redecorate).toHaveBeenCalledTimes(1);
    face.choose("reject-all");
    expect(redecorate).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
  });

  it("the tag manager stays while one of its categories is granted; both withdrawn: reload", async () => {
    const { face, start, loaded } = await page({ GATSBY_GTM_ID: "GTM-1" });
    start();
    face.choose("accept-all");
    loaded("tag-manager");
    face.choose("do-not-sell");
    expect(reload).not.toHaveBeenCalled();
    face.choose("reject-all");
    expect(reload).toHaveBeenCalledTimes(1);
    expect(command(w.dataLayer?.at(-1))).toEqual(["consent", "update", DENIED]);
  });

  it("preferences withdrawn while the personalization SDK runs: reload", async () => {
    const { face, start } = await page();
    start();
    face.choose("accept-all");
    const sdk = window as unknown as Record<string, unknown>;
    sdk.ninetailed = { reset: () => undefined };
    try {
      face.choose("preferences", { preferences: false });
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      delete sdk.ninetailed;
    }
  });
});

describe("a hosted consent manager (Osano)", () => {
  const OSANO = { GATSBY_CONSENT_PROVIDER: "osano", GATSBY_CONSENT_SCRIPT_URL: "https://cmp.osano.com/customer/config/osano.js" };
  const ANALYTICS_ONLY: OsanoConsent = {
    ESSENTIAL: "ACCEPT",
    STORAGE: "ACCEPT",
    ANALYTICS: "ACCEPT",
    MARKETING: "DENY",
    PERSONALIZATION: "DENY",
    OPT_OUT: "DENY",
  };

  it("osano.js loaded before the runtime: its adapter connects, and a save becomes the face's state", async () => {
    const open = vi.fn();
    vi.doMock(PREFERENCES_MODULE, () => ({ openPreferences: open }));
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const standIn = installOsanoStandIn(window);
    const { face, start, redecorate } = await page(OSANO);
    start();
    await vi.waitFor(() => expect(standIn.listenerCount("osano-cm-consent-saved")).toBe(1));
    expect(face.state().pending).toBe(true);

    standIn.save(ANALYTICS_ONLY);
    expect(face.state().granted).toEqual({ preferences: false, analytics: true, marketing: false });
    expect(face.state().record?.method).toBe("manager");
    expect(redecorate).toHaveBeenCalledTimes(1);

    // The manager is the UI: the built-in preferences are not wired.
    window.dispatchEvent(new CustomEvent("nd:consent-preferences"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(open).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
  });

  it("osano.js loaded after the runtime: the adapter queues on Osano's pre-load interface, and a save becomes the face's state", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { face, start } = await page({ ...OSANO, GATSBY_GTM_ID: "GTM-1" });
    start();
    await vi.waitFor(() => expect(typeof w.Osano).toBe("function"));
    const standIn = installOsanoStandIn(window);
    expect(standIn.listenerCount("osano-cm-consent-saved")).toBe(1);

    standIn.save(ANALYTICS_ONLY);
    expect(face.state().granted).toEqual({ preferences: false, analytics: true, marketing: false });
    expect(command(w.dataLayer?.at(-1))).toEqual(["consent", "update", { ...DENIED, analytics_storage: "granted" }]);
    expect(errors).not.toHaveBeenCalled();
  });
});

describe("the built-in banner's preferences", () => {
  it("nd:consent-preferences loads ./preferences and opens it with the face", async () => {
    const open = vi.fn();
    vi.doMock(PREFERENCES_MODULE, () => ({ openPreferences: open }));
    const { face, start } = await page();
    start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(open).not.toHaveBeenCalled();

    window.dispatchEvent(new CustomEvent("nd:consent-preferences"));
    await vi.waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(open).toHaveBeenCalledWith(face, expect.objectContaining({ policy: "opt-in" }));
  });

  it('asked for before the runtime loaded (<html data-consent-prefs="wanted">): opened at once', async () => {
    const open = vi.fn();
    vi.doMock(PREFERENCES_MODULE, () => ({ openPreferences: open }));
    document.documentElement.setAttribute("data-consent-prefs", "wanted");
    const { face, start } = await page();
    start();
    await vi.waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(open).toHaveBeenCalledWith(face, expect.anything());
  });

  it("the banner's buttons work when the early script did not install them", async () => {
    document.body.innerHTML = '<div data-consent-banner><button data-consent-action="accept-all">Accept all</button></div>';
    const { face, start } = await page();
    start();
    document.querySelector<HTMLButtonElement>("[data-consent-action]")?.click();
    expect(face.state().granted).toEqual({ preferences: true, analytics: true, marketing: true });
    document.body.innerHTML = "";
  });
});
