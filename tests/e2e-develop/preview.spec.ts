/**
 * `npm run develop:preview` against the local Contentful emulator: an entry changed in Contentful shows on
 * the open page after a POST to /__refresh with the token (what Contentful's webhook sends); a refresh
 * without the token is refused and syncs nothing.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startContentfulEmulator, type ContentfulEmulator } from "../emulators/contentful/server";
import { root, startDevelop, type DevelopServer } from "./develop-server";

const PORT = Number(process.env.DEVELOP_PORT ?? 8302) + 1;
const TOKEN = "preview-refresh-secret";
// A develop server on Contentful regenerates the query types with the Contentful types in them: put them back.
const typesFile = path.join(root, "src", "gatsby-types.d.ts");

let emulator: ContentfulEmulator;
let server: DevelopServer;
let savedTypes: string;

test.beforeAll(async () => {
  test.setTimeout(300_000); // a cold develop start, sourcing everything from the emulator
  savedTypes = fs.readFileSync(typesFile, "utf8");
  emulator = await startContentfulEmulator({ contentDir: path.join(root, "content") });
  server = await startDevelop({
    port: PORT,
    command: ["bash", path.join(root, "scripts", "develop-preview.sh")],
    env: { ...emulator.buildEnv(), GATSBY_REFRESH_TOKEN: TOKEN },
    timeoutMs: 280_000,
  });
});
// eslint-disable-next-line no-empty-pattern -- Playwright's hooks take the fixtures as a pattern; this one needs none
test.afterEach(async ({}, testInfo) => {
  // what develop said is the first thing to read when a step fails
  if (testInfo.status !== testInfo.expectedStatus) console.log(`gatsby develop said:\n${server?.output().slice(-4000)}`);
});
test.afterAll(async () => {
  await server?.stop();
  await emulator?.close();
  if (savedTypes) fs.writeFileSync(typesFile, savedTypes);
});

test("a Contentful change shows after /__refresh with the token; without it the refresh is refused", async ({ page, request }) => {
  const post = emulator.space.entries.find((e) => e.contentType === "blogPost" && e.fields.slug === "csat-vs-nps");
  expect(post).toBeDefined();
  await page.goto(`${server.url}/blog/csat-vs-nps/`);
  const heading = page.locator("main h1");
  await expect(heading).toHaveText(String(post!.fields.title), { timeout: 60_000 });

  const title = `${String(post!.fields.title)} (previewed)`;
  emulator.updateEntry(post!.id, { title });
  const syncs = () => emulator.requests.filter((r) => r.includes("/sync?")).length;
  const syncsBefore = syncs();

  for (const headers of [{}, { authorization: "wrong-token" }] as Record<string, string>[]) {
    const refused = await request.post(`${server.url}/__refresh`, { headers, data: {} });
    expect(refused.status()).toBe(403);
  }
  await page.waitForTimeout(2_000);
  expect(syncs()).toBe(syncsBefore);
  await expect(heading).toHaveText(String(post!.fields.title));

  const accepted = await request.post(`${server.url}/__refresh`, { headers: { authorization: TOKEN }, data: {} });
  expect(accepted.status()).toBe(200);
  await expect(heading).toHaveText(title, { timeout: 60_000 });
  expect(syncs()).toBeGreaterThan(syncsBefore);
});
