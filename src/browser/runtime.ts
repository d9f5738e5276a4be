/** The browser runtime's glue (docs/architecture.md#data-flow): what gatsby-browser.tsx calls. */
import { trackPageView } from "./attribution";
import { createTracker, heapUserId, pollFor, productVisitorId, windowSinks, type Tracker } from "./analytics";
import { beaconBody, sendBeacon } from "./analytics-beacon";
import { adopt as adoptEarlyPageView, whenHidden } from "./early-page-view";
import { readAnalyticsBeacon } from "../config/analytics";
import { COOKIE_NAMES, expiresAt } from "../lib/cookies";
import { consentedCookies, writeConsented } from "../consent/consented-store";
import { handleHash } from "./hash-routes";
import { isProductionHost } from "./hosts";
import {
  PARTNER_DECORATION_DELAY_MS,
  decorateLinks,
  followDecoratedLink,
  isLoginLink,
  markLoginClicked,
  observeLinks,
  readPartnerParams,
  type DecorationContext,
  type PartnerParams,
  type StorageLike,
} from "./link-decoration";
import { rememberPath } from "./chunk-recovery";
import { warmOfflineCache } from "./offline-cache";
import { takeOverWhenInstalled } from "./service-worker";
import { fillSignupForm, signupUtmCookie } from "./signup-page";
import { isSignupPage } from "../lib/layout-rules";
import { createTaskQueue } from "./task-queue";
import { page as personalizationPage } from "../personalization/events";
import { onTestVariationChanged } from "../personalization/signup-experiment-event";
import { recordedEarly, stopEarly } from "./early/early";
import { appConsent, consentedLocalStorage } from "../consent/app";
import { gatedTracker } from "./analytics-gate";
import { attributionCookies, keepAttribution } from "../consent/attribution-hold";
import { onConsentChange } from "../consent/runtime-consent";
import { measureWebVitals } from "./web-vitals";
import { startVendorLoader, type VendorLoader } from "./vendor-loader";

export interface RouteLocation {
  pathname: string;
  search: string;
  hash: string;
}

export interface RouteUpdateArgs {
  location: RouteLocation;
  prevLocation: RouteLocation | null | undefined;
}

/**
 * Each route's work (cookie reads and writes, decorating every link, analytics) runs as a few short
 * tasks rather than one long one: document.cookie is a synchronous round trip in Chromium, and a phone
 * would otherwise see one long task right when the page becomes interactive (docs/architecture.md#lighthouse-and-main-thread: TBT).
 */
const work = createTaskQueue();

/** A hash seen by both the hashchange event and the route update is acted on once. */
const HASH_DEDUPE_MS = 1000;

const state: {
  tracker?: Tracker;
  partner?: PartnerParams;
  heapUserId?: string;
  vendors?: VendorLoader;
  cancelHash: () => void;
  lastHash: { hash: string; at: number };
} = { cancelHash: () => undefined, lastHash: { hash: "", at: 0 } };

const storage = (kind: "localStorage" | "sessionStorage"): StorageLike | null => {
  try {
    return window[kind];
  } catch {
    return null; // blocked by privacy settings
  }
};

/** Links carry the attribution held in memory too; Heap's id only with `analytics`, partner ids only with `marketing`. */
const decorationContext = (): DecorationContext => {
  const consent = appConsent();
  return {
    page: new URL(window.location.href),
    cookies: attributionCookies(window, consent.state()),
    heapUserId: consent.granted("analytics") ? state.heapUserId : undefined,
    partner: consent.granted("marketing") ? state.partner : undefined,
  };
};

const redecorate = () => decorateLinks(document, decorationContext());

function routeHash(hash: string): void {
  const now = Date.now();
  if (!hash || (hash === state.lastHash.hash && now - state.lastHash.at < HASH_DEDUPE_MS)) return;
  state.lastHash = { hash, at: now };
  state.cancelHash();
  state.cancelHash = handleHash(window, hash);
}

function onDocumentClick(event: MouseEvent): void {
  const anchor = (event.target as Element | null)?.closest?.("a[href]");
  if (anchor && isLoginLink(anchor.getAttribute("href") ?? "", new URL(window.location.href))) markLoginClicked(consentedLocalStorage());
  followDecoratedLink(event, window);
}

/** Before the first render: the analytics tracker (flushed when the page is hidden) and the test-variation listener (chunk-error recovery is installed by lazy-runtime.ts). */
export function onClientEntry(): void {
  const collect = readAnalyticsBeacon();
  const consent = appConsent();
  // Consent first (docs/product-rules.md#consent): Consent Mode's default, the held attribution, withdrawal.
  onConsentChange(window, consent, { redecorate: () => work.add(redecorate) });
  // Vendors follow the face directly (docs/browser-runtime.md#from-accept-all-to-a-vendor-start).
  state.vendors = startVendorLoader(window, consent);
  state.tracker = gatedTracker(
    createTracker({
      sinks: windowSinks(window),
      production: isProductionHost(window.location.hostname),
      origin: window.location.origin,
      beacon: collect && ((events) => sendBeacon(window.navigator, collect.url, beaconBody(events, collect.token))),
      adoptEarly: () => adoptEarlyPageView(window),
    }),
    consent,
  );
  // what the analytics scripts have not taken yet goes by beacon when the visitor leaves (docs/browser-runtime.md#analytics)
  whenHidden(window, () => state.tracker?.flush());
  // the document's Core Web Vitals, loaded after load and sent once when hidden (docs/browser-runtime.md#real-user-measurement-web-vitals)
  measureWebVitals(window, consent, { production: isProductionHost(window.location.hostname), beacon: collect });
  // The sign-up experiment wrote nd_tvar (personalization SDK): every link again from its original href.
  onTestVariationChanged(redecorate);
}

