import { describe, expect, it } from "vitest";
import { CreateProfileResponse, buildPageEvent } from "@ninetailed/experience.js-shared";
import { createExperienceApi } from "../../../emulators/experience-api";
import { mapExperienceEntry } from "../../../../src/node/content/experiences";
import { SIGNUP_EXPERIMENT_ID, experiencesFor, slotContents, testVariationFor } from "../../../../src/personalization/experiences";

const BASE = "/v2/organizations/e2e-org/environments/main";

const pageEvent = (url: string, referrer = "") =>
  buildPageEvent({
    messageId: "m1",
    timestamp: Date.now(),
    ctx: { url, referrer, locale: "en-US", userAgent: "test", document: { title: "Home" } },
    properties: {},
    location: {},
  } as unknown as Parameters<typeof buildPageEvent>[0]);

async function createProfile(api: ReturnType<typeof createExperienceApi>, url: string, referrer = "") {
  const response = await api.handle({
    method: "POST",
    url: `${BASE}/profiles`,
    body: JSON.stringify({ events: [pageEvent(url, referrer)], options: {} }),
  });
  return response;
}

describe("local Experience API (docs/product-rules.md#personalization-service)", () => {
  it("answers exactly the SDK's response shape, with open CORS", async () => {
    const api = createExperienceApi();
    const response = await createProfile(api, "https://www.northdesk.com/");
    expect(response.status).toBe(200);
    expect(response.headers["Access-Control-Allow-Origin"]).toBe("*");
    const parsed = CreateProfileResponse.parse(JSON.parse(response.body));
    expect(parsed.data.profile.audiences).toEqual([]);
    const again = await api.handle({ method: "GET", url: `${BASE}/profiles/${parsed.data.profile.id}` });
    expect(CreateProfileResponse.parse(JSON.parse(again.body)).data.profile.id).toBe(parsed.data.profile.id);
  });

  it("a visitor from a campaign joins the campaign audience and gets the navigation and hero variants", async () => {
    const api = createExperienceApi();
    const { data } = CreateProfileResponse.parse(
      JSON.parse((await createProfile(api, "https://www.northdesk.com/?utm_campaign=spring")).body),
    );
    expect(data.profile.audiences).toContain("campaign-visitors");
    const ids = data.experiences.map((e) => e.experienceId);
    expect(ids).toEqual(expect.arrayContaining(["nav-campaign-visitors", "home-hero-campaign-visitors", SIGNUP_EXPERIMENT_ID]));
    expect(data.experiences.find((e) => e.experienceId === "nav-campaign-visitors")).toMatchObject({
      variantIndex: 1,
      variants: { "navigation:baseline": "navigation:campaign-visitors" },
    });
  });

  it("a visitor from a review site joins the comparison audience; a direct visitor only gets the experiment", async () => {
    const api = createExperienceApi();
    const review = CreateProfileResponse.parse(
      JSON.parse((await createProfile(api, "https://www.northdesk.com/", "https://www.g2.com/x")).body),
    );
    expect(review.data.profile.audiences).toEqual(["comparison-shoppers"]);
    const direct = CreateProfileResponse.parse(JSON.parse((await createProfile(api, "https://www.northdesk.com/")).body));
    expect(direct.data.experiences.map((e) => e.experienceId)).toEqual([SIGNUP_EXPERIMENT_ID]);
    expect([0, 1]).toContain(direct.data.experiences[0].variantIndex);
  });

  it("the experiment's variant is stable per profile (sticky) and held-out profiles get nothing", async () => {
    const api = createExperienceApi();
    const first = CreateProfileResponse.parse(JSON.parse((await createProfile(api, "https://www.northdesk.com/")).body)).data;
    const update = await api.handle({
      method: "POST",
      url: `${BASE}/profiles/${first.profile.id}`,
      body: JSON.stringify({ events: [pageEvent("https://www.northdesk.com/pricing/")] }),
    });
    const second = CreateProfileResponse.parse(JSON.parse(update.body)).data;
    expect(second.profile.random).toBe(first.profile.random);
    expect(second.experiences).toEqual(first.experiences);
    api.control({ mode: "normal", holdoutBelow: 1 });
    const held = CreateProfileResponse.parse(JSON.parse((await createProfile(api, "https://www.northdesk.com/?utm_campaign=x")).body));
    expect(held.data.experiences).toEqual([]);
  });

  it("answers 503 once, fails, or rejects requests without events when told", async () => {
    const api = createExperienceApi();
    await api.handle({ method: "POST", url: "/__control", body: JSON.stringify({ mode: "503-once" }) });
    expect((await createProfile(api, "https://www.northdesk.com/")).status).toBe(503);
    expect((await createProfile(api, "https://www.northdesk.com/")).status).toBe(200);
    api.control({ mode: "fail" });
    expect((await createProfile(api, "https://www.northdesk.com/")).status).toBe(500);
    api.control({ mode: "normal" });
    const empty = await api.handle({ method: "POST", url: `${BASE}/profiles`, body: JSON.stringify({ events: [] }) });
    expect(empty.status).toBe(400);
    expect((await api.handle({ method: "OPTIONS", url: `${BASE}/profiles` })).status).toBe(204);
  });
});

