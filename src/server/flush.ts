/**
 * Redelivery of pending leads, on either store: `npm run leads:flush` and the hourly scheduled function run
 * this. See docs/lead-forms.md.
 */
import type { HubSpotConfig, ServerConfig } from "../config";
import type { LeadFormDefinition } from "../lib/lead-form/types";
import { alertIfNeeded, ALERT_TIMEOUT_MS, type AlertOutcome } from "./alerts";
import { deliverToHubSpot, DeliveryError, findSubmission, outcomeOf } from "./hubspot";
import type { FlushResult, LeadRecord, LeadStore, SystemicProblem } from "./store/types";
import { CONSENT_RETENTION_DAYS, errorLine, isAccountWide, REFUSED_RETENTION_DAYS } from "./store/rules";

export interface FlushReport extends FlushResult {
  filesSwept: number;
  /** Pending leads whose last attempt failed. */
  failing: number;
  /** Age of the oldest pending lead, in seconds (null: none pending). */
  oldestPendingAgeSeconds: number | null;
  /** Why the run stopped with leads left: its time budget, HubSpot refusing the token, another systemic answer, or a 429 longer than the budget. */
  stoppedBy?: "budget" | "auth" | "systemic" | "rate-limit";
  firstError?: string;
  /** Refused leads deleted at the end of their retention (LEADS_REFUSED_RETENTION_DAYS). */
  refusedExpired: number;
  /** Consent records deleted at the end of their retention (CONSENT_RETENTION_DAYS). */
  consentPruned: number;
  alert: AlertOutcome;
  /** The "refused" alert of this run: sent (new refusals told of), none, off, failed (told next run). */
  refusedAlert: "sent" | "none" | "off" | "failed";
  /** The alert naming unknown errorTypes of held leads (once per new type): sent, none, off, failed. */
  heldAlert: "sent" | "none" | "off" | "failed";
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
 * Deletes the consent records (proof of consent) older than CONSENT_RETENTION_DAYS (0: keeps them all); returns
 * how many. A failure is logged and counts as none: it never stops the redelivery of leads.
 */
export async function pruneConsentRecords(
  store: LeadStore,
  { consentRetentionDays }: Pick<ServerConfig["leadsFlush"], "consentRetentionDays">,
) {
  const days = consentRetentionDays ?? CONSENT_RETENTION_DAYS;
  if (days <= 0) return 0;
  try {
    return await store.consent.pruneConsentRecords(days * 86_400_000);
  } catch (error) {
    console.error(`[leads-flush] pruning consent records failed: ${errorLine(error)}`);
    return 0;
  }
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

  let systemic: SystemicProblem | undefined;
  let firstError: string | undefined;
  let stoppedBy: FlushReport["stoppedBy"];
  // a 429 is about the account, not the lead: the whole run waits for its Retry-After
  let pausedUntil = 0;
  const stop = () => {
    if (systemic) stoppedBy = systemic.status === 401 || systemic.status === 403 ? "auth" : "systemic";
    else if (pausedUntil >= startNoSendAfter) stoppedBy = "rate-limit";
    else if (Date.now() >= startNoSendAfter) stoppedBy = "budget";
    return stoppedBy !== undefined;
  };
  const beforeNext = async () => {
    const wait = pausedUntil - Date.now();
    if (wait > 0 && pausedUntil < startNoSendAfter) await new Promise((resolve) => setTimeout(resolve, wait));
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

  const result = await store.queue.flush(
    async (record) => {
      try {
        await deliverToHubSpot(hubspotNow(), formOf(record), record.submission, new Date(record.receivedAt), fetcher);
      } catch (error) {
        if (error instanceof DeliveryError && error.outcome === "systemic") {
          systemic ??= {
            at: new Date().toISOString(),
            status: error.status ?? null,
            errorTypes: [...error.errorTypes],
            leadId: record.id,
            formId: record.formId,
          };
        }
        if (error instanceof DeliveryError && isAccountWide(error.status)) {
          pausedUntil = Math.max(pausedUntil, Date.now() + (error.retryAfterMs ?? 0));
        }
        throw error;
      }
    },
    (record) => findSubmission(hubspotNow(), formOf(record), record, fetcher),
    {
      concurrency,
      stop,
      beforeNext,
      onError: (record, error) => {
        // a refused or held lead is about its own values, told of by its own alert: not the pipeline's error
        if (outcomeOf(error) !== "refused" && outcomeOf(error) !== "unknown")
          firstError ??= `${record.id} (${record.formId}): ${errorLine(error)}`;
      },
    },
  );
  // a systemic answer holds the status at 503 until a run delivers again
  if (systemic) await store.queue.setSystemic(systemic);
  else if (result.delivered > 0) await store.queue.setSystemic(null);
  const refusedExpired = await store.refused.expireRefused((config.leadsFlush.refusedRetentionDays ?? REFUSED_RETENTION_DAYS) * 86_400_000);
  const consentPruned = await pruneConsentRecords(store, config.leadsFlush);
  const filesSwept = await store.uploads.sweepFiles();
  const status = await store.queue.status();
  const now = Date.now();
  const alert = await alertIfNeeded({
    store,
    settings: config.leadsAlerts,
    status,
    run: { systemic, firstError },
    siteUrl: config.siteUrl,
    fetcher,
    now,
  });
  const report: FlushReport = {
    ...result,
    refused: result.refused ?? 0,
    refusedExpired,
    consentPruned,
    filesSwept,
    failing: status.failing,
    oldestPendingAgeSeconds: status.oldestPendingAt ? Math.round((now - Date.parse(status.oldestPendingAt)) / 1000) : null,
    ...(stoppedBy && result.pending > 0 ? { stoppedBy } : {}),
    ...(firstError ? { firstError } : {}),
    alert: alert.outcome,
    refusedAlert: alert.refused,
    heldAlert: alert.held,
    ...(alert.error ? { alertError: alert.error } : {}),
    durationMs: now - started,
  };
  log(JSON.stringify({ event: "leads-flush", ...report, budgetMs: budgetMs ?? null, concurrency }));
  return report;
}
