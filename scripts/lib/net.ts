/** Loopback helpers for scripts and tests that start their own servers. */
import net from "node:net";

/** A TCP port free on `host` right now (the OS picks it). */
export async function freePort(host = "127.0.0.1"): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, host, resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Polls `url` until it answers 2xx; throws after `timeoutMs`, or at once when `gaveUp()` says the
 * server will never come (e.g. its process exited).
 */
export async function waitForUrl(
  url: string,
  {
    timeoutMs = 60_000,
    intervalMs = 250,
    gaveUp = (): boolean => false,
  }: { timeoutMs?: number; intervalMs?: number; gaveUp?: () => boolean } = {},
): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > end || gaveUp()) throw new Error(`${url} did not come up`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
