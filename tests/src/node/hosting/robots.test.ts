import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

describe("writeRobotsTxt (the build step)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "robots-"));
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it.each([
    ["https://www.northdesk.com", "Sitemap: https://www.northdesk.com/sitemap-index.xml"],
    ["https://staging.northdesk.com", "Disallow: /"],
  ])("SITE_URL=%s writes public/robots.txt with %s", async (siteUrl, line) => {
    vi.stubEnv("SITE_URL", siteUrl);
    const { writeRobotsTxt } = await import("../../../../src/node/hosting/robots");
    writeRobotsTxt(dir);
    expect(fs.readFileSync(path.join(dir, "robots.txt"), "utf8")).toContain(line);
  });
});
