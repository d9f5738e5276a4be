/**
 * Building a copy of this site (or any Gatsby site) and reading what Gatsby did from its output:
 * shared by the scale bench (scripts/bench/scale.ts) and the incremental-build test
 * (scripts/test-incremental.ts). Builds run in a temporary copy, so the checkout's public/ and .cache/
 * are never touched.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT, gatsbyBuild, type GatsbyBuildOptions } from "../lib/gatsby-build";

export { ROOT };

export interface BuildResult {
  seconds: number;
  /** queries Gatsby ran (page + static): "run queries in workers - … - N/M" */
  queries: number;
  /** HTML files Gatsby wrote: "Building static HTML for pages - … - N/M" (0 when it skipped the step) */
  htmlWritten: number;
  peakMb: number;
  output: string;
}

const COPY_SKIP = new Set(["node_modules", "public", ".cache", ".git", "bench-results", "test-results", "playwright-report", ".data"]);

/** A copy of a checkout's sources (this one by default) in a temporary folder, sharing its node_modules. */
export function copySite(prefix = "nd-site-", from = ROOT): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const entry of fs.readdirSync(from)) {
    if (COPY_SKIP.has(entry)) continue;
    fs.cpSync(path.join(from, entry), path.join(dir, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(from, "node_modules"), path.join(dir, "node_modules"));
  return dir;
}

const lastCount = (output: string, activity: string) => {
  const matches = [...output.matchAll(new RegExp(`${activity} - [\\d.]+s - (\\d+)/\\d+`, "g"))];
  return matches.length ? Number(matches[matches.length - 1][1]) : 0;
};

/**
 * Runs `gatsby build` in cwd (under /usr/bin/time -v when present, for peak memory; under the stall guard of
 * scripts/lib/gatsby-build.ts) and reads its numbers.
 */
export async function timedBuild(
  cwd: string,
  env: NodeJS.ProcessEnv = {},
  guard: Pick<GatsbyBuildOptions, "stallSeconds"> = {},
): Promise<BuildResult> {
  const wrapper = fs.existsSync("/usr/bin/time") ? ["/usr/bin/time", "-v"] : [];
  const { output, seconds } = await gatsbyBuild({ cwd, env, wrapper, ...guard });
  const peakKb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(output)?.[1] ?? NaN);
  return {
    seconds,
    queries: lastCount(output, "run queries in workers") + lastCount(output, "run page queries") + lastCount(output, "run static queries"),
    htmlWritten: lastCount(output, "Building static HTML for pages"),
    peakMb: peakKb / 1024,
    output,
  };
}

/** Every page's context from public/page-data (Gatsby writes it beside the query result). */
export function pageContexts(publicDir: string): Map<string, Record<string, unknown>> {
  const contexts = new Map<string, Record<string, unknown>>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "page-data.json") {
        const data = JSON.parse(fs.readFileSync(full, "utf8")) as { path: string; result?: { pageContext?: Record<string, unknown> } };
        contexts.set(data.path, data.result?.pageContext ?? {});
      }
    }
  };
  walk(path.join(publicDir, "page-data"));
  return contexts;
}

/** The pages whose context names this node id (the pages that show it, when relations are decided in createPages). */
export function pagesNaming(contexts: ReadonlyMap<string, Record<string, unknown>>, id: string): string[] {
  return [...contexts]
    .filter(([, context]) => Object.values(context).some((v) => v === id || (Array.isArray(v) && v.includes(id))))
    .map(([page]) => page);
}

/** Changes the title in a Markdown file's front matter (a one-entry edit, as a CMS publish would be). */
export function retitle(file: string, title: string) {
  const source = fs.readFileSync(file, "utf8");
  const next = source.replace(/^title: .*$/m, `title: ${JSON.stringify(title)}`);
  if (next === source) throw new Error(`no title line in ${file}`);
  fs.writeFileSync(file, next);
}
