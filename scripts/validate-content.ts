/** `npm run content:check`: validate content/ without building the site. */
import { loadContent, ContentError } from "../src/node/local/load-content";
import { contentRoot } from "../src/config/content";

try {
  const missing: string[] = [];
  const c = loadContent(contentRoot(), {
    requireImages: process.argv.includes("--strict"),
    onMissingImage: (file, src) => missing.push(`${file}: ${src}`),
  });
  if (missing.length) console.warn(`${missing.length} referenced image(s) not generated yet (npm run content:images)`);
  console.log(
    `content ok: ${c.pages.length} pages, ${c.posts.length} posts, ${c.authors.length} authors, ${c.books.length} books, ` +
      `${c.integrations.length} integrations, ${c.companies.length} companies, ${c.jobs.length} jobs, ` +
      `${c.interviewGuides.length} interview guides, ${c.jobDescriptions.length} job descriptions, ${c.forms.length} forms`,
  );
} catch (error) {
  if (error instanceof ContentError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
