/**
 * `npm run develop:preview` against the local Contentful emulator and a stand-in of Contentful's web app
 * (tests/emulators/contentful-web-app): the preview's door (secret, partitioned cookie, framing header), inspector
 * mode (TAGGED_ELEMENTS with the right entry and field ids and positions), live updates (an edit merged by the web
 * app shows in the framed page within 3 s, without a reload, rendered by the site's own components), and the
 * webhook refresh with and without its token. One develop server for all (docs/content.md#live-preview).
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Frame, type Page } from "@playwright/test";
import { startContentfulEmulator, type ContentfulEmulator } from "../emulators/contentful/server";
import { startWebApp, type WebApp } from "../emulators/contentful-web-app/server";
import { mergeEntry, subscriptionOf } from "../emulators/contentful-web-app/merge";
import { PREVIEW_COOKIE, previewCookieValue } from "../../src/node/preview/access";
import { root, startDevelop, type DevelopServer } from "./develop-server";

const PORT = Number(process.env.DEVELOP_PORT ?? 8302) + 1;
const TOKEN = "preview-refresh-secret";
const SECRET = "5f0c2a9e7b3d41c8a6e2f9b0d4c7a1e3";
/** The bar for an edit to reach the framed page (docs/content.md#live-preview). */
const LIVE_MS = Number(process.env.LIVE_PREVIEW_MS ?? 3_000);
// A develop server on Contentful regenerates the query types with the Contentful types in them: put them back.
const typesFile = path.join(root, "src", "gatsby-types.d.ts");

// The emulator's assets come over HTTPS with the certificate it made at start, which the browser does not know.
test.use({ ignoreHTTPSErrors: true });

let emulator: ContentfulEmulator;
let server: DevelopServer;
let webApp: WebApp;
let savedTypes: string;

