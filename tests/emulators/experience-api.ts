/**
 * A local Experience API (docs/product-rules.md#personalization-service; docs/architecture.md#testing) answering exactly the shape the Ninetailed SDK
 * parses: {message, error, data: {profile, experiences: [{experienceId, variantIndex, variants, sticky}], changes}}.
 *
 *   GET  /v2/organizations/{clientId}/environments/{env}/profiles/{id}
 *   POST /v2/organizations/{clientId}/environments/{env}/profiles          body {events, options}
 *   POST /v2/organizations/{clientId}/environments/{env}/profiles/{id}     body {events, options}
 *   POST /v2/organizations/{clientId}/environments/{env}/events            body {events, options} → data.profiles
 *   POST /__control  {mode: "normal" | "slow" | "503-once" | "fail", delayMs?, holdoutBelow?, forceVariants?}
 *   GET  /__events   every event received, in order
 *
 * Audiences come from the events (utm campaign in the page's url/campaign, the referrer's host), the
 * random is stable per profile, and experiences are selected by audience, traffic allocation and
 * distribution with the SDK's own functions. Bodies arrive as text/plain JSON; CORS is open.
 *
 * Run standalone: `npx tsx tests/emulators/experience-api.ts` (PORT, default 9301). Tests import
 * createExperienceApi and call handle() from a Playwright route, in process.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import crypto from "node:crypto";
import { getDistributionRandom, getTrafficRandom, type ExperienceConfiguration, type Reference } from "@ninetailed/experience.js-shared";
import { mapExperienceEntry, type AudienceEntry, type ExperienceEntry } from "../../src/node/content/experiences";

export interface ApiRequest {
  method: string;
  url: string;
  body?: string | null;
}
export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}
export type Mode = "normal" | "slow" | "503-once" | "fail";
export interface Control {
  mode: Mode;
  /** "slow": how long each answer waits (a large value is a hung API). */
  delayMs?: number;
  /** Profiles whose random is below this are held out (baseline for every experience). */
  holdoutBelow?: number;
  /** experienceId → variantIndex for new selections (e.g. to see both arms of an experiment). */
  forceVariants?: Record<string, number>;
}

interface StoredProfile {
  id: string;
  stableId: string;
  random: number;
  audiences: string[];
  traits: Record<string, unknown>;
  sessionCount: number;
  landingPage: { path: string; query: Record<string, string>; referrer: string; search: string; url: string };
  /** sticky selections: experienceId → variantIndex */
  sticky: Record<string, number>;
}

export const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type, X-Force-IP",
  "Access-Control-Max-Age": "600",
};

const json = (status: number, value: unknown): ApiResponse => ({
  status,
  headers: { ...CORS_HEADERS, "Content-Type": "application/json" },
  body: JSON.stringify(value),
});
const fail = (status: number, message: string) => json(status, { message, error: true, data: {} });

/** A stable number in [0, 1) from a string. */
const stableRandom = (text: string) => crypto.createHash("sha256").update(text).digest().readUInt32BE(0) / 2 ** 32;

export function loadPersonalizationContent(contentDir = path.resolve("content")) {
  const read = <T>(name: string): T[] => {
    const file = path.join(contentDir, "personalization", name);
    return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as T[]) : [];
  };
  const audiences = read<AudienceEntry>("audiences.json");
  const experiences = read<ExperienceEntry>("experiences.json").map((e) => mapExperienceEntry(e, audiences));
  return { audiences, experiences };
}

type Event = {
  type?: string;
  properties?: Record<string, unknown>;
  traits?: Record<string, unknown>;
  context?: {
    page?: { url?: string; referrer?: string; path?: string; query?: Record<string, string>; search?: string };
    campaign?: { name?: string };
  };
};

function hostOf(url: string | undefined): string {
  try {
    return url ? new URL(url).hostname.replace(/^www\./, "") : "";
  } catch {
    return "";
  }
}

