import { CONSENT_LIFETIME_MS } from "../../src/lib/consent-model";
import { expect, test } from "./fixtures";
import type { BrowserContext, Page } from "@playwright/test";
import { open } from "./helpers";
import { interceptThirdParties, type ThirdParty } from "./third-party";

/**
 * The browser runtime against the built site (docs/product-rules.md#hash-routes, #sign-up-page, #cookies, #attribution, #support-widget, #link-decoration, #scripts-and-analytics). The site is
 * built with tests/e2e/third-party.env (npm run build:e2e), whose hosts are all intercepted here.
 */
let thirdParty: ThirdParty;
test.beforeEach(async ({ page, baseURL }) => {
  thirdParty = await interceptThirdParties(page, baseURL!);
});

const TWO_YEARS_S = 63_072_000;
const BROWSER_CAP_S = 400 * 24 * 3600;
const cookieMap = async (context: BrowserContext) => Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
const hrefsTo = (page: Page, prefix: string) =>
  page.locator(`a[href^="${prefix}"]`).evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")!));
const params = (href: string) => Object.fromEntries(new URL(href, "http://x").searchParams);

test.describe("attribution cookies (docs/product-rules.md#attribution, #cookies, #constants)", () => {
  test("landing with campaign parameters writes first- and last-touch cookies for the consent's life, SameSite=Strict, path /", async ({
    page,
    context,
  }) => {
    await open(page, "/shared-inbox/?utm_source=newsletter&utm_medium=email&utm_campaign=spring&utm_term=inbox&utm_content=hero");
    await expect
      .poll(() => cookieMap(context))
      .toMatchObject({
        nd_ft_src: "newsletter|email|inbox|spring|hero",
        nd_lt_src: "utmcsr=newsletter|utmcmd=email|utmctr=inbox|utmccn=spring|utmcct=hero",
        nd_ft_url: "/shared-inbox/",
        nd_lt_url: "/shared-inbox/",
      });
    // The spec's two years, cut to the consent that allowed them (docs/product-rules.md#consent-over-time):
    // each expires with nd_consent, the visitor's choice of 6 months.
    const cookies = await context.cookies();
    const consent = cookies.find((c) => c.name === "nd_consent")!;
    const consentEnds = (Date.parse(JSON.parse(decodeURIComponent(consent.value)).consentTimestamp) + CONSENT_LIFETIME_MS) / 1000;
    expect(consentEnds - Date.now() / 1000).toBeLessThan(Math.min(TWO_YEARS_S, BROWSER_CAP_S));
    for (const cookie of cookies.filter((c) => c.name.startsWith("nd_") && c.name !== "nd_consent")) {
      expect(cookie).toMatchObject({ path: "/", sameSite: "Strict", domain: "localhost" });
      expect(Math.abs(cookie.expires - consentEnds)).toBeLessThan(120);
    }
  });

  test("a paid-search click id defaults to google / cpc", async ({ page, context }) => {
    await open(page, "/pricing/?gclid=Cj0KCQ");
    await expect.poll(async () => (await cookieMap(context)).nd_ft_src).toBe("google|cpc|||");
  });

  for (const [referer, firstTouch] of [
    ["https://www.google.com/search?q=shared+inbox", "google|organic|shared%20inbox||"],
    ["https://www.bing.com/search?q=help+desk", "bing|organic|help%20desk||"],
    ["https://www.linkedin.com/feed/", "linkedin|social|||"],
    ["https://blog.example.org/best-help-desks", "blog.example.org|referral|||%2Fbest-help-desks"],
  ] as const) {
    test(`a visit referred by ${new URL(referer).hostname} is attributed as ${firstTouch.split("|")[1]}`, async ({ page, context }) => {
      await page.goto("/blog/", { referer });
      const referrer = await page.evaluate(() => document.referrer);
      await expect
        .poll(async () => (await cookieMap(context)).nd_ft_src)
        .toBe(
          // The browser trims a cross-origin referrer to its origin when the page's policy says so.
          referrer === referer ? firstTouch : firstTouch.replace(/\|[^|]*\|\|$/, "|||").replace(/%2F.*$/, ""),
        );
    });
  }

  test("a direct visit is (direct)", async ({ page, context }) => {
    await open(page, "/");
    await expect.poll(() => cookieMap(context)).toMatchObject({ nd_ft_src: "(direct)|(none)|||", nd_ft_url: "/", nd_lt_url: "/" });
  });

  test("a second visit keeps the first touch and updates the last touch", async ({ page, context }) => {
    await open(page, "/integrations/?utm_source=partner&utm_medium=referral");
    await expect.poll(async () => (await cookieMap(context)).nd_ft_src).toBe("partner|referral|||");
    await page.goto("/pricing/", { referer: "https://www.bing.com/search?q=northdesk" });
    await expect.poll(async () => (await cookieMap(context)).nd_lt_url).toBe("/pricing/");
    const cookies = await cookieMap(context);
    expect(cookies.nd_ft_src).toBe("partner|referral|||");
    expect(cookies.nd_ft_url).toBe("/integrations/");
    expect(cookies.nd_lt_src).toMatch(/^utmcsr=bing\|utmcmd=organic/);
    // A later direct visit keeps the non-direct last touch but moves the last-touch URL.
    await open(page, "/blog/");
    await expect.poll(async () => (await cookieMap(context)).nd_lt_url).toBe("/blog/");
    expect((await cookieMap(context)).nd_lt_src).toMatch(/^utmcsr=bing/);
  });
});

