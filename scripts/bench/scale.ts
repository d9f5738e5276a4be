/**
 * Build scaling (ARCHITECTURE.md 7): builds the site with N generated blog posts, then a blank Gatsby 5
 * site with the same number of pages, and prints build time, pages per second and peak memory side
 * by side. Replaces public/ and .cache/ of this checkout (run `npm run build` again afterwards).
 *   npm run bench:scale -- 1000 [5000 ...]
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generatePosts } from "./generate-posts";

const ROOT = path.resolve(__dirname, "../..");

interface BuildResult {
  seconds: number;
  pages: number;
  peakMb: number;
}

/** Runs `gatsby build` in cwd under /usr/bin/time -v (when present) and reads its numbers. */
function timedBuild(cwd: string, env: NodeJS.ProcessEnv): BuildResult {
  const gatsby = path.join(ROOT, "node_modules/.bin/gatsby");
  const hasTime = fs.existsSync("/usr/bin/time");
  const started = process.hrtime.bigint();
  const run = hasTime
    ? spawnSync("/usr/bin/time", ["-v", gatsby, "build"], {
        cwd,
        env: { ...process.env, ...env, GATSBY_TELEMETRY_DISABLED: "1" },
        encoding: "utf8",
      })
    : spawnSync(gatsby, ["build"], { cwd, env: { ...process.env, ...env, GATSBY_TELEMETRY_DISABLED: "1" }, encoding: "utf8" });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const output = `${run.stdout}\n${run.stderr}`;
  if (run.status !== 0) throw new Error(`gatsby build failed in ${cwd}:\n${output.slice(-3000)}`);
  const pages = Number(/Building static HTML for pages - [\d.]+s - (\d+)\/\d+/.exec(output)?.[1] ?? NaN);
  const peakKb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(output)?.[1] ?? NaN);
  return { seconds, pages, peakMb: peakKb / 1024 };
}

/** A blank Gatsby 5 site that creates `count` trivial pages, sharing this project's node_modules. */
function blankSite(count: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `nd-blank-${count}-`));
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  fs.writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({ name: "blank", private: true, dependencies: { gatsby: "*", react: "*", "react-dom": "*" } }),
  );
  fs.writeFileSync(path.join(dir, "gatsby-config.js"), `module.exports = { plugins: ["gatsby-plugin-styled-components"] };\n`);
  fs.mkdirSync(path.join(dir, "src/templates"), { recursive: true });
  fs.mkdirSync(path.join(dir, "src/pages"), { recursive: true });
  fs.writeFileSync(
    path.join(dir, "src/pages/index.js"),
    `import * as React from "react";\nexport default function Index() { return <h1>Blank</h1>; }\n`,
  );
  fs.writeFileSync(
    path.join(dir, "src/templates/post.js"),
    `import * as React from "react";\nexport default function Post({ pageContext }) { return <main><h1>{pageContext.title}</h1><p>{pageContext.body}</p></main>; }\n`,
  );
  fs.writeFileSync(
    path.join(dir, "gatsby-node.js"),
    `const path = require("path");
exports.createPages = ({ actions }) => {
  for (let i = 0; i < ${count}; i++) actions.createPage({ path: "/post-" + i + "/", component: path.resolve("src/templates/post.js"), context: { title: "Post " + i, body: "Lorem ipsum ".repeat(200) } });
};
`,
  );
  return dir;
}

function main() {
  const counts = process.argv.slice(2).map(Number);
  if (!counts.length || counts.some((n) => !Number.isInteger(n) || n < 1)) {
    console.error("usage: npm run bench:scale -- <posts> [<posts> ...]");
    process.exit(2);
  }
  const rows: Record<string, unknown>[] = [];
  for (const count of counts) {
    const contentDir = generatePosts(count);
    fs.rmSync(path.join(ROOT, ".cache"), { recursive: true, force: true });
    fs.rmSync(path.join(ROOT, "public"), { recursive: true, force: true });
    const site = timedBuild(ROOT, { CONTENT_DIR: contentDir });
    const blankDir = blankSite(site.pages);
    const blank = timedBuild(blankDir, {});
    fs.rmSync(contentDir, { recursive: true, force: true });
    fs.rmSync(blankDir, { recursive: true, force: true });
    const row = {
      posts: count,
      pages: site.pages,
      seconds: +site.seconds.toFixed(1),
      pagesPerSecond: +(site.pages / site.seconds).toFixed(1),
      peakMb: Math.round(site.peakMb),
      blankSeconds: +blank.seconds.toFixed(1),
      blankPagesPerSecond: +(blank.pages / blank.seconds).toFixed(1),
      blankPeakMb: Math.round(blank.peakMb),
    };
    rows.push(row);
    console.log(JSON.stringify(row));
  }
  console.log("\n| posts | pages | build s | pages/s | peak MB | blank build s | blank pages/s | blank peak MB | ratio pages/s |");
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const r of rows as Record<string, number>[])
    console.log(
      `| ${r.posts} | ${r.pages} | ${r.seconds} | ${r.pagesPerSecond} | ${r.peakMb} | ${r.blankSeconds} | ${r.blankPagesPerSecond} | ${r.blankPeakMb} | ${(r.pagesPerSecond / r.blankPagesPerSecond).toFixed(2)} |`,
    );
  fs.mkdirSync(path.join(ROOT, "bench-results"), { recursive: true });
  fs.writeFileSync(path.join(ROOT, "bench-results/scale.json"), JSON.stringify(rows, null, 2));
}

main();
