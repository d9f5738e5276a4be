/**
 * WebKitGTK: WebKitWebDriver and its MiniBrowser under Xvfb, driven by webdriverio 9 in classic WebDriver
 * (WebKitGTK refuses the BiDi session webdriverio asks for unless `wdio:enforceWebDriverClassic` is set).
 * The MiniBrowser runs with `--automation --full-screen` (no window chrome), and its window is then set to the
 * viewport: the page gets exactly that size (checked). Each session is a new MiniBrowser (no state carried
 * over). Taps are clicks: WebKitGTK turns touch actions into mouse events.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { remote } from "webdriverio";
import { WEBDRIVER_KEYS, type Engine, type Session, type Viewport } from "./driver";

const MINIBROWSER_CANDIDATES = [
  process.env.MINIBROWSER_PATH,
  "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
  "/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
  "/usr/libexec/webkit2gtk-4.1/MiniBrowser",
];

function miniBrowser(): string {
  const found = MINIBROWSER_CANDIDATES.find((p) => p && fs.existsSync(p));
  if (!found) throw new Error("MiniBrowser not found: install Debian's webkit2gtk-driver or set MINIBROWSER_PATH");
  return found;
}

/** Starts Xvfb on a free display (-displayfd) with a screen of `screen`'s size. */
async function startXvfb(screen: Viewport): Promise<{ display: string; process: ChildProcess }> {
  const args = ["-displayfd", "1", "-nolisten", "tcp", "-screen", "0", `${screen.width}x${screen.height}x24`];
  const xvfb = spawn("Xvfb", args, { stdio: ["ignore", "pipe", "pipe"] });
  const display = await new Promise<string>((resolve, reject) => {
    let out = "";
    let err = "";
    xvfb.stdout!.on("data", (chunk: Buffer) => {
      out += String(chunk);
      if (out.includes("\n")) resolve(`:${out.trim()}`);
    });
    xvfb.stderr!.on("data", (chunk: Buffer) => (err += String(chunk)));
    xvfb.once("error", reject);
    xvfb.once("exit", (code) => reject(new Error(`Xvfb exited (${code}): ${err.slice(-500)}`)));
    setTimeout(() => reject(new Error(`Xvfb did not start: ${err.slice(-500)}`)), 10_000).unref();
  });
  return { display, process: xvfb };
}

/**
 * One WebKitWebDriver for the run. A new session sometimes hung (no answer to POST /session within webdriverio's
 * 120 s) right after the previous one was deleted: --replace-on-new-session lets a new session replace one
 * whose browser is still closing.
 */
async function startDriver(port: number, display: string): Promise<ChildProcess> {
  const driver = spawn("WebKitWebDriver", [`--port=${port}`, "--replace-on-new-session"], {
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, DISPLAY: display },
  });
  let err = "";
  driver.stderr!.on("data", (chunk: Buffer) => (err += String(chunk)));
  for (let i = 0; i < 100; i++) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited: ${err.slice(-500)}`);
    const up = await fetch(`http://localhost:${port}/status`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return driver;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`WebKitWebDriver did not answer on port ${port}`);
}

type Browser = Awaited<ReturnType<typeof remote>>;

class WebKitSession implements Session {
  constructor(private browser: Browser) {}

  async goto(url: string) {
    await this.browser.url(url);
  }
  navigate(): Promise<void> {
    throw new Error("WebKitWebDriver answers no command until the page's load event (actsWhileLoading is false)");
  }
  private async element(selector: string) {
    const element = this.browser.$(selector);
    await element.waitForDisplayed({ timeout: 10_000 });
    await this.browser.execute(`document.querySelector(${JSON.stringify(selector)}).scrollIntoView({ block: "center", inline: "center" })`);
    return element;
  }
  async click(selector: string) {
    await (await this.element(selector)).click();
  }
  tap(selector: string) {
    return this.click(selector);
  }
  async hover(selector: string) {
    await (await this.element(selector)).moveTo();
  }
  async moveMouse(x: number, y: number) {
    await this.browser.performActions([
      {
        type: "pointer",
        id: "mouse",
        parameters: { pointerType: "mouse" },
        actions: [{ type: "pointerMove", duration: 50, x, y, origin: "viewport" }],
      },
    ]);
    await this.browser.releaseActions();
  }
  async type(selector: string, text: string) {
    await this.click(selector);
    await this.keys(text);
  }
  async keys(text: string) {
    // one key down and up per character: keys() with a whole string loses repeated characters in WebKitGTK
    for (const char of text) await this.press(char);
  }
  async press(key: string) {
    const value = WEBDRIVER_KEYS[key] ?? key;
    await this.browser.performActions([
      {
        type: "key",
        id: "keyboard",
        actions: [
          { type: "keyDown", value },
          { type: "keyUp", value },
        ],
      },
    ]);
    await this.browser.releaseActions();
  }
  evaluate<T>(body: string): Promise<T> {
    // classic Execute Script awaits a returned promise
    return this.browser.execute(`return (async () => { ${body} })();`) as Promise<T>;
  }
  async screenshot(file: string) {
    await this.browser.saveScreenshot(file);
  }
  protocolErrors() {
    return [];
  }
  async close() {
    await this.browser.deleteSession();
  }
}

export async function launchWebKit({
  driverPort,
  proxyPort,
  screen,
}: {
  driverPort: number;
  proxyPort: number;
  screen: Viewport;
}): Promise<Engine> {
  const binary = miniBrowser();
  const xvfb = await startXvfb(screen);
  let driver: ChildProcess;
  try {
    driver = await startDriver(driverPort, xvfb.display);
  } catch (error) {
    xvfb.process.kill();
    throw error;
  }
  const version = await new Promise<string>((resolve) => {
    const v = spawn(binary, ["--version"], { stdio: ["ignore", "pipe", "ignore"], env: { ...process.env, DISPLAY: xvfb.display } });
    let out = "";
    v.stdout!.on("data", (chunk: Buffer) => (out += String(chunk)));
    v.on("close", () => resolve(out.trim() || "WebKitGTK"));
  });
  return {
    name: "webkit",
    version,
    touch: false,
    actsWhileLoading: false,
    thirdPartyStandIns: false,
    async session(viewport: Viewport) {
      if (viewport.width > screen.width || viewport.height > screen.height)
        throw new Error(`the X screen is smaller than ${viewport.width}×${viewport.height}`);
      const browser = await remote({
        hostname: "localhost",
        port: driverPort,
        path: "/",
        logLevel: "silent",
        connectionRetryCount: 1,
        capabilities: {
          browserName: "MiniBrowser",
          acceptInsecureCerts: true,
          proxy: { proxyType: "manual", httpProxy: `localhost:${proxyPort}`, sslProxy: `localhost:${proxyPort}`, noProxy: ["localhost"] },
          "wdio:enforceWebDriverClassic": true,
          "webkitgtk:browserOptions": { binary, args: ["--automation", "--full-screen"] },
        } as WebdriverIO.Capabilities,
      });
      await browser.setWindowRect(0, 0, viewport.width, viewport.height);
      const size = await browser.execute("return innerWidth + 'x' + innerHeight");
      if (size !== `${viewport.width}x${viewport.height}`)
        throw new Error(`the MiniBrowser's viewport is ${size}, not ${viewport.width}x${viewport.height}`);
      return new WebKitSession(browser);
    },
    async close() {
      driver.kill();
      xvfb.process.kill();
    },
  };
}