test.describe("link decoration (docs/product-rules.md#link-decoration)", () => {
  test("sign-up links carry the attribution, again after a client-side navigation", async ({ page }) => {
    await open(page, "/?utm_source=newsletter&utm_medium=email&utm_campaign=spring&promo=HALF");
    await expect.poll(async () => (await hrefsTo(page, "/members/register/"))[0] ?? "").toContain("utm_source=newsletter");
    const [first] = await hrefsTo(page, "/members/register/");
    expect(params(first)).toMatchObject({
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "spring",
      utm_first_source: "newsletter",
      last_touch_url: "/",
      first_touch_url: "/",
      promo: "HALF",
    });

    // Client-side navigation (no full load): the new page's links are decorated too.
    await page.evaluate(() => window.___navigate?.("/pricing/"));
    await expect(page).toHaveURL(/\/pricing\/$/);
    await expect.poll(async () => (await hrefsTo(page, "/members/register/")).length).toBeGreaterThan(0);
    await expect
      .poll(async () => (await hrefsTo(page, "/members/register/")).every((href) => params(href).last_touch_url === "/pricing/"))
      .toBe(true);
    const hrefs = await hrefsTo(page, "/members/register/");
    expect(hrefs.every((href) => params(href).utm_source === "newsletter" && params(href).promo === undefined)).toBe(true);
    expect(hrefs.every((href) => new URL(href, "http://x").searchParams.getAll("utm_source").length === 1)).toBe(true);

    // Following the link keeps the parameters.
    await page.locator('header a[href^="/members/register/"]').first().click();
    await expect(page).toHaveURL(/\/members\/register\/\?utm_source=newsletter/);
  });

  test("app-host links get gspk/gsxid after load (from the query, then from storage) and the analytics ids", async ({ page }) => {
    await open(page, "/?gspk=pk-1&gsxid=sx-9");
    const loginHref = () => page.locator('a[href^="https://secure.northdesk.com/"]').first().getAttribute("href");
    await expect.poll(async () => params((await loginHref()) ?? "")).toMatchObject({ gspk: "pk-1", gsxid: "sx-9" });
    // Product analytics (mxid) and heap (hpid) ids join once their scripts have loaded.
    await expect.poll(async () => params((await loginHref()) ?? "")).toMatchObject({ mxid: "mx-e2e", hpid: "hp-e2e" });
    await open(page, "/blog/");
    await expect.poll(async () => params((await loginHref()) ?? "")).toMatchObject({ gspk: "pk-1", gsxid: "sx-9" });
  });

  test("a click on the login link sets the HS--log-in-clicked marker", async ({ page }) => {
    await open(page, "/");
    // Stay on the page (the app host is not reachable in tests); the site's own handler runs first.
    await page.evaluate(() => window.addEventListener("click", (event) => event.preventDefault()));
    await page.locator('header a[href^="https://secure.northdesk.com/members/login/"]:visible').first().click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("HS--log-in-clicked"))).toBe("true");
  });
});

