import { createRequire } from "node:module";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  browserBuildConstants,
  livePreviewConstant,
  netlifyAdapterDetected,
  personalizationSdkConstant,
  readManagementConfig,
  readServerConfig,
  typegenOnBuild,
} from "../../../src/config";
import { SERVER_SETTINGS } from "../../../src/config/server-schema";

/** Every variable these tests touch starts unset, whatever the machine running them has exported. */
const NAMES = [...SERVER_SETTINGS, "GATSBY_NINETAILED_CLIENT_ID", "NETLIFY", "NETLIFY_LOCAL"];
const withEnv = (values: Record<string, string>) => {
  for (const name of NAMES) vi.stubEnv(name, values[name] ?? "");
};
afterEach(() => vi.unstubAllEnvs());

describe("configuration: every value optional, unset means the embedded default (docs/architecture.md#configuration)", () => {
  it("with nothing set, the site builds from content/ with the file outbox and no third party", () => {
    withEnv({});
    const config = readServerConfig();
    expect(config).toMatchObject({
      siteUrl: "https://www.northdesk.com",
      contentDir: undefined,
      contentful: undefined,
      hubspot: undefined,
      hubspotForms: undefined,
      imageCdnDomain: undefined,
      leadsDir: ".data/leads",
      databaseUrl: undefined,
      databasePoolSize: 4,
      serverless: false,
      netlify: false,
      netlifyBuild: false,
    });
    expect(config.protection).toMatchObject({ rateLimit: 20, rateWindowSeconds: 60, trustedProxyHops: 0, allowLoopbackOrigins: true });
    expect(config.protection.hostIpHeader).toBeUndefined();
    expect(config.protection.allowedOrigins).toEqual(["https://www.northdesk.com", "https://staging.northdesk.com"]);
  });

  it('the CSP settings: enforced by default; CSP_REPORT_ONLY is "true" or "false", nothing else (docs/security.md#report-only)', () => {
    withEnv({});
    expect(readServerConfig().csp).toEqual({ reportOnly: false, reportsFile: undefined, rateLimit: 60 });
    withEnv({ CSP_REPORT_ONLY: "true", CSP_REPORTS_FILE: "/tmp/reports.jsonl", CSP_REPORT_RATE_LIMIT: "0" });
    expect(readServerConfig().csp).toEqual({ reportOnly: true, reportsFile: "/tmp/reports.jsonl", rateLimit: 0 });
    withEnv({ CSP_REPORT_ONLY: "false" });
    expect(readServerConfig().csp.reportOnly).toBe(false);
    withEnv({ CSP_REPORT_ONLY: "yes" });
    expect(() => readServerConfig()).toThrow('CSP_REPORT_ONLY must be "true" or "false" (got "yes")');
  });

  it("treats a blank or whitespace-only value as unset and trims the others", () => {
    withEnv({ SITE_URL: "  https://example.org/  ", LEADS_DIR: "   ", DATABASE_URL: " " });
    const config = readServerConfig();
    expect(config.siteUrl).toBe("https://example.org");
    expect(config.leadsDir).toBe(".data/leads");
    expect(config.databaseUrl).toBeUndefined();
  });

  it("sources from Contentful only when both the space and the token are set", () => {
    withEnv({ CONTENTFUL_SPACE_ID: "space" });
    expect(readServerConfig().contentful).toBeUndefined();
    withEnv({ CONTENTFUL_SPACE_ID: "space", CONTENTFUL_ACCESS_TOKEN: "token", CONTENTFUL_HOST: "preview.contentful.com" });
    expect(readServerConfig().contentful).toEqual({
      spaceId: "space",
      accessToken: "token",
      environment: "master",
      host: "preview.contentful.com",
    });
  });

  it("delivers to HubSpot only with a portal and a token; the token alone sources the forms", () => {
    withEnv({ HUBSPOT_ACCESS_TOKEN: "pat" });
    expect(readServerConfig().hubspot).toBeUndefined();
    expect(readServerConfig().hubspotForms).toEqual({ accessToken: "pat", apiUrl: "https://api.hubapi.com" });
    withEnv({
      HUBSPOT_PORTAL_ID: "908",
      HUBSPOT_ACCESS_TOKEN: "pat",
      HUBSPOT_API_URL: "http://127.0.0.1:9455/",
    });
    expect(readServerConfig().hubspot).toEqual({
      portalId: "908",
      accessToken: "pat",
      apiUrl: "http://127.0.0.1:9455",
      timeoutMs: 8000,
      crmApiUrl: "http://127.0.0.1:9455",
      // the hosts a lead's pageUri may name (SITE_URL's and the marketing hosts, loopback for local runs)
      siteHosts: ["www.northdesk.com", "staging.northdesk.com", "localhost", "127.0.0.1", "[::1]"],
    });
  });

  it("reads limits, retention and alert settings as whole numbers, 0 where 0 means off", () => {
    withEnv({
      LEAD_RATE_LIMIT: "0",
      LEAD_RATE_WINDOW_SECONDS: "30",
      TRUSTED_PROXY_HOPS: "2",
      DATABASE_POOL_SIZE: "8",
      LEAD_UPLOAD_QUOTA_BYTES: "1048576",
      CONSENT_RATE_LIMIT: "0",
      LEADS_FLUSH_CONCURRENCY: "16",
      CONSENT_RETENTION_DAYS: "0",
      LEADS_REFUSED_RETENTION_DAYS: "7",
      LEADS_ALERT_AFTER_MINUTES: "15",
      HUBSPOT_PORTAL_ID: "908",
      HUBSPOT_ACCESS_TOKEN: "pat",
      HUBSPOT_TIMEOUT_MS: "2500",
    });
    const config = readServerConfig();
    expect(config.protection).toMatchObject({
      rateLimit: 0,
      rateWindowSeconds: 30,
      trustedProxyHops: 2,
      uploadQuotaBytes: 1048576,
      consentRateLimit: 0,
    });
    expect(config.databasePoolSize).toBe(8);
    expect(config.leadsFlush).toMatchObject({ concurrency: 16, consentRetentionDays: 0, refusedRetentionDays: 7 });
    expect(config.leadsAlerts).toEqual({ webhookUrl: undefined, afterMinutes: 15, everyMinutes: 240 });
    expect(config.hubspot?.timeoutMs).toBe(2500);
  });

  it("fails at start on a bad value, naming the variable and what it must be, never falling back to the default", () => {
    const cases: [Record<string, string>, string][] = [
      [{ LEAD_RATE_LIMIT: "-3" }, 'LEAD_RATE_LIMIT must be a whole number, at least 0 (got "-3")'],
      [{ LEAD_RATE_WINDOW_SECONDS: "0" }, 'LEAD_RATE_WINDOW_SECONDS must be a whole number, at least 1 (got "0")'],
      [{ TRUSTED_PROXY_HOPS: "1.5" }, 'TRUSTED_PROXY_HOPS must be a whole number, at least 0 (got "1.5")'],
      [{ DATABASE_POOL_SIZE: "0" }, "DATABASE_POOL_SIZE must be a whole number, at least 1"],
      [{ LEAD_UPLOAD_QUOTA_BYTES: "lots" }, 'LEAD_UPLOAD_QUOTA_BYTES must be a whole number, at least 0 (got "lots")'],
      [{ HUBSPOT_TIMEOUT_MS: "nonsense" }, "HUBSPOT_TIMEOUT_MS must be a whole number, at least 1"],
      [{ LEADS_FLUSH_CONCURRENCY: "17" }, 'LEADS_FLUSH_CONCURRENCY must be a whole number from 1 to 16 (got "17")'],
      [{ CONSENT_RETENTION_DAYS: "1e3" }, "CONSENT_RETENTION_DAYS must be a whole number, at least 0"],
      [{ LEADS_REFUSED_RETENTION_DAYS: "0" }, "LEADS_REFUSED_RETENTION_DAYS must be a whole number, at least 1"],
      [{ SITE_URL: "www.northdesk.com" }, 'SITE_URL must be an http(s) URL (got "www.northdesk.com")'],
      [{ HUBSPOT_API_URL: "ftp://api.test" }, "HUBSPOT_API_URL must be an http(s) URL"],
      [
        { LEAD_ALLOWED_ORIGINS: "https://a.example.com, not a url" },
        "LEAD_ALLOWED_ORIGINS must be a comma-separated list of http(s) origins",
      ],
      [{ GATSBY_MARKETING_HOST: "https://www.example.org" }, "GATSBY_MARKETING_HOST must be a host name"],
    ];
    for (const [values, message] of cases) {
      withEnv(values);
      expect(() => readServerConfig(), JSON.stringify(values)).toThrow(message);
    }
  });

  it("never shows a secret's value in the error, and wants 128 bits of a status token", () => {
    const secrets: [string, string, string][] = [
      ["LEADS_STATUS_TOKEN", "short-token", "LEADS_STATUS_TOKEN must be a random secret of at least 128 bits"],
      ["LEADS_STATUS_TOKEN", "a".repeat(40), "LEADS_STATUS_TOKEN must be a random secret of at least 128 bits"],
      ["DATABASE_URL", "mysql://user:hunter2@db/leads", "DATABASE_URL must be a postgres:// or postgresql:// URL"],
      ["LEADS_ALERT_WEBHOOK_URL", "hooks.slack.com/services/T0/B0/hunter2", "LEADS_ALERT_WEBHOOK_URL must be an http(s) URL"],
    ];
    for (const [name, value, message] of secrets) {
      withEnv({ [name]: value });
      expect(() => readServerConfig()).toThrow(message);
      expect(() => readServerConfig()).not.toThrow(value);
    }
    withEnv({ LEADS_STATUS_TOKEN: "0123456789abcdef0123456789abcdef", DATABASE_URL: "postgres://db/leads" });
    expect(readServerConfig()).toMatchObject({ leadsStatusToken: "0123456789abcdef0123456789abcdef", databaseUrl: "postgres://db/leads" });
  });

  it("reports every bad variable at once", () => {
    withEnv({ LEAD_RATE_LIMIT: "x", SITE_URL: "nope", LEADS_STATUS_TOKEN: "weak" });
    expect(() => readServerConfig()).toThrow(/^Invalid server settings:\n- .+\n- .+\n- .+$/);
  });

  it("allows posts from the site, the marketing and staging hosts and listed origins, each once", () => {
    withEnv({
      SITE_URL: "https://preview.example.org",
      GATSBY_MARKETING_HOST: "www.example.org",
      LEAD_ALLOWED_ORIGINS: "https://partner.example.com/path, ,https://www.example.org",
    });
    expect(readServerConfig().protection.allowedOrigins).toEqual([
      "https://preview.example.org",
      "https://www.example.org",
      "https://staging.northdesk.com",
      "https://partner.example.com",
    ]);
  });

  it("fails on an image CDN domain that is not a bare host name", () => {
    withEnv({ IMAGE_CDN_DOMAIN: "images.northdesk.com" });
    expect(readServerConfig().imageCdnDomain).toBe("images.northdesk.com");
    withEnv({ IMAGE_CDN_DOMAIN: "https://images.northdesk.com/x" });
    expect(() => readServerConfig()).toThrow();
  });

  it("on Netlify's runtime trusts its client-address header and refuses loopback origins; only Netlify's build image keeps the adapter cache", () => {
    withEnv({ NETLIFY: "true" });
    const netlify = readServerConfig();
    expect(netlify).toMatchObject({ serverless: true, netlify: true, netlifyBuild: false });
    expect(netlify.protection).toMatchObject({ hostIpHeader: "x-nf-client-connection-ip", allowLoopbackOrigins: false });
    withEnv({ NETLIFY: "true", DEPLOY_ID: "abc" });
    expect(readServerConfig().netlifyBuild).toBe(true);
  });

  it("builds for Netlify exactly when Gatsby's own adapter detection would pick gatsby-adapter-netlify", () => {
    // gatsby/adapters.js: the manifest Gatsby's adapter detection walks (utils/adapter/init.js)
    const manifest = createRequire(__filename)("gatsby/adapters") as { module: string; test: () => boolean }[];
    const gatsbys = manifest.find((entry) => entry.module === "gatsby-adapter-netlify");
    expect(gatsbys).toBeDefined();
    const values = [undefined, "", " ", "true", "false", "1"];
    let netlifyBuilds = 0;
    for (const NETLIFY of values) {
      for (const NETLIFY_LOCAL of values) {
        withEnv({});
        vi.stubEnv("NETLIFY", NETLIFY);
        vi.stubEnv("NETLIFY_LOCAL", NETLIFY_LOCAL);
        const ours = netlifyAdapterDetected();
        expect(ours, JSON.stringify({ NETLIFY, NETLIFY_LOCAL })).toBe(gatsbys!.test());
        expect(readServerConfig().netlify).toBe(ours);
        if (ours) netlifyBuilds++;
      }
    }
    expect(netlifyBuilds).toBe(values.length * values.length - 4);
    // netlify-cli's builds (`netlify build`, `netlify serve`, `netlify deploy --build`) set only NETLIFY_LOCAL
    withEnv({ NETLIFY_LOCAL: "true" });
    expect(readServerConfig()).toMatchObject({ netlify: true, netlifyBuild: false, serverless: false });
  });

  it("on another serverless host (AWS Lambda) refuses loopback origins but trusts no host header", () => {
    withEnv({ AWS_LAMBDA_FUNCTION_NAME: "submitForm" });
    const config = readServerConfig();
    expect(config.serverless).toBe(true);
    expect(config.protection.allowLoopbackOrigins).toBe(false);
    // The test process was not built for Netlify, so only the socket address counts.
    if (process.env.NETLIFY !== "true") expect(config.protection.hostIpHeader).toBeUndefined();
  });

  it("regenerates the GraphQL types on build only when TYPEGEN=1 (the test build), not in a production build", () => {
    withEnv({});
    expect(typegenOnBuild()).toBe(false);
    withEnv({ TYPEGEN: "0" });
    expect(typegenOnBuild()).toBe(false);
    withEnv({ TYPEGEN: "1" });
    expect(typegenOnBuild()).toBe(true);
  });

  it("the Contentful scripts need a space and a management token, and say so", () => {
    withEnv({ CONTENTFUL_SPACE_ID: "space" });
    expect(() => readManagementConfig()).toThrow(/CONTENTFUL_MANAGEMENT_TOKEN/);
    withEnv({ CONTENTFUL_SPACE_ID: "space", CONTENTFUL_MANAGEMENT_TOKEN: "cma" });
    expect(readManagementConfig()).toEqual({ spaceId: "space", managementToken: "cma", environment: "master", managementHost: undefined });
  });

  it("drops the personalization SDK from the bundle when no client id is set", () => {
    withEnv({});
    expect(browserBuildConstants()).toEqual({ "process.env.GATSBY_NINETAILED_CLIENT_ID": '""' });
    expect(personalizationSdkConstant()).toEqual({ PERSONALIZATION_SDK: "false" });
    withEnv({ GATSBY_NINETAILED_CLIENT_ID: "org" });
    expect(browserBuildConstants()).toEqual({});
    expect(personalizationSdkConstant()).toEqual({ PERSONALIZATION_SDK: "true" });
  });

  it("builds Contentful Live Preview only into a preview build, which needs its access secret (docs/content.md#live-preview)", () => {
    withEnv({});
    expect(livePreviewConstant()).toEqual({ LIVE_PREVIEW_BUILD: "false" });
    expect(readServerConfig().livePreview).toBeUndefined();
    withEnv({ GATSBY_CONTENTFUL_LIVE_PREVIEW: "true" });
    expect(() => readServerConfig()).toThrow(/needs PREVIEW_SECRET/);
    withEnv({ GATSBY_CONTENTFUL_LIVE_PREVIEW: "true", PREVIEW_SECRET: "short" });
    expect(() => readServerConfig()).toThrow(/PREVIEW_SECRET must be a random secret/);
    withEnv({ GATSBY_CONTENTFUL_LIVE_PREVIEW: "true", PREVIEW_SECRET: "0123456789abcdef0123456789abcdef" });
    expect(livePreviewConstant()).toEqual({ LIVE_PREVIEW_BUILD: "true" });
    expect(readServerConfig().livePreview).toEqual({
      secret: "0123456789abcdef0123456789abcdef",
      appOrigins: ["https://app.contentful.com", "https://app.eu.contentful.com"],
    });
    withEnv({
      GATSBY_CONTENTFUL_LIVE_PREVIEW: "true",
      PREVIEW_SECRET: "0123456789abcdef0123456789abcdef",
      GATSBY_CONTENTFUL_PREVIEW_ORIGINS: "app.contentful.com",
    });
    expect(() => readServerConfig()).toThrow(/GATSBY_CONTENTFUL_PREVIEW_ORIGINS must be a comma-separated list of http\(s\) origins/);
  });
});
