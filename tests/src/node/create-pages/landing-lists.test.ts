import { describe, expect, it } from "vitest";
import { listVariables } from "../../../../src/node/create-pages/landing-lists";

describe("landing-page list variables", () => {
  it("asks for each list only when the page has its section", () => {
    expect(listVariables(["Hero", "FeatureGrid", "CallToAction"])).toEqual({});
    expect(listVariables(["Hero", "JobList"])).toEqual({ withJobs: true });
    expect(listVariables(["CompanyList", "IntegrationList", "JobList", "CompanyList"])).toEqual({
      withCompanies: true,
      withIntegrations: true,
      withJobs: true,
    });
  });

  it("ignores unknown block types and inherited property names", () => {
    expect(listVariables(["Unknown", "toString", "constructor", "__proto__"])).toEqual({});
  });
});
