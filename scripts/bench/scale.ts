/**
 * Build scaling (docs/architecture.md#publish-to-live): for each post count, builds this site with that
 * many generated posts and a blank Gatsby 5 site with as many pages (one template, page context only),
 * the same way on the same machine, three times each: cold, warm with nothing changed, warm after one
 * entry's title changed. Prints seconds, the ratio to the blank site, queries Gatsby re-ran, HTML files
 * written and peak memory (largest process, /usr/bin/time). It also builds the blank site with this
 * project's framework features and nothing of its own ("blank + stack", see blankSite), and prints the
 * ratio to that as well: the part of a build's time that is the project's own. Both sites are built in temporary folders:
 * the checkout's public/ and .cache/ are left as they are.
 *   npm run bench:scale -- 1000 [5000 ...]
 *   npm run bench:scale -- --site ../main --no-blank 1000   (another checkout, e.g. before a change; site only)
 *   npm run bench:scale -- --no-stack 5000                  (without the blank + stack baseline)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { generatePosts } from "./generate-posts";
import { copySite, ROOT, retitle, timedBuild, type BuildResult } from "./site-build";

const BUILDS = ["cold", "warm, unchanged", "warm, one title changed"] as const;

/**
 * A blank Gatsby 5 site with `count` pages of one template, their titles read from data/pages.json.
 *
 * With `stack`, the same blank site carries the framework features this project is required to use, and
 * nothing of its own: every Gatsby package the checkout depends on (Gatsby parses each one's files for
 * queries on every build), the plugins its gatsby-config enables (styled-components, image, sharp, the
 * filesystem source over the embedded images, sitemap, manifest, offline) and a Gatsby Function at each
 * of the checkout's function paths that answers `{}`. Its times are what those features cost on their
 * own, so the ratio to it tells the project's own build cost from the stack's fixed cost.
 */
function blankSite(count: number, { stack = false, from = ROOT } = {}): { dir: string; changeOne(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `nd-${stack ? "stack" : "blank"}-${count}-`));
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  const dependencies: Record<string, string> = { gatsby: "*", react: "*", "react-dom": "*" };
  let config = `{ plugins: ["gatsby-plugin-styled-components"] }`;
  if (stack) {
    const pkg = JSON.parse(fs.readFileSync(path.join(from, "package.json"), "utf8")) as { dependencies?: Record<string, string> };
    for (const name of Object.keys(pkg.dependencies ?? {})) if (name.includes("gatsby")) dependencies[name] = "*";
    fs.cpSync(path.join(from, "content/images"), path.join(dir, "images"), { recursive: true });
    fs.cpSync(path.join(from, "src/images/icon.png"), path.join(dir, "src/images/icon.png"));
    // siteMetadata.siteUrl: the sitemap plugin needs it
    config = `{
  siteMetadata: { siteUrl: "https://www.example.com" },
  plugins: [
    "gatsby-plugin-styled-components",
    "gatsby-plugin-image",
    "gatsby-plugin-sharp",
    "gatsby-transformer-sharp",
    { resolve: "gatsby-source-filesystem", options: { name: "images", path: ${JSON.stringify(path.join(dir, "images"))} } },
    "gatsby-plugin-sitemap",
    { resolve: "gatsby-plugin-manifest", options: { name: "Blank", short_name: "Blank", start_url: "/", display: "standalone", icon: "src/images/icon.png" } },
    "gatsby-plugin-offline",
  ],
}`;
    for (const fn of functionPaths(path.join(from, "src/api")))
      write(
        path.join("src/api", fn.replace(/\.tsx?$/, ".js")),
        `export default function handler(req, res) {\n  res.status(200).json({});\n}\n`,
      );
  }
  write("package.json", JSON.stringify({ name: "blank", private: true, dependencies }));
  write("gatsby-config.js", `module.exports = ${config};\n`);
  write("src/pages/index.js", `import * as React from "react";\nexport default function Index() { return <h1>Blank</h1>; }\n`);
  write(
    "src/templates/post.js",
    `import * as React from "react";\nexport default function Post({ pageContext }) { return <main><h1>{pageContext.title}</h1><p>{pageContext.body}</p></main>; }\n`,
  );
  const titles = Array.from({ length: count }, (_, i) => `Post ${i}`);
  write("data/pages.json", JSON.stringify(titles));
  write(
    "gatsby-node.js",
    `const fs = require("fs");
const path = require("path");
exports.createPages = ({ actions }) => {
  const titles = JSON.parse(fs.readFileSync(path.join(__dirname, "data/pages.json"), "utf8"));
  titles.forEach((title, i) => actions.createPage({ path: "/post-" + i + "/", component: path.resolve("src/templates/post.js"), context: { title, body: "Lorem ipsum ".repeat(200) } }));
};
`,
  );
  return {
    dir,
    changeOne() {
      titles[Math.floor(count / 2)] = `A retitled post ${Date.now()}`;
      write("data/pages.json", JSON.stringify(titles));
    },
  };
}

/** The function files under a checkout's src/api, relative to it (Gatsby serves each as /api/<path>). */
function functionPaths(apiDir: string): string[] {
  if (!fs.existsSync(apiDir)) return [];
  return (fs.readdirSync(apiDir, { recursive: true }) as string[]).filter((f) => /\.[jt]sx?$/.test(f)).sort();
}