describe("experiences as content (docs/product-rules.md#personalization-data)", () => {
  it("ExperienceMapper turns an nt_experience entry into the SDK's configuration", () => {
    const mapped = mapExperienceEntry(
      {
        nt_experience_id: "exp",
        nt_name: "Exp",
        nt_type: "nt_experiment",
        nt_config: { traffic: 0.5, components: [{ baseline: { id: "a" }, variants: [{ id: "b" }] }] },
        nt_variants: ["b"],
      },
      [],
    );
    expect(mapped).toMatchObject({
      id: "exp",
      type: "nt_experiment",
      trafficAllocation: 0.5,
      sticky: false,
      distribution: [
        { index: 0, start: 0, end: 0.5 },
        { index: 1, start: 0.5, end: 1 },
      ],
      components: [{ baseline: { id: "a" }, variants: [{ id: "b" }] }],
    });
  });

  it("variants are joined to content by id; unknown ones are dropped", () => {
    const data = [
      {
        experienceId: "e",
        type: "nt_personalization",
        name: "E",
        audience: "aud",
        trafficAllocation: 1,
        distribution: [{ index: 0, start: 0, end: 1 }],
        sticky: false,
        components: [{ baseline: { id: "x" }, variants: [{ id: "x1" }, { id: "missing" }] }],
      },
    ];
    const configs = experiencesFor(data, "x", (id) => (id === "x1" ? { title: "variant" } : undefined));
    expect(configs).toHaveLength(1);
    expect(configs[0].audience).toEqual({ id: "aud" });
    expect(configs[0].components[0]).toMatchObject({ type: "EntryReplacement", variants: [{ id: "x1", content: { title: "variant" } }] });
    expect(experiencesFor(data, "other", () => ({}))).toEqual([]);
  });

  it("a slot's contents are its baseline and every shown variant, once each (room is reserved for all)", () => {
    const baseline = { title: "baseline" };
    const shared = { title: "shared" };
    const experience = (id: string, variants: { id: string; hidden?: boolean }[]) => ({
      experienceId: id,
      type: "nt_personalization",
      name: id,
      trafficAllocation: 1,
      distribution: [{ index: 0, start: 0, end: 1 }],
      sticky: false,
      components: [{ baseline: { id: "x" }, variants }],
    });
    const data = [experience("e1", [{ id: "v1" }, { id: "gone", hidden: true }]), experience("e2", [{ id: "v2" }])];
    const configs = experiencesFor(data, "x", (id) => (id === "v1" || id === "v2" ? shared : undefined));
    expect(slotContents(baseline, configs)).toEqual([baseline, shared]);
    expect(slotContents(baseline, [])).toEqual([baseline]);
  });

  it("the sign-up experiment's variant 0 is 51-A and 1 is 51-B", () => {
    expect(testVariationFor(0)).toBe("51-A");
    expect(testVariationFor(1)).toBe("51-B");
    expect(testVariationFor(2)).toBeUndefined();
    expect(testVariationFor(undefined)).toBeUndefined();
  });
});
