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

function builtFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const file = path.join(dir, d.name);
    if (d.isDirectory()) return builtFiles(file);
    return /\.(html|js|mjs|json|map)$/.test(d.name) ? [file] : [];
  });
}

test("the production build holds no inspector tag, no SDK code and no entry id", () => {
  const files = builtFiles(PUBLIC);
  expect(files.filter((f) => f.endsWith(".js")).length).toBeGreaterThan(10);
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
