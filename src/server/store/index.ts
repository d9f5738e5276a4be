// PostgreSQL when DATABASE_URL is set, else the file outbox; on a serverless host the file outbox would lose
// leads with the instance's disk, so the functions answer 503 there until DATABASE_URL is set.
import type { ServerConfig } from "../../config";
import { DEFAULT_HUBSPOT_TIMEOUT_MS } from "../../config/defaults";
import { HttpError } from "../http";
import { FileStore } from "./file-store";
import { PostgresStore } from "./postgres-store";
import type { LeadStore } from "./types";

export type { LeadStore } from "./types";

/** How long a claimed lead belongs to its sender: the HubSpot timeout and a margin. */
export const claimMs = (config: ServerConfig) => (config.hubspot?.timeoutMs ?? DEFAULT_HUBSPOT_TIMEOUT_MS) + 5000;

/**
 * One PostgreSQL store (one pool) per process and database, on globalThis: `gatsby serve` re-requires a
 * function's bundle on every request, which would otherwise open a new pool each time.
 */
const STORES = Symbol.for("northdesk.lead-functions.stores");
const registry = globalThis as typeof globalThis & { [STORES]?: Map<string, LeadStore> };

export function storeFor(config: ServerConfig): LeadStore {
  const { databaseUrl } = config;
  if (databaseUrl) {
    const stores = (registry[STORES] ??= new Map());
    let store = stores.get(databaseUrl);
    if (!store) {
      store = new PostgresStore({
        connectionString: databaseUrl,
        claimMs: claimMs(config),
        uploadQuotaBytes: config.protection.uploadQuotaBytes,
        poolSize: config.databasePoolSize,
      });
      stores.set(databaseUrl, store);
    }
    return store;
  }
  if (config.serverless) {
    console.error("[lead-form] DATABASE_URL is not set on this serverless host: leads are refused rather than kept on a throwaway disk");
    throw new HttpError(503, "We cannot take this form right now. Please try again later or email us at help@northdesk.com.");
  }
  return new FileStore(config.leadsDir, { uploadQuotaBytes: config.protection.uploadQuotaBytes });
}

/**
 * The local server, at start: the file store's consent index built before the first post rather than by it
 * (docs/measurements/2026-12-06-consent-index.md). Nothing to do on PostgreSQL or a serverless host.
 */
export function warmStore(config: ServerConfig): void {
  if (config.databaseUrl || config.serverless) return;
  new FileStore(config.leadsDir, { uploadQuotaBytes: config.protection.uploadQuotaBytes }).consent.warm();
}
