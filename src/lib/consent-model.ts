/** The consent model (docs/product-rules.md#consent): four categories, one stored choice, one policy. */

/** Categories a visitor can grant or refuse; `necessary` is always granted. */
export const OPTIONAL_CATEGORIES = ["preferences", "analytics", "marketing"] as const;
export type OptionalCategory = (typeof OPTIONAL_CATEGORIES)[number];
export type ConsentCategory = "necessary" | OptionalCategory;
export type Choices = Record<OptionalCategory, boolean>;

/** opt-in: only `necessary` until the visitor grants more (the default). opt-out: everything until refused. */
export const CONSENT_POLICIES = ["opt-in", "opt-out"] as const;
export type ConsentPolicy = (typeof CONSENT_POLICIES)[number];

/** Where a category's current value came from. */
export type ChoiceSource = "banner" | "manager" | "gpc" | "policy";

/** How a stored choice was made. */
export const CHOICE_METHODS = ["accept-all", "reject-all", "preferences", "do-not-sell", "manager"] as const;
export type ChoiceMethod = (typeof CHOICE_METHODS)[number];

export const CONSENT_COOKIE = "nd_consent";
/** Any stored choice, a refusal included, is asked again after 6 months (183 days). */
export const CONSENT_LIFETIME_MS = 183 * 24 * 60 * 60 * 1000;
/**
 * The banner's text version (vanilla-cookieconsent's `revision`): raise it when the banner's or the preferences'
 * wording changes, and every visitor is asked again (their stored choice was given to other words).
 */
export const CONSENT_TEXT_VERSION = 2;

/** A stored choice. */
export interface ConsentRecord {
  /** Random record id: the proof-of-consent record at /api/consent has the same id. */
  id: string;
  /** When the choice was made (ms since the epoch). */
  at: number;
  policy: ConsentPolicy;
  version: number;
  choices: Choices;
  method: ChoiceMethod;
  /**
   * 128 random bits, kept only in the visitor's cookie: the proof of consent stores its hash with the first
   * record, so a later decision under this id is taken only from who holds the cookie (docs/lead-forms.md#proof-of-consent).
   */
  secret?: string;
}

export interface ConsentContext {
  policy: ConsentPolicy;
  version?: number;
  /** navigator.globalPrivacyControl === true (or the Sec-GPC: 1 request header on the server). */
  gpc: boolean;
  now: number;
}

export interface ConsentState {
  /** Opt-in and no current choice: the visitor is asked, and nothing optional runs. */
  pending: boolean;
  granted: Choices;
  source: Record<OptionalCategory, ChoiceSource>;
  /** The stored choice in force (current version, policy and age), if any. */
  record?: ConsentRecord;
  policy: ConsentPolicy;
  gpc: boolean;
}

/** vanilla-cookieconsent 3's cookie (its `cookie.name` is CONSENT_COOKIE), as far as this site reads it. */
interface LibraryCookie {
  categories: string[];
  revision: number;
  data: { policy?: unknown; method?: unknown; secret?: unknown } | null;
  consentTimestamp: string;
  consentId: string;
  services?: Record<string, string[]>;
  languageCode?: string;
  lastConsentTimestamp?: string;
  expirationTime?: number;
}

/** A record's id: the banner library's UUID, or an id of this site's. */
const RECORD_ID = /^[\w-]{8,64}$/;
/** A record's secret: 32 lowercase hex digits. */
export const SECRET = /^[0-9a-f]{32}$/;
/** When the stored choice was made: its last change, else its first (NaN when neither is a date). */
const madeAt = (data: Partial<LibraryCookie>): number => Date.parse(data.lastConsentTimestamp ?? data.consentTimestamp ?? "");

/** The cookie's value, or undefined when it is absent or not a record this site (or its banner library) wrote. Never throws. */
export function parseRecord(value: string | undefined): ConsentRecord | undefined {
  if (!value) return undefined;
  try {
    const data = JSON.parse(decodeURIComponent(value)) as Partial<LibraryCookie> | null;
    if (!data || typeof data !== "object" || !Array.isArray(data.categories)) return undefined;
    const { consentId: id, revision: version, categories } = data;
    const at = madeAt(data);
    const policy = data.data?.policy;
    const method = data.data?.method ?? "preferences";
    if (typeof id !== "string" || !RECORD_ID.test(id) || !Number.isFinite(at) || typeof version !== "number") return undefined;
    if (!CONSENT_POLICIES.includes(policy as ConsentPolicy) || !CHOICE_METHODS.includes(method as ChoiceMethod)) return undefined;
    const choices = Object.fromEntries(OPTIONAL_CATEGORIES.map((c) => [c, categories.includes(c)])) as Choices;
    const secret = data.data?.secret;
    const record: ConsentRecord = { id, at, policy: policy as ConsentPolicy, version, choices, method: method as ChoiceMethod };
    return typeof secret === "string" && SECRET.test(secret) ? { ...record, secret } : record;
  } catch {
    return undefined;
  }
}

/** The cookie's value for a record: vanilla-cookieconsent's format, URI-encoded JSON (cookie-safe). */
export function serializeRecord(record: ConsentRecord): string {
  const time = new Date(record.at).toISOString();
  const cookie: LibraryCookie = {
    categories: ["necessary", ...OPTIONAL_CATEGORIES.filter((c) => record.choices[c])],
    revision: record.version,
    data: { policy: record.policy, method: record.method, ...(record.secret ? { secret: record.secret } : {}) },
    consentTimestamp: time,
    consentId: record.id,
    services: { necessary: [], preferences: [], analytics: [], marketing: [] },
    languageCode: "en",
    lastConsentTimestamp: time,
    expirationTime: record.at + CONSENT_LIFETIME_MS,
  };
  return encodeURIComponent(JSON.stringify(cookie));
}

