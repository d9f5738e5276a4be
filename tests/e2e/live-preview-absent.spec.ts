/**
 * Contentful Live Preview is a preview-build feature (docs/content.md#live-preview): the production build names
 * no entry, tags no element, holds none of the SDK, and keeps refusing every frame.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

const PUBLIC = path.resolve(__dirname, "../../public");
/** What the SDK's code or a tag would leave in a file: the attribute prefix, the protocol's names, the package. */
const PREVIEW_MARKS = [
  "data-contentful-",
  "live-preview-sdk",
  "live-preview-editor",
  "TAGGED_ELEMENTS",
  "ContentfulLivePreview",
  "/__preview/edit",
];

/** Pages and page data, everywhere under public/. */
function pageFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const file = path.join(dir, d.name);
    if (d.isDirectory()) return pageFiles(file);
    return /\.(html|json)$/.test(d.name) ? [file] : [];
  });
}
/**
 * This build's scripts, as webpack lists them (an earlier build's chunks may linger in public/). Source maps are
 * left out: they carry our source text, never run, and the tag's name is in inspector.ts's source.
 */
function scriptFiles(): string[] {
  const stats = JSON.parse(fs.readFileSync(path.join(PUBLIC, "webpack.stats.json"), "utf8")) as {
    assetsByChunkName: Record<string, string[]>;
  };
  const names = new Set(Object.values(stats.assetsByChunkName).flat());
  return [...names].filter((n) => n.endsWith(".js")).map((n) => path.join(PUBLIC, n));
}

test("the production build holds no inspector tag, no SDK code and no entry id", () => {
  const scripts = scriptFiles();
  expect(scripts.length).toBeGreaterThan(10);
  const files = [...pageFiles(PUBLIC), ...scripts];
  const found: string[] = [];
  for (const file of files) {
    const text = fs.readFileSync(file, "utf8");
    for (const mark of PREVIEW_MARKS) if (text.includes(mark)) found.push(`${path.relative(PUBLIC, file)}: ${mark}`);
    // page data carries the field (one query for every build) but never a value outside a preview build
    if (/"entryId":"/.test(text)) found.push(`${path.relative(PUBLIC, file)}: an entryId value`);
  }
  expect(found).toEqual([]);
});

test("production keeps frame-ancestors 'none' and X-Frame-Options DENY", async ({ request }) => {
  const answer = await request.get("/blog/csat-vs-nps/");
  expect(answer.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(answer.headers()["x-frame-options"]).toBe("DENY");
});
