/**
 * The consent preferences of the built-in banner (docs/browser-runtime.md#the-built-in-banner):
 * vanilla-cookieconsent's preferences modal, run on the `nd_consent` cookie.
 */
import type * as CookieConsent from "vanilla-cookieconsent";
import type { ConsentFace } from "./face";
import {
  CONSENT_COOKIE,
  CONSENT_LIFETIME_MS,
  CONSENT_TEXT_VERSION,
  OPTIONAL_CATEGORIES,
  type ChoiceMethod,
  type Choices,
  type ConsentPolicy,
  type OptionalCategory,
} from "../lib/consent-model";
import { PREFERENCES_WANTED, hideBanner } from "./banner-actions";
import { parentDomain } from "../lib/host-names";
import { colors, fonts, radii } from "../lib/design-tokens";
import { loadLibraryStyles } from "./library-styles";
import { vendorNamesByCategory } from "../vendors/notice";
import { COOKIE_NOTICE_PATH, PRIVACY_PATH } from "../lib/paths";
import { publicConfig } from "../config/public";

type Library = typeof CookieConsent;

export interface PreferencesSettings {
  policy: ConsentPolicy;
  /** The text version (the library's `revision`); CONSENT_TEXT_VERSION unless a test says otherwise. */
  version?: number;
}

export const GPC_NOTE = "Off: your browser's privacy signal (Global Privacy Control)";
/** What asks for the preferences: the banner's button and the footer's "Cookie preferences". */
/** The library's buttons in the preferences modal (`data-role`), and the choice each stands for. */
const ROLE_METHOD: Record<string, ChoiceMethod> = { all: "accept-all", necessary: "reject-all", save: "preferences" };

/** The site's tokens, through the library's CSS variables; the notes this module adds. */
const SITE_STYLES = `#cc-main{--cc-font-family:${fonts.body};--cc-bg:${colors.white};--cc-primary-color:${colors.text};--cc-secondary-color:${colors.textMuted};--cc-link-color:${colors.cobaltDark};--cc-modal-border-radius:${radii.l};--cc-btn-border-radius:${radii.s};--cc-btn-primary-bg:${colors.charcoal};--cc-btn-primary-color:${colors.white};--cc-btn-primary-hover-bg:${colors.charcoalTint};--cc-btn-primary-hover-color:${colors.white};--cc-btn-secondary-bg:${colors.slateTint};--cc-btn-secondary-color:${colors.text};--cc-btn-secondary-border-color:${colors.border};--cc-btn-secondary-hover-bg:${colors.border};--cc-btn-secondary-hover-color:${colors.text};--cc-btn-secondary-hover-border-color:${colors.border};--cc-toggle-on-bg:${colors.cobaltDark};--cc-toggle-off-bg:${colors.slate};--cc-cookie-category-block-bg:${colors.surface};--cc-cookie-category-block-border:${colors.border};--cc-cookie-category-block-hover-bg:${colors.slateTint};--cc-separator-border-color:${colors.border}}#cc-main [data-consent-gpc]{margin:0 0 12px;padding:0 16px;font-size:14px;color:${colors.textMuted}}#cc-main [data-consent-gpc][hidden]{display:none}`;

/** Each category's configured vendors, from the catalog (src/vendors/notice.ts), after its description. */
const withVendors = (description: string, vendors: readonly string[]) =>
  vendors.length ? `${description}<br>Vendors: ${vendors.join(", ")}.` : description;

