/**
 * The Chromium the bench's Lighthouse runs drive (chrome-launcher): Debian's by default, CHROME_PATH or
 * CHROMIUM_PATH to use another, with the flags that keep it from talking to the network on its own.
 */
import type { LaunchedChrome } from "chrome-launcher";

/** The Chromium binary every bench drives (Lighthouse's here, Playwright's in scripts/bench/vendors). */
export const benchChromiumPath = (): string => process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Flags that keep it from talking to the network on its own. */
export const BENCH_CHROMIUM_FLAGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export async function launchBenchChrome(): Promise<LaunchedChrome> {
  const { launch } = await import("chrome-launcher");
  return launch({ chromePath: benchChromiumPath(), chromeFlags: ["--headless=new", ...BENCH_CHROMIUM_FLAGS] });
}
