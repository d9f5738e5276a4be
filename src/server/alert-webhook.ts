/**
 * The alert webhook (docs/lead-forms.md "When leads stop"): a Slack-compatible message, escaped, posted with a
 * short timeout (the flush runs against the host's time limit).
 */

/** A webhook that takes longer is given up on (the flush runs against the host's time limit). */
export const ALERT_TIMEOUT_MS = 3000;

export interface SlackMessage {
  text: string;
  blocks: Record<string, unknown>[];
}

/** Slack's mrkdwn needs only these three escaped (its `text` field is mrkdwn too). */
export const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

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
