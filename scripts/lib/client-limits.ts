/**
 * What one client may take of the local server's function routes (scripts/lib/site-server.ts,
 * docs/local-server.md "Limits"), all decided from the request's headers, before any body is read: requests
 * per rate window and requests at once, per client address, below each route's cap for all clients together;
 * and the pace a body must keep once it is being read.
 */
import type { IncomingMessage } from "node:http";
import { CONSENT_RATE_LIMIT, CONSENT_RATE_WINDOW_SECONDS } from "../../src/server/consent-records";
import { clientGroup, clientIp, createRateLimit, type RateLimit } from "../../src/server/protect";

export { clientGroup };

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
  return {
    keyOf,
    async admit(
      req: IncomingMessage,
      route: string,
      limits: { concurrent: number; perClient?: number; rate?: "leads" | "consent" | RateAllowance },
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
      const mine = `${route} ${client}`;
      const busy = { status: 503 as const, message: "Too many requests at once: try again in a few seconds", retryAfter: 5 };
      if ((atOnce.get(mine) ?? 0) >= (limits.perClient ?? limits.concurrent)) return busy;
      if ((atOnce.get(route) ?? 0) >= limits.concurrent) return busy;
      for (const key of [mine, route]) atOnce.set(key, (atOnce.get(key) ?? 0) + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        for (const key of [mine, route]) {
          const left = (atOnce.get(key) ?? 1) - 1;
          if (left > 0) atOnce.set(key, left);
          else atOnce.delete(key);
        }
      };
    },
  };
}

/** The pace a request body must keep (docs/local-server.md): after `graceMs`, on average `bytesPerSecond`. */
export interface BodyPace {
  bytesPerSecond: number;
  graceMs: number;
}

/** Whether `received` bytes `elapsedMs` after the body was asked for keep the pace: at least bytesPerSecond × (elapsed − grace). */
export const keepsPace = (pace: BodyPace, received: number, elapsedMs: number) =>
  received >= (pace.bytesPerSecond * (elapsedMs - pace.graceMs)) / 1000;
