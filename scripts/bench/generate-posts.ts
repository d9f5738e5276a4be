/**
 * A scale fixture: copies content/ into a temporary folder and adds N realistic blog posts that reuse
 * the embedded authors, categories and images (docs/architecture.md#publish-to-live: "build time grows linearly").
 *   tsx scripts/bench/generate-posts.ts <count> [outDir]   → prints the folder (use it as CONTENT_DIR)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import matter from "gray-matter";

const ROOT = path.resolve(__dirname, "../..");
const TOPICS = [
  "first response time",
  "saved replies",
  "customer satisfaction",
  "help desk workflows",
  "knowledge base articles",
  "live chat staffing",
  "escalations",
  "tone of voice",
  "support metrics",
  "onboarding emails",
];
const VERBS = ["Improve", "Measure", "Rethink", "Automate", "Scale", "Simplify", "Audit", "Plan", "Coach", "Fix"];

/** Deterministic pseudo-random numbers, so two runs generate the same site. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

export function generatePosts(count: number, outDir = fs.mkdtempSync(path.join(os.tmpdir(), `nd-content-${count}-`))): string {
  fs.cpSync(path.join(ROOT, "content"), outDir, { recursive: true });
  const posts = fs.readdirSync(path.join(ROOT, "content/blog/posts")).filter((f) => f.endsWith(".md"));
  const samples = posts.map((f) => matter(fs.readFileSync(path.join(ROOT, "content/blog/posts", f), "utf8")));
  const random = rng(count);
  const dir = path.join(outDir, "blog/posts");
  for (let i = 0; i < count; i++) {
    const sample = samples[i % samples.length];
    const topic = TOPICS[Math.floor(random() * TOPICS.length)];
    const verb = VERBS[Math.floor(random() * VERBS.length)];
    const slug = `generated-${String(i + 1).padStart(5, "0")}-${verb.toLowerCase()}-${topic.replace(/\s+/g, "-")}`;
    const date = new Date(Date.UTC(2020, 0, 1) + Math.floor(random() * 6 * 365) * 86_400_000).toISOString().slice(0, 10);
    const data = {
      ...sample.data,
      slug,
      title: `${verb} ${topic}: field notes #${i + 1}`,
      excerpt: `How support teams ${verb.toLowerCase()} ${topic}, with the numbers behind it (generated post ${i + 1} of ${count}).`,
      date,
    };
    fs.writeFileSync(path.join(dir, `${slug}.md`), matter.stringify(sample.content, data));
  }
  return outDir;
}

if (require.main === module) {
  const count = Number(process.argv[2]);
  if (!Number.isInteger(count) || count < 1) {
    console.error("usage: tsx scripts/bench/generate-posts.ts <count> [outDir]");
    process.exit(2);
  }
  console.log(generatePosts(count, process.argv[3]));
}
