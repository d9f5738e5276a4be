/** The PostgreSQL store's rate limits: counted in one table, so every instance sees them. */
import { RateLimiterPostgres } from "rate-limiter-flexible";
import { limitWith } from "../protect";
import type { PostgresDb } from "./postgres-base";
import type { RateLimit } from "./types";

/** A per-key limit of `points` requests per `windowSeconds` (0 points: no limit); expired rows go with the upload sweep. */
export function postgresRateLimit(db: PostgresDb, name: string, points: number, windowSeconds: number): RateLimit {
  if (points === 0) return async () => null;
  const limiter = new RateLimiterPostgres({
    storeClient: db.pool,
    storeType: "pool",
    tableName: "rate_limits",
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix: name,
    points,
    duration: windowSeconds,
  });
  return limitWith(limiter, () => db.init());
}
