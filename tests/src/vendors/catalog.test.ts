/**
 * The vendor catalog (docs/architecture.md#the-vendor-catalog): each entry declares every fact once, and what is
 * derived from it (start order, configuration, Consent Mode) follows it. A new vendor's entry is checked here.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { START_ORDER, VENDORS, VENDOR_IDS, consentModeConfigured, onIntent, scriptIdsFrom } from "../../../src/vendors/catalog";
import { readVendorEnv } from "../../../src/config/vendor-ids";
import { CONSENT_MODE_SIGNALS } from "../../../src/vendors/google";

const ROOT = path.resolve(__dirname, "../../..");

describe.each(VENDORS.map((v) => [v.id, v] as const))("the %s entry", (id, v) => {
  it("has its own id, variable and file", () => {
    expect(VENDOR_IDS.filter((other) => other === id)).toHaveLength(1);
    expect(VENDORS.filter((other) => other.env === v.env)).toHaveLength(1);
    expect(fs.existsSync(path.join(ROOT, "src/vendors", `${id}.ts`))).toBe(true);
  });

  it("is configured through src/config, by its variable written out literally (Gatsby inlines only that form)", () => {
    expect(Object.keys(readVendorEnv())).toContain(v.env);
    const source = fs.readFileSync(path.join(ROOT, "src/config/vendor-ids.ts"), "utf8");
    expect(source).toContain(`${v.env}: process.env.${v.env},`);
    expect(scriptIdsFrom({ [v.env]: "value" })[id]).toBe("value");
  });

  it("says what it is for, who receives the data and where their policy is, and what it weighs", () => {
    expect(v.purpose).toMatch(/^[A-Z][^.]*\.$/);
    expect(v.recipient.name).not.toBe("");
    expect(v.recipient.policyUrl).toMatch(/^(https:\/\/|\/privacy\/$)/);
    expect("entity" in v.bench ? v.bench.entity : v.bench.assumedMs).toBeTruthy();
  });

  it("starts by priority, on intent, or from the head, and serves at least one category", () => {
    expect(v.categories.length).toBeGreaterThan(0);
    if (typeof v.start === "object") expect(START_ORDER).toContain(id);
    else expect(START_ORDER).not.toContain(id);
    expect(onIntent(id)).toBe(v.start === "on-intent");
  });
});

describe("what the catalog derives", () => {
  it("the start order: analytics first, then Google, speed, the CRM and the marketing tags", () => {
    expect(START_ORDER).toEqual([
      "product-analytics",
      "visitor-analytics",
      "gtag",
      "tag-manager",
      "heap",
      "speed-insights",
      "crm-loader",
      "ad-pixel",
      "sales-intelligence",
      "visitor-intelligence",
      "partner-referral",
    ]);
    const priorities = VENDORS.flatMap((v) => (typeof v.start === "object" ? [v.start.priority] : []));
    expect(new Set(priorities).size).toBe(priorities.length);
  });

  it("Consent Mode is pushed only when a configured vendor obeys it", () => {
    expect(consentModeConfigured({ gtag: "G-1" })).toBe(true);
    expect(consentModeConfigured({ "tag-manager": " ", heap: "7" })).toBe(false);
    expect(Object.values(CONSENT_MODE_SIGNALS).every((c) => ["necessary", "analytics", "marketing", "preferences"].includes(c))).toBe(true);
  });
});