test.describe("hash routes (docs/product-rules.md#hash-routes, #support-widget)", () => {
  test("#contact-us opens the support widget on its ask page; closing it clears the hash", async ({ page }) => {
    await open(page, "/ask/#contact-us");
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __beacon?: { calls: unknown[][] } }).__beacon?.calls ?? []))
      .toEqual(expect.arrayContaining([["init", "beacon-e2e"], ["reset"], ["open"], ["navigate", "/ask/"]]));
    await page.evaluate(() => (window as unknown as { __beacon: { handlers: Record<string, () => void> } }).__beacon.handlers.close());
    await expect(page).toHaveURL(/\/ask\/$/);
  });

  test("#open-beacon opens it on its answers page", async ({ page }) => {
    await open(page, "/answers/#open-beacon");
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __beacon?: { calls: unknown[][] } }).__beacon?.calls ?? []))
      .toEqual(expect.arrayContaining([["open"], ["navigate", "/answers/"]]));
  });

  test("any other hash scrolls smoothly to its element leaving 120 px above, and sets the URL hash", async ({ page }) => {
    await open(page, "/classes/");
    await page.evaluate(() => {
      window.location.hash = "#what-you-ll-learn";
    });
    await expect
      .poll(() => page.evaluate(() => Math.round(document.getElementById("what-you-ll-learn")!.getBoundingClientRect().top)), {
        timeout: 5000,
      })
      .toBe(120);
    expect(new URL(page.url()).hash).toBe("#what-you-ll-learn");
  });

  test("a hash in the landing URL is honoured too", async ({ page }) => {
    await open(page, "/classes/#what-you-ll-learn");
    await expect
      .poll(() => page.evaluate(() => Math.round(document.getElementById("what-you-ll-learn")!.getBoundingClientRect().top)), {
        timeout: 5000,
      })
      .toBe(120);
  });
});

const beaconCalls = (page: Page) => page.evaluate(() => (window as unknown as { __beacon?: { calls: unknown[][] } }).__beacon?.calls ?? []);

test.describe("the support widget loads on intent (docs/page-load.md#vendor-scheduling, docs/product-rules.md#support-widget)", () => {
  for (const device of ["desktop", "phone"] as const) {
    test.describe(device, () => {
      if (device === "phone") test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

      test("the launcher opens the widget on the first tap, its script fetched only then", async ({ page }) => {
        await open(page, "/");
        await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 30_000 });
        await page.waitForTimeout(1500);
        expect(thirdParty.hosts()).not.toContain("beacon-v2.helpscout.net");
        const launcher = page.getByRole("link", { name: "Help and support" });
        if (device === "phone") await launcher.tap();
        else await launcher.click();
        // The tap is kept while the script arrives, then the widget is initialised and opened in place.
        await expect.poll(() => beaconCalls(page)).toEqual([["init", "beacon-e2e"], ["reset"], ["info"], ["on", "close"], ["open"]]);
        expect(new URL(page.url()).pathname).toBe("/");
      });

      test("#contact-us opens it on the ask page from the first tap on a link", async ({ page }) => {
        await open(page, "/ask/");
        await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 30_000 });
        expect(thirdParty.hosts()).not.toContain("beacon-v2.helpscout.net");
        const link = page.locator('footer a[href="#contact-us"]').first();
        await link.scrollIntoViewIfNeeded();
        if (device === "phone") await link.tap();
        else await link.click();
        await expect.poll(() => beaconCalls(page)).toEqual(expect.arrayContaining([["open"], ["navigate", "/ask/"]]));
      });
    });
  }

  test("hovering the launcher starts its script before the tap (preferences granted)", async ({ page }) => {
    await open(page, "/");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 30_000 });
    await page.getByRole("link", { name: "Help and support" }).hover();
    await expect.poll(() => thirdParty.hosts()).toContain("beacon-v2.helpscout.net");
    // The request is seen before the script has run; the widget is initialised, and not opened, once it has.
    await expect.poll(() => beaconCalls(page)).toEqual([["init", "beacon-e2e"], ["reset"]]);
    await page.waitForTimeout(500);
    expect(await beaconCalls(page)).toEqual([["init", "beacon-e2e"], ["reset"]]);
  });
});

