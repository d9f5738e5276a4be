/**
 * Chromium (CDP) and Firefox ESR (WebDriver BiDi) through puppeteer-core 24 (25 needs Node 22). Each session is
 * a browser context of its own. Both engines go through the front server as their proxy (tests/engines/front.ts)
 * and accept its throwaway certificate; both are told they have a mouse that hovers (headless, each reports
 * `(hover: none)` otherwise, and the header's hover drawers would never open).
 */
import fs from "node:fs";
import puppeteer, { type Browser, type KeyInput, type Page } from "puppeteer-core";
import type { Engine, EngineName, Session, Viewport } from "./driver";

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // a desktop pointer: hover and fine (Blink's HoverType 2 = hover, PointerType 4 = fine)
  "--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4",
];

/**
 * Firefox's BiDi log files some network failures as JavaScript errors: a refused cross-origin call (the
 * Experience API has no stand-in outside its own e2e spec) and a service worker's fetch cut by a navigation or
 * by going offline. They are not errors of the page's scripts; an uncaught error is still caught by the recorder.
 */
const NETWORK_MESSAGE = /^(Cross-Origin Request Blocked:|Failed to load ‘[^’]+’\. A ServiceWorker )/;

/** Firefox's pointer capabilities: fine pointer (2) that hovers (4). */
const FIREFOX_POINTER = 2 | 4;

export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!fs.existsSync(path)) throw new Error(`Chromium not found at ${path}: install Debian's chromium or set CHROMIUM_PATH`);
  return path;
}

export function firefoxPath(): string {
  const path = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";
  if (!fs.existsSync(path)) throw new Error(`Firefox not found at ${path}: install Debian's firefox-esr or set FIREFOX_PATH`);
  return path;
}

class PuppeteerSession implements Session {
  private errors: string[] = [];
  constructor(
    private page: Page,
    private closeContext: () => Promise<void>,
    private touch: boolean,
  ) {
    page.on("pageerror", (error) => {
      const message = error instanceof Error ? error.message : String(error);
      if (!NETWORK_MESSAGE.test(message)) this.errors.push(message);
    });
  }

  async goto(url: string) {
    await this.page.goto(url, { waitUntil: "load", timeout: 30_000 });
  }
  async navigate(url: string) {
    await this.page.goto(url, { waitUntil: "domcontentloaded", timeout: 30_000 });
  }
  private async centre(selector: string) {
    const handle = await this.page.waitForSelector(selector, { visible: true, timeout: 10_000 });
    if (!handle) throw new Error(`no ${selector}`);
    await handle.evaluate((el) => el.scrollIntoView({ block: "center", inline: "center" }));
    const box = await handle.boundingBox();
    await handle.dispose();
    if (!box) throw new Error(`${selector} has no box`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }
  async click(selector: string) {
    const { x, y } = await this.centre(selector);
    await this.page.mouse.click(x, y);
  }
  async tap(selector: string) {
    if (!this.touch) return this.click(selector);
    const { x, y } = await this.centre(selector);
    await this.page.touchscreen.tap(x, y);
  }
  async hover(selector: string) {
    const { x, y } = await this.centre(selector);
    await this.page.mouse.move(x, y, { steps: 2 });
  }
  async moveMouse(x: number, y: number) {
    await this.page.mouse.move(x, y, { steps: 2 });
  }
  async type(selector: string, text: string) {
    await this.click(selector);
    await this.keys(text);
  }
  async keys(text: string) {
    for (const char of text) await this.page.keyboard.press(char as KeyInput);
  }
  async press(key: string) {
    await this.page.keyboard.press(key as KeyInput);
  }
  evaluate<T>(body: string): Promise<T> {
    return this.page.evaluate(`(async () => { ${body} })()`) as Promise<T>;
  }
  async screenshot(file: string) {
    await this.page.screenshot({ path: file as `${string}.png` });
  }
  protocolErrors() {
    return [...this.errors];
  }
  close() {
    return this.closeContext();
  }
}

export async function launchPuppeteer(name: Extract<EngineName, "chromium" | "firefox">, proxyPort: number): Promise<Engine> {
  const proxy = `localhost:${proxyPort}`;
  const browser: Browser =
    name === "chromium"
      ? await puppeteer.launch({
          browser: "chrome",
          executablePath: chromiumPath(),
          headless: true,
          acceptInsecureCerts: true,
          // loopback (the site's origin) is never proxied
          args: [...CHROMIUM_ARGS, `--proxy-server=http://${proxy}`],
        })
      : await puppeteer.launch({
          browser: "firefox",
          protocol: "webDriverBiDi",
          executablePath: firefoxPath(),
          headless: true,
          acceptInsecureCerts: true,
          extraPrefsFirefox: {
            "network.proxy.type": 1,
            "network.proxy.http": "localhost",
            "network.proxy.http_port": proxyPort,
            "network.proxy.ssl": "localhost",
            "network.proxy.ssl_port": proxyPort,
            "network.proxy.allow_hijacking_localhost": false,
            "ui.primaryPointerCapabilities": FIREFOX_POINTER,
            "ui.allPointerCapabilities": FIREFOX_POINTER,
          },
        });
  const version = await browser.version();
  // Chromium emulates a phone's touch screen; Firefox's BiDi viewport has no touch emulation: its taps are clicks.
  const touch = name === "chromium";
  return {
    name,
    version,
    touch,
    actsWhileLoading: true,
    thirdPartyStandIns: true,
    async session(viewport: Viewport) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({
        width: viewport.width,
        height: viewport.height,
        ...(viewport.phone && touch ? { isMobile: true, hasTouch: true } : {}),
      });
      return new PuppeteerSession(page, () => context.close(), viewport.phone && touch);
    },
    close: () => browser.close(),
  };
}
