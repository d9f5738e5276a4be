/**
 * Abuse protection in front of the lead functions: an Origin check against cross-site posts and a per-IP rate
 * limit (429 with Retry-After).
 */
import { isIPv4, isIPv6 } from "node:net";
import { RateLimiterMemory, type RateLimiterRes } from "rate-limiter-flexible";
import type { LeadProtectionConfig } from "../config";
import { HttpError, type Request } from "./http";
import type { RateLimit } from "./store/types";

export type { RateLimit };

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

const header = (req: Request, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(",") : value;
};

/** Browsers send Origin with every POST; a post from another site is refused with 403. */
export function checkOrigin(req: Request, allowedOrigins: readonly string[], allowLoopback = true): void {
  const origin = header(req, "origin");
  if (origin === undefined) {
    const site = header(req, "sec-fetch-site");
    if (site === "cross-site") throw new HttpError(403, "Cross-site requests are not accepted");
    return;
  }
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new HttpError(403, "Cross-site requests are not accepted");
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.origin !== origin.replace(/\/$/, "")) {
    throw new HttpError(403, "Cross-site requests are not accepted");
  }
  if (allowedOrigins.includes(url.origin) || (allowLoopback && LOOPBACK.has(url.hostname))) return;
  const host = header(req, "host");
  if (host && url.host === host.toLowerCase()) return;
  throw new HttpError(403, "Cross-site requests are not accepted");
}

/**
 * The client address: the host's own client-address header where the host sets it (Netlify:
 * x-nf-client-connection-ip, configured only on such a host, never trusted elsewhere), else with N
 * trusted proxies the Nth X-Forwarded-For entry from the right, else the socket's.
 */
export function clientIp(req: Request, trustedProxyHops: number, hostIpHeader?: string): string {
  const fromHost = hostIpHeader ? header(req, hostIpHeader)?.trim() : undefined;
  if (fromHost) return fromHost.slice(0, 64);
  const forwarded = header(req, "x-forwarded-for");
  if (trustedProxyHops > 0 && forwarded) {
    const hops = forwarded
      .split(",")
      .map((h) => h.trim())
      .filter(Boolean);
    const ip = hops[Math.max(0, hops.length - trustedProxyHops)];
    if (ip) return ip.slice(0, 64);
  }
  const address = req.socket?.remoteAddress ?? "unknown";
  return address.startsWith("::ffff:") ? address.slice(7) : address;
}

/**
 * The address one client is counted under by every rate limit (the functions', the status-token throttle, the
 * local server's): an IPv4 address as it is (an IPv4-mapped IPv6 address is its IPv4
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

/**
 * The network a client belongs to, for the local server's per-network share of a route (docs/local-server.md
 * "Limits"): an IPv4 /24, an IPv6 /48 (one site, RFC 6177).
 */
export function clientNetwork(address: string): string {
  const group = clientGroup(address);
  if (isIPv4(group)) return group.startsWith("127.") ? group : `${group.split(".").slice(0, 3).join(".")}.0/24`;
  if (!group.endsWith("::/64")) return group;
  return `${group.split(":").slice(0, 3).join(":")}::/48`;
}

/** The key a client's requests are counted under: its address (clientIp), an IPv6 one grouped by its /64. */
export const rateKey = (req: Request, config: Pick<LeadProtectionConfig, "trustedProxyHops" | "hostIpHeader">) =>
  clientGroup(clientIp(req, config.trustedProxyHops, config.hostIpHeader));

/** A per-key limit of `points` requests per `windowSeconds` (in this process's memory, one counter per function and IP). */
export function createRateLimit(name: string, points: number, windowSeconds: number): RateLimit {
  if (points === 0) return async () => null;
  return limitWith(new RateLimiterMemory({ keyPrefix: name, points, duration: windowSeconds }));
}

/**
 * A RateLimit over any rate-limiter-flexible limiter (memory here, PostgreSQL in the store); `before` runs first.
 * Its `refund` gives a point back (the status function charges every token check first and refunds a right one).
 */
export function limitWith(limiter: Pick<RateLimiterMemory, "consume" | "reward">, before?: () => Promise<void>): RateLimit {
  const limit: RateLimit = async (key) => {
    await before?.();
    try {
      await limiter.consume(key);
      return null;
    } catch (rejection) {
      if (rejection instanceof Error || typeof (rejection as RateLimiterRes)?.msBeforeNext !== "number") throw rejection;
      return Math.max(1, Math.ceil((rejection as RateLimiterRes).msBeforeNext / 1000));
    }
  };
  limit.refund = async (key) => {
    await before?.();
    await limiter.reward(key, 1);
  };
  return limit;
}

export interface Protection {
  config: LeadProtectionConfig;
  rateLimit: RateLimit;
}

/** Method, Origin, then the rate limit: each refusal an HttpError. */
export async function protect(req: Request, { config, rateLimit }: Protection): Promise<void> {
  if (req.method !== "POST") throw new HttpError(405, "Method not allowed: use POST", { Allow: "POST" });
  checkOrigin(req, config.allowedOrigins, config.allowLoopbackOrigins);
  const retryAfter = await rateLimit(rateKey(req, config));
  if (retryAfter !== null) {
    throw new HttpError(429, `Too many requests. Try again in ${retryAfter} seconds.`, { "Retry-After": String(retryAfter) });
  }
}
