/**
 * The icon set (docs/product-rules.md#site-runtime-requests "Static icons at /icons/{name}.svg"; issue: a
 * well-kept open-source set, not hand-drawn).
 */
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

// Resolved from the project root at run time (gatsby-node is bundled, so a bare require.resolve would not survive).
const projectRequire = createRequire(path.join(process.cwd(), "package.json"));
export const ICON_SOURCE_DIR = path.join(path.dirname(projectRequire.resolve("lucide-static/package.json")), "icons");

/** Every icon name the set offers (file names without .svg, aliases included). */
export function iconNames(sourceDir = ICON_SOURCE_DIR): string[] {
  return fs
    .readdirSync(sourceDir)
    .filter((file) => file.endsWith(".svg"))
    .map((file) => file.slice(0, -4))
    .sort();
}

/** Where the icons are served from (/icons/{name}.svg), under the site's root. */
export const ICONS_PUBLIC_DIR = path.join("public", "icons");

/**
 * Earlier builds copied the set into static/icons (git-ignored), which Gatsby would go on copying on every
 * build: that generated folder (recognised by its index.json) is removed.
 */
export function removeLegacyStaticIcons(rootDir: string): boolean {
  const legacy = path.join(rootDir, "static", "icons");
  if (!fs.existsSync(path.join(legacy, "index.json"))) return false;
  fs.rmSync(legacy, { recursive: true, force: true });
  return true;
}

/**
 * Copies the set to `destDir`, skipping files that are already identical (fast warm starts), and
 * writes `index.json` (the list of names) for tools like the design-system page.
 */
export function copyIcons(destDir: string, sourceDir = ICON_SOURCE_DIR): { copied: number; total: number } {
  fs.mkdirSync(destDir, { recursive: true });
  const names = iconNames(sourceDir);
  let copied = 0;
  for (const name of names) {
    const from = path.join(sourceDir, `${name}.svg`);
    const to = path.join(destDir, `${name}.svg`);
    const source = fs.readFileSync(from);
    if (fs.existsSync(to) && fs.readFileSync(to).equals(source)) continue;
    fs.writeFileSync(to, source);
    copied++;
  }
  fs.writeFileSync(path.join(destDir, "index.json"), JSON.stringify(names));
  return { copied, total: names.length };
}
