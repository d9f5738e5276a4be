import { afterEach, describe, expect, it, vi } from "vitest";
import { PRODUCT_ANALYTICS_TRACK_URL, readAnalyticsBeacon } from "../../../src/config/analytics";

afterEach(() => vi.unstubAllEnvs());

const withEnv = (token: string, url: string) => {
  vi.stubEnv("GATSBY_PRODUCT_ANALYTICS_TOKEN", token);
  vi.stubEnv("GATSBY_ANALYTICS_BEACON_URL", url);
  return readAnalyticsBeacon();
};

describe("the analytics beacon's configuration", () => {
  it("is off without a product-analytics token (the vendor refuses events without one)", () => {
    expect(withEnv("", "https://collect.example.com/")).toBeUndefined();
    expect(withEnv("   ", "")).toBeUndefined();
  });
  it("goes to the vendor's track endpoint by default, or to the configured one", () => {
    expect(withEnv(" tok ", "")).toEqual({ url: PRODUCT_ANALYTICS_TRACK_URL, token: "tok" });
    expect(withEnv("tok", " /api/collect ")).toEqual({ url: "/api/collect", token: "tok" });
  });
});
