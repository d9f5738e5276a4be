/**
 * Publish → rebuild. `npm run contentful:webhook` (scripts/contentful/webhook.ts) against a
 * local stand-in of the Management API's webhook_definitions routes (tests/emulators/contentful-management.ts),
 * through the real contentful-management client: create, idempotent re-run, update on a new URL, API errors,
 * refused arguments; and the script run as a process for its exit code and output.
 */
import { spawn } from "node:child_process";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_NAME, TOPICS, main, managementHostOptions, parseArgs, redactUrl } from "../../../scripts/contentful/webhook";
import { startManagementEmulator, type ManagementEmulator } from "../../emulators/contentful-management";
import { REPO_ROOT } from "../../fixtures/repo-root";

const HOOK = "https://api.netlify.com/build_hooks/65f0c0ffee5ecret0000a1b2";
const NEW_HOOK = "https://api.netlify.com/build_hooks/77aa11newsecret22222c3d4";
const ENVIRONMENT = "staging";

let cma: ManagementEmulator;
let out: string[];
let err: string[];
const config = (overrides: { managementToken?: string; managementHost?: string } = {}) => ({
  spaceId: cma.spaceId,
  managementToken: cma.managementToken,
  environment: ENVIRONMENT,
  managementHost: cma.host,
  ...overrides,
});
const run = (argv: string[], overrides?: Parameters<typeof config>[0]) => main(argv, () => config(overrides));
const printed = () => [...out, ...err].join("\n");

beforeAll(async () => {
  cma = await startManagementEmulator({ spaceId: "space-nd", managementToken: "cma-token-123" });
});
afterAll(() => cma.close());
beforeEach(() => {
  cma.reset();
  out = [];
  err = [];
  vi.spyOn(console, "log").mockImplementation((...a: unknown[]) => void out.push(a.join(" ")));
  vi.spyOn(console, "error").mockImplementation((...a: unknown[]) => void err.push(a.join(" ")));
});
afterEach(() => vi.restoreAllMocks());

