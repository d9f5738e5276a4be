import { expect, offOrigin, test } from "./fixtures";
import type { Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { open } from "./helpers";
import { e2ePersonalized } from "./third-party-env";

/** Third-party hosts are never reached from tests. */
test.beforeEach(async ({ page, baseURL }) => {
  await page.route(offOrigin(baseURL!), (route) => route.abort());
});

const axeClean = async (page: Page) => {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
};
const headerState = (page: Page) => page.locator("header").first().getAttribute("data-scroll-state");
const scrollToY = async (page: Page, y: number) => {
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
  await page.waitForTimeout(80);
};

test.describe("header on a desktop (docs/product-rules.md#header-states, #menus-and-drawers)", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("scroll states: hides going down past half the viewport, shows after 100 px up, hides after 200 px down", async ({ page }) => {
    await open(page, "/shared-inbox/");
    await expect.poll(() => headerState(page)).toBe("UNINITIALIZED");
    await scrollToY(page, 1200);
    await expect.poll(() => headerState(page)).toBe("HIDING");
    await expect(page.getByRole("link", { name: "Sign Up Free" }).first()).not.toBeInViewport();
    await scrollToY(page, 1150);
    await expect.poll(() => headerState(page)).toBe("HIDING");
    await scrollToY(page, 1090);
    await expect.poll(() => headerState(page)).toBe("SHOWING");
    await expect(page.getByRole("link", { name: "Sign Up Free" }).first()).toBeInViewport();
    await scrollToY(page, 1300);
    await expect.poll(() => headerState(page)).toBe("HIDING");
    await scrollToY(page, 0);
    await expect.poll(() => headerState(page)).toBe("UNINITIALIZED");
  });

  test("a static header (pricing) scrolls away and stays hidden on the way up", async ({ page }) => {
    await open(page, "/pricing/");
    await scrollToY(page, 1200);
    await expect.poll(() => headerState(page)).toBe("HIDING");
    await scrollToY(page, 900);
    await expect.poll(() => headerState(page)).toBe("HIDING");
  });

  test("hover opens a drawer, leaving the header closes it; axe clean with it open", async ({ page }) => {
    await open(page, "/shared-inbox/");
    const product = page.getByRole("button", { name: "Product" });
    await product.hover();
    await expect(product).toHaveAttribute("aria-expanded", "true");
    const drawer = page.locator(`#${await product.getAttribute("aria-controls")}`);
    await expect(drawer.getByRole("link", { name: /Shared Inbox/ })).toBeVisible();
    await axeClean(page);
    await page.mouse.move(700, 800);
    await expect(product).toHaveAttribute("aria-expanded", "false");
    await expect(drawer.getByRole("link", { name: /Shared Inbox/ })).toBeHidden();
  });

  test("a closed drawer's icons are fetched once the page is live; a drawer opened before that shows them at once", async ({ page }) => {
    // docs/page-load.md#closed-drawers-icons. The app's scripts are refused, so the page never goes live; the early
    // script (/static/early-…) still runs and opens drawers, as it does before hydration.
    const requested = new Set<string>();
    page.on("request", (r) => void (new URL(r.url()).pathname.startsWith("/icons/") && requested.add(new URL(r.url()).pathname)));
    await page.route(/^http:\/\/localhost:\d+\/(?!static\/early-)[^?#]*\.js(?:[?#]|$)/, (route) => route.abort());
    await page.goto("/shared-inbox/");
    await page.waitForLoadState("load");
    const product = page.getByRole("button", { name: "Product" });
    const drawer = page.locator(`#${await product.getAttribute("aria-controls")}`);
    const iconPaths = (scope: string) =>
      page.$$eval(scope, (els) => [...new Set(els.map((e) => /\/icons\/[a-z0-9-]+\.svg/.exec(e.getAttribute("style") ?? "")?.[0] ?? ""))]);
    const inDrawers = await iconPaths("header nav [id] [style*='/icons/']");
    const elsewhere = new Set(await iconPaths("body [style*='/icons/']:not(header nav [id] *)"));
    const drawerOnly = inDrawers.filter((p) => p && !elsewhere.has(p));
    expect(drawerOnly.length).toBeGreaterThan(5);
    await page.waitForTimeout(1_000);
    expect(drawerOnly.filter((p) => requested.has(p))).toEqual([]);
    expect(await page.locator("html[data-hydrated]").count()).toBe(0);
    // opened before hydration (the early script's disclosure): its icons are fetched and drawn
    await product.click();
    await expect(product).toHaveAttribute("aria-expanded", "true");
    const productIcons = await iconPaths(`#${await product.getAttribute("aria-controls")} [style*='/icons/']`);
    await expect.poll(() => productIcons.filter((p) => !requested.has(p))).toEqual([]);
    const mask = await drawer
      .locator("[style*='/icons/']")
      .first()
      .evaluate((e) => getComputedStyle(e).maskImage || getComputedStyle(e).webkitMaskImage);
    expect(mask).toMatch(/^url\(/);
  });

  test("once the page is live, closed drawers' icons are fetched, so a first hover finds them", async ({ page }) => {
    const requested = new Set<string>();
    page.on("request", (r) => void (new URL(r.url()).pathname.startsWith("/icons/") && requested.add(new URL(r.url()).pathname)));
    await open(page, "/shared-inbox/");
    const drawerIcons = await page.$$eval("header nav [id] [style*='/icons/']", (els) =>
      [...new Set(els.map((e) => /\/icons\/[a-z0-9-]+\.svg/.exec(e.getAttribute("style") ?? "")?.[0] ?? ""))].filter(Boolean),
    );
    expect(drawerIcons.length).toBeGreaterThan(5);
    await expect.poll(() => drawerIcons.filter((p) => !requested.has(p))).toEqual([]);
  });

  test("keyboard: Enter opens, Tab reaches the drawer links, Escape closes and returns focus", async ({ page }) => {
    await open(page, "/shared-inbox/");
    const product = page.getByRole("button", { name: "Product" });
    await product.focus();
    await page.keyboard.press("Enter");
    await expect(product).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(page.locator(":focus")).toHaveAttribute("href", /.+/);
    await page.keyboard.press("Escape");
    await expect(product).toHaveAttribute("aria-expanded", "false");
    await expect(product).toBeFocused();
  });

  test("a drawer label reserves room for personalized labels only when personalization is configured (no gap before the caret)", async ({
    page,
  }) => {
    await open(page, "/shared-inbox/");
    const personalized = e2ePersonalized();
    const product = page.locator("header nav").getByRole("button", { name: "Product", exact: true });
    await expect(product.locator("[aria-hidden]")).toHaveText(personalized ? ["Get started"] : []);
    // from the end of the label shown to the caret (the button's ::after: a 6 px margin and an 8 px triangle)
    const gap = await product.evaluate((button) => {
      const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
      let right = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest("[aria-hidden]")) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        right = Math.max(right, range.getBoundingClientRect().right);
      }
      const style = getComputedStyle(button);
      return button.getBoundingClientRect().right - parseFloat(style.paddingRight) - 14 - right;
    });
    if (personalized) expect(gap).toBeGreaterThan(8);
    else expect(Math.abs(gap)).toBeLessThan(1);
  });

  test("home shows Login instead of Get a Demo; other pages Get a Demo", async ({ page }) => {
    await open(page, "/");
    await expect(page.locator("header").getByRole("link", { name: "Login" }).last()).toBeVisible();
    await expect(page.locator("header").getByRole("link", { name: "Get a Demo" })).toHaveCount(0);
    await open(page, "/shared-inbox/");
    await expect(page.locator("header").getByRole("link", { name: "Get a Demo" }).last()).toBeVisible();
  });
});

test.describe("header on a phone (docs/product-rules.md#menus-and-drawers)", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test("the toggle opens the menu, a click toggles a drawer, a link closes the menu; axe clean open", async ({ page }) => {
    await open(page, "/blog/");
    const toggle = page.getByRole("button", { name: "Menu" });
    await expect(page.getByRole("button", { name: "Product" })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const product = page.getByRole("button", { name: "Product" });
    await product.click();
    await expect(product).toHaveAttribute("aria-expanded", "true");
    await expect(
      page
        .locator("header")
        .getByRole("link", { name: /Shared Inbox/ })
        .first(),
    ).toBeVisible();
    await axeClean(page);
    await product.click();
    await expect(product).toHaveAttribute("aria-expanded", "false");
    await page.locator("header").getByRole("link", { name: "Pricing", exact: true }).click();
    await expect(page).toHaveURL(/\/pricing\/$/);
    await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
  });

  for (const scrolled of [false, true])
    test(`while a drawer closes${scrolled ? " (the menu scrolled down to Pricing)" : ""}, a tap where Pricing was a frame earlier never lands on another item or the overlay`, async ({
      page,
    }) => {
      await open(page, "/blog/");
      await page.getByRole("button", { name: "Menu" }).click();
      const product = page.getByRole("button", { name: "Product" });
      await product.click();
      const drawer = page.locator(`#${await product.getAttribute("aria-controls")}`);
      await expect.poll(() => drawer.evaluate((d) => d.getAnimations().length)).toBe(0);
      const pricing = page.locator("header").getByRole("link", { name: "Pricing", exact: true });
      if (scrolled) await pricing.scrollIntoViewIfNeeded();
      // Every frame of the close, check what a tap aimed at Pricing's last seen centre would hit now.
      const report = await page.evaluate(
        async (drawerId) => {
          const link = [...document.querySelectorAll<HTMLAnchorElement>("header nav a")].find((a) => a.textContent?.trim() === "Pricing")!;
          const button = document.querySelector<HTMLButtonElement>(`[aria-controls="${drawerId}"]`)!;
          const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
          const centre = () => {
            const r = link.getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2] as const;
          };
          const wrong: string[] = [];
          let moves = 0;
          let aim = centre();
          button.click();
          for (let i = 0; i < 40; i++) {
            await frame();
            const now = centre();
            if (now[1] !== aim[1]) moves++;
            const hit = document.elementFromPoint(aim[0], aim[1]);
            const target = hit?.closest("a, button, [data-testid=menu-overlay]");
            if (target && target !== link && !(target.matches("[data-testid=menu-overlay]") && target.hasAttribute("data-settling")))
              wrong.push(`${Math.round(aim[1])}px: ${target.getAttribute("data-testid") ?? target.textContent?.trim()}`);
            aim = now;
          }
          return { moves, wrong };
        },
        (await product.getAttribute("aria-controls"))!,
      );
      expect(report.moves, "Pricing moved while the drawer closed").toBeGreaterThan(0);
      expect(report.wrong).toEqual([]);
      // settled: the tap lands on Pricing
      await pricing.click();
      await expect(page).toHaveURL(/\/pricing\/$/);
    });

  test("the overlay closes the menu", async ({ page }) => {
    await open(page, "/blog/");
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByTestId("menu-overlay").click({ position: { x: 10, y: 600 } });
    await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
  });

  test("no horizontal overflow on a 375 px phone", async ({ page }) => {
    for (const path of ["/", "/shared-inbox/", "/blog/support-staffing-model/", "/design-system/"]) {
      await open(page, path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test.describe("Markdown tables on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  for (const path of ["/pricing/", "/blog/setting-support-slas/", "/blog/support-staffing-model/"])
    test(`${path}: every column reads without a sideways scroll, nothing cut off, values under their headings`, async ({ page }) => {
      await open(page, path);
      const tables = page.locator("main table");
      expect(await tables.count()).toBeGreaterThan(0);
      for (const table of await tables.all()) {
        await table.scrollIntoViewIfNeeded();
        const report = await table.evaluate((t) => {
          const box = t.parentElement!; // the scroll box the Markdown renderer wraps every table in
          const cut = [...t.querySelectorAll("th, td")]
            .filter(
              (cell) =>
                cell.scrollWidth > cell.clientWidth + 1 || cell.getBoundingClientRect().right > box.getBoundingClientRect().right + 1,
            )
            .map((cell) => cell.textContent);
          const rows = [...t.querySelectorAll("tr")];
          const lefts = (row: Element) => [...row.children].slice(1).map((c) => Math.round(c.getBoundingClientRect().left));
          const misaligned = rows.slice(1).filter((row) => lefts(row).join() !== lefts(rows[0]).join()).length;
          return { hidden: box.scrollWidth - box.clientWidth, cut, misaligned };
        });
        expect(report).toEqual({ hidden: 0, cut: [], misaligned: 0 });
      }
    });
});

test.describe("footers per path (docs/product-rules.md#layout-per-path)", () => {
  for (const [path, variant] of [
    ["/", "full"],
    ["/product-tour/", "legal"],
    ["/fundraising-with-purpose/", "small"],
    ["/interview-builder/", "small"],
    ["/lp/personalized-customer-experience/", "small"],
    ["/webinars/foundations-of-great-service/", "small"],
  ] as const) {
    test(`${path}: ${variant} footer`, async ({ page }) => {
      await open(page, path);
      await expect(page.locator("footer")).toHaveAttribute("data-footer", variant);
      if (variant !== "legal") await expect(page.locator("footer")).toContainText(`© ${new Date().getFullYear()}`);
    });
  }

  test("the large footer: status badge, NEW badges, external links as plain anchors", async ({ page }) => {
    await open(page, "/");
    const footer = page.locator("footer");
    await expect(footer.getByRole("link", { name: /Status/ })).toContainText("99.99%");
    await expect(footer.getByText("NEW").first()).toBeVisible();
    for (const name of ["X", "Facebook", "LinkedIn", "Instagram"])
      await expect(footer.getByRole("link", { name, exact: true })).toBeVisible();
  });
});

test.describe("fixed call-to-action bar (docs/product-rules.md#fixed-bar, #fixed-bar-eligibility)", () => {
  const bar = (page: Page) => page.locator("[data-fixed-bar]");
  const scrollToBottom = (page: Page) => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

  test("home: the trial bar after scrolling, dismissed for good", async ({ page }) => {
    await open(page, "/");
    await expect(bar(page)).toHaveAttribute("data-visible", "false");
    await expect(bar(page)).toBeHidden();
    await scrollToBottom(page);
    await expect(bar(page)).toHaveAttribute("data-visible", "true");
    await expect(bar(page)).toBeVisible();
    await expect(bar(page)).toContainText("Get started in minutes with a free account.");
    await bar(page).getByRole("button", { name: "Dismiss" }).click();
    await expect(bar(page)).toHaveAttribute("data-visible", "false");
    await expect(bar(page)).toBeHidden();
    await page.reload();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await scrollToBottom(page);
    await expect(bar(page)).toHaveCount(0);
  });

  test("product page: demo bar only for eligible visitors; forced by show_fixed_cta_bar=1; stays on /lp/get-a-demo/", async ({ page }) => {
    await open(page, "/shared-inbox/");
    await scrollToBottom(page);
    await expect(bar(page)).toHaveCount(0);
    await page.evaluate(() => localStorage.setItem("ziDetails", JSON.stringify({ employeeCount: 40, country: "Germany" })));
    await page.reload();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await scrollToBottom(page);
    await expect(bar(page)).toHaveAttribute("data-visible", "true");
    await expect(bar(page).getByRole("link", { name: "Book a Demo" })).toHaveAttribute("href", /demofixedcta=true/);
    // Client-side navigation to the demo page keeps the bar.
    await page.evaluate(() => (window as unknown as { ___navigate: (to: string) => void }).___navigate("/lp/get-a-demo/"));
    await expect(page).toHaveURL(/\/lp\/get-a-demo\/$/);
    await expect(bar(page)).toHaveAttribute("data-visible", "true");
    await page.evaluate(() => (window as unknown as { ___navigate: (to: string) => void }).___navigate("/blog/"));
    await expect(page).toHaveURL(/\/blog\/$/);
    await expect(bar(page)).toHaveCount(0);
    await open(page, "/blog/?show_fixed_cta_bar=1");
    await expect(bar(page)).toHaveAttribute("data-visible", "true");
  });

  test("a hovered button in the bar keeps its pill: its fill and rim stand out from the bar", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await open(page, "/?show_fixed_cta_bar=1");
    await expect(bar(page)).toHaveAttribute("data-visible", "true");
    const button = bar(page).getByRole("link", { name: "Sign Up Free" });
    await button.hover();
    // Past the transition (0.15 s), then the colours as painted: WCAG's relative luminance and contrast ratio.
    await page.waitForTimeout(300);
    const [fill, rim, text, barFill] = await button.evaluate((el) => {
      const style = getComputedStyle(el);
      return [style.backgroundColor, style.borderTopColor, style.color, getComputedStyle(el.closest("[data-fixed-bar]")!).backgroundColor];
    });
    const luminance = (rgb: string) => {
      const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
        const c = Number(v) / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (a: string, b: string) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    expect(fill).not.toBe(barFill);
    expect(contrast(rim, barFill)).toBeGreaterThanOrEqual(3); // WCAG 1.4.11: the control's boundary
    expect(contrast(text, fill)).toBeGreaterThanOrEqual(4.5);
  });

  for (const viewport of [
    { width: 375, height: 740 },
    { width: 768, height: 1024 },
    { width: 1440, height: 900 },
  ])
    test(`at ${viewport.width} px the bar and the support launcher never cover each other, and the launcher moves no layout`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await open(page, "/");
      await page.evaluate(() => {
        (window as unknown as { __cls: number }).__cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
      });
      const launcher = page.getByRole("link", { name: "Help and support" });
      await scrollToBottom(page);
      await expect(bar(page)).toHaveAttribute("data-visible", "true");
      // both have finished moving (their transitions), then nothing of either lies under the other
      await page.waitForFunction(() =>
        ["[data-fixed-bar]", "[data-support-launcher]"].every((s) => document.querySelector(s)!.getAnimations().length === 0),
      );
      const [barBox, launcherBox] = [await bar(page).boundingBox(), await launcher.boundingBox()];
      expect(launcherBox!.y + launcherBox!.height).toBeLessThanOrEqual(barBox!.y);
      const hit = await launcher.evaluate((el) => {
        // a round button: its centre and a point just inside each edge
        const r = el.getBoundingClientRect();
        const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
        return [
          [x, y],
          [x, r.top + 4],
          [x, r.bottom - 4],
          [r.left + 4, y],
          [r.right - 4, y],
        ].every(([px, py]) => el.contains(document.elementFromPoint(px, py)));
      });
      expect(hit, "every part of the launcher can be tapped").toBe(true);
      expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0);
      // dismissed, the bar goes and the launcher returns to its place
      const before = launcherBox!.y;
      await bar(page).getByRole("button", { name: "Dismiss" }).click();
      await expect(bar(page)).toBeHidden();
      await expect.poll(async () => (await launcher.boundingBox())!.y).toBeGreaterThanOrEqual(before);
    });

  test("the bar never shifts layout (CLS 0 while it appears)", async ({ page }) => {
    await open(page, "/");
    await page.evaluate(() => {
      (window as unknown as { __cls: number }).__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    await scrollToBottom(page);
    await expect(bar(page)).toHaveAttribute("data-visible", "true");
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0);
  });
});

test("design system page: every badge colour and button variant, not indexed", async ({ page }) => {
  await open(page, "/design-system/");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByRole("group", { name: /Badges, size/ })).toHaveCount(3);
  await expect(page.getByRole("group", { name: /buttons$/ })).toHaveCount(4);
  await expect(page.getByText(/of \d{4} icons/)).toBeVisible();
  await page.getByLabel("Find an icon").fill("inbox");
  await expect(page.locator('main li [style*="/icons/inbox.svg"]')).toBeVisible();
  const svg = await page.request.get("/icons/inbox.svg");
  expect(svg.status()).toBe(200);
  expect(await svg.text()).toContain("<svg");
});

test("the support launcher links to the ask page's contact route without the widget", async ({ page }) => {
  await open(page, "/blog/");
  await expect(page.getByRole("link", { name: "Help and support" })).toHaveAttribute("href", "/ask/#contact-us");
});
