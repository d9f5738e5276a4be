/**
 * The Chromium the bench's Lighthouse runs drive (chrome-launcher): Debian's by default, CHROME_PATH or
 * CHROMIUM_PATH to use another, with the flags that keep it from talking to the network on its own.
 */
import type { LaunchedChrome } from "chrome-launcher";

export async function launchBenchChrome(): Promise<LaunchedChrome> {
  const { launch } = await import("chrome-launcher");
  return launch({
    chromePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