test.describe("sign-up page (docs/product-rules.md#sign-up-page)", () => {
  const hidden = (page: Page) =>
    page
      .locator("#signupForm input[name^='GA_']")
      .evaluateAll((inputs) => Object.fromEntries((inputs as HTMLInputElement[]).map((input) => [input.name, input.value])));

  test("hidden fields carry the attribution, a dash when empty; reg/fn/ln/cn prefill the form", async ({ page }) => {
    await open(page, "/pricing/?utm_source=ads&utm_medium=cpc&utm_campaign=brand");
    await open(page, "/members/register/?reg=ada%40example.com&fn=Ada&ln=Lovelace&cn=Analytical");
    await expect
      .poll(() => hidden(page))
      .toMatchObject({
        GA_Source: "ads",
        GA_Medium: "cpc",
        GA_Campaign: "brand",
        GA_Term: "-",
        GA_Url: "/members/register/",
        GA_Source_First: "ads",
        GA_Url_First: "/pricing/",
        GA_Content_First: "-",
      });
    await expect(page.locator("#signupForm input[name='GA_Source']")).toHaveAttribute("type", "hidden");
    await expect(page.locator("input[name='email']")).toHaveValue("ada@example.com");
    await expect(page.locator("input[name='fname']")).toHaveValue("Ada");
    await expect(page.locator("input[name='lname']")).toHaveValue("Lovelace");
    await expect(page.locator("input[name='company']")).toHaveValue("Analytical");
    const cookies = await cookieMap(page.context());
    expect(JSON.parse(decodeURIComponent(cookies.nd_signup_utm))).toMatchObject({ utm_source: "ads", utm_first_source: "ads" });
  });

  test("debug=true reveals the hidden fields, labelled and populated", async ({ page }) => {
    await open(page, "/members/register/?debug=true");
    const field = page.getByLabel("GA_Source", { exact: true });
    await expect(field).toBeVisible();
    await expect(field).toHaveValue("(direct)");
    await expect(page.getByLabel("GA_Term_First", { exact: true })).toHaveValue("-");
    await expect(page.locator("[data-signup-debug]")).toHaveCount(12);
  });

  test("sign-up links on the sign-up page are not rewritten with attribution", async ({ page }) => {
    await open(page, "/?utm_source=x&utm_medium=y");
    await open(page, "/members/register/");
    const hrefs = await hrefsTo(page, "/members/register/");
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.every((href) => !href.includes("utm_source"))).toBe(true);
  });
});

test.describe("third-party scripts and analytics (docs/product-rules.md#layout-per-path, #scripts-and-analytics)", () => {
  test("the ad pixel loads only on /see-it-in-action/; the other configured scripts load after hydration", async ({ page }) => {
    await open(page, "/");
    await expect
      .poll(() => thirdParty.hosts())
      .toEqual(expect.arrayContaining(["www.googletagmanager.com", "cdn.heapanalytics.com", "partner-referral.third-party.test"]));
    await page.waitForTimeout(500);
    expect(thirdParty.hosts()).not.toContain("ad-pixel.third-party.test");
    // Loaded on intent only (docs/page-load.md#vendor-scheduling).
    expect(thirdParty.hosts()).not.toContain("beacon-v2.helpscout.net");
    await open(page, "/see-it-in-action/");
    await expect.poll(() => thirdParty.hosts()).toContain("ad-pixel.third-party.test");
  });

  test("the sales-intelligence tag loads on pricing, not on the home page", async ({ page }) => {
    await open(page, "/");
    await page.waitForTimeout(800);
    expect(thirdParty.hosts()).not.toContain("sales-intelligence.third-party.test");
    await open(page, "/pricing/");
    await expect.poll(() => thirdParty.hosts()).toContain("sales-intelligence.third-party.test");
  });

  test("no third-party script is in the server-rendered HTML (none blocks rendering)", async ({ request }) => {
    const html = await (await request.get("/see-it-in-action/")).text();
    expect(html).not.toMatch(/third-party\.test|googletagmanager|helpscout|heapanalytics|hs-scripts/);
  });

  test("off the production host, page views are stubbed to the console on every route", async ({ page }) => {
    const stubbed: string[] = [];
    page.on("console", (message) => {
      if (message.text().startsWith("[analytics stub]")) stubbed.push(message.text());
    });
    await open(page, "/");
    await expect.poll(() => stubbed.length).toBe(1);
    await page.evaluate(() => window.___navigate?.("/pricing/"));
    await expect.poll(() => stubbed.length).toBe(2);
    expect(await page.evaluate(() => (window as unknown as { mixpanel?: { events: unknown[] } }).mixpanel?.events ?? [])).toEqual([]);
  });

  test("a speed-insights load failure suggests content blockers", async ({ page }) => {
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    await open(page, "/");
    await expect.poll(() => warnings.join("\n")).toMatch(/Speed insights could not load; a content blocker/);
  });

  test("the do-not-sell link refuses marketing with the built-in banner, and says so after the reload that stops its vendors", async ({
    page,
    context,
  }) => {
    await open(page, "/");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 30_000 });
    // The partner-referral script has no off switch: once it has loaded (the scheduler starts it last), the page
    // reloads to stop it, and then says what was done.
    await expect.poll(() => thirdParty.hosts(), { timeout: 15_000 }).toContain("partner-referral.third-party.test");
    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Do Not Sell or Share My Personal Information" }).click();
    await reloaded;
    await expect(page.getByRole("status").filter({ hasText: /will not sell or share/ })).toBeVisible();
    const stored = (await context.cookies()).find((c) => c.name === "nd_consent");
    const record = JSON.parse(decodeURIComponent(stored!.value)) as { categories: string[]; data: { method: string } };
    expect(record.categories).toEqual(["necessary", "preferences", "analytics"]);
    expect(record.data.method).toBe("do-not-sell");
  });
});