/** The audiences an event puts a profile in (docs/product-rules.md#personalization-data; rules from content/personalization/audiences.json). */
export function audiencesFor(event: Event, audiences: AudienceEntry[]): string[] {
  const pageUrl = (event.context?.page?.url ?? (event.properties?.url as string | undefined)) || "";
  let campaign = event.context?.campaign?.name ?? "";
  try {
    campaign ||= new URL(pageUrl).searchParams.get("utm_campaign") ?? "";
  } catch {
    // no url
  }
  const referrerHost = hostOf(event.context?.page?.referrer ?? (event.properties?.referrer as string | undefined));
  return audiences
    .filter(({ nt_rules: rules }) => {
      const byCampaign =
        rules.utmCampaign !== undefined && campaign !== "" && (rules.utmCampaign === "*" || rules.utmCampaign.includes(campaign));
      const byReferrer = !!referrerHost && (rules.referrerHosts ?? []).some((h) => referrerHost === h || referrerHost.endsWith(`.${h}`));
      return byCampaign || byReferrer;
    })
    .map((a) => a.nt_audience_id);
}

export function createExperienceApi(content = loadPersonalizationContent()) {
  const profiles = new Map<string, StoredProfile>();
  const events: Array<Event & { profileId: string }> = [];
  let control: Control = { mode: "normal" };
  let pending503 = false;

  const profileView = (p: StoredProfile) => ({
    id: p.id,
    stableId: p.stableId,
    random: p.random,
    audiences: p.audiences,
    traits: p.traits,
    location: {},
    session: {
      id: `${p.id}-session`,
      isReturningVisitor: p.sessionCount > 1,
      landingPage: p.landingPage,
      count: p.sessionCount,
      activeSessionLength: 0,
      averageSessionLength: 0,
    },
  });

  function select(p: StoredProfile) {
    const selected: { experienceId: string; variantIndex: number; variants: Record<string, string>; sticky: boolean }[] = [];
    const held = p.random < (control.holdoutBelow ?? 0);
    for (const experience of content.experiences as ExperienceConfiguration<Reference>[]) {
      if (held) continue;
      const sdkProfile = { ...profileView(p) } as Parameters<typeof getTrafficRandom>[0];
      const inTraffic = experience.trafficAllocation > getTrafficRandom(sdkProfile, experience);
      const inAudience = !experience.audience || p.audiences.includes(experience.audience.id);
      if (!inTraffic || !inAudience) continue;
      let variantIndex = p.sticky[experience.id];
      if (variantIndex === undefined && control.forceVariants?.[experience.id] !== undefined) {
        variantIndex = control.forceVariants[experience.id];
        if (experience.sticky) p.sticky[experience.id] = variantIndex;
      }
      if (variantIndex === undefined) {
        const r = getDistributionRandom(sdkProfile, experience);
        variantIndex = experience.distribution.find(({ start, end }) => r >= start && r <= end)?.index ?? 0;
        if (experience.sticky) p.sticky[experience.id] = variantIndex;
      }
      const variants: Record<string, string> = {};
      for (const component of experience.components) {
        if (!("id" in component.baseline)) continue;
        const list = [component.baseline, ...component.variants] as { id: string }[];
        variants[component.baseline.id] = list[variantIndex]?.id ?? component.baseline.id;
      }
      selected.push({ experienceId: experience.id, variantIndex, variants, sticky: experience.sticky ?? false });
    }
    return selected;
  }

  function newProfile(id: string = crypto.randomUUID()): StoredProfile {
    const p: StoredProfile = {
      id,
      stableId: id,
      random: stableRandom(id),
      audiences: [],
      traits: {},
      sessionCount: 1,
      landingPage: { path: "", query: {}, referrer: "", search: "", url: "" },
      sticky: {},
    };
    profiles.set(id, p);
    return p;
  }

  function apply(p: StoredProfile, list: Event[]) {
    for (const event of list) {
      events.push({ ...event, profileId: p.id });
      if (event.type === "page" && !p.landingPage.url && event.context?.page) {
        const page = event.context.page;
        p.landingPage = {
          path: page.path ?? "",
          query: page.query ?? {},
          referrer: page.referrer ?? "",
          search: page.search ?? "",
          url: page.url ?? "",
        };
      }
      if (event.type === "identify" && event.traits) Object.assign(p.traits, event.traits);
      for (const audience of audiencesFor(event, content.audiences)) if (!p.audiences.includes(audience)) p.audiences.push(audience);
    }
  }

  const answer = (p: StoredProfile) =>
    json(200, { message: "", error: null, data: { profile: profileView(p), experiences: select(p), changes: [] } });

  async function handle(request: ApiRequest): Promise<ApiResponse> {
    const url = new URL(request.url, "http://experience.local");
    const method = request.method.toUpperCase();
    if (method === "OPTIONS") return { status: 204, headers: CORS_HEADERS, body: "" };
    if (url.pathname === "/__control" && method === "POST") {
      control = { mode: "normal", ...(JSON.parse(request.body || "{}") as Partial<Control>) };
      pending503 = control.mode === "503-once";
      return json(200, control);
    }
    if (url.pathname === "/__events") return json(200, events);

    const match = /^\/v2\/organizations\/([^/]+)\/environments\/([^/]+)\/(profiles|events)(?:\/([^/]+))?\/?$/.exec(url.pathname);
    if (!match) return fail(404, "Not found");
    if (control.mode === "slow") await new Promise((resolve) => setTimeout(resolve, control.delayMs ?? 10_000));
    if (control.mode === "fail") return fail(500, "The Experience API failed (emulated)");
    if (pending503) {
      pending503 = false;
      return { ...fail(503, "Service unavailable (emulated)"), status: 503 };
    }

    const [, , , resource, id] = match;
    if (method === "GET" && resource === "profiles" && id) {
      const p = profiles.get(id);
      return p ? answer(p) : fail(404, `Profile ${id} not found`);
    }
    if (method !== "POST") return fail(405, "Method not allowed");
    let body: { events?: unknown };
    try {
      body = JSON.parse(request.body || "{}") as { events?: unknown };
    } catch {
      return fail(400, "The body is not JSON");
    }
    // docs/product-rules.md#personalization-events: a request carrying events needs at least one event.
    if (!Array.isArray(body.events) || body.events.length === 0) return fail(400, "events must be a non-empty array");
    const list = body.events as Event[];

    if (resource === "events") {
      const byProfile = new Map<string, Event[]>();
      for (const event of list) {
        const anonymousId = (event as { anonymousId?: string }).anonymousId ?? crypto.randomUUID();
        byProfile.set(anonymousId, [...(byProfile.get(anonymousId) ?? []), event]);
      }
      const out = [...byProfile].map(([anonymousId, evs]) => {
        const p = profiles.get(anonymousId) ?? newProfile(anonymousId);
        apply(p, evs);
        return profileView(p);
      });
      return json(200, { message: "", error: null, data: { profiles: out } });
    }
    const p = (id && profiles.get(id)) || newProfile(id);
    apply(p, list);
    return answer(p);
  }

  return {
    handle,
    control: (next: Control) => {
      control = next;
      pending503 = next.mode === "503-once";
    },
    events: () => events,
    profiles,
  };
}

export type ExperienceApi = ReturnType<typeof createExperienceApi>;

/** The API as a node http server. */
export function startExperienceApiServer(port: number, api: ExperienceApi = createExperienceApi()): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void api
        .handle({ method: req.method ?? "GET", url: req.url ?? "/", body: Buffer.concat(chunks).toString("utf8") })
        .then((response) => {
          res.writeHead(response.status, response.headers);
          res.end(response.body);
        });
    });
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

if (process.argv[1] && /experience-api\.ts$/.test(process.argv[1])) {
  const port = Number(process.env.PORT ?? 9301);
  void startExperienceApiServer(port).then(() => console.log(`Experience API emulator on http://127.0.0.1:${port}`));
}