test.beforeAll(async () => {
  test.setTimeout(300_000); // a cold develop start, sourcing everything from the emulator
  savedTypes = fs.readFileSync(typesFile, "utf8");
  // 0: a free port (WEB_APP_PORT and CONTENTFUL_EMULATOR_PORT pin them)
  emulator = await startContentfulEmulator({
    contentDir: path.join(root, "content"),
    port: Number(process.env.CONTENTFUL_EMULATOR_PORT ?? 0),
  });
  webApp = await startWebApp(Number(process.env.WEB_APP_PORT ?? 0));
  server = await startDevelop({
    port: PORT,
    command: ["bash", path.join(root, "scripts", "develop-preview.sh")],
    env: { ...emulator.buildEnv(), GATSBY_REFRESH_TOKEN: TOKEN, PREVIEW_SECRET: SECRET, GATSBY_CONTENTFUL_PREVIEW_ORIGINS: webApp.origin },
    timeoutMs: 280_000,
    readyHeaders: { cookie: `${PREVIEW_COOKIE}=${previewCookieValue(SECRET)}` },
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
  await webApp?.close();
  if (savedTypes) fs.writeFileSync(typesFile, savedTypes);
});

const entry = (contentType: string, match: (fields: Record<string, unknown>) => boolean) => {
  const found = emulator.space.entries.find((e) => e.contentType === contentType && match(e.fields));
  if (!found) throw new Error(`the emulator has no ${contentType} entry like that`);
  return found;
};
const linkId = (value: unknown) => (value as { sys: { id: string } }).sys.id;

interface Tagged {
  attributes: { entryId?: string; fieldId: string; locale: string };
  coordinates?: { top: number; left: number; width: number; height: number };
  isVisible: boolean;
}

/** The stand-in framing `pagePath` with the secret (as Contentful's preview URL template does), inspector mode on. */
async function openInWebApp(page: Page, pagePath: string): Promise<Frame> {
  await page.setViewportSize({ width: 1400, height: 1600 });
  await page.goto(webApp.url(`${server.url}${pagePath}?preview_secret=${SECRET}`));
  await expect.poll(() => methods(page), { timeout: 60_000 }).toContain("CONNECTED");
  const frame = page.frame({ url: (url) => url.origin === new URL(server.url).origin && url.pathname === pagePath })!;
  await frame.locator("main h1").first().waitFor({ timeout: 60_000 });
  await expect.poll(() => methods(page), { timeout: 10_000 }).toContain("SUBSCRIBED");
  await page.evaluate(() => (window as any).__send({ method: "INSPECTOR_MODE_CHANGED", isInspectorActive: true }));
  return frame;
}
const messages = (page: Page) => page.evaluate(() => (window as any).__messages as Record<string, any>[]);
const methods = async (page: Page) => (await messages(page)).map((m) => m.method as string);

/** The latest TAGGED_ELEMENTS that tags every [entryId, fieldId] asked for. */
async function taggedElements(page: Page, wanted: [string, string][]): Promise<Tagged[]> {
  let last: Tagged[] = [];
  await expect
    .poll(
      async () => {
        const all = (await messages(page)).filter((m) => m.method === "TAGGED_ELEMENTS");
        last = (all.at(-1)?.elements ?? []) as Tagged[];
        return wanted.filter(([id, field]) => !last.some((t) => t.attributes.entryId === id && t.attributes.fieldId === field));
      },
      { timeout: 10_000, message: "every wanted entry and field is tagged" },
    )
    .toEqual([]);
  return last;
}
const tag = (elements: Tagged[], entryId: string, fieldId: string) =>
  elements.find((t) => t.attributes.entryId === entryId && t.attributes.fieldId === fieldId)!;

/** What the web app does on a keystroke: merge the entry's editor state into each subscription, send it back. */
async function edit(page: Page, entryId: string, fields: Record<string, unknown>) {
  const subscriptions = (await messages(page)).filter((m) => m.method === "SUBSCRIBED").map((m) => subscriptionOf(m as any));
  const unsubscribed = new Set((await messages(page)).filter((m) => m.method === "UNSUBSCRIBED").map((m) => m.id));
  const live = subscriptions.filter((s) => !unsubscribed.has(s.id));
  expect(live.length).toBeGreaterThan(0);
  await page.evaluate(
    (updates) => updates.forEach((u) => (window as any).__send({ method: "ENTRY_UPDATED", subscriptionId: u.id, data: u.data })),
    live.map((s) => ({ id: s.id, data: mergeEntry(s.data, entryId, fields) })),
  );
}
/** A mark only a reload would erase. */
const markFrame = (frame: Frame) => frame.evaluate(() => ((window as any).__noReload = true));
const notReloaded = (frame: Frame) => frame.evaluate(() => (window as any).__noReload === true);

test("the preview refuses a request without its secret, trades the secret for a partitioned cookie, and lets only Contentful's web app frame it", async ({
  request,
}) => {
  const refused = await request.get(`${server.url}/blog/csat-vs-nps/`, { maxRedirects: 0 });
  expect(refused.status()).toBe(401);
  expect(await refused.text()).toContain("needs its access link");
  for (const file of ["/page-data/index/page-data.json", "/___graphql"])
    expect((await request.get(`${server.url}${file}`, { maxRedirects: 0 })).status()).toBe(401);
  expect((await request.get(`${server.url}/?preview_secret=wrong-secret-wrong-secret-00`, { maxRedirects: 0 })).status()).toBe(401);

  const admitted = await request.get(`${server.url}/blog/csat-vs-nps/?preview_secret=${SECRET}`, { maxRedirects: 0 });
  expect(admitted.status()).toBe(303);
  expect(admitted.headers().location).toBe("/blog/csat-vs-nps/");
  const cookie = admitted.headers()["set-cookie"].split("; ");
  expect(cookie[0]).toMatch(/^nd_preview=[\w-]{40,}$/);
  expect(cookie.slice(1).sort()).toEqual(["HttpOnly", "Max-Age=43200", "Partitioned", "Path=/", "SameSite=None", "Secure"]);
  for (const answer of [refused, admitted]) {
    expect(answer.headers()["content-security-policy"]).toBe(`frame-ancestors ${webApp.origin}`);
    expect(answer.headers()["x-frame-options"]).toBeUndefined();
  }
});

test("the preview's scripts never hold the Contentful preview token", async ({ request }) => {
  const headers = { cookie: `${PREVIEW_COOKIE}=${previewCookieValue(SECRET)}` };
  const html = await (await request.get(`${server.url}/blog/csat-vs-nps/`, { headers })).text();
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const src of scripts) {
    const body = await (await request.get(new URL(src, server.url).href, { headers })).text();
    expect(body.length, src).toBeGreaterThan(0);
    expect(body.includes(emulator.accessToken), src).toBe(false);
  }
});

test("blog post: title, long text, image and the referenced author are tagged, and edits show within 3 s", async ({ page }) => {
  const post = entry("blogPost", (f) => f.slug === "csat-vs-nps");
  const authorId = linkId(post.fields.author);
  const frame = await openInWebApp(page, "/blog/csat-vs-nps/");
  const elements = await taggedElements(page, [
    [post.id, "title"],
    [post.id, "body"],
    [post.id, "image"],
    [authorId, "name"],
  ]);
  for (const field of ["title", "body", "image"]) {
    const t = tag(elements, post.id, field);
    expect(t.attributes.locale).toBe("en-US");
    expect(t.isVisible, field).toBe(true);
    expect(t.coordinates!.width * t.coordinates!.height, field).toBeGreaterThan(0);
  }
  // the element positions are where the framed page draws them
  const h1 = (await frame.locator("main h1").boundingBox())!;
  expect(tag(elements, post.id, "title").coordinates!.top).toBeCloseTo(h1.y, 0);

  await markFrame(frame);
  const title = `${String(post.fields.title)} (typed live)`;
  // Markdown only the site's renderer turns into this: a call-out box and a link from the URL table
  const body = `> [!TIP]\n> Typed live, with a [sign-up link]({{signupUrl}}).\n\nA second paragraph.`;
  const started = Date.now();
  await edit(page, post.id, { ...post.fields, title, body });
  await expect(frame.locator("main h1")).toHaveText(title, { timeout: LIVE_MS });
  const callout = frame.locator('main [data-contentful-field-id="body"] .callout');
  await expect(callout).toContainText("Typed live", { timeout: LIVE_MS });
  // {{signupUrl}} from the URL table (then decorated with attribution, as on every page)
  expect(await callout.locator("a").getAttribute("href")).toMatch(/^\/members\/register\/\?/);
  console.log(`blog post: title and body shown ${Date.now() - started} ms after ENTRY_UPDATED`);

  const authorEntry = emulator.space.entries.find((e) => e.id === authorId)!;
  await edit(page, authorId, { ...authorEntry.fields, name: "Renamed Live" });
  await expect(frame.locator(`[data-contentful-entry-id="${authorId}"]`)).toHaveText("Renamed Live", { timeout: LIVE_MS });
  expect(await notReloaded(frame)).toBe(true);
});

test("landing page: the hero and a Markdown section (entries the page references) are tagged and edit live through the block registry", async ({
  page,
}) => {
  const hero = entry("heroSection", (f) => f.sectionId === "for-good-hero");
  const markdown = entry("markdownSection", (f) => f.sectionId === "for-good-eligibility");
  const frame = await openInWebApp(page, "/for-good/");
  const elements = await taggedElements(page, [
    [hero.id, "heading"],
    [hero.id, "text"],
    [hero.id, "image"],
    [markdown.id, "heading"],
    [markdown.id, "body"],
  ]);
  expect(tag(elements, hero.id, "image").isVisible).toBe(true);

  await markFrame(frame);
  const heading = "Help desk software, typed live";
  await edit(page, hero.id, { ...hero.fields, heading });
  await expect(frame.locator("main h1")).toHaveText(heading, { timeout: LIVE_MS });

  const body = "| Plan | Price |\n| --- | --- |\n| Live | 1 |\n\n> [!NOTE]\n> Edited live.";
  await edit(page, markdown.id, { ...markdown.fields, body });
  const section = frame.locator(`[data-contentful-entry-id="${markdown.id}"][data-contentful-field-id="body"]`);
  // the Markdown block's own rendering: a table and a call-out, as the build renders them
  await expect(section.locator("table td").first()).toHaveText("Live", { timeout: LIVE_MS });
  await expect(section.locator(".callout")).toContainText("Edited live.");
  expect(await notReloaded(frame)).toBe(true);
});

test("home page: the navigation's items are tagged and a renamed item shows within 3 s", async ({ page }) => {
  const navigation = entry("navigation", (f) => f.navId === "baseline");
  const hero = entry("heroSection", (f) => f.sectionId === "home-hero");
  const frame = await openInWebApp(page, "/");
  const elements = await taggedElements(page, [
    [navigation.id, "navItems"],
    [hero.id, "heading"],
  ]);
  expect(elements.filter((t) => t.attributes.entryId === navigation.id).length).toBeGreaterThanOrEqual(3);
  // docs/content.md's picture of the framed page in inspector mode (LIVE_PREVIEW_SCREENSHOT=docs/images/live-preview-inspector.png)
  if (process.env.LIVE_PREVIEW_SCREENSHOT) {
    const heroImage = frame.locator(`[data-contentful-entry-id="${hero.id}"][data-contentful-field-id="image"] img`);
    await expect.poll(() => heroImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.screenshot({ path: process.env.LIVE_PREVIEW_SCREENSHOT });
  }

  await markFrame(frame);
  const items = structuredClone(navigation.fields.navItems) as { title: string }[];
  const before = items[0].title;
  items[0].title = "Produkt (live)";
  await edit(page, navigation.id, { ...navigation.fields, navItems: items });
  const nav = frame.locator(`header [data-contentful-entry-id="${navigation.id}"]`).first();
  await expect(nav).toContainText("Produkt (live)", { timeout: LIVE_MS });
  await expect(nav).not.toContainText(before);
  expect(await notReloaded(frame)).toBe(true);
});

test("footer: its column titles and items are tagged (JSON field columns) and a renamed item shows within 3 s", async ({ page }) => {
  const footer = entry("footer", () => true);
  const frame = await openInWebApp(page, "/");
  const elements = await taggedElements(page, [[footer.id, "columns"]]);
  const items = frame.locator(`footer li[data-contentful-entry-id="${footer.id}"][data-contentful-field-id="columns"]`);
  await expect(items.first()).toBeAttached();
  // a heading and an item of each column; the web app gets the ones scrolled out of view as not visible
  expect(elements.filter((t) => t.attributes.entryId === footer.id).length).toBeGreaterThanOrEqual(10);
  expect(tag(elements, footer.id, "columns").attributes.locale).toBe("en-US");

  await markFrame(frame);
  const columns = structuredClone(footer.fields.columns) as { title: string; items: { title: string }[] }[];
  columns[0].items[0].title = "Platform, typed live";
  const started = Date.now();
  await edit(page, footer.id, { ...footer.fields, columns });
  await expect(items.first()).toHaveText("Platform, typed live", { timeout: LIVE_MS });
  console.log(`footer: item shown ${Date.now() - started} ms after ENTRY_UPDATED`);
  expect(await notReloaded(frame)).toBe(true);
});

test("lead form: its configuration entry is tagged on the submit button and consent texts, and new texts show within 3 s", async ({
  page,
}) => {
  const form = entry("leadForm", (f) => f.alternative_id === "get-a-demo");
  const frame = await openInWebApp(page, "/lp/get-a-demo/");
  // the form's chunk loads after the page: its entry joins the subscription when it renders
  const elements = await taggedElements(page, [
    [form.id, "displayOptions"],
    [form.id, "legalConsentOptions"],
  ]);
  const button = frame.locator(`form[data-form-id="get-a-demo"] button[type="submit"]`);
  await expect(button).toHaveAttribute("data-contentful-entry-id", form.id);
  const t = tag(elements, form.id, "displayOptions");
  expect(t.coordinates!.width * t.coordinates!.height).toBeGreaterThan(0);
  await expect
    .poll(async () => (await messages(page)).filter((m) => m.method === "SUBSCRIBED").some((m) => JSON.stringify(m).includes(form.id)))
    .toBe(true);

  await markFrame(frame);
  const started = Date.now();
  const legal = { ...(form.fields.legalConsentOptions as object), privacyText: "Unsubscribe whenever, typed live." };
  await edit(page, form.id, { ...form.fields, displayOptions: { submitButtonText: "Book it live" }, legalConsentOptions: legal });
  await expect(button).toHaveText("Book it live", { timeout: LIVE_MS });
  // the consent texts (checkbox labels, consent to process, privacy) carry the entry's field legalConsentOptions
  const consent = frame.locator(`form[data-form-id="get-a-demo"] [data-contentful-field-id="legalConsentOptions"]`);
  await expect(consent).toHaveCount(3);
  await expect(consent.last()).toHaveText(legal.privacyText);
  console.log(`lead form: button text shown ${Date.now() - started} ms after ENTRY_UPDATED`);
  // the form still works as the production component: its fields are there, in the same form
  await expect(frame.locator('form[data-form-id="get-a-demo"] input[name="email"]')).toBeVisible();
  expect(await notReloaded(frame)).toBe(true);
});

type Entry = (typeof emulator.space.entries)[number];

/** A page of one entry: its title field and long texts are tagged, and a new title shows within 3 s without a reload. */
async function titleEditsLive(page: Page, pagePath: string, target: Entry, tagged: string[], typed: string, shown = typed) {
  const frame = await openInWebApp(page, pagePath);
  await taggedElements(
    page,
    tagged.map((field): [string, string] => [target.id, field]),
  );
  await markFrame(frame);
  await edit(page, target.id, { ...target.fields, [tagged[0]]: typed });
  await expect(frame.locator("main h1")).toHaveText(shown, { timeout: LIVE_MS });
  expect(await notReloaded(frame)).toBe(true);
}

test("book post and integration: title and long text are tagged, and a new title shows within 3 s", async ({ page }) => {
  const chapter = entry("bookPost", (f) => f.order === 1);
  const book = emulator.space.entries.find((e) => e.id === linkId(chapter.fields.book))!;
  const chapterPath = `/books/${String(book.fields.slug)}/${String(chapter.fields.slug)}/`;
  await titleEditsLive(page, chapterPath, chapter, ["title", "excerpt", "body"], "A chapter typed live");
  const integration = entry("integration", (f) => f.slug === "github");
  await titleEditsLive(page, "/integrations/github/", integration, ["name", "summary", "body"], "GitLive", "GitLive integration");
});

const syncRequests = () => emulator.requests.filter((r) => r.includes("/sync?")).length;
const link = (linkType: "Asset" | "Entry", id: string) => ({ sys: { type: "Link", linkType, id } });
const query = (url: string | null) => new URL(url ?? "", "https://x").searchParams.toString();

// A live edit that points a field at another asset or entry (docs/content.md#live-preview-links). The tests post
// no webhook and check that nothing asked the emulator for a sync: the swap comes from the live route alone.
test("an image field pointed at another asset (blog post cover, landing hero) shows it within 3 s, as the page query asks, without a re-sync", async ({
  page,
}) => {
  const post = entry("blogPost", (f) => f.slug === "csat-vs-nps");
  const hero = entry("heroSection", (f) => f.sectionId === "for-good-hero");
  for (const [pagePath, target] of [
    ["/blog/csat-vs-nps/", post],
    ["/for-good/", hero],
  ] as const) {
    const old = emulator.space.assets.find((a) => a.id === linkId(target.fields.image))!;
    // another image at least as large, so the same arguments give the same sizes
    const other = emulator.space.assets.find((a) => a.id !== old.id && a.contentType === old.contentType && a.width >= old.width)!;
    expect(other, `an image like ${old.src}`).toBeDefined();
    const frame = await openInWebApp(page, pagePath);
    await taggedElements(page, [[target.id, "image"]]);
    const picture = frame.locator(`picture[data-contentful-entry-id="${target.id}"][data-contentful-field-id="image"]`);
    const img = picture.locator("img");
    await expect(img).toHaveAttribute("src", new RegExp(`/${old.id}/`));
    const [src, sizes, webp] = [await img.getAttribute("src"), await img.getAttribute("sizes"), await picture.locator("source").count()];

    await markFrame(frame);
    const syncs = syncRequests();
    const started = Date.now();
    await edit(page, target.id, { ...target.fields, image: link("Asset", other.id) });
    await expect(img).toHaveAttribute("src", new RegExp(`/${other.id}/`), { timeout: LIVE_MS });
    console.log(`${pagePath}: new image shown ${Date.now() - started} ms after ENTRY_UPDATED`);
    // gatsby-source-contentful's gatsbyImageData with the page query's arguments: the same image parameters,
    // sizes and formats as the image the page rendered
    expect(query(await img.getAttribute("src"))).toBe(query(src));
    expect(await img.getAttribute("sizes")).toBe(sizes);
    expect(await picture.locator("source").count()).toBe(webp);
    for (const srcset of await picture.locator("source").evaluateAll((s) => s.map((e) => e.getAttribute("srcset") ?? "")))
      expect(srcset).toContain(`/${other.id}/`);
    expect(await img.getAttribute("alt")).toBe(other.description);
    expect(syncRequests()).toBe(syncs);
    expect(await notReloaded(frame)).toBe(true);
  }
});

test("a reference pointed at another entry (blog post author, a landing form section's form) shows it within 3 s through its components, without a re-sync", async ({
  page,
}) => {
  const post = entry("blogPost", (f) => f.slug === "csat-vs-nps");
  const author = entry("author", (f) => f.slug !== emulator.space.entries.find((e) => e.id === linkId(post.fields.author))!.fields.slug);
  let frame = await openInWebApp(page, "/blog/csat-vs-nps/");
  await taggedElements(page, [[linkId(post.fields.author), "name"]]);
  await markFrame(frame);
  let syncs = syncRequests();
  let started = Date.now();
  await edit(page, post.id, { ...post.fields, author: link("Entry", author.id) });
  // the author card (its own fragment, avatar image included) and the byline, for the new entry, tagged with its id
  const card = frame.locator('[aria-label="About the author"]');
  await expect(card.locator(`[data-contentful-entry-id="${author.id}"]`)).toHaveText(String(author.fields.name), { timeout: LIVE_MS });
  console.log(`blog post: new author shown ${Date.now() - started} ms after ENTRY_UPDATED`);
  await expect(card).toContainText(String(author.fields.role));
  await expect(card.locator("img")).toHaveAttribute("src", new RegExp(`/${linkId(author.fields.avatar)}/`));
  await expect(frame.locator("main header .meta")).toContainText(String(author.fields.name));
  // the new author's entry joins the subscription, so editing it shows too
  await taggedElements(page, [[author.id, "name"]]);
  await expect
    .poll(async () => (await messages(page)).filter((m) => m.method === "SUBSCRIBED").some((m) => JSON.stringify(m).includes(author.id)))
    .toBe(true);
  await edit(page, author.id, { ...author.fields, name: "Swapped and renamed" });
  await expect(card.locator(`[data-contentful-entry-id="${author.id}"]`)).toHaveText("Swapped and renamed", { timeout: LIVE_MS });
  expect(syncRequests()).toBe(syncs);
  expect(await notReloaded(frame)).toBe(true);

  const section = entry("formSection", (f) => f.sectionId === "demo-form");
  const form = entry("leadForm", (f) => f.alternative_id === "contact-sales");
  frame = await openInWebApp(page, "/lp/get-a-demo/");
  await taggedElements(page, [
    [section.id, "heading"],
    [section.id, "text"],
  ]);
  await expect(frame.locator('form[data-form-id="get-a-demo"]')).toBeVisible();
  await markFrame(frame);
  syncs = syncRequests();
  started = Date.now();
  await edit(page, section.id, { ...section.fields, form: link("Entry", form.id) });
  // the lead form component renders the other form, with its own fields and its entry's tags
  const swapped = frame.locator('form[data-form-id="contact-sales"]');
  await expect(swapped).toBeVisible({ timeout: LIVE_MS });
  console.log(`landing page: new form shown ${Date.now() - started} ms after ENTRY_UPDATED`);
  await expect(swapped.locator('button[type="submit"]')).toHaveAttribute("data-contentful-entry-id", form.id);
  await expect(frame.locator('form[data-form-id="get-a-demo"]')).toHaveCount(0);
  expect(syncRequests()).toBe(syncs);
  expect(await notReloaded(frame)).toBe(true);
});

test("a Contentful change shows after /__refresh with the token; without it the refresh is refused", async ({ page, request }) => {
  const post = entry("blogPost", (f) => f.slug === "csat-vs-nps");
  const original = String(post.fields.title);
  await page.goto(`${server.url}/blog/csat-vs-nps/?preview_secret=${SECRET}`);
  const heading = page.locator("main h1");
  const refresh = () => request.post(`${server.url}/__refresh`, { headers: { authorization: TOKEN }, data: {} });
  // an earlier run's change stays in the warm .cache/ (a new emulator's sync by token does not undo it): put it back
  await heading.waitFor({ timeout: 60_000 });
  if ((await heading.textContent()) !== original) {
    emulator.updateEntry(post.id, { title: original });
    await refresh();
  }
  await expect(heading).toHaveText(original, { timeout: 60_000 });

  const title = `${original} (previewed)`;
  emulator.updateEntry(post.id, { title });
  const syncsBefore = syncRequests();

  for (const headers of [{}, { authorization: "wrong-token" }] as Record<string, string>[]) {
    const refused = await request.post(`${server.url}/__refresh`, { headers, data: {} });
    expect(refused.status()).toBe(403);
  }
  await page.waitForTimeout(2_000);
  expect(syncRequests()).toBe(syncsBefore);
  await expect(heading).toHaveText(original);

  expect((await refresh()).status()).toBe(200);
  await expect(heading).toHaveText(title, { timeout: 60_000 });
  expect(syncRequests()).toBeGreaterThan(syncsBefore);
  // put it back for the next run's warm .cache/
  emulator.updateEntry(post.id, { title: original });
  expect((await refresh()).status()).toBe(200);
  await expect(heading).toHaveText(original, { timeout: 60_000 });
});
