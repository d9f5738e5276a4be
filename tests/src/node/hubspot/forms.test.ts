/**
 * Lead forms sourced from HubSpot's marketing forms API v3. The mapping, against recorded
 * API JSON in HubSpot's documented shape (fixtures/hubspot-forms.json); paging and auth against the
 * emulator; the sourced nodes and the server snapshot; and delivery under the HubSpot form's GUID.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { fetchHubSpotForms, loadHubSpotForms, mapHubSpotForm, slugify, type HubSpotForm } from "../../../../src/node/hubspot/forms";
import { sourceHubSpotForms } from "../../../../src/node/hubspot/source";
import { SourcingState } from "../../../../src/node/sourcing/sourcing-state";
import { formsDir, loadFormDefinitions } from "../../../../src/node/lead-forms";
import { handleSubmitForm } from "../../../../src/server/handlers";
import { startHubSpotEmulator, type HubSpotEmulator } from "../../../emulators/hubspot";
import { deps, fakeReq, fakeRes, tempLeadsDir } from "../../../fixtures/lead-server-helpers";
import { REPO_ROOT } from "../../../fixtures/repo-root";

const recorded = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "tests/fixtures/hubspot-forms.json"), "utf8")) as HubSpotForm[];
const byName = (name: string) => recorded.find((f) => f.name === name)!;

let emulator: HubSpotEmulator;
let tmp: string;
beforeAll(async () => {
  emulator = await startHubSpotEmulator();
});
afterAll(() => emulator.close());
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "nd-hubspot-forms-"));
  emulator.reset();
  emulator.forms = structuredClone(recorded) as unknown as Record<string, unknown>[];
  emulator.formsPageSize = 2;
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
  vi.restoreAllMocks();
});

describe("mapping a HubSpot v3 form to a LeadForm", () => {
  it("keeps ids, groups, fields, options, consent and the submit text", () => {
    const { form, warnings } = mapHubSpotForm(byName("Get a demo"));
    expect(form).toMatchObject({
      alternative_id: "get-a-demo",
      guid: "b6336282-50ec-465e-894e-e368146fa25f",
      name: "Get a demo",
      displayOptions: { submitButtonText: "Book my demo" },
      configuration: { postSubmitAction: { type: "thank_you", value: "<p>Thanks! A product expert will email you.</p>" } },
      legalConsentOptions: {
        consentToProcessText: "To provide you the content requested, we need to store and process your personal data.",
        privacyText: "You can unsubscribe from these communications at any time.",
        communicationsCheckboxes: [
          { label: "I agree to receive other communications from Northdesk.", subscriptionTypeId: 908, required: false },
        ],
      },
    });
    const groups = form!.fieldGroups!;
    expect(groups.map((g) => g.alternative_fields.map((f) => f.name))).toEqual([
      ["firstname", "lastname"],
      ["email"],
      ["phone"],
      ["numberofemployees"],
      ["demo_date", "utm_source", "tools"],
      ["wants_newsletter"],
    ]);
    const field = (name: string) => groups.flatMap((g) => g.alternative_fields).find((f) => f.name === name)!;
    expect(field("firstname")).toEqual({
      name: "firstname",
      label: "First name",
      placeholder: "Jordan",
      fieldType: "single_line_text",
      required: true,
      hidden: false,
      objectTypeId: "0-1",
    });
    // the default block list is HubSpot's free-mail list: our prefixes, next to the form's own entries
    expect(field("email").validation?.blockedEmailDomains).toEqual([
      "example.org",
      "gmail.",
      "yahoo.",
      "hotmail.",
      "outlook.",
      "aol.",
      "icloud.",
    ]);
    expect(field("phone").fieldType).toBe("single_line_text");
    expect(field("demo_date").fieldType).toBe("single_line_text");
    // options in displayOrder, objectTypeId kept (a company property)
    expect(field("numberofemployees")).toMatchObject({ fieldType: "dropdown", objectTypeId: "0-2" });
    expect(field("numberofemployees").options!.map((o) => o.value)).toEqual(["1-10", "11-50", "51+"]);
    expect(field("utm_source")).toMatchObject({ hidden: true, defaultValue: "" });
    expect(field("tools")).toMatchObject({ fieldType: "dropdown", defaultValues: ["email", "chat"] });
    expect(field("wants_newsletter")).toMatchObject({
      fieldType: "radio",
      options: [
        { value: "true", label: "Yes" },
        { value: "false", label: "No" },
      ],
    });
    // a rich-text-only group's text goes with the next group of fields
    expect(groups[4].richText).toBe("<p>We reply within <strong>one business day</strong>.</p>");
    expect(warnings).toEqual([
      expect.stringMatching(/tools: multiple checkboxes become a dropdown/),
      expect.stringMatching(/plan: type payment_link_radio is not supported; left out/),
    ]);
  });

  it("a redirect post-submit action becomes redirectUrl; consent type none leaves consent out", () => {
    const { form } = mapHubSpotForm(byName("Free trial"));
    expect(form).toMatchObject({ alternative_id: "free-trial", redirectUrl: "https://secure.northdesk.com/members/register/" });
    expect(form!.configuration).toBeUndefined();
    expect(form!.legalConsentOptions).toBeUndefined();
    expect(form!.fieldGroups![0].alternative_fields[0].validation).toBeUndefined();
  });

  it("a form that does not fit our shape (a field name the server cannot accept) is left out with a warning", () => {
    const { form, warnings } = mapHubSpotForm(byName("Partner referral"));
    expect(form).toBeNull();
    expect(warnings.join("\n")).toMatch(/legitimate_interest is not supported/);
    expect(warnings.join("\n")).toMatch(/does not fit the lead form shape .*alternative_fields\.0\.name/);
  });

  it("names become ids the pages embed", () => {
    expect(slugify("Get a demo")).toBe("get-a-demo");
    expect(slugify("  Café — Contact Sales (2025) ")).toBe("cafe-contact-sales-2025");
    expect(mapHubSpotForm({ id: "x", name: "!!!" }).form).toBeNull();
  });
});

describe("reading the forms API", () => {
  it("follows paging.next.after, sends the bearer token, skips archived forms and keeps the first of two same-named forms", async () => {
    const seen: string[] = [];
    const spy: typeof fetch = async (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    };
    const { forms, warnings } = await loadHubSpotForms({ accessToken: "pat-test", apiUrl: emulator.url }, spy);
    expect(seen).toHaveLength(3); // 5 forms, 2 per page
    expect(seen[1]).toContain("after=2");
    expect(forms.map((f) => [f.alternative_id, f.guid])).toEqual([
      ["get-a-demo", "b6336282-50ec-465e-894e-e368146fa25f"],
      ["free-trial", "3f1c8a52-7d4e-4b2a-9a0e-2c1d5e6f7a8b"],
    ]);
    expect(warnings.join("\n")).toMatch(/"Get a demo!" .*another form is already named get-a-demo/);
  });

  it("refuses to build on an unauthorised or failing API", async () => {
    const noAuth: typeof fetch = (input, init) => fetch(input, { ...init, headers: {} });
    await expect(fetchHubSpotForms({ accessToken: "pat-test", apiUrl: emulator.url }, noAuth)).rejects.toThrow(/answered 401/);
    await expect(fetchHubSpotForms({ accessToken: "pat-test", apiUrl: `${emulator.url}/nowhere` })).rejects.toThrow(/answered 404/);
  });
});

describe("sourcing at build time", () => {
  const args = () => {
    const nodes: Record<string, any>[] = [];
    return {
      nodes,
      actions: {
        createNode: (node: Record<string, any>) => nodes.push(node),
        deleteNode: (node: Record<string, any>) => nodes.splice(nodes.indexOf(node), 1),
      },
      getNode: (id: string) => nodes.find((n) => n.id === id),
      getNodes: () => [...nodes],
      createNodeId: (key: string) => `id:${key}`,
      createContentDigest: (data: unknown) => JSON.stringify(data).length.toString(),
      reporter: { warn: vi.fn(), info: vi.fn() },
    };
  };

  it("creates HubSpotLeadForm nodes and the snapshot the functions validate against", async () => {
    const a = args();
    const snapshot = path.join(tmp, "hubspot.json");
    const state = SourcingState.read(tmp);
    const ids = await sourceHubSpotForms({ accessToken: "pat-test", apiUrl: emulator.url }, a as any, state, fetch, snapshot);
    expect([...ids]).toEqual(["get-a-demo", "free-trial"]);
    expect(a.nodes.map((n) => [n.internal.type, n.alternative_id, n.isCompact])).toEqual([
      ["HubSpotLeadForm", "get-a-demo", false],
      ["HubSpotLeadForm", "free-trial", false],
    ]);
    expect(a.reporter.warn).toHaveBeenCalledTimes(5);

    // the server: HubSpot's get-a-demo replaces the embedded one, the embedded others stay
    const forms = loadFormDefinitions(formsDir(path.join(REPO_ROOT, "content")), snapshot);
    expect(forms.get("get-a-demo")?.guid).toBe("b6336282-50ec-465e-894e-e368146fa25f");
    expect(forms.get("newsletter")?.guid).toBeUndefined();

    // without HubSpot the snapshot goes, so an embedded build never validates against stale HubSpot forms,
    // and so do the nodes of the forms sourced before
    expect(await sourceHubSpotForms(undefined, a as any, state, fetch, snapshot)).toEqual(new Set());
    expect(fs.existsSync(snapshot)).toBe(false);
    expect(a.nodes).toEqual([]);
  });

  it("a lead for a HubSpot-sourced form is validated against it and delivered under its GUID", async () => {
    const snapshot = path.join(tmp, "hubspot.json");
    await sourceHubSpotForms({ accessToken: "pat-test", apiUrl: emulator.url }, args() as any, SourcingState.read(tmp), fetch, snapshot);
    const leads = tempLeadsDir();
    const d = {
      ...deps(leads, { portalId: "12345", accessToken: "pat-test", apiUrl: emulator.url, timeoutMs: 5000 }),
      forms: loadFormDefinitions(formsDir(path.join(REPO_ROOT, "content")), snapshot),
    };
    const lead = {
      formId: "get-a-demo",
      firstname: "Jordan",
      lastname: "Rivera",
      email: "jordan@acme.com",
      numberofemployees: "11-50",
      "legal--908": "true",
    };
    const res = fakeRes();
    await handleSubmitForm(fakeReq(JSON.stringify(lead)), res, d);
    expect(res.body).toMatchObject({ success: true, delivered: true });
    expect(emulator.submissions[0]).toMatchObject({ portalId: "12345", formGuid: "b6336282-50ec-465e-894e-e368146fa25f" });
    expect(emulator.submissions[0].body.fields).toContainEqual({ objectTypeId: "0-2", name: "numberofemployees", value: "11-50" });
    // the embedded get-a-demo's fields are unknown to the HubSpot form
    const old = fakeRes();
    await handleSubmitForm(fakeReq(JSON.stringify({ ...lead, number_of_employees: "11-50" })), old, d);
    expect(old.statusCode).toBe(400);
    fs.rmSync(leads, { recursive: true, force: true });
  });
});

it("the server config reads the runtime environment even when compiled like a Gatsby Function (process.env defined as {})", async () => {
  // Gatsby compiles src/api with webpack's DefinePlugin {"process.env": "({})", "process.env.X": build-time value};
  // esbuild's define does the same substitution.
  const out = await build({
    entryPoints: [path.join(REPO_ROOT, "src/config/index.ts")],
    bundle: true,
    platform: "node",
    format: "cjs",
    write: false,
    define: { "process.env": "{}", "process.env.LEADS_DIR": '"/build-time"' },
  });
  const mod = { exports: {} as { readServerConfig: () => { leadsDir: string; hubspot?: { apiUrl: string } } } };
  new Function("module", "exports", "require", out.outputFiles[0].text)(mod, mod.exports, require);
  vi.stubEnv("LEADS_DIR", "/run-time/leads");
  vi.stubEnv("HUBSPOT_PORTAL_ID", "1");
  vi.stubEnv("HUBSPOT_ACCESS_TOKEN", "pat");
  vi.stubEnv("HUBSPOT_API_URL", "http://127.0.0.1:9455/");
  try {
    const config = mod.exports.readServerConfig();
    expect(config.leadsDir).toBe("/run-time/leads");
    expect(config.hubspot?.apiUrl).toBe("http://127.0.0.1:9455");
  } finally {
    vi.unstubAllEnvs();
  }
});
