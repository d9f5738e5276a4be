/**
 * Compares two builds of the site page by page: the same page paths, and per page the same title,
 * headings, main text, navigation and footer. Used by `npm run test:contentful` (the embedded build
 * against the build through the Contentful emulator); pure functions, unit-tested.
 */
import fs from "node:fs";
import path from "node:path";
import { JSDOM } from "jsdom";

export interface PageSnapshot {
  title: string;
  headings: string[];
  main: string;
  nav: string;
  footer: string;
}

const text = (el: Element | null | undefined) => (el?.textContent ?? "").replace(/\s+/g, " ").trim();

export function pageSnapshot(html: string): PageSnapshot {
  const { document } = new JSDOM(html).window;
  // What visitors and assistive technology get: aria-hidden subtrees are presentation (icons, and the room a
  // personalized slot reserves for its variants, which only a personalization-configured build renders).
  document.querySelectorAll("script, style, noscript, template, [aria-hidden='true']").forEach((el: Element) => el.remove());
  return {
    title: text(document.querySelector("title")),
    headings: [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => `${h.tagName.toLowerCase()} ${text(h)}`),
    main: text(document.querySelector("main")),
    nav: text(document.querySelector("header")),
    footer: text(document.querySelector("footer")),
  };
}

/** Every HTML page of a build, by site path ("/blog/x/" for blog/x/index.html, "/404.html"). */
export function pagePaths(publicDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!["static", "page-data", "icons", "~partytown"].includes(entry.name) || dir !== publicDir) walk(full);
      } else if (entry.name.endsWith(".html")) {
        const rel = path.relative(publicDir, full).split(path.sep).join("/");
        out.push(rel === "index.html" ? "/" : rel.endsWith("/index.html") ? `/${rel.slice(0, -"index.html".length)}` : `/${rel}`);
      }
    }
  };
  walk(publicDir);
  return out.sort();
}

export const htmlFile = (publicDir: string, page: string) =>
  path.join(publicDir, page.endsWith(".html") ? page : path.join(page, "index.html"));

export interface ParityReport {
  pages: number;
  onlyIn: { expected: string[]; actual: string[] };
  differences: { page: string; field: keyof PageSnapshot; expected: string; actual: string }[];
}

const firstDifference = (a: string, b: string) => {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 40);
  return { expected: a.slice(from, i + 80), actual: b.slice(from, i + 80) };
};

export function compareBuilds(expectedDir: string, actualDir: string): ParityReport {
  const expected = pagePaths(expectedDir);
  const actual = pagePaths(actualDir);
  const actualSet = new Set(actual);
  const expectedSet = new Set(expected);
  const report: ParityReport = {
    pages: expected.length,
    onlyIn: { expected: expected.filter((p) => !actualSet.has(p)), actual: actual.filter((p) => !expectedSet.has(p)) },
    differences: [],
  };
  for (const page of expected.filter((p) => actualSet.has(p))) {
    const a = pageSnapshot(fs.readFileSync(htmlFile(expectedDir, page), "utf8"));
    const b = pageSnapshot(fs.readFileSync(htmlFile(actualDir, page), "utf8"));
    for (const field of Object.keys(a) as (keyof PageSnapshot)[]) {
      const x = Array.isArray(a[field]) ? (a[field] as string[]).join("\n") : (a[field] as string);
      const y = Array.isArray(b[field]) ? (b[field] as string[]).join("\n") : (b[field] as string);
      if (x !== y) report.differences.push({ page, field, ...firstDifference(x, y) });
    }
  }
  return report;
}

export function formatReport(report: ParityReport): string {
  const lines: string[] = [];
  for (const p of report.onlyIn.expected) lines.push(`missing page ${p}`);
  for (const p of report.onlyIn.actual) lines.push(`extra page ${p}`);
  for (const d of report.differences.slice(0, 40))
    lines.push(`${d.page} ${d.field}:\n    expected …${d.expected}…\n    actual   …${d.actual}…`);
  if (report.differences.length > 40) lines.push(`… and ${report.differences.length - 40} more differences`);
  return lines.join("\n");
}
