/**
 * Lead-pipeline alerts (docs/lead-forms.md "When leads stop"): after each flush, one Slack-compatible message
 * ({text, blocks}) to LEADS_ALERT_WEBHOOK_URL when a lead has waited longer than LEADS_ALERT_AFTER_MINUTES or
 * HubSpot refused the access token (401/403); at most one per LEADS_ALERT_EVERY_MINUTES, and one "recovered"
 * message once nothing waits that long any more. What was sent is kept in the store, under a lock, so
 * overlapping flushes and separate instances send each message once.
 */
import type { LeadsAlertConfig } from "../config";
import type { AlertState, LeadStore, PipelineStatus } from "./store/types";

/** A webhook that takes longer is given up on (the flush runs against the host's time limit). */
export const ALERT_TIMEOUT_MS = 3000;

/** What went wrong, as an alert tells it. */
export type Problem = { kind: "auth"; status: number; error: string } | { kind: "waiting"; error: string | null };

export type AlertOutcome =
  /** no webhook configured */
  | "off"
  /** healthy, nothing to say */
  | "none"
  | "sent"
  | "recovered"
  /** a problem, but an alert went out less than LEADS_ALERT_EVERY_MINUTES ago */
  | "suppressed"
  /** another flush holds the alert state right now */
  | "busy"
  /** the webhook refused or did not answer (tried again by the next flush) */
  | "failed";

export interface SlackMessage {
  text: string;
  blocks: Record<string, unknown>[];
}

const MINUTE = 60_000;

/** The pipeline's problem, if any: a refused token seen in this run, or a lead waiting longer than `afterMinutes`. */
export function pipelineProblem(
  status: PipelineStatus,
  run: { authRefusal?: { status: number; error: string }; firstError?: string },
  afterMinutes: number,
  now: number,
): Problem | null {
  if (run.authRefusal) return { kind: "auth", status: run.authRefusal.status, error: run.authRefusal.error };
  const oldest = status.oldestPendingAt ? Date.parse(status.oldestPendingAt) : null;
  if (oldest !== null && now - oldest > afterMinutes * MINUTE) return { kind: "waiting", error: run.firstError ?? status.lastError };
  return null;
}

/** "2 h 5 min", "45 min", "under a minute". */
export function duration(ms: number): string {
  const minutes = Math.floor(ms / MINUTE);
  if (minutes < 1) return "under a minute";
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  return [days ? `${days} d` : "", hours ? `${hours} h` : "", rest ? `${rest} min` : ""].filter(Boolean).join(" ");
}

/** Slack's mrkdwn needs only these three escaped. */
const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const utc = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

interface MessageContext {
  siteUrl: string;
  now: number;
  settings: Pick<LeadsAlertConfig, "afterMinutes" | "everyMinutes">;
}

export function alertMessage(problem: Problem, status: PipelineStatus, { siteUrl, now, settings }: MessageContext): SlackMessage {
  const site = new URL(siteUrl).host;
  const since = status.oldestPendingAt;
  const waiting = since
    ? `${plural(status.pending, "lead")} waiting, the oldest since ${utc(since)} (${duration(now - Date.parse(since))})`
    : "no lead waiting yet";
  const headline =
    problem.kind === "auth"
      ? `HubSpot refuses the site's access token (${problem.status}): leads are kept but not delivered`
      : `Leads are not reaching HubSpot: ${waiting}`;
  const action =
    problem.kind === "auth"
      ? "Check HUBSPOT_ACCESS_TOKEN (a private-app token with the forms scope) in the site's environment; the next flush delivers what waits."
      : `Nothing is lost: the hourly flush keeps trying. Check HubSpot's status and the function log (leads-flush).`;
  const error = problem.error ?? "none recorded";
  return {
    text: `[${site}] ${headline}. ${problem.kind === "auth" ? `${waiting}. ` : ""}First error: ${error}`,
    blocks: [
      {
        type: "header",
        text: { type: "plain_text", text: problem.kind === "auth" ? "HubSpot refuses the access token" : "Leads are not reaching HubSpot" },
      },
      {
        type: "section",
        fields: [
          { type: "mrkdwn", text: `*Site*\n${escape(site)}` },
          { type: "mrkdwn", text: `*Waiting*\n${plural(status.pending, "lead")}` },
          { type: "mrkdwn", text: `*Oldest since*\n${since ? `${utc(since)} (${duration(now - Date.parse(since))})` : "–"}` },
          { type: "mrkdwn", text: `*Failing*\n${status.failing}${status.failingSince ? ` since ${utc(status.failingSince)}` : ""}` },
        ],
      },
      { type: "section", text: { type: "mrkdwn", text: `*First error*\n\`\`\`${escape(error).replace(/```/g, "'''")}\`\`\`` } },
      { type: "section", text: { type: "mrkdwn", text: escape(action) } },
      {
        type: "context",
        elements: [
          {
            type: "mrkdwn",
            text: `Alerts after ${settings.afterMinutes} min of waiting, at most one per ${settings.everyMinutes} min; a message follows when it recovers.`,
          },
        ],
      },
    ],
  };
}

