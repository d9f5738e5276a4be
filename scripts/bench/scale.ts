/**
 * Build scaling (ARCHITECTURE.md 7, publish to live): for each post count, builds this site with that
 * many generated posts and a blank Gatsby 5 site with as many pages (one template, page context only),
 * the same way on the same machine, three times each: cold, warm with nothing changed, warm after one
 * entry's title changed. Prints seconds, the ratio to the blank site, queries Gatsby re-ran, HTML files
 * written and peak memory (largest process, /usr/bin/time). Both sites are built in temporary folders:
 * the checkout's public/ and .cache/ are left as they are.
 *   npm run bench:scale -- 1000 [5000 ...]
 *   npm run bench:scale -- --site ../main --no-blank 1000   (another checkout, e.g. before a change; site only)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { generatePosts } from "./generate-posts";
import { copySite, ROOT, retitle, timedBuild, type BuildResult } from "./site-build";

const BUILDS = ["cold", "warm, unchanged", "warm, one title changed"] as const;

/** A blank Gatsby 5 site with `count` pages of one template, their titles read from data/pages.json. */
function blankSite(count: number): { dir: string; changeOne(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `nd-blank-${count}-`));
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  write("package.json", JSON.stringify({ name: "blank", private: true, dependencies: { gatsby: "*", react: "*", "react-dom": "*" } }));
  write("gatsby-config.js", `module.exports = { plugins: ["gatsby-plugin-styled-components"] };\n`);
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

/** Cold, warm unchanged, warm after `changeOne()`. */
function threeBuilds(dir: string, env: NodeJS.ProcessEnv, changeOne: () => void): BuildResult[] {
  const cold = timedBuild(dir, env);
  const unchanged = timedBuild(dir, env);
  changeOne();
  return [cold, unchanged, timedBuild(dir, env)];
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
}

function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { site: { type: "string" }, "no-blank": { type: "boolean" } },
  });
  const checkout = path.resolve(values.site ?? ROOT);
  const counts = positionals.map(Number);
  if (!counts.length || counts.some((n) => !Number.isInteger(n) || n < 1)) {
    console.error("usage: npm run bench:scale -- [--site <checkout>] [--no-blank] <posts> [<posts> ...]");
    process.exit(2);
  }
  const rows: Row[] = [];
  for (const count of counts) {
    const content = generatePosts(count);
    const site = copySite(`nd-scale-${count}-`, checkout);
    const blank = blankSite(count);
    try {
      const slug = fs
        .readdirSync(path.join(content, "blog/posts"))
        .filter((f) => f.startsWith("generated-"))
        .sort()[Math.floor(count / 2)];
      const siteBuilds = threeBuilds(site, { CONTENT_DIR: content }, () =>
        retitle(path.join(content, "blog/posts", slug), `A retitled post ${Date.now()}`),
      );
      const skipped: BuildResult = { seconds: NaN, queries: NaN, htmlWritten: NaN, peakMb: NaN, output: "" };
      const blankBuilds = values["no-blank"] ? BUILDS.map(() => skipped) : threeBuilds(blank.dir, {}, blank.changeOne);
      const logs = path.join(ROOT, "bench-results/scale-logs");
      fs.mkdirSync(logs, { recursive: true });
      BUILDS.forEach((build, i) => {
        const [s, b] = [siteBuilds[i], blankBuilds[i]];
        // Gatsby's own activity times, for profiling: bench-results/scale-logs/<posts>-<site|blank>-<build>.log
        const name = `${count}-${build.replace(/\W+/g, "-")}.log`;
        fs.writeFileSync(path.join(logs, `site-${name}`), s.output);
        if (b.output) fs.writeFileSync(path.join(logs, `blank-${name}`), b.output);
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
        };
        rows.push(row);
        console.log(JSON.stringify(row));
      });
    } finally {
      for (const dir of [content, site, blank.dir]) fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(`\n${checkout}: ${os.cpus().length} CPUs, ${os.cpus()[0]?.model ?? "?"}; Node ${process.version}`);
  console.log(
    "| posts | build | site s | blank s | ratio | queries run (site / blank) | HTML written (site / blank) | peak MB (site / blank) |",
  );
  console.log("|---|---|---|---|---|---|---|---|");
  for (const r of rows)
    console.log(
      `| ${r.posts} | ${r.build} | ${r.siteSeconds} | ${r.blankSeconds} | ${r.ratio}× | ${r.siteQueries} / ${r.blankQueries} | ${r.siteHtml} / ${r.blankHtml} | ${r.sitePeakMb} / ${r.blankPeakMb} |`,
    );
  fs.mkdirSync(path.join(ROOT, "bench-results"), { recursive: true });
  fs.writeFileSync(path.join(ROOT, "bench-results/scale.json"), JSON.stringify(rows, null, 2));
}

main();