/** The modal's sections: each category's purpose and vendors, and the notices (docs/product-rules.md#consent). */
export function preferenceSections(vendors: Record<OptionalCategory, string[]> = vendorNamesByCategory(publicConfig.scripts.ids)) {
  const sections: CookieConsent.Section[] = [
    {
      description: `Choose which optional cookies and tags we may use. The necessary ones are always on. You can change this at any time from “Cookie preferences” at the foot of every page. Each vendor, what it stores and for how long: our <a href="${COOKIE_NOTICE_PATH}">cookie notice</a>; what we do with the data: our <a href="${PRIVACY_PATH}">privacy notice</a>.`,
    },
    {
      title: "Necessary",
      description: "What the site needs to work: remembering this choice, security, and the forms you send us.",
      linkedCategory: "necessary",
    },
    {
      title: "Personalization",
      description: withVendors(
        "Personalized content, saved tool inputs and the support chat. Off, the support chat still loads when you open it: a tap on the chat button is a request for that service.",
        vendors.preferences,
      ),
      linkedCategory: "preferences",
    },
    {
      title: "Analytics",
      description: withVendors(
        "Page views, where visitors come from (search, campaigns, other sites) and product analytics: how the site is used.",
        vendors.analytics,
      ),
      linkedCategory: "analytics",
    },
    {
      title: "Advertising",
      description: withVendors(
        "Sale or sharing of personal information: advertising tags, our CRM's tracking, sales and visitor intelligence, and partner referral tracking.",
        vendors.marketing,
      ),
      linkedCategory: "marketing",
    },
    { title: "Your consent record", description: "<span data-consent-record></span>" },
  ];
  return sections;
}

let library: Promise<Library> | undefined;
let started: Promise<{ show(): void }> | undefined;

/** The library module (its ESM build; a CommonJS copy has it under `default`). */
const unwrap = (module: Library & { default?: Library }): Library => (typeof module.run === "function" ? module : module.default!);

function addStyles(doc: Document, css: string): void {
  if (doc.getElementById("nd-cc-styles")) return;
  const style = doc.createElement("style");
  style.id = "nd-cc-styles";
  style.textContent = css + SITE_STYLES;
  doc.head.append(style);
}

/** The library and its style sheet, fetched once. */
export function preloadPreferences(doc: Document = document): Promise<Library> {
  if (!library) {
    library = Promise.all([import("vanilla-cookieconsent"), loadLibraryStyles()]).then(([module, css]) => {
      addStyles(doc, css);
      return unwrap(module as Library & { default?: Library });
    });
    // A chunk that failed to load can be asked for again.
    library.catch(() => (library = started = undefined));
  }
  return library;
}

const choicesFrom = (accepted: string[]): Choices =>
  Object.fromEntries(OPTIONAL_CATEGORIES.map((c) => [c, accepted.includes(c)])) as Choices;

function focusMain(doc: Document): void {
  const main = doc.getElementById("main");
  if (main?.hasAttribute("tabindex")) main.focus({ preventScroll: true });
  else (doc.activeElement as HTMLElement | null)?.blur?.();
}

/** The modal shows the face's state (the truth: a choice may have been made since the library read the cookie). */
function sync(doc: Document, face: ConsentFace): void {
  const state = face.state();
  const root = doc.getElementById("cc-main");
  if (!root) return;
  for (const category of OPTIONAL_CATEGORIES) {
    const toggle = root.querySelector<HTMLInputElement>(`input.section__toggle[value="${category}"]`);
    if (toggle) toggle.checked = state.granted[category];
  }
  const marketing = root.querySelector<HTMLInputElement>('input.section__toggle[value="marketing"]');
  const section = marketing?.closest(".pm__section--toggle");
  if (marketing && section) {
    let note = root.querySelector<HTMLElement>("[data-consent-gpc]");
    if (!note) {
      note = doc.createElement("p");
      note.id = "nd-consent-gpc";
      note.setAttribute("data-consent-gpc", "");
      note.textContent = GPC_NOTE;
      section.append(note);
    }
    const gpc = state.source.marketing === "gpc";
    note.hidden = !gpc;
    if (gpc) marketing.setAttribute("aria-describedby", note.id);
    else marketing.removeAttribute("aria-describedby");
  }
  const record = root.querySelector("[data-consent-record]");
  if (record) record.textContent = state.record ? `Your consent record: ${state.record.id}` : "No choice recorded yet.";
}

