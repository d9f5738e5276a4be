/**
 * Publish to live (docs/architecture.md#publish-to-live): after one blog post's title changes, a rebuild re-runs only the
 * queries of the pages that show that post (its page, its neighbours' pages, the posts it is related
 * to, the lists and author page it is on), not every page's. Builds a generated site (60 posts) in a
 * temporary copy, cold then with one title changed, and compares the count Gatsby reports with the
 * pages whose context names the post. Fails if a page reads posts through a type-wide connection again.
 *   npx tsx scripts/test-incremental.ts [posts]
 */
import fs from "node:fs";
import path from "node:path";
import { generatePosts } from "./bench/generate-posts";
import matter from "gray-matter";
import { builtHtmlFiles } from "../src/node/html/html-output";
import { copySite, pageContexts, pagesNaming, retitle, timedBuild } from "./bench/site-build";

/** The built pages that show `title` ("… #3" is not "… #31"). */
function htmlPagesContaining(publicDir: string, title: string): string[] {
  const pattern = new RegExp(`${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?!\\d)`);
  return builtHtmlFiles(publicDir)
    .filter(({ file }) => pattern.test(fs.readFileSync(file, "utf8")))
    .map(({ route }) => route);
}

void (async () => {
  const count = Number(process.argv[2] ?? 60);
  const site = copySite("nd-incremental-");
  const content = generatePosts(count);
  try {
    const env = { CONTENT_DIR: content };
    const cold = await timedBuild(site, env);
    const contexts = pageContexts(path.join(site, "public"));
    // A post from the middle of the archive: it has neighbours on both sides.
    const generated = fs
      .readdirSync(path.join(content, "blog/posts"))
      .filter((f) => f.startsWith("generated-"))
      .sort();
    const slug = generated[Math.floor(count / 2)].replace(/\.md$/, "");
    const postId = contexts.get(`/blog/${slug}/`)?.id;
    if (typeof postId !== "string") throw new Error(`no page /blog/${slug}/ in the cold build`);
    const showing = pagesNaming(contexts, postId);

    const file = path.join(content, "blog/posts", `${slug}.md`);
    const oldTitle = matter(fs.readFileSync(file, "utf8")).data.title as string;
    const newTitle = `A retitled post ${Date.now()}`;
    const before = htmlPagesContaining(path.join(site, "public"), oldTitle);
    retitle(file, newTitle);
    const warm = await timedBuild(site, env);
    console.log(
      `cold: ${cold.queries} queries in ${cold.seconds.toFixed(1)} s; one title changed: ${warm.queries} queries in ${warm.seconds.toFixed(1)} s`,
    );
    console.log(`pages that show the post (${showing.length}): ${showing.join(" ")}`);
    if (cold.queries < contexts.size)
      throw new Error(`the cold build reported ${cold.queries} queries for ${contexts.size} pages: cannot read Gatsby's output`);
    // Its own page, at least one neighbour and one list.
    if (showing.length < 3) throw new Error(`expected the post on several pages, found ${showing.join(", ")}`);
    if (warm.queries !== showing.length)
      throw new Error(
        `one changed post re-ran ${warm.queries} queries; the pages that show it are ${showing.length}: a page depends on posts it does not show`,
      );
    // Fewer queries must not mean stale pages: every page that showed the old title shows the new one.
    const stale = htmlPagesContaining(path.join(site, "public"), oldTitle);
    if (stale.length) throw new Error(`pages still show the old title: ${stale.join(", ")}`);
    const updated = htmlPagesContaining(path.join(site, "public"), newTitle);
    if (updated.length < before.length)
      throw new Error(`the old title was on ${before.join(", ")}; the new one is on ${updated.join(", ")}`);
    console.log("ok: only the queries of the pages that show the changed post re-ran");
  } finally {
    fs.rmSync(site, { recursive: true, force: true });
    fs.rmSync(content, { recursive: true, force: true });
  }
})();