test.describe("static islands (docs/architecture.md#lighthouse-and-main-thread: blocks that need no React keep the server's DOM)", () => {
  const keptIslands = (page: Page) =>
    page.evaluate(() => {
      const islands = [...document.querySelectorAll("[data-island]")];
      const hasFiber = (node: Element) => Object.keys(node).some((key) => key.startsWith("__reactFiber"));
      return { islands: islands.length, withFibers: islands.filter((island) => [...island.querySelectorAll("*")].some(hasFiber)).length };
    });

  test("a link in an island prefetches its page and navigates client-side, and the next page renders in full", async ({ page }) => {
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await open(page, "/blog/beacon-proactive-messages/");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const kept = await keptIslands(page);
    expect(kept.islands).toBeGreaterThan(3);
    expect(kept.withFibers).toBe(0);

    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    const author = page.locator("article header").getByRole("link").last();
    const target = (await author.getAttribute("href"))!;
    expect(target).toMatch(/^\/authors\/.+\/$/);
    // in view, then hovered: Gatsby's loader fetches the page's data before the click
    await author.hover();
    await expect.poll(() => requested).toContain(`/page-data${target}page-data.json`);
    await author.click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // no document load: the window (and what was set on it) survived the navigation
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    // pages reached client-side are React's from the start
    const after = await keptIslands(page);
    expect(after.withFibers).toBe(after.islands);
  });

  test("links in view are prefetched, the links of a closed navigation drawer are not", async ({ page }) => {
    const prefetched = new Set<string>();
    page.on("request", (request) => {
      const match = new URL(request.url()).pathname.match(/^\/page-data(\/.*\/)page-data\.json$/);
      if (match) prefetched.add(match[1]);
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, "/blog/");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const links = await page.evaluate(() => {
      const pathOf = (a: HTMLAnchorElement) => (a.origin === location.origin ? a.pathname : null);
      const anchors = [...document.querySelectorAll<HTMLAnchorElement>("a[href^='/']")];
      const inDrawers = new Set(anchors.filter((a) => a.closest("[inert]")).map(pathOf));
      const inView = anchors.filter((a) => {
        const box = a.getBoundingClientRect();
        return !a.closest("[inert]") && box.bottom > 0 && box.top < innerHeight && box.width > 0;
      });
      const visible = new Set(inView.map(pathOf));
      const everywhereElse = new Set(anchors.filter((a) => !a.closest("[inert]")).map(pathOf));
      return {
        drawerOnly: [...inDrawers].filter((path) => path && !everywhereElse.has(path)),
        visible: [...visible].filter((path) => path && path !== location.pathname),
      };
    });
    expect(links.drawerOnly.length, "pages linked only from the navigation drawers").toBeGreaterThan(5);
    expect(links.visible.length).toBeGreaterThan(0);
    // Gatsby's loader prefetches in batches (4 every 3 s): the first batches have gone out by now.
    await expect.poll(() => links.visible.filter((path) => prefetched.has(path!)).length, { timeout: 15_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(4_000);
    expect(links.drawerOnly.filter((path) => prefetched.has(path!))).toEqual([]);
  });
});