/** Cold, warm unchanged, warm after `changeOne()`. */
async function threeBuilds(dir: string, env: NodeJS.ProcessEnv, changeOne: () => void): Promise<BuildResult[]> {
  // Thousands of pages: one of Gatsby's steps can be quiet for minutes without being hung.
  const options = { stallSeconds: 1800 };
  const cold = await timedBuild(dir, env, options);
  const unchanged = await timedBuild(dir, env, options);
  changeOne();
  return [cold, unchanged, await timedBuild(dir, env, options)];
}

interface Row {
  posts: number;
  build: (typeof BUILDS)[number];
  siteSeconds: number;
  blankSeconds: number;
  ratio: number;
  siteQueries: number;
  blankQueries: number;
  siteHtml: number;
  blankHtml: number;
  sitePeakMb: number;
  blankPeakMb: number;
  /** the blank site with this project's framework features (see blankSite) */
  stackSeconds: number;
  stackRatio: number;
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { site: { type: "string" }, "no-blank": { type: "boolean" }, "no-stack": { type: "boolean" } },
  });
  const checkout = path.resolve(values.site ?? ROOT);
  const counts = positionals.map(Number);
  if (!counts.length || counts.some((n) => !Number.isInteger(n) || n < 1)) {
    console.error("usage: npm run bench:scale -- [--site <checkout>] [--no-blank] [--no-stack] <posts> [<posts> ...]");
    process.exit(2);
  }
  const rows: Row[] = [];
  for (const count of counts) {
    const content = generatePosts(count);
    const site = copySite(`nd-scale-${count}-`, checkout);
    const blank = blankSite(count);
    const stack = values["no-blank"] || values["no-stack"] ? undefined : blankSite(count, { stack: true, from: checkout });
    try {
      const slug = fs
        .readdirSync(path.join(content, "blog/posts"))
        .filter((f) => f.startsWith("generated-"))
        .sort()[Math.floor(count / 2)];
      const siteBuilds = await threeBuilds(site, { CONTENT_DIR: content }, () =>
        retitle(path.join(content, "blog/posts", slug), `A retitled post ${Date.now()}`),
      );
      const skipped: BuildResult = { seconds: NaN, queries: NaN, htmlWritten: NaN, peakMb: NaN, output: "" };
      const blankBuilds = values["no-blank"] ? BUILDS.map(() => skipped) : await threeBuilds(blank.dir, {}, blank.changeOne);
      const stackBuilds = stack ? await threeBuilds(stack.dir, {}, stack.changeOne) : BUILDS.map(() => skipped);
      const logs = path.join(ROOT, "bench-results/scale-logs");
      fs.mkdirSync(logs, { recursive: true });
      BUILDS.forEach((build, i) => {
        const [s, b, k] = [siteBuilds[i], blankBuilds[i], stackBuilds[i]];
        // Gatsby's own activity times, for profiling: bench-results/scale-logs/<site|blank|stack>-<posts>-<build>.log
        const name = `${count}-${build.replace(/\W+/g, "-")}.log`;
        fs.writeFileSync(path.join(logs, `site-${name}`), s.output);
        if (b.output) fs.writeFileSync(path.join(logs, `blank-${name}`), b.output);
        if (k.output) fs.writeFileSync(path.join(logs, `stack-${name}`), k.output);
        const row: Row = {
          posts: count,
          build,
          siteSeconds: +s.seconds.toFixed(1),
          blankSeconds: +b.seconds.toFixed(1),
          ratio: +(s.seconds / b.seconds).toFixed(2),
          siteQueries: s.queries,
          blankQueries: b.queries,
          siteHtml: s.htmlWritten,
          blankHtml: b.htmlWritten,
          sitePeakMb: Math.round(s.peakMb),
          blankPeakMb: Math.round(b.peakMb),
          stackSeconds: +k.seconds.toFixed(1),
          stackRatio: +(s.seconds / k.seconds).toFixed(2),
        };
        rows.push(row);
        console.log(JSON.stringify(row));
      });
    } finally {
      for (const dir of [content, site, blank.dir, stack?.dir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(`\n${checkout}: ${os.cpus().length} CPUs, ${os.cpus()[0]?.model ?? "?"}; Node ${process.version}`);
  console.log(
    "| posts | build | site s | blank s | ratio | blank + stack s | ratio to it | queries run (site / blank) | HTML written (site / blank) | peak MB (site / blank) |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  for (const r of rows)
    console.log(
      `| ${r.posts} | ${r.build} | ${r.siteSeconds} | ${r.blankSeconds} | ${r.ratio}× | ${r.stackSeconds} | ${r.stackRatio}× | ${r.siteQueries} / ${r.blankQueries} | ${r.siteHtml} / ${r.blankHtml} | ${r.sitePeakMb} / ${r.blankPeakMb} |`,
    );
  fs.mkdirSync(path.join(ROOT, "bench-results"), { recursive: true });
  fs.writeFileSync(path.join(ROOT, "bench-results/scale.json"), JSON.stringify(rows, null, 2));
}

void main();
