/**
 * Repairs to the HTML files `gatsby build` writes (run from onPostBuild).
 *
 * React 18.3's streaming server renderer, which Gatsby 5 renders every page with, can leak NUL bytes
 * into its output: it flushes whole 2 KB buffers even when a multi-byte UTF-8 character did not fit at
 * the end of one (react#24985, fixed by react#26228 in React 19 only). Browsers drop U+0000 while
 * parsing, so pages look right, but the HTML is invalid (the Nu checker: "Saw U+0000 in stream").
 * A NUL is never meaningful in our HTML, so every one is removed.
 */
import fs from "node:fs";
import path from "node:path";

/** Removes NUL bytes from one document; returns null when there are none. */
export function withoutNulBytes(html: Buffer): Buffer | null {
  if (!html.includes(0)) return null;
  return Buffer.from(html.filter((byte) => byte !== 0));
}

/** Every .html file below `publicDir` (page-data and static assets hold none). */
function htmlFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!["page-data", "slice-data", "static", "icons"].includes(entry.name)) htmlFiles(full, out);
    } else if (entry.name.endsWith(".html")) out.push(full);
  }
  return out;
}

/** Strips NUL bytes from every built page; returns the paths it rewrote. */
export function stripNulBytes(publicDir: string): string[] {
  const fixed: string[] = [];
  for (const file of htmlFiles(publicDir)) {
    const clean = withoutNulBytes(fs.readFileSync(file));
    if (!clean) continue;
    fs.writeFileSync(file, clean);
    fixed.push(path.relative(publicDir, file));
  }
  return fixed;
}
