/**
 * Compares two builds of the site page by page: the same page paths, and per page the same title,
 * headings, main text, navigation and footer; and the same static-query data, which holds what no
 * baseline page shows (personalization experiences, navigation and hero variants). Used by `npm run test:contentful` (the embedded build
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

const firstDifference = (a: string, b: string) => {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 40);
  return { expected: a.slice(from, i + 80), actual: b.slice(from, i + 80) };
};

export interface ParityReport {
  pages: number;
  onlyIn: { expected: string[]; actual: string[] };
  differences: { page: string; field: keyof PageSnapshot; expected: string; actual: string }[];
  /** Static queries (named by their top-level fields) whose data differs, or that one build lacks. */
  queryDifferences: { query: string; expected: string; actual: string }[];
}

/**
 * The data of every static query the pages use, by query hash (the hash of the query text, the same in
 * both builds), without what depends on the source: node ids and image files (an image compares by its alt).
 */
export function staticQueryData(publicDir: string): Map<string, string> {
  const hashes = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "page-data.json")
        for (const hash of (JSON.parse(fs.readFileSync(full, "utf8")) as { staticQueryHashes?: string[] }).staticQueryHashes ?? [])
          hashes.add(hash);
    }
  };
  const pageData = path.join(publicDir, "page-data");
  if (fs.existsSync(pageData)) walk(pageData);
  const normalize = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(normalize);
    if (!value || typeof value !== "object") return value;
    const object = value as Record<string, unknown>;
    if ("gatsbyImageData" in object) return { image: object.alt };
    return Object.fromEntries(Object.entries(object).flatMap(([k, v]) => (k === "id" ? [] : [[k, normalize(v)]])));
  };
  const out = new Map<string, string>();
  for (const hash of [...hashes].sort()) {
    const file = path.join(pageData, "sq", "d", `${hash}.json`);
    out.set(hash, fs.existsSync(file) ? JSON.stringify(normalize(JSON.parse(fs.readFileSync(file, "utf8")))) : "(no result file)");
  }
  return out;
}

const queryName = (json: string) => {
  try {
    return Object.keys((JSON.parse(json) as { data?: object }).data ?? {}).join(", ") || "(empty)";
  } catch {
    return json;
  }
};

function compareStaticQueries(expectedDir: string, actualDir: string): ParityReport["queryDifferences"] {
  const expected = staticQueryData(expectedDir);
  const actual = staticQueryData(actualDir);
  const out: ParityReport["queryDifferences"] = [];
  for (const hash of new Set([...expected.keys(), ...actual.keys()])) {
    const a = expected.get(hash) ?? "(not used)";
    const b = actual.get(hash) ?? "(not used)";
    if (a !== b) out.push({ query: `static query ${hash} (${queryName(expected.has(hash) ? a : b)})`, ...firstDifference(a, b) });
  }
  return out;
}

export function compareBuilds(expectedDir: string, actualDir: string): ParityReport {
  const expected = pagePaths(expectedDir);
  const actual = pagePaths(actualDir);
  const actualSet = new Set(actual);
  const expectedSet = new Set(expected);
  const report: ParityReport = {
    pages: expected.length,
    onlyIn: { expected: expected.filter((p) => !actualSet.has(p)), actual: actual.filter((p) => !expectedSet.has(p)) },
    differences: [],
    queryDifferences: compareStaticQueries(expectedDir, actualDir),
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
  for (const d of report.queryDifferences) lines.push(`${d.query}:\n    expected …${d.expected}…\n    actual   …${d.actual}…`);
  return lines.join("\n");
}