/** Whether a choice made at `at` under `policy` and text `version` is in force at `now` for `wanted`, `shown`: isCurrent's rule. */
const inForce = (policy: unknown, version: unknown, at: number, wanted: ConsentPolicy, shown: number, now: number) =>
  policy === wanted && version === shown && at <= now + 60_000 && now - at < CONSENT_LIFETIME_MS;

/** A stored record still in force: same policy and text version, younger than 6 months, not from the future. */
export function isCurrent(
  record: ConsentRecord | undefined,
  { policy, version = CONSENT_TEXT_VERSION, now }: ConsentContext,
): record is ConsentRecord {
  return !!record && inForce(record.policy, record.version, record.at, policy, version, now);
}

/**
 * What the page's inline bootstrap looks for at parse time (src/browser/inline/bootstrap.ts): the text a
 * current record of `policy` and `version` carries in the cookie, as serializeRecord writes it (URI-encoded
 * JSON, its `revision` then its `data.policy`).
 */
export const currentRecordMarker = (policy: ConsentPolicy, version = CONSENT_TEXT_VERSION): string =>
  encodeURIComponent(JSON.stringify({ revision: version, data: { policy } }).slice(2, -3));

/**
 * Whether `category` is granted by the cookie text alone (`document.cookie`), for the pre-paint script, which runs
 * before the early script can decide with the full rule: a current record (its `marker`) listing the category;
 * under opt-out also no current record at all. The early script's sweep corrects anything this lets through.
 */
export function grantedInCookieText(cookies: string, category: OptionalCategory, policy: ConsentPolicy, marker: string): boolean {
  // serializeRecord writes the categories before the revision and the policy: one pattern finds both.
  const has = (text: string) => new RegExp(`(^|; )${CONSENT_COOKIE}=[^;]*${text}`).test(cookies);
  const listed = has(`%22${category}%22[^;]*${marker}`);
  return policy === "opt-in" ? listed : listed || !has(marker);
}

const all = <T>(value: T): Record<OptionalCategory, T> => ({ preferences: value, analytics: value, marketing: value });

/** The decision for a page: the stored choice when current; otherwise the policy's default. */
export function decide(record: ConsentRecord | undefined, context: ConsentContext): ConsentState {
  const current = isCurrent(record, context) ? record : undefined;
  const granted: Choices = current ? { ...current.choices } : all(context.policy === "opt-out");
  const source: Record<OptionalCategory, ChoiceSource> = all(current ? (current.method === "manager" ? "manager" : "banner") : "policy");
  const explicitMarketing = current && (current.method === "preferences" || current.method === "manager") && current.choices.marketing;
  if (context.gpc && !explicitMarketing) {
    granted.marketing = false;
    source.marketing = "gpc";
  }
  return {
    pending: !current && context.policy === "opt-in",
    granted,
    source,
    ...(current ? { record: current } : {}),
    policy: context.policy,
    gpc: context.gpc,
  };
}

/** A change of the page's consent: the state after it and the one before. */
export interface ConsentChange {
  state: ConsentState;
  previous: ConsentState;
}

/**
 * The one face every part of the browser reads consent through (`window.__ndConsent`, src/lib/handover.ts),
 * installed by src/consent/face.ts.
 */
export interface ConsentFace {
  state(): ConsentState;
  granted(category: ConsentCategory): boolean;
  /** Records the visitor's choice (built-in banner, preferences, do-not-sell link, or a hosted manager's adapter). */
  choose(method: ChoiceMethod, shown?: Partial<Choices>): ConsentState;
  /** Called after every change, with the state before it; returns the unsubscribe function. */
  subscribe(listener: (change: ConsentChange) => void): () => void;
}

/** `necessary` is always granted; an optional category as decided. */
export const isGranted = (state: ConsentState, category: ConsentCategory): boolean => category === "necessary" || state.granted[category];

/** A new record id: a random UUID (122 random bits), as the banner library makes its consentId. */
export function newRecordId(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const b = random(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A new record secret: 128 random bits as hex. */
export function newRecordSecret(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  return Array.from(random(new Uint8Array(16)), (x) => x.toString(16).padStart(2, "0")).join("");
}

/** The choices a method stands for, given the choices shown (the preferences' toggles, or a manager's saved state). */
export function choicesFor(method: ChoiceMethod, shown: Partial<Choices>, previous: Choices): Choices {
  switch (method) {
    case "accept-all":
      return all(true);
    case "reject-all":
      return all(false);
    case "do-not-sell":
      return { ...previous, ...shown, marketing: false };
    default:
      return { ...previous, ...shown };
  }
}

/** The categories whose grant was withdrawn between two states (their vendors stop, their storage goes). */
export const withdrawn = (before: Choices, after: Choices): OptionalCategory[] => OPTIONAL_CATEGORIES.filter((c) => before[c] && !after[c]);
/** The categories newly granted (their vendors start, without a reload). */
export const newlyGranted = (before: Choices, after: Choices): OptionalCategory[] =>
  OPTIONAL_CATEGORIES.filter((c) => !before[c] && after[c]);
