/**
 * The phone profile every measurement here applies (docs/page-load.md#the-first-second): a 375×740 touch
 * screen, 150 ms round trip, 1.6 Mbit/s down and 0.75 Mbit/s up, and a 4× CPU slowdown, through CDP (Chromium
 * only). The first-second tests (tests/e2e/phone-profile.ts), the vendors bench and `npm run bench`'s
 * floor-ratio runs (./phone-paints.ts) all read it from here, so they measure the same phone.
 */
import type { CDPSession } from "@playwright/test";

/** `Network.emulateNetworkConditions`: latency per request, throughput in bytes per second. */
export const PHONE_NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (0.75 * 1024 * 1024) / 8,
} as const;

/** `Emulation.setCPUThrottlingRate`. */
export const PHONE_CPU_SLOWDOWN = 4;

/** The screen (touch and mobile come with it). */
export const PHONE_VIEWPORT = { width: 375, height: 740 } as const;

/** Throttles a page's network and CPU as the phone, through its CDP session (before it navigates). */
export async function applyPhoneThrottling(cdp: CDPSession): Promise<void> {
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", PHONE_NETWORK);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE_CPU_SLOWDOWN });
}
