/**
 * Redelivery of pending leads, on either store: `npm run leads:flush` and the hourly scheduled function
 * run this. Leads in doubt (an attempt whose answer was lost) are looked up in HubSpot before they are
 * sent again; uploads no lead references are swept once they are a week old.
 *
 * A run fits its host's time limit: it starts no send after the budget (LEADS_FLUSH_BUDGET_MS), sends
 * LEADS_FLUSH_CONCURRENCY leads at a time, and cuts sends short near the host's limit (their leads stay in
 * doubt and are settled next run); what it did not reach stays pending. A refused token (401/403) stops it
 * at once: every other send would fail the same way. It ends with one JSON line in the log and, when
 * leads wait too long or the token is refused, an alert (./alerts.ts).
 */
import type { HubSpotConfig, ServerConfig } from "../config";
import type { LeadFormDefinition } from "../lib/lead-form/types";
import { alertIfNeeded, ALERT_TIMEOUT_MS, type AlertOutcome } from "./alerts";
import { deliverToHubSpot, findSubmission, isAuthRefusal } from "./hubspot";
import { errorLine, type FlushResult, type LeadRecord, type LeadStore } from "./store/types";

export interface FlushReport extends FlushResult {
  filesSwept: number;
  /** Pending leads whose last attempt failed. */
  failing: number;
  /** Age of the oldest pending lead, in seconds (null: none pending). */
  oldestPendingAgeSeconds: number | null;
  /** Why the run stopped with leads left: its time budget, or HubSpot refusing the token. */
  stoppedBy?: "budget" | "auth";
  firstError?: string;
  alert: AlertOutcome;
  alertError?: string;
  durationMs: number;
}

/** Time kept free before the host's limit: recording outcomes, the sweep, the status and the alert. */
export const HOST_LIMIT_RESERVE_MS = ALERT_TIMEOUT_MS + 2000;
/** No send is started with less time than this left before the host's limit. */
const MIN_SEND_MS = 1000;

export interface FlushDeps {
  fetcher?: typeof fetch;
  /** For outbox lines written before leads kept their form definition. */
  forms?: ReadonlyMap<string, LeadFormDefinition>;
  /** Where the report's JSON line goes (default console.log). */
  log?: (line: string) => void;
}

/**
 * `forms`: for outbox lines written before leads kept their form definition; a lead without one and
 * without a known form fails (and stays pending) rather than being sent with its fields unmapped.
 */
export async function flushLeads(
  config: Pick<ServerConfig, "hubspot" | "siteUrl" | "leadsFlush" | "leadsAlerts">,
  store: LeadStore,
  fetcher: typeof fetch = fetch,
  forms: ReadonlyMap<string, LeadFormDefinition> = new Map(),
  { log = console.log }: Pick<FlushDeps, "log"> = {},
): Promise<FlushReport> {
  const hubspot = config.hubspot;
  if (!hubspot) throw new Error("HubSpot is not configured: set HUBSPOT_PORTAL_ID and HUBSPOT_ACCESS_TOKEN");
  const started = Date.now();
  const { budgetMs, hostLimitMs, concurrency } = config.leadsFlush;
  const sendsEndBy = hostLimitMs ? started + hostLimitMs - HOST_LIMIT_RESERVE_MS : Infinity;
  const startNoSendAfter = Math.min(budgetMs ? started + budgetMs : Infinity, sendsEndBy - MIN_SEND_MS);

  let authRefusal: { status: number; error: string } | undefined;
  let firstError: string | undefined;
  let stoppedBy: FlushReport["stoppedBy"];
  const stop = () => {
    if (authRefusal) stoppedBy = "auth";
    else if (Date.now() >= startNoSendAfter) stoppedBy = "budget";
    return stoppedBy !== undefined;
  };
  // a send started near the host's limit gets only the time left before it
  const hubspotNow = (): HubSpotConfig => {
    const left = sendsEndBy - Date.now();
    return left < hubspot.timeoutMs ? { ...hubspot, timeoutMs: Math.max(MIN_SEND_MS, left) } : hubspot;
  };
  const formOf = (record: LeadRecord) => {
    const form = record.form ?? forms.get(record.formId);
    if (!form) throw new Error(`form ${record.formId} is not known`);
    return form;
  };

  const result = await store.flush(
    async (record) => {
      try {
        await deliverToHubSpot(hubspotNow(), formOf(record), record.submission, new Date(record.receivedAt), fetcher);
      } catch (error) {
        if (isAuthRefusal(error)) authRefusal ??= { status: error.status!, error: errorLine(error) };
        throw error;
      }
    },
    (record) => findSubmission(hubspotNow(), formOf(record), record, fetcher),
    {
      concurrency,
      stop,
      onError: (record, error) => {
        firstError ??= `${record.id} (${record.formId}): ${errorLine(error)}`;
      },
    },
  );
  const filesSwept = await store.sweepFiles();
  const status = await store.status();
  const now = Date.now();
  const alert = await alertIfNeeded({
    store,
    settings: config.leadsAlerts,
    status,
    run: { authRefusal, firstError },
    siteUrl: config.siteUrl,
    fetcher,
    now,
  });
  const report: FlushReport = {
    ...result,
    filesSwept,
    failing: status.failing,
    oldestPendingAgeSeconds: status.oldestPendingAt ? Math.round((now - Date.parse(status.oldestPendingAt)) / 1000) : null,
    ...(stoppedBy && result.pending > 0 ? { stoppedBy } : {}),
    ...(firstError ? { firstError } : {}),
    alert: alert.outcome,
    ...(alert.error ? { alertError: alert.error } : {}),
    durationMs: now - started,
  };
  if (config.leadsAlerts.webhookUrlInvalid) report.alertError = "LEADS_ALERT_WEBHOOK_URL is not an http(s) URL";
  log(JSON.stringify({ event: "leads-flush", ...report, budgetMs: budgetMs ?? null, concurrency }));
  return report;
}
