import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withoutGatsbyImageRuntime, withoutGeneratorMeta } from "../../../src/ssr/image-plugin-head";
import { REPO_ROOT } from "../../fixtures/repo-root";

const IMPORTS_COMPONENT = /import\s*\{[^}]*\b(GatsbyImage|StaticImage)\b[^}]*\}\s*from\s*["']gatsby-plugin-image["']/;

describe("gatsby-plugin-image's head runtime is left out", () => {
  it("drops the plugin's styles and module script, keeps every other head element", () => {
    const head = [
      <style key="gatsby-image-style">{".gatsby-image-wrapper{}"}</style>,
      <noscript key="gatsby-image-style-noscript" />,
      <script key="gatsby-image-style-script" type="module" />,
      <link key="icon" rel="icon" href="/favicon-32x32.png" />,
      <style key="global">{"body{}"}</style>,
    ];
    expect(withoutGatsbyImageRuntime(head).map((c) => (c as { key: string }).key)).toEqual(["icon", "global"]);
  });

  it("because no component renders GatsbyImage or StaticImage (images are <Picture>)", () => {
    const users: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && IMPORTS_COMPONENT.test(fs.readFileSync(full, "utf8"))) users.push(full);
      }
    };
    walk(path.resolve(REPO_ROOT, "src"));
    expect(users).toEqual([]);
  });
});

describe("Gatsby's generator meta is left out", () => {
  it("drops the version Gatsby announces, keeps the other meta", () => {
    const head = [
      <meta key="generator-5.16.1" name="generator" content="Gatsby 5.16.1" />,
      <meta key="theme-color" name="theme-color" content="#4176fa" />,
    ];
    expect(withoutGeneratorMeta(head).map((c) => (c as { key: string }).key)).toEqual(["theme-color"]);
  });
});
