/**
 * What one client may take of the local server's function routes (scripts/lib/site-server.ts,
 * docs/local-server.md "Limits"), all decided from the request's headers, before any body is read: requests
 * per rate window and requests at once, per client address, below each route's cap for all clients together;
 * and the pace a body must keep once it is being read.
 */
import { isIPv4, isIPv6 } from "node:net";
import type { IncomingMessage } from "node:http";
import { clientIp, createRateLimit, type RateLimit } from "../../src/server/protect";

/**
 * The address one client is counted under: an IPv4 address as it is (an IPv4-mapped IPv6 address is its IPv4
 * address), an IPv6 address by its /64, the block one subscriber line or host gets (RFC 6177): a client
 * chooses the other 64 bits freely (privacy addresses, RFC 8981) and would otherwise be a new client per address.
 */
export function clientGroup(address: string): string {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return mapped[1];
  if (isIPv4(bare) || !isIPv6(bare)) return bare;
  const [head, tail = ""] = bare.split("::");
  const parts = (part: string) => (part === "" ? [] : part.split(":"));
  // an embedded IPv4 tail (`::1.2.3.4`) counts as two groups; only the first four groups matter here
  const left = parts(head);
  const right = parts(tail).flatMap((p) => (p.includes(".") ? ["0", "0"] : [p]));
  const groups = bare.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

/** A rate window's allowance: `points` requests per `windowSeconds` (points 0: no limit). */
export interface RateAllowance {
  points: number;
  windowSeconds: number;
}

/** The numbers the lead functions themselves charge (LEAD_RATE_LIMIT per LEAD_RATE_WINDOW_SECONDS) and how the client address is read. */
export interface ClientProtection {
  rateLimit: number;
  rateWindowSeconds: number;
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
      limits: { concurrent: number; perClient?: number; rate?: "leads" | RateAllowance },
    ): Promise<Refusal | (() => void)> {
      const client = keyOf(req);
      const allowance =
        limits.rate === "leads" ? { points: protection.rateLimit, windowSeconds: protection.rateWindowSeconds } : limits.rate;
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