/**
 * After the first render: listeners, the link observer, and the delayed decorations (docs/product-rules.md#link-decoration). The
 * links themselves are decorated by the first route update, which Gatsby runs for the first page too.
 */
export function onInitialClientRender(): void {
  document.addEventListener("click", onDocumentClick, true);
  window.addEventListener("hashchange", () => routeHash(window.location.hash));
  // the service worker took control after the page loaded (first visit): cache what the page uses
  // (in a task of its own: gatsby-plugin-offline's handler for the same moment is busy adding prefetch links)
  window.navigator.serviceWorker?.addEventListener("controllerchange", () => work.add(() => warmOfflineCache(window, work.add)));
  // a new release's worker that is (or becomes) waiting behind the old one takes over (see service-worker)
  work.add(() => takeOverWhenInstalled(window.navigator.serviceWorker));
  // Queued behind the first route's decoration, so the observer does not see (and redo) that work.
  work.add(() => observeLinks(document.body, decorationContext));

  const decoratePartnerLinks = () =>
    setTimeout(() => {
      // Partner ids are kept in local storage only with `marketing` (docs/product-rules.md#consent).
      state.partner = readPartnerParams(window.location.search, consentedLocalStorage(), Date.now());
      // No partner params (most visits): the links are already as they should be.
      if (Object.keys(state.partner).length > 0) redecorate();
    }, PARTNER_DECORATION_DELAY_MS);
  work.add(() => {
    if (document.readyState === "complete") decoratePartnerLinks();
    else window.addEventListener("load", decoratePartnerLinks, { once: true });

    void pollFor(() => productVisitorId(window)).then((id) => {
      const consent = appConsent().state();
      if (!id || !consent.granted.analytics || consentedCookies(consent)[COOKIE_NAMES.mxid] === id) return;
      writeConsented(consent, [{ name: COOKIE_NAMES.mxid, value: id, expires: expiresAt(Date.now()) }], window.location.hostname);
      redecorate();
    });
    void pollFor(() => heapUserId(window)).then((id) => {
      if (!id) return;
      state.heapUserId = id;
      redecorate();
    });
  });
}

/** Every route, the first one included (docs/product-rules.md#attribution, #page-resources, #sign-up-page, #link-decoration, #scripts-and-analytics, #hash-routes). */
export function onRouteUpdate({ location, prevLocation }: RouteUpdateArgs): void {
  state.vendors?.page(location.pathname);
  const url = new URL(`${location.pathname}${location.search}${location.hash}`, window.location.origin);
  work.add(() => {
    rememberPath(storage("sessionStorage"), `${url.pathname}${url.search}`);
    warmOfflineCache(window, work.add);
  });
  // Reading and writing cookies are synchronous round trips to the browser process: two steps.
  let writes: ReturnType<typeof trackPageView>["writes"] = [];
  work.add(() => {
    // The landing page's view was recorded at parse time by the early script (src/browser/early).
    if (!prevLocation && recordedEarly(window, window.location.href)) return;
    // document.referrer stays the landing page's referrer for client-side navigations: ignore it then.
    writes = trackPageView({
      url,
      referrer: prevLocation ? "" : document.referrer,
      cookies: attributionCookies(window, appConsent().state()),
      now: Date.now(),
    }).writes;
  });
  // Held in memory until `analytics` is granted (src/consent/attribution-hold.ts).
  work.add(() => keepAttribution(window, writes, url.hostname, appConsent().state()));
  if (isSignupPage(url.pathname))
    work.add(() => {
      const consent = appConsent().state();
      const cookies = attributionCookies(window, consent);
      const utm = signupUtmCookie(cookies, Date.now());
      if (utm) keepAttribution(window, [utm], url.hostname, consent);
      fillSignupForm(document, { search: url.search, cookies: attributionCookies(window, consent) });
    });
  work.add(() => {
    redecorate();
    // Every link is decorated now, and observed: the early script's activation listeners are no longer needed.
    if (!prevLocation) stopEarly(window);
  });
  work.add(() => {
    state.tracker?.track({ type: "pageView", path: url.pathname });
    // docs/product-rules.md#personalization-service: a personalization page event on every route change, once the SDK is there. Not for the first
    // route: the SDK pages it itself when it starts, and this task may run after that (one view, one event).
    if (prevLocation) personalizationPage();
    if (!prevLocation || prevLocation.pathname !== location.pathname || prevLocation.hash !== location.hash) routeHash(location.hash);
  });
}