describe("contentful:webhook against the Management API stand-in", () => {
  it("creates exactly one webhook with the build hook URL, the six topics and the environment filter", async () => {
    expect(await run(["--url", HOOK])).toBe(0);

    expect(cma.webhooks).toHaveLength(1);
    const [webhook] = cma.webhooks;
    expect(webhook.name).toBe(DEFAULT_NAME);
    expect(webhook.url).toBe(HOOK);
    expect([...webhook.topics].sort()).toEqual(
      ["Asset.delete", "Asset.publish", "Asset.unpublish", "Entry.delete", "Entry.publish", "Entry.unpublish"].sort(),
    );
    expect(webhook.filters).toEqual([{ equals: [{ doc: "sys.environment.sys.id" }, ENVIRONMENT] }]);
    expect(webhook.transformation).toMatchObject({ method: "POST", contentType: "application/json" });
    expect(webhook.active).toBe(true);
    expect(webhook.sys.version).toBe(1);

    // The library's requests: list the space's webhooks, then one POST, with the management token.
    expect(cma.requests.map((r) => `${r.method} ${r.path.split("?")[0]}`)).toEqual([
      "GET /spaces/space-nd/webhook_definitions",
      "POST /spaces/space-nd/webhook_definitions",
    ]);
    expect(cma.requests.every((r) => r.authorization === "Bearer cma-token-123")).toBe(true);
    expect(cma.requests[1].contentType).toBe("application/vnd.contentful.management.v1+json");

    expect(out.join("\n")).toMatch(/created "Netlify build \(northdesk-web\)" \(webhook1, version 1\)/);
    expect(printed()).toContain("https://api.netlify.com/build_hooks/…");
    expect(printed()).not.toContain("65f0c0ffee5ecret0000a1b2");
  });

  it("changes nothing when run again with the same URL (no POST or PUT)", async () => {
    expect(await run(["--url", HOOK])).toBe(0);
    const before = structuredClone(cma.webhooks);
    cma.requests.length = 0;
    out.length = 0;

    expect(await run(["--url", HOOK])).toBe(0);
    expect(cma.writes()).toEqual([]);
    expect(cma.requests.map((r) => r.method)).toEqual(["GET"]);
    expect(cma.webhooks).toEqual(before);
    expect(out.join("\n")).toMatch(/unchanged "Netlify build \(northdesk-web\)" \(webhook1, version 1\)/);
  });

  it("updates the same webhook when the URL changes: one webhook, the new URL, version bumped", async () => {
    expect(await run(["--url", HOOK])).toBe(0);
    cma.requests.length = 0;

    expect(await run(["--url", NEW_HOOK])).toBe(0);
    expect(cma.webhooks).toHaveLength(1);
    expect(cma.webhooks[0]).toMatchObject({ sys: { id: "webhook1", version: 2 }, url: NEW_HOOK, name: DEFAULT_NAME });
    expect(cma.webhooks[0].topics).toEqual(TOPICS);
    expect(cma.webhooks[0].filters).toEqual([{ equals: [{ doc: "sys.environment.sys.id" }, ENVIRONMENT] }]);
    // One PUT to that webhook, carrying the version it was read at.
    expect(cma.writes()).toHaveLength(1);
    expect(cma.writes()[0]).toMatchObject({ method: "PUT", path: "/spaces/space-nd/webhook_definitions/webhook1", version: "1" });
    expect(out.join("\n")).toMatch(/updated .*version 2.*changed: url/);
    expect(printed()).not.toContain("77aa11newsecret22222c3d4");

    // And the run after that is a no-op again.
    cma.requests.length = 0;
    expect(await run(["--url", NEW_HOOK])).toBe(0);
    expect(cma.writes()).toEqual([]);
  });

  it("repairs drifted topics and filters of its webhook, and keeps other people's webhooks alone", async () => {
    expect(await run(["--url", HOOK])).toBe(0);
    cma.webhooks.push({
      ...structuredClone(cma.webhooks[0]),
      name: "Slack",
      url: "https://hooks.slack.com/x",
      sys: { ...cma.webhooks[0].sys, id: "other" },
    });
    cma.webhooks[0].topics = ["Entry.publish"];
    cma.webhooks[0].filters = [{ equals: [{ doc: "sys.environment.sys.id" }, "master"] }];
    cma.requests.length = 0;

    expect(await run(["--url", HOOK])).toBe(0);
    expect(cma.writes().map((r) => r.path)).toEqual(["/spaces/space-nd/webhook_definitions/webhook1"]);
    expect(cma.webhooks[0].topics).toEqual(TOPICS);
    expect(cma.webhooks[0].filters).toEqual([{ equals: [{ doc: "sys.environment.sys.id" }, ENVIRONMENT] }]);
    expect(cma.webhooks[1]).toMatchObject({ name: "Slack", url: "https://hooks.slack.com/x", sys: { version: 1 } });
    expect(out.join("\n")).toMatch(/changed: topics, filters/);
  });

  it("adopts an existing webhook with the same URL under another name instead of adding a second one", async () => {
    expect(await run(["--url", HOOK, "--name", "Old name"])).toBe(0);
    expect(await run(["--url", HOOK])).toBe(0);
    expect(cma.webhooks).toHaveLength(1);
    expect(cma.webhooks[0]).toMatchObject({ name: DEFAULT_NAME, sys: { version: 2 } });
  });

  it("pages through the space's webhooks to find its own", async () => {
    expect(await run(["--url", HOOK])).toBe(0);
    const mine = cma.webhooks.pop()!;
    for (let i = 0; i < 120; i++)
      cma.webhooks.push({
        ...structuredClone(mine),
        name: `other ${i}`,
        url: `https://example.com/${i}`,
        sys: { ...mine.sys, id: `o${i}` },
      });
    cma.webhooks.push(mine);
    cma.requests.length = 0;

    expect(await run(["--url", HOOK])).toBe(0);
    expect(cma.writes()).toEqual([]);
    expect(cma.requests.map((r) => r.path)).toEqual([
      "/spaces/space-nd/webhook_definitions?skip=0&limit=100",
      "/spaces/space-nd/webhook_definitions?skip=100&limit=100",
    ]);
  });

  it("reports a bad token clearly, with a non-zero code and no stack trace or secret", async () => {
    expect(await run(["--url", HOOK], { managementToken: "wrong" })).toBe(1);
    expect(cma.webhooks).toEqual([]);
    expect(cma.writes()).toEqual([]);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(/^contentful:webhook: failed: the Management API answered 401 Unauthorized AccessTokenInvalid: /);
    expect(err[0]).toContain("CONTENTFUL_MANAGEMENT_TOKEN");
    expect(printed()).not.toMatch(/\n\s+at |wrong|65f0c0ffee5ecret/);
  });

  it("reports a webhook edited meanwhile (409 on a stale version) without overwriting it", async () => {
    expect(await run(["--url", HOOK])).toBe(0);
    // Someone saves it in the web app between the script's read and its write.
    cma.afterList = () => void (cma.webhooks[0].sys.version += 1);
    expect(await run(["--url", NEW_HOOK])).toBe(1);
    expect(cma.webhooks[0].url).toBe(HOOK);
    expect(err.join("\n")).toMatch(/409 Conflict VersionMismatch: .*run the command again/);
    expect(printed()).not.toContain("77aa11newsecret22222c3d4");
  });

  it.each([
    [[], /--url is required/],
    [["--url"], /--url needs a value/],
    [["--url", "api.netlify.com/build_hooks/abc"], /absolute URL/],
    [["--url", "http://api.netlify.com/build_hooks/abc"], /https URL \(http only for localhost/],
    [["--url", "ftp://example.com/hook"], /https URL/],
    [["--url", HOOK, "--nope"], /unknown option --nope/],
    [[HOOK], /unexpected value/],
    [["--url", HOOK, "--name", ""], /--name must not be empty/],
  ])("refuses %j before any API call (exit code 2)", async (argv, message) => {
    expect(await run(argv)).toBe(2);
    expect(cma.requests).toEqual([]);
    expect(err.join("\n")).toMatch(message);
    expect(printed()).not.toContain("build_hooks/abc");
    expect(printed()).not.toContain("65f0c0ffee5ecret");
  });

  it("refuses a management host it cannot use rather than falling back to api.contentful.com", async () => {
    expect(await run(["--url", HOOK], { managementHost: "http://example.com/api" })).toBe(2);
    expect(await run(["--url", HOOK], { managementHost: "http://example.com" })).toBe(2);
    expect(cma.requests).toEqual([]);
  });

  it("accepts http for a loopback receiver", async () => {
    expect(await run(["--url=http://127.0.0.1:8888/hook", "--name=Local"])).toBe(0);
    expect(cma.webhooks[0]).toMatchObject({ name: "Local", url: "http://127.0.0.1:8888/hook" });
  });
});

describe("helpers", () => {
  it("parses --url and --name in both forms", () => {
    expect(parseArgs(["--url", HOOK])).toEqual({ url: HOOK, name: DEFAULT_NAME });
    expect(parseArgs([`--url=${HOOK}`, "--name=Preview build"])).toEqual({ url: HOOK, name: "Preview build" });
  });

  it("prints only the host and first path segment of a hook URL", () => {
    expect(redactUrl(HOOK)).toBe("https://api.netlify.com/build_hooks/…");
    expect(redactUrl("https://example.com/secret")).toBe("https://example.com/…");
  });

  it("maps CONTENTFUL_MANAGEMENT_HOST to the client's host/insecure options", () => {
    expect(managementHostOptions(undefined)).toEqual({});
    expect(managementHostOptions("api.contentful.com")).toEqual({ host: "api.contentful.com" });
    expect(managementHostOptions("api.eu.contentful.com")).toEqual({ host: "api.eu.contentful.com" });
    expect(managementHostOptions("127.0.0.1:4100")).toEqual({ host: "127.0.0.1:4100", insecure: true });
    expect(managementHostOptions("http://localhost:4100/")).toEqual({ host: "localhost:4100", insecure: true });
    expect(managementHostOptions("https://api.contentful.com")).toEqual({ host: "api.contentful.com" });
    expect(() => managementHostOptions("api.contentful.com/spaces")).toThrow(/host name/);
  });
});

describe("npm run contentful:webhook (the script as a process)", () => {
  const runScript = (args: string[], env: Record<string, string>) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const root = REPO_ROOT;
      const child = spawn(process.execPath, ["--import", "tsx", "scripts/contentful/webhook.ts", ...args], {
        cwd: root,
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d: Buffer) => (stdout += d));
      child.stderr.on("data", (d: Buffer) => (stderr += d));
      child.on("close", (code) => resolve({ code, stdout, stderr }));
    });

  it("reads the environment through src/config, creates the webhook, and exits 1 on a bad token without a stack trace", async () => {
    const env = {
      CONTENTFUL_SPACE_ID: cma.spaceId,
      CONTENTFUL_MANAGEMENT_TOKEN: cma.managementToken,
      CONTENTFUL_ENVIRONMENT: "master",
      CONTENTFUL_MANAGEMENT_HOST: cma.host,
    };
    const ok = await runScript(["--url", HOOK], env);
    expect(ok).toMatchObject({ code: 0, stderr: "" });
    expect(ok.stdout).toMatch(/created .*https:\/\/api\.netlify\.com\/build_hooks\/… in space space-nd, environment master/);
    expect(cma.webhooks).toHaveLength(1);
    expect(cma.webhooks[0].filters).toEqual([{ equals: [{ doc: "sys.environment.sys.id" }, "master"] }]);

    const bad = await runScript(["--url", HOOK], { ...env, CONTENTFUL_MANAGEMENT_TOKEN: "nope" });
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim().split("\n")).toHaveLength(1);
    expect(bad.stderr).toMatch(/401 Unauthorized AccessTokenInvalid/);
    expect(bad.stderr + bad.stdout).not.toMatch(/\n\s+at |65f0c0ffee5ecret/);
    expect(cma.webhooks).toHaveLength(1);
  }, 60_000);
});
