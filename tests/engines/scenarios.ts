/**
 * The critical paths, one list, run in every engine (docs/engines.md#what-is-covered). Each scenario gets a
 * fresh session at its viewport and the visitor's consent already given or not; the runner (tests/engines/run.ts)
 * fails it on any JavaScript error or CSP violation seen meanwhile, besides the checks below.
 */
import fs from "node:fs";
import path from "node:path";
import { builtPaths } from "../e2e/site-paths";
import { expectedPhoneAgents } from "../e2e/staffing-expected";
import type { Front } from "./front";
import { DESKTOP, PHONE, type Engine, type Session, type Viewport } from "./driver";

export interface Context {
  engine: Engine;
  session: Session;
  front: Front;
  /** The site's URL of a path. */
  url(pathname: string): string;
  /** Opens a path and waits until the page is hydrated. */
  visit(pathname: string): Promise<void>;
  /** Polls a function body in the page until it returns a truthy value; fails with `what` after `timeoutMs`. */
  waitFor<T>(what: string, body: string, timeoutMs?: number): Promise<T>;
  /** Saves a screenshot under the run's output folder. */
  shot(name: string): Promise<void>;
  /** Notes a fact for the report. */
  note(text: string): void;
  /** Where accepted leads are written (the local server's LEADS_DIR). */
  leadsDir: string;
}

export interface Scenario {
  name: string;
  viewport: Viewport;
  /** The visitor's stored choice when the scenario starts: everything granted, or none yet (a first visit). */
  consent: "granted" | "pending";
  /** A reason to skip in this engine, or null. */
  skip?(ctx: Context): Promise<string | null>;
  run(ctx: Context): Promise<void>;
}

const q = JSON.stringify;
const HYDRATED = `return document.documentElement.hasAttribute("data-hydrated")`;
const MENU = `header [data-disclosure="menu"]`;
const DRAWER = `header [data-disclosure="drawer"]`;
const expanded = (selector: string) => `return document.querySelector(${q(selector)})?.getAttribute("aria-expanded") === "true"`;
const collapsed = (selector: string) => `return document.querySelector(${q(selector)})?.getAttribute("aria-expanded") === "false"`;
const consentCategories = `const c = document.cookie.split("; ").find((p) => p.startsWith("nd_consent="));
  return c ? JSON.parse(decodeURIComponent(c.slice("nd_consent=".length))).categories.slice().sort().join(",") : null`;
const bannerHidden = `const b = document.querySelector("[data-consent-banner]"); return !b || b.getBoundingClientRect().height === 0 || getComputedStyle(b).display === "none" || getComputedStyle(b).visibility === "hidden"`;
const bannerShown = `const b = document.querySelector("[data-consent-banner]"); return !!b && b.getBoundingClientRect().height > 0 && getComputedStyle(b).visibility !== "hidden"`;
/** True once the element has not moved for two frames (an animation is over). */
const settled = (
  selector: string,
) => `const el = document.querySelector(${q(selector)}); const a = JSON.stringify(el.getBoundingClientRect());
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))); return a === JSON.stringify(el.getBoundingClientRect())`;
const beaconCalls = `return JSON.stringify((window.__beacon && window.__beacon.calls) || [])`;

/** One page per template family and per static page with behaviour of its own (tests/e2e/site-paths.ts lists the build). */
export function templatePages(paths = builtPaths()): string[] {
  const first = (test: (p: string) => boolean, what: string) => {
    const found = paths.find(test);
    if (!found) throw new Error(`the build has no ${what}`);
    return found;
  };
  const under = (prefix: string) =>
    first((p) => p.startsWith(prefix) && p !== prefix && p.split("/").length === prefix.split("/").length + 1, `page under ${prefix}`);
  return [
    "/",
    "/pricing/",
    "/blog/",
    first((p) => /^\/blog\/category\/[^/]+\/$/.test(p), "category list"),
    first((p) => /^\/blog\/(?!category\/|page\/)[^/]+\/$/.test(p), "blog post"),
    "/books/",
    under("/books/"),
    under("/authors/"),
    under("/integrations/"),
    under("/customers/"),
    under("/jobs/"),
    "/resources/",
    "/interview-builder/",
    under("/interview-builder/job-descriptions/"),
    first((p) => /^\/interview-builder\/(?!job-descriptions\/|library\/)[^/]+\/$/.test(p), "interview guide"),
    "/help-desk-staffing-calculator/",
    "/legal/baa/covered-entity/",
    "/lp/personalized-customer-experience/",
    "/product-tour/",
    "/members/register/",
    "/ask/",
  ].filter((p, i, all) => all.indexOf(p) === i);
}

