/** Writes public/robots.txt after a build (the rules: src/lib/robots.ts). */
import fs from "node:fs";
import path from "node:path";
import { readServerConfig } from "../../config";
import { publicConfig } from "../../config/public";
import { robotsTxt } from "../../lib/robots";
import { SITEMAP_INDEX_PATH } from "../plugin-options";

export function writeRobotsTxt(publicDir: string): string {
  const text = robotsTxt({
    siteUrl: readServerConfig().siteUrl,
    marketingHost: publicConfig.hosts.marketing,
    sitemapPath: SITEMAP_INDEX_PATH,
  });
  fs.writeFileSync(path.join(publicDir, "robots.txt"), text);
  return text;
}
