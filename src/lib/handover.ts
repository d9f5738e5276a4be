/**
 * The handover contract between the page's inline scripts, the early script and the app bundles
 * (docs/browser-runtime.md#handover-globals): every global one of them leaves on `window` for another, named
 * and typed in this one place.
 */
import type { ConsentFace } from "./consent-model";
import type { CookieWrite } from "./cookies";

export const START_GLOBAL = "__ndStart";
export const RELEASE_GLOBAL = "__ndEarlyReady";
export const EARLY_GLOBAL = "__ndEarly";
export const PAGE_VIEW_GLOBAL = "__ndPageView";
export const EARLY_PERSONALIZATION_GLOBAL = "__ndPersonalization";
export const CONSENT_GLOBAL = "__ndConsent";
export const ATTRIBUTION_GLOBAL = "__ndAttribution";
export const BANNER_ACTIONS_GLOBAL = "__ndBannerActions";

/** What the early script leaves for the runtime: the landing's recorded view and its activation listeners. */
export interface EarlyRecord {
  /** The URL whose page view was recorded (the landing page). */
  readonly href: string;
  /** Removes the activation listeners (the runtime decorates links from then on). */
  stop(): void;
}

/** The landing's page view, recorded by the early script and adopted (or beaconed) later. */
export interface EarlyPageView {
  id: string;
  event: string;
  url: string;
  time: number;
  properties?: object;
  /** "sent": by beacon (the page was hidden or left before the runtime started); "adopted": by the runtime. */
  state?: "sent" | "adopted";
}

/** The early profile request, for the personalization SDK's first call. */
export interface EarlyPersonalization {
  /** The page whose page event the early request sent. */
  readonly href: string;
  /** The Experience API's answer (response text of a 2xx), or null when the request failed. */
  readonly answer: Promise<string | null>;
}

declare global {
  interface Window {
    /** Set by the inline bootstrap: starts Gatsby's app scripts (read by the early script, app-start.ts). */
    [START_GLOBAL]?: () => void;
    /** Set by the inline bootstrap: hands back the input it held (called by the early script). */
    [RELEASE_GLOBAL]?: () => void;
    /** Set by the early script (early.ts); read by the runtime. */
    [EARLY_GLOBAL]?: EarlyRecord;
    /** Set by the early script (early-page-view.ts); adopted by the runtime's tracker. */
    [PAGE_VIEW_GLOBAL]?: EarlyPageView;
    /** Set by the early script (early/personalization.ts); read by the personalization SDK's wrapper. */
    [EARLY_PERSONALIZATION_GLOBAL]?: EarlyPersonalization;
    /** Set by the early script, or by the bundles if it did not load (src/consent/face.ts). */
    [CONSENT_GLOBAL]?: ConsentFace;
    /** Attribution writes held until `analytics` is granted (src/consent/attribution-hold.ts). */
    [ATTRIBUTION_GLOBAL]?: Record<string, CookieWrite>;
  }
  interface Document {
    /** Set once the banner's buttons answer (src/consent/banner-actions.ts): the early script or the bundles, not both. */
    [BANNER_ACTIONS_GLOBAL]?: boolean;
  }
}
