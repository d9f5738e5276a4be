/**
 * Lead-pipeline alerts: one Slack-compatible message per problem, never a visitor's text or HubSpot's
 * (docs/lead-forms.md "When leads stop"). Every string is escaped, the top-level `text` as much as the blocks
 * (https://api.slack.com/reference/surfaces/formatting#escaping).
 */
import type { LeadsAlertConfig } from "../config";
import { ALERT_TIMEOUT_MS, escape, postAlert, type SlackMessage } from "./alert-webhook";
import { tellHeld, type HeldAlert } from "./alerts-held";
import type { AlertState, LeadStore, PipelineStatus, SystemicProblem, UnalertedRefusals } from "./store/types";

export { ALERT_TIMEOUT_MS, escape, postAlert, type SlackMessage };

/** What went wrong, as an alert tells it. */
export type Problem =
  | { kind: "auth"; status: number; error: string }
  | { kind: "systemic"; status: number | null; errorTypes: string[]; error: string }
  | { kind: "waiting"; error: string | null };

/** The run's facts an alert may use (ids, status, errorTypes; firstError is an errorLine of our own messages). */
export interface RunFacts {
  systemic?: SystemicProblem;
  firstError?: string;
}

/** "<lead> (<form>): HubSpot answered 400 (FIELD_NOT_IN_FORM_DEFINITION)": what a systemic alert says. */
const systemicLine = (p: SystemicProblem) =>
  `${p.leadId} (${p.formId}): HubSpot answered ${p.status ?? "without a status"}${p.errorTypes.length ? ` (${p.errorTypes.join(", ")})` : ""}`;

/**
 * An error line as an alert may carry it: HubSpot's text cut off after its status and errorTypes (a line stored
 * before answers were kept apart may still hold it), bounded.
 */
export function alertSafeError(line: string): string {
  const answered = /^(.*?HubSpot answered \d{3})(?: \(([A-Z0-9_, ]+)\))?/.exec(line);
  if (answered) return `${answered[1]}${answered[2] ? ` (${answered[2]})` : ""}`;
  return line.slice(0, 300);
}

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

const MINUTE = 60_000;

