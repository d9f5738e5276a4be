import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkPublicSettings } from "../../../src/config/schema";
import { readEnvFile } from "../../e2e/third-party-env";

const failure = (env: Record<string, string>): string => {
  try {
    checkPublicSettings(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(env)} to fail`);
};

describe("checkPublicSettings", () => {
  it("passes an empty environment, and treats blank values as unset", () => {
    expect(checkPublicSettings({})).toEqual({ warnings: [] });
    expect(checkPublicSettings({ GATSBY_CONSENT_POLICY: "  ", GATSBY_GTM_ID: "" })).toEqual({ warnings: [] });
  });

  it("passes the e2e build's settings, with one warning: a consent script without a provider", () => {
    const env = readEnvFile(path.join(__dirname, "../../e2e/third-party.env"));
    expect(env.GATSBY_CONSENT_SCRIPT_URL).toBeDefined();
    const { warnings } = checkPublicSettings(env);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^GATSBY_CONSENT_SCRIPT_URL is ignored: the built-in banner is used; set GATSBY_CONSENT_PROVIDER/);
  });

  it("passes a complete hosted consent manager's settings", () => {
    expect(
      checkPublicSettings({
        GATSBY_CONSENT_POLICY: "opt-out",
        GATSBY_CONSENT_PROVIDER: "onetrust",
        GATSBY_CONSENT_SCRIPT_URL: "https://cdn.cookielaw.org/scripttemplates/otSDKStub.js",
        GATSBY_ONETRUST_GROUPS: "C0002:analytics, C0003:preferences,C0004:marketing",
        GATSBY_ONETRUST_DOMAIN_SCRIPT: "0191a2b3-c4d5-7e6f-8a9b-0c1d2e3f4a5b",
        GATSBY_VISITOR_ANALYTICS_URL: "/vendor/analytics.js",
        GATSBY_NINETAILED_URL: "http://127.0.0.1:4010",
        GATSBY_APP_HOST: "secure.example.com",
        GATSBY_SALES_INTELLIGENCE_PATHS: "/pricing/, /blog/*,",
      }),
    ).toEqual({ warnings: [] });
  });

  it("names each bad variable and why", () => {
    const cases: [Record<string, string>, string][] = [
      [{ GATSBY_CONSENT_POLICY: "optin" }, 'GATSBY_CONSENT_POLICY must be "opt-in" or "opt-out" (got "optin")'],
      [
        { GATSBY_CONSENT_PROVIDER: "didomi", GATSBY_CONSENT_SCRIPT_URL: "https://x.test/a.js" },
        'GATSBY_CONSENT_PROVIDER must be "osano" or "onetrust" or "cookiebot" (got "didomi")',
      ],
      [
        { GATSBY_CONSENT_PROVIDER: "osano" },
        'GATSBY_CONSENT_PROVIDER needs GATSBY_CONSENT_SCRIPT_URL, the consent manager\'s script (got "osano")',
      ],
      [{ GATSBY_CONSENT_SCRIPT_URL: "http://cmp.test/a.js" }, "GATSBY_CONSENT_SCRIPT_URL must be an https:// URL or a root-relative path"],
      [{ GATSBY_CONSENT_SCRIPT_URL: "//cmp.test/a.js" }, "GATSBY_CONSENT_SCRIPT_URL must be an https:// URL or a root-relative path"],
      [{ GATSBY_ONETRUST_GROUPS: "C0002:analytics,C0004:ads" }, "GATSBY_ONETRUST_GROUPS must be a comma-separated list of <group>:<"],
      [{ GATSBY_ONETRUST_DOMAIN_SCRIPT: "abc def" }, "GATSBY_ONETRUST_DOMAIN_SCRIPT must be one token"],
      [{ GATSBY_GTM_ID: "GTM E2E" }, "GATSBY_GTM_ID must be one token"],
      [{ GATSBY_HEAP_ID: "<script>" }, "GATSBY_HEAP_ID must be one token"],
      [{ GATSBY_AD_PIXEL_URL: "javascript:alert(1)" }, "GATSBY_AD_PIXEL_URL must be an https:// URL or a root-relative path"],
      [{ GATSBY_SPEED_INSIGHTS_URL: "script.js" }, "GATSBY_SPEED_INSIGHTS_URL must be an https:// URL or a root-relative path"],
      [{ GATSBY_ANALYTICS_BEACON_URL: "ftp://x.test/" }, "GATSBY_ANALYTICS_BEACON_URL must be an https:// URL or a root-relative path"],
      [{ GATSBY_NINETAILED_URL: "experience.ninetailed.co" }, "GATSBY_NINETAILED_URL must be an http(s) URL"],
      [{ GATSBY_IP_LOOKUP_URL: "not a url" }, "GATSBY_IP_LOOKUP_URL must be an http(s) URL"],
      [{ GATSBY_MARKETING_HOST: "https://www.example.com" }, "GATSBY_MARKETING_HOST must be a host name"],
      [{ GATSBY_STAGING_HOST: "staging.example.com:8000" }, "GATSBY_STAGING_HOST must be a host name"],
      [{ GATSBY_APP_HOST: "bad_host.example.com" }, "GATSBY_APP_HOST must be a host name"],
      [
        { GATSBY_SALES_INTELLIGENCE_PATHS: "/pricing/, blog/*" },
        'GATSBY_SALES_INTELLIGENCE_PATHS must be a comma-separated list of root-relative paths (such as /pricing/,/blog/*) (got "/pricing/, blog/*")',
      ],
      [
        { GATSBY_SALES_INTELLIGENCE_PATHS: "/a/*/b/" },
        "GATSBY_SALES_INTELLIGENCE_PATHS must be a comma-separated list of root-relative paths",
      ],
    ];
    for (const [env, message] of cases) expect(failure(env)).toContain(message);
  });

  it("reports every bad variable at once", () => {
    const message = failure({ GATSBY_CONSENT_POLICY: "optin", GATSBY_GTM_ID: "a b", GATSBY_APP_HOST: "/app" });
    expect(message.split("\n").filter((line) => line.startsWith("- GATSBY_"))).toHaveLength(3);
  });

  it("is build code only: zod reaches no browser code, and only gatsby-node imports the public schema", () => {
    const root = path.join(__dirname, "../../..");
    const files = [
      ...fs.readdirSync(root).filter((file) => /^gatsby-.*\.tsx?$/.test(file)),
      ...fs.readdirSync(path.join(root, "src"), { recursive: true, encoding: "utf8" }).map((file) => path.join("src", file)),
    ].filter((file) => /\.tsx?$/.test(file));
    const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
    const resolve = (from: string, specifier: string) =>
      [".ts", ".tsx", "/index.ts", "/index.tsx"]
        .map((ending) => path.join(path.dirname(from), specifier) + ending)
        .find((file) => fs.existsSync(path.join(root, file)));
    /** The files `file` reaches through relative imports (type-only imports left out: they leave no code). */
    const reach = (file: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(file)) return seen;
      seen.add(file);
      for (const [, typeOnly, specifier] of read(file).matchAll(/(?:import|export)\s+(type\s+)?(?:[^;"]*?from\s+)?"(\.[^"]+)"/g)) {
        const target = typeOnly ? undefined : resolve(file, specifier);
        if (target) reach(target, seen);
      }
      return seen;
    };
    // The browser bundles and the early script: the UI layers (docs/boundaries.md) and gatsby-browser.
    const browser = files.filter((file) =>
      /^(gatsby-browser\.tsx|src\/(browser|components|consent|hooks|hydration|pages|personalization|templates|theme|sw)\/)/.test(file),
    );
    expect(browser.length).toBeGreaterThan(50);
    const zodInBrowser = browser.filter((file) => [...reach(file)].some((reached) => /from "zod"/.test(read(reached))));
    expect(zodInBrowser).toEqual([]);
    const schemaImporters = files.filter((file) =>
      [...read(file).matchAll(/from "(\.[^"]+)"/g)].some(
        ([, specifier]) => resolve(file, specifier) === path.join("src", "config", "schema.ts"),
      ),
    );
    expect(schemaImporters).toEqual(["gatsby-node.ts"]);
  });
});
