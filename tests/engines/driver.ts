/**
 * One interface over three engines (docs/engines.md): Chromium and Firefox through puppeteer-core (CDP,
 * WebDriver BiDi), WebKitGTK through webdriverio in classic WebDriver. Selectors are CSS; in-page code is a
 * function body as text (`return …`), the one form every protocol evaluates alike.
 */
export type EngineName = "chromium" | "firefox" | "webkit";

export interface Viewport {
  width: number;
  height: number;
  /** A phone: touch where the engine can emulate it (WebKitGTK cannot: its touch actions arrive as mouse events). */
  phone: boolean;
}

export const PHONE: Viewport = { width: 375, height: 740, phone: true };
export const DESKTOP: Viewport = { width: 1440, height: 900, phone: false };

export interface Session {
  /** Opens a URL and waits for its load event. */
  goto(url: string): Promise<void>;
  /** Opens a URL and waits for DOMContentLoaded only (the page's scripts may be held). */
  navigate(url: string): Promise<void>;
  /** A mouse click at the element's centre (scrolled into view first). */
  click(selector: string): Promise<void>;
  /** A touch tap where the engine emulates touch, else a click. */
  tap(selector: string): Promise<void>;
  /** The mouse over the element's centre. */
  hover(selector: string): Promise<void>;
  /** The mouse to a point of the viewport. */
  moveMouse(x: number, y: number): Promise<void>;
  /** Focuses the element (a click) and types the text (`keys`). */
  type(selector: string, text: string): Promise<void>;
  /** Types into what has focus, one key down and up per character. */
  keys(text: string): Promise<void>;
  /** One key: a character, or "Escape", "Enter", "Tab". */
  press(key: string): Promise<void>;
  /** Runs a function body in the page (`return …`; a promise is awaited). */
  evaluate<T>(body: string): Promise<T>;
  screenshot(file: string): Promise<void>;
  /** JavaScript errors seen by the protocol itself (CDP, BiDi); classic WebDriver has none: []. */
  protocolErrors(): string[];
  close(): Promise<void>;
}

export interface Engine {
  name: EngineName;
  version: string;
  /** Whether a phone session emulates touch (false: taps are clicks). */
  touch: boolean;
  /**
   * Whether the driver can act on a page before its load event. WebKitWebDriver answers no command (script,
   * click) until then, and a page whose scripts are held never gets there.
   */
  actsWhileLoading: boolean;
  /**
   * Whether the engine's third-party requests reach the front server's stand-ins (its proxy). WebKitGTK's do
   * not: neither the WebDriver proxy capability nor the MiniBrowser's --proxy opened a single tunnel (docs/engines.md).
   */
  thirdPartyStandIns: boolean;
  /** A fresh session (no cookies, storage or service worker of an earlier one) at this viewport. */
  session(viewport: Viewport): Promise<Session>;
  close(): Promise<void>;
}

/** The keys `press` knows, as WebDriver's key codes (puppeteer takes the names). */
export const WEBDRIVER_KEYS: Record<string, string> = { Escape: "\uE00C", Enter: "\uE007", Tab: "\uE004" };