/** The pipeline's problem, if any: a refused token seen in this run, or a lead waiting longer than `afterMinutes`. */
export function pipelineProblem(status: PipelineStatus, run: RunFacts, afterMinutes: number, now: number): Problem | null {
  const systemic = run.systemic;
  if (systemic && (systemic.status === 401 || systemic.status === 403))
    return { kind: "auth", status: systemic.status, error: systemicLine(systemic) };
  if (systemic) return { kind: "systemic", status: systemic.status, errorTypes: systemic.errorTypes, error: systemicLine(systemic) };
  const oldest = status.oldestPendingAt ? Date.parse(status.oldestPendingAt) : null;
  if (oldest !== null && now - oldest > afterMinutes * MINUTE) {
    const error = run.firstError ?? status.lastError;
    return { kind: "waiting", error: error === null ? null : alertSafeError(error) };
  }
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

const utc = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

interface MessageContext {
  siteUrl: string;
  now: number;
  settings: Pick<LeadsAlertConfig, "afterMinutes" | "everyMinutes">;
}

/** What an alert says for each kind of problem: its headline, header and what to do. */
function wording(problem: Problem, waiting: string): { headline: string; title: string; action: string } {
  switch (problem.kind) {
    case "auth":
      return {
        headline: `HubSpot refuses the site's access token (${problem.status}): leads are kept but not delivered`,
        title: "HubSpot refuses the access token",
        action:
          "Check HUBSPOT_ACCESS_TOKEN (a private-app token with the forms scope) in the site's environment; the next flush delivers what waits.",
      };
    case "systemic":
      return {
        headline: `HubSpot refuses the form's submissions (${[problem.status, ...problem.errorTypes].filter(Boolean).join(" ")}): leads are kept but not delivered`,
        title: "HubSpot refuses the form's submissions",
        action:
          "The form's definition in HubSpot and the site's no longer agree (a field removed or made required, the form deleted): fix one of them, then the next flush delivers what waits.",
      };
    case "waiting":
      return {
        headline: `Leads are not reaching HubSpot: ${waiting}`,
        title: "Leads are not reaching HubSpot",
        action: "Nothing is lost: the hourly flush keeps trying. Check HubSpot's status and the function log (leads-flush).",
      };
  }
}

export function alertMessage(problem: Problem, status: PipelineStatus, { siteUrl, now, settings }: MessageContext): SlackMessage {
  const site = new URL(siteUrl).host;
  const since = status.oldestPendingAt;
  const waiting = since
    ? `${plural(status.pending, "lead")} waiting, the oldest since ${utc(since)} (${duration(now - Date.parse(since))})`
    : "no lead waiting yet";
  const kinds = wording(problem, waiting);
  const { headline, action } = kinds;
  const error = problem.error ?? "none recorded";
  return {
    text: escape(`[${site}] ${headline}. ${problem.kind !== "waiting" ? `${waiting}. ` : ""}First error: ${error}`),
    blocks: [
      {
        type: "header",
        text: { type: "plain_text", text: kinds.title },
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
    text: escape(`[${site}] Recovered: leads reach HubSpot again, ${left}${since}.`),
    blocks: [
      { type: "header", text: { type: "plain_text", text: "Leads reach HubSpot again" } },
      { type: "section", text: { type: "mrkdwn", text: `*${escape(site)}*: ${left}${since}.` } },
    ],
  };
}

/** The "refused" alert: how many leads HubSpot refused for their own values since the last one, and why (errorTypes). */
export function refusedMessage(refusals: UnalertedRefusals, { siteUrl }: Pick<MessageContext, "siteUrl">): SlackMessage {
  const site = new URL(siteUrl).host;
  const types = Object.entries(refusals.errorTypes)
    .sort((a, b) => b[1] - a[1])
    .map(([type, n]) => `${type} ×${n}`)
    .join(", ");
  const count = plural(refusals.ids.length, "lead");
  const ids = refusals.ids.slice(0, 10).join(", ") + (refusals.ids.length > 10 ? ", …" : "");
  return {
    text: escape(`[${site}] HubSpot refused ${count} for their own values (${types || "no errorType"}); set aside, not lost. Ids: ${ids}`),
    blocks: [
      { type: "header", text: { type: "plain_text", text: "HubSpot refused leads" } },
      {
        type: "section",
        fields: [
          { type: "mrkdwn", text: `*Site*\n${escape(site)}` },
          { type: "mrkdwn", text: `*Refused*\n${count}` },
          { type: "mrkdwn", text: `*Error types*\n${escape(types || "none given")}` },
          { type: "mrkdwn", text: `*Lead ids*\n${escape(ids)}` },
        ],
      },
      {
        type: "section",
        text: {
          type: "mrkdwn",
          text: escape(
            "They are kept aside (not retried) for LEADS_REFUSED_RETENTION_DAYS: `npm run leads -- list`, then show, resend (after fixing a value) or discard each.",
          ),
        },
      },
    ],
  };
}

/** Decides, under the store's alert lock, whether this flush alerts, says "recovered" or keeps quiet, and posts it. */
export async function alertIfNeeded({
  store,
  settings,
  status,
  run,
  siteUrl,
  fetcher = fetch,
  now = Date.now(),
}: {
  store: Pick<LeadStore, "alerts" | "refused">;
  settings: LeadsAlertConfig;
  status: PipelineStatus;
  run: RunFacts;
  siteUrl: string;
  fetcher?: typeof fetch;
  now?: number;
}): Promise<{ outcome: AlertOutcome; refused: "sent" | "none" | "off" | "failed"; held: HeldAlert | "off"; error?: string }> {
  const url = settings.webhookUrl;
  if (!url) return { outcome: "off", refused: "off", held: "off" };
  const problem = pipelineProblem(status, run, settings.afterMinutes, now);
  const context = { siteUrl, now, settings };
  // the "refused" alert, under the same lock: each refused lead is told of once, by whichever flush gets there first
  let refused: "sent" | "none" | "failed" = "none";
  let held: HeldAlert = "none";
  let sideError: string | undefined;
  const tellRefusals = async () => {
    try {
      const refusals = await store.alerts.unalertedRefusals();
      if (refusals.ids.length === 0) return;
      await postAlert(url, refusedMessage(refusals, context), fetcher);
      await store.alerts.markRefusalsAlerted(refusals.ids);
      refused = "sent";
    } catch (error) {
      refused = "failed";
      sideError = (error as Error).message;
    }
  };
  const recovered = (state: AlertState) =>
    state.open &&
    status.failing === 0 &&
    !status.systemic &&
    status.lastDeliveredAt !== null &&
    (!state.lastAlertAt || status.lastDeliveredAt > state.lastAlertAt);
  try {
    const outcome = await store.alerts.withAlertState(async (state): Promise<{ next?: AlertState; result: AlertOutcome }> => {
      await tellRefusals();
      const told = await tellHeld(store.refused, state.unknownTypes ?? [], { url, siteUrl, fetcher });
      held = told.outcome;
      sideError ??= told.error;
      const kept = { ...state, unknownTypes: told.unknownTypes };
      const same = told.outcome !== "sent" ? undefined : kept;
      try {
        if (problem) {
          if (state.lastAlertAt && now - Date.parse(state.lastAlertAt) < settings.everyMinutes * MINUTE)
            return { next: same, result: "suppressed" };
          await postAlert(url, alertMessage(problem, status, context), fetcher);
          return { next: { ...kept, open: true, lastAlertAt: new Date(now).toISOString() }, result: "sent" };
        }
        if (!recovered(state)) return { next: same, result: "none" };
        await postAlert(url, recoveredMessage(status, state, context), fetcher);
        return { next: { ...kept, open: false }, result: "recovered" };
      } catch (error) {
        // the main message failed (tried again next run); what the held alert named is kept all the same
        sideError ??= (error as Error).message;
        return { next: same, result: "failed" };
      }
    });
    return { outcome: outcome ?? "busy", refused, held, ...(sideError ? { error: sideError } : {}) };
  } catch (error) {
    return { outcome: "failed", refused, held, error: (error as Error).message };
  }
}
