/**
 * What one client may take of the local server's function routes (scripts/lib/site-server.ts,
 * docs/local-server.md "Limits"), all decided from the request's headers, before any body is read: requests
 * per rate window per client address, and requests at once per client, per network and per route; and the
 * pace a body, or a reader, must keep once it is moving.
 */
import type { IncomingMessage } from "node:http";
import { CONSENT_RATE_LIMIT, CONSENT_RATE_WINDOW_SECONDS } from "../../src/server/consent-records";
import { clientGroup, clientIp, clientNetwork, createRateLimit, type RateLimit } from "../../src/server/protect";

export { clientGroup, clientNetwork };

/** A rate window's allowance: `points` requests per `windowSeconds` (points 0: no limit). */
export interface RateAllowance {
  points: number;
  windowSeconds: number;
}

/**
 * The numbers the lead functions themselves charge (LEAD_RATE_LIMIT per LEAD_RATE_WINDOW_SECONDS), the consent
 * function's (CONSENT_RATE_LIMIT per CONSENT_RATE_WINDOW_SECONDS, 0: off; absent: the defaults) and how the
 * client address is read.
 */
export interface ClientProtection {
  rateLimit: number;
  rateWindowSeconds: number;
  consentRateLimit?: number;
  consentRateWindowSeconds?: number;
  /** TRUSTED_PROXY_HOPS: behind that many proxies the client is the Nth X-Forwarded-For entry from the right. */
  trustedProxyHops: number;
}

export type Refusal = { status: 429 | 503; message: string; retryAfter: number };

/**
 * Per-client accounting for the function routes: `admit` charges the route's rate limit and takes one of the
 * client's slots (and one of the route's), or says why not; the returned `release` gives the slots back.
 */
export function clientLimiter(protection: ClientProtection) {
  const rateLimits = new Map<string, RateLimit>();
  const atOnce = new Map<string, number>();
  const rateFor = (route: string, allowance: RateAllowance) => {
    let limit = rateLimits.get(route);
    if (!limit) rateLimits.set(route, (limit = createRateLimit(`serve:${route}`, allowance.points, allowance.windowSeconds)));
    return limit;
  };
  const keyOf = (req: IncomingMessage) => clientGroup(clientIp(req, protection.trustedProxyHops));
  const networkOf = (req: IncomingMessage) => clientNetwork(clientIp(req, protection.trustedProxyHops));
  return {
    keyOf,
    networkOf,
    async admit(
      req: IncomingMessage,
      route: string,
      limits: { concurrent: number; perClient?: number; perNetwork?: number; rate?: "leads" | "consent" | RateAllowance },
    ): Promise<Refusal | (() => void)> {
      const client = keyOf(req);
      const allowance =
        limits.rate === "leads"
          ? { points: protection.rateLimit, windowSeconds: protection.rateWindowSeconds }
          : limits.rate === "consent"
            ? {
                points: protection.consentRateLimit ?? CONSENT_RATE_LIMIT,
                windowSeconds: protection.consentRateWindowSeconds ?? CONSENT_RATE_WINDOW_SECONDS,
              }
            : limits.rate;
      if (allowance && allowance.points > 0) {
        const retryAfter = await rateFor(route, allowance)(client);
        if (retryAfter !== null) return { status: 429, message: `Too many requests. Try again in ${retryAfter} seconds.`, retryAfter };
      }
      // the client's own share, its network's (a /24, a /48) and the route's: a few addresses cannot fill a route
      const shares: [string, number][] = [
        [`${route} client ${client}`, limits.perClient ?? limits.concurrent],
        [`${route} network ${networkOf(req)}`, limits.perNetwork ?? limits.concurrent],
        [route, limits.concurrent],
      ];
      const busy = { status: 503 as const, message: "Too many requests at once: try again in a few seconds", retryAfter: 5 };
      if (shares.some(([key, cap]) => (atOnce.get(key) ?? 0) >= cap)) return busy;
      const keys = [...new Set(shares.map(([key]) => key))];
      for (const key of keys) atOnce.set(key, (atOnce.get(key) ?? 0) + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        for (const key of keys) {
          const left = (atOnce.get(key) ?? 1) - 1;
          if (left > 0) atOnce.set(key, left);
          else atOnce.delete(key);
        }
      };
    },
  };
}

/**
 * The pace a body must keep while it is read, and a reader while it takes an answer (docs/local-server.md
 * "Limits"): after `graceMs`, every `windowMs` must bring `bytesPerSecond` × the window, or the rest of it. A
 * sliding window, not an average since the start: a client that sends most of a body at once and then one
 * byte every 20 s falls behind within one window.
 */
export interface BodyPace {
  bytesPerSecond: number;
  graceMs: number;
  windowMs: number;
}

/**
 * A pace meter started now (`startedAt`): `keeps(done, now)` records how many bytes have moved so far and says
 * whether they keep the pace. `total` (a declared length): what is left of it is enough in a window.
 */
export function paceMeter(pace: BodyPace, startedAt: number, total = Infinity) {
  const samples: [at: number, done: number][] = [[startedAt, 0]];
  return {
    keeps(done: number, now: number): boolean {
      samples.push([now, done]);
      // keep the last sample at or before the window's start: it is the window's baseline
      while (samples.length > 1 && samples[1][0] <= now - pace.windowMs) samples.shift();
      if (now - startedAt < pace.graceMs) return true;
      const [, before] = samples[0];
      const wanted = Math.min((pace.bytesPerSecond * pace.windowMs) / 1000, total - before);
      return done - before >= wanted;
    },
  };
}