export function recoveredMessage(status: PipelineStatus, state: AlertState, { siteUrl, now }: MessageContext): SlackMessage {
  const site = new URL(siteUrl).host;
  const left = status.pending === 0 ? "no lead waiting" : `${plural(status.pending, "lead")} waiting, none for long`;
  const since = state.lastAlertAt ? ` (alerted ${duration(now - Date.parse(state.lastAlertAt))} ago)` : "";
  return {
    text: `[${site}] Recovered: leads reach HubSpot again, ${left}${since}.`,
    blocks: [
      { type: "header", text: { type: "plain_text", text: "Leads reach HubSpot again" } },
      { type: "section", text: { type: "mrkdwn", text: `*${escape(site)}*: ${left}${since}.` } },
    ],
  };
}

/** POSTs one message; throws on a non-2xx answer, a network error or the timeout. */
export async function postAlert(url: string, message: SlackMessage, fetcher: typeof fetch = fetch, timeoutMs = ALERT_TIMEOUT_MS) {
  const response = await fetcher(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(message),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`the alert webhook answered ${response.status}`);
  await response.body?.cancel().catch(() => {});
}

/**
 * Decides, under the store's alert lock, whether this flush alerts, says "recovered" or keeps quiet, and
 * posts it. The state changes only when the webhook took the message, so a failed post is retried next run.
 */
export async function alertIfNeeded({
  store,
  settings,
  status,
  run,
  siteUrl,
  fetcher = fetch,
  now = Date.now(),
}: {
  store: Pick<LeadStore, "withAlertState">;
  settings: LeadsAlertConfig;
  status: PipelineStatus;
  run: { authRefusal?: { status: number; error: string }; firstError?: string };
  siteUrl: string;
  fetcher?: typeof fetch;
  now?: number;
}): Promise<{ outcome: AlertOutcome; error?: string }> {
  const url = settings.webhookUrl;
  if (!url) return { outcome: "off" };
  const problem = pipelineProblem(status, run, settings.afterMinutes, now);
  const context = { siteUrl, now, settings };
  try {
    const outcome = await store.withAlertState(async (state): Promise<{ next?: AlertState; result: AlertOutcome }> => {
      if (problem) {
        if (state.lastAlertAt && now - Date.parse(state.lastAlertAt) < settings.everyMinutes * MINUTE) return { result: "suppressed" };
        await postAlert(url, alertMessage(problem, status, context), fetcher);
        return { next: { open: true, lastAlertAt: new Date(now).toISOString() }, result: "sent" };
      }
      if (!state.open) return { result: "none" };
      await postAlert(url, recoveredMessage(status, state, context), fetcher);
      return { next: { open: false, lastAlertAt: state.lastAlertAt }, result: "recovered" };
    });
    return { outcome: outcome ?? "busy" };
  } catch (error) {
    return { outcome: "failed", error: (error as Error).message };
  }
}