function start(face: ConsentFace, settings: PreferencesSettings, doc: Document): Promise<{ show(): void }> {
  started ??= preloadPreferences(doc).then(async (cc) => {
    // The button pressed, seen before the library's own listener saves (capture), committed after it: from the
    // library's callback, or, when the library saw nothing changed and called none, once the click is done.
    let pending: ChoiceMethod | null = null;
    const commit = () => {
      if (!pending) return;
      const method = pending;
      pending = null;
      face.choose(method, method === "preferences" ? choicesFrom(cc.getUserPreferences().acceptedCategories) : {});
      hideBanner(doc);
      sync(doc, face);
    };
    const state = face.state();
    const hostname = doc.defaultView?.location.hostname ?? "";
    await cc.run({
      mode: settings.policy === "opt-in" ? "opt-in" : "opt-out",
      // The server markup is the banner: the library's own consent modal never shows.
      autoShow: false,
      revision: settings.version ?? CONSENT_TEXT_VERSION,
      // Crawlers and automated browsers get the preferences too (the e2e suite is one).
      hideFromBots: false,
      // Scripts follow the face (src/browser), not script tags; withdrawn categories' storage goes there too.
      manageScriptTags: false,
      autoClearCookies: false,
      // The face's cookie: same name, domain and lifetime, so the two writes are one cookie. An empty domain is
      // the host alone (the library adds `Domain=` only on a dotted host name).
      cookie: {
        name: CONSENT_COOKIE,
        domain: parentDomain(hostname) ?? "",
        path: "/",
        sameSite: "Strict",
        expiresAfterDays: CONSENT_LIFETIME_MS / 86_400_000,
      },
      guiOptions: { preferencesModal: { layout: "box", equalWeightButtons: true } },
      categories: {
        necessary: { enabled: true, readOnly: true },
        preferences: { enabled: state.granted.preferences },
        analytics: { enabled: state.granted.analytics },
        marketing: { enabled: state.granted.marketing },
      },
      onConsent: commit,
      onChange: commit,
      onModalShow: ({ modalName }) => {
        if (modalName === "preferencesModal") sync(doc, face);
      },
      onModalHide: () => {
        // Focus went back where the modal was opened from; if that was the banner, now hidden, to the main content.
        const active = doc.activeElement;
        if (!active || active === doc.body || doc.getElementById("cc-main")?.contains(active)) focusMain(doc);
        else if (!doc.documentElement.hasAttribute("data-consent") && active.closest("[data-consent-banner]")) focusMain(doc);
      },
      language: {
        default: "en",
        translations: {
          en: {
            // No consent modal: the library generates one only when it has this text.
            consentModal: undefined as unknown as CookieConsent.ConsentModalOptions,
            preferencesModal: {
              title: "Cookie preferences",
              acceptAllBtn: "Accept all",
              acceptNecessaryBtn: "Reject all",
              savePreferencesBtn: "Save preferences",
              closeIconLabel: "Close without choosing",
              sections: preferenceSections(),
            },
          },
        },
      },
    });
    let wired: EventTarget | undefined;
    const show = () => {
      cc.showPreferences();
      // On the library's root (there once the modal is): it goes with the library.
      const root = doc.getElementById("cc-main") ?? doc;
      if (wired !== root) {
        wired = root;
        root.addEventListener(
          "click",
          (event) => {
            const button = (event.target as Element | null)?.closest?.(".pm [data-role]");
            pending = (button && ROLE_METHOD[button.getAttribute("data-role") ?? ""]) || null;
          },
          true,
        );
        root.addEventListener("click", commit);
      }
      sync(doc, face);
    };
    return { show };
  });
  return started;
}

/** Opens the preferences (loading the library first if need be). Escape or the close button closes them without a choice. */
export async function openPreferences(face: ConsentFace, settings: PreferencesSettings, doc: Document = document): Promise<void> {
  doc.documentElement.removeAttribute(PREFERENCES_WANTED);
  (await start(face, settings, doc)).show();
}