/** Sets a form control's value as a visitor's choice would (select, or a checkbox/radio through a click). */
const choose = (selector: string, value: string) =>
  `const el = document.querySelector(${q(selector)}); el.value = ${q(value)}; el.dispatchEvent(new Event("change", { bubbles: true })); return el.value`;

export const SCENARIOS: Scenario[] = [
  {
    name: "every template loads and hydrates",
    viewport: DESKTOP,
    consent: "granted",
    async run(ctx) {
      for (const pathname of templatePages()) {
        await ctx.visit(pathname);
        await ctx.waitFor(
          `${pathname}: one visible h1`,
          `const h = document.querySelectorAll("h1"); return h.length === 1 && h[0].getBoundingClientRect().height > 0`,
        );
      }
      ctx.note(`${templatePages().length} pages`);
      await ctx.shot("template-last");
    },
  },
  {
    name: "consent banner: Accept all starts the vendors",
    viewport: PHONE,
    consent: "pending",
    async run(ctx) {
      await ctx.visit("/");
      await ctx.waitFor("the banner shows", bannerShown);
      await ctx.shot("banner");
      const before = ctx.front.thirdParty.length;
      const reportsFrom = ctx.front.reports.length;
      await ctx.session.tap(`[data-consent-action="accept-all"]`);
      await ctx.waitFor("the banner is gone", bannerHidden);
      await ctx.waitFor("every category stored", `${consentCategories} === "analytics,marketing,necessary,preferences"`);
      // the loader started the tag manager: its stand-in arrives, or, fenced (Front.setFenced), the fence refuses it
      const started = ctx.engine.thirdPartyStandIns
        ? () => ctx.front.thirdParty.slice(before).some((u) => new URL(u).hostname === "www.googletagmanager.com")
        : () => ctx.front.reports.slice(reportsFrom).some((r) => r.kind === "fenced" && r.text.includes("googletagmanager.com"));
      const deadline = Date.now() + 15_000;
      while (!started() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      const hosts = [...new Set(ctx.front.thirdParty.slice(before).map((u) => new URL(u).hostname))];
      if (!started())
        throw new Error(
          ctx.engine.thirdPartyStandIns
            ? `the tag manager did not load after Accept all (loaded: ${hosts.join(", ") || "none"}; tunnels: ${ctx.front.tunnels.length}, cut: ${ctx.front.cut.slice(-3).join(" ")})`
            : "the tag manager was not started after Accept all (the fence saw no request for it)",
        );
      await ctx.waitFor(
        "the tag manager's dataLayer has the consent update",
        `return (window.dataLayer || []).some((e) => e && e[0] === "consent" && e[1] === "update")`,
      );
      ctx.note(
        ctx.engine.thirdPartyStandIns ? `vendors: ${hosts.length}` : "vendors started, fenced to the origin (no stand-ins in this engine)",
      );
    },
  },
  {
    name: "consent banner: Reject all loads nothing",
    viewport: PHONE,
    consent: "pending",
    async run(ctx) {
      const before = ctx.front.thirdParty.length;
      await ctx.visit("/");
      await ctx.waitFor("the banner shows", bannerShown);
      await ctx.session.tap(`[data-consent-action="reject-all"]`);
      await ctx.waitFor("the banner is gone", bannerHidden);
      await ctx.waitFor("only the necessary category stored", `${consentCategories} === "necessary"`);
      await ctx.visit("/pricing/");
      await new Promise((resolve) => setTimeout(resolve, 1500));
      if ((await ctx.session.evaluate<boolean>(bannerShown)) === true) throw new Error("the banner came back after Reject all");
      const loaded = ctx.front.thirdParty.slice(before);
      if (loaded.length) throw new Error(`third parties loaded after Reject all: ${loaded.join(", ")}`);
    },
  },
  {
    name: "consent banner: Preferences saves one category",
    viewport: DESKTOP,
    consent: "pending",
    async run(ctx) {
      await ctx.visit("/");
      await ctx.session.click(`[data-consent-action="preferences"]`);
      await ctx.waitFor(
        "the preferences dialog opens",
        `return document.documentElement.classList.contains("show--preferences") && !!document.querySelector('#cc-main .pm input[value="analytics"]')`,
        15_000,
      );
      await ctx.shot("preferences");
      await ctx.session.evaluate(`document.querySelector('#cc-main .pm input[value="analytics"]').click(); return true`);
      await ctx.session.click(`#cc-main .pm [data-role="save"]`);
      await ctx.waitFor("the dialog closes", `return !document.documentElement.classList.contains("show--preferences")`);
      await ctx.waitFor("analytics alone stored", `${consentCategories} === "analytics,necessary"`);
      await ctx.waitFor("the banner is gone", bannerHidden);
    },
  },
  {
    name: "phone: the menu and a drawer",
    viewport: PHONE,
    consent: "granted",
    async run(ctx) {
      await ctx.visit("/blog/");
      await ctx.waitFor(
        "the drawers are hidden",
        `return document.querySelector(${q(DRAWER)}).getBoundingClientRect().height === 0 || document.querySelector(${q(DRAWER)}).offsetParent === null`,
      );
      await ctx.session.tap(MENU);
      await ctx.waitFor("the menu opens", expanded(MENU));
      await ctx.session.tap(DRAWER);
      await ctx.waitFor("the first drawer opens", expanded(DRAWER));
      await ctx.waitFor(
        "its links show",
        `const panel = document.getElementById(document.querySelector(${q(DRAWER)}).getAttribute("aria-controls")); const a = panel && panel.querySelector("a[href]"); return !!a && a.getBoundingClientRect().height > 0`,
      );
      await new Promise((resolve) => setTimeout(resolve, 500)); // the drawer's height animation
      await ctx.shot("menu-drawer");
      await ctx.session.tap(DRAWER);
      await ctx.waitFor("the drawer closes", collapsed(DRAWER));
      await ctx.session.evaluate(
        `document.querySelectorAll("header a[href='/pricing/']").forEach((a, i) => a.getBoundingClientRect().height > 0 && a.setAttribute("data-engines-pricing", "")); return true`,
      );
      await ctx.waitFor("the menu settles", settled(`header a[data-engines-pricing]`));
      await ctx.session.tap(`header a[data-engines-pricing]`);
      await ctx.waitFor("a menu link navigates", `return location.pathname === "/pricing/"`);
      await ctx.waitFor("and closes the menu", collapsed(MENU));
    },
  },
  {
    name: "desktop: hover opens a drawer, leaving closes it",
    viewport: DESKTOP,
    consent: "granted",
    async run(ctx) {
      await ctx.visit("/shared-inbox/");
      if (!(await ctx.session.evaluate<boolean>(`return matchMedia("(hover: hover)").matches`)))
        throw new Error("the engine reports (hover: none) at 1440 px");
      await ctx.session.hover(DRAWER);
      await ctx.waitFor("hover opens the drawer", expanded(DRAWER));
      await new Promise((resolve) => setTimeout(resolve, 400)); // the fade
      await ctx.shot("hover-drawer");
      await ctx.session.moveMouse(700, 800);
      await ctx.waitFor("leaving the header closes it", collapsed(DRAWER));
    },
  },
  {
    name: "a tap before hydration is kept",
    viewport: PHONE,
    consent: "granted",
    skip: async (ctx) =>
      ctx.engine.actsWhileLoading
        ? null
        : "the driver answers nothing before the load event, which the held scripts hold (docs/engines.md)",
    async run(ctx) {
      const release = ctx.front.hold();
      try {
        // not waiting for load: the held scripts hold the load event
        await ctx.session.navigate(ctx.url("/blog/"));
        await ctx.waitFor("the page's header is parsed", `return location.pathname === "/blog/" && !!document.querySelector(${q(MENU)})`);
        await ctx.session.tap(MENU);
        await new Promise((resolve) => setTimeout(resolve, 400));
        const state = await ctx.session.evaluate<string>(
          `return [document.documentElement.hasAttribute("data-hydrated"), document.querySelector(${q(MENU)}).getAttribute("aria-expanded")].join(",")`,
        );
        if (state !== "false,false") throw new Error(`the scripts were not held (hydrated, menu open: ${state})`);
      } finally {
        release();
      }
      await ctx.waitFor("the held tap opens the menu once the scripts run", expanded(MENU), 5_000);
      await ctx.waitFor("the page hydrates", HYDRATED, 30_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const after = await ctx.session.evaluate<boolean>(expanded(MENU));
      if (!after) throw new Error("the menu closed when the page hydrated");
      await ctx.shot("early-tap");
    },
  },
  {
    name: "lead form: errors, focus, a valid submit",
    viewport: DESKTOP,
    consent: "granted",
    async run(ctx) {
      const form = `form[data-form-id="get-a-demo"]`;
      const field = (name: string) => `${form} [name="${name}"]`;
      await ctx.visit("/lp/get-a-demo/");
      await ctx.session.click(`${form} button[type="submit"]`);
      await ctx.waitFor(
        "every empty field flagged at once",
        `return document.querySelectorAll(${q(`${form} [aria-invalid="true"]`)}).length >= 5`,
      );
      await ctx.waitFor(
        "the first field focused",
        `return document.activeElement === document.querySelector(${q(`${form} input:not([type=hidden])`)})`,
      );
      await ctx.waitFor("the messages shown", `return document.querySelector(${q(form)}).textContent.includes("Sorry, that is required")`);
      await ctx.shot("lead-form-errors");
      const email = `${ctx.engine.name}.${Date.now().toString(36)}@acme-e2e.com`;
      await ctx.session.type(field("firstname"), "Avery");
      await ctx.session.type(field("lastname"), "Quinn");
      await ctx.session.type(field("email"), email);
      await ctx.session.type(field("company"), "Acme Support");
      const size = await ctx.session.evaluate<string>(
        `const s = document.querySelector(${q(`${form} select`)}); return s.options[s.options.length - 1].value`,
      );
      await ctx.session.evaluate(choose(`${form} select`, size));
      await ctx.session.evaluate(
        `document.querySelector(${q(`${form} input[type=radio], ${form} input[type=checkbox]`)}).click(); return true`,
      );
      await ctx.session.click(`${form} button[type="submit"]`);
      await ctx.waitFor(
        "the success message",
        `const s = document.querySelector(${q(`${form} [role=status]`)}); return !!s && s.textContent.includes("A product expert will email you")`,
        15_000,
      );
      const outbox = path.join(ctx.leadsDir, "outbox.jsonl");
      if (!fs.existsSync(outbox) || !fs.readFileSync(outbox, "utf8").includes(email)) throw new Error("the lead did not reach the outbox");
      await ctx.shot("lead-form-sent");
    },
  },
  {
    name: "calculator: a typed volume changes the plan",
    viewport: PHONE,
    consent: "granted",
    async run(ctx) {
      await ctx.visit("/help-desk-staffing-calculator/");
      await ctx.session.click("#staffing-phone-volume");
      await ctx.session.evaluate(`document.querySelector("#staffing-phone-volume").select(); return true`);
      await ctx.session.keys("20000");
      await ctx.session.evaluate(`document.querySelector("#staffing-phone-volume").blur(); return true`);
      const expected = expectedPhoneAgents("20000");
      await ctx.waitFor(
        `the phone agents read ${expected}`,
        `return document.querySelector('[data-testid="phone-agents"]').textContent.trim() === ${q(expected)}`,
      );
      const value = await ctx.session.evaluate<string>(`return document.querySelector("#staffing-phone-volume").value`);
      if (value.replace(/\D/g, "") !== "20000") throw new Error(`the field reads ${value}: characters lost`);
    },
  },
  {
    name: "support widget: the launcher opens it",
    viewport: DESKTOP,
    consent: "granted",
    skip: async (ctx) =>
      ctx.engine.thirdPartyStandIns ? null : "needs the widget's stand-in script, which this engine's requests do not reach",
    async run(ctx) {
      await ctx.visit("/");
      await ctx.session.click(`[data-support-launcher]`);
      await ctx.waitFor("the widget opens in place", `${beaconCalls}.includes('["open"]') && location.pathname === "/"`, 15_000);
    },
  },
  {
    name: "hash route: #contact-us opens the widget on the ask page",
    viewport: PHONE,
    consent: "granted",
    skip: async (ctx) =>
      ctx.engine.thirdPartyStandIns ? null : "needs the widget's stand-in script, which this engine's requests do not reach",
    async run(ctx) {
      await ctx.visit("/ask/#contact-us");
      await ctx.waitFor(
        "the widget opens and goes to /ask/",
        `const c = ${beaconCalls.replace("return ", "")}; return c.includes('["open"]') && c.includes('["navigate","/ask/"]')`,
        15_000,
      );
    },
  },
  {
    name: "offline: a visited page reloads from the service worker",
    viewport: DESKTOP,
    consent: "granted",
    async skip(ctx) {
      await ctx.session.goto(ctx.url("/robots.txt"));
      const has = await ctx.session.evaluate<boolean>(`return "serviceWorker" in navigator`);
      return has ? null : "no service worker in this engine";
    },
    async run(ctx) {
      await ctx.visit("/");
      await ctx.waitFor(
        "the service worker controls the page",
        `return navigator.serviceWorker.controller && navigator.serviceWorker.controller.state === "activated"`,
        20_000,
      );
      await ctx.session.evaluate(`window.___navigate("/pricing/"); return true`);
      await ctx.waitFor("/pricing/ reached client-side", `return location.pathname === "/pricing/" && !!document.querySelector("h1")`);
      const title = await ctx.session.evaluate<string>(`return document.querySelector("h1").textContent`);
      // the worker puts a network-first answer in its cache after handing it to the page: offline too early,
      // the reload finds no page data (seen once in WebKit under CI's load), or not one of the static query
      // results the page data names (seen once in Chromium under CI's load)
      await ctx.waitFor(
        "the service worker has cached /pricing/'s page data and its static queries' results",
        `const pageData = await caches.match("/page-data/pricing/page-data.json");
        if (!pageData) return false;
        const { staticQueryHashes = [] } = await pageData.clone().json();
        for (const hash of staticQueryHashes) if (!(await caches.match("/page-data/sq/d/" + hash + ".json"))) return false;
        return true;`,
      );
      ctx.front.setOffline(true);
      try {
        await ctx.session.evaluate(`setTimeout(() => location.reload(), 0); return true`);
        await new Promise((resolve) => setTimeout(resolve, 500));
        await ctx.waitFor(
          "the reload hydrates offline",
          `return location.pathname === "/pricing/" && document.documentElement.hasAttribute("data-hydrated")`,
          20_000,
        );
        const again = await ctx.session.evaluate<string>(`return document.querySelector("h1").textContent`);
        if (again !== title) throw new Error(`offline, /pricing/ shows "${again}", not "${title}"`);
        await ctx.shot("offline");
      } finally {
        ctx.front.setOffline(false);
      }
    },
  },
];
