// One alert per new unknown errorType, so someone decides whether it is one lead's problem or the form's
// (docs/lead-forms.md#outcomes).
import { escape, postAlert, type SlackMessage } from "./alert-webhook";
import type { HeldSummary, RefusedLeadStore } from "./store/types";

export function heldMessage(types: readonly string[], held: readonly HeldSummary[], siteUrl: string): SlackMessage {
  const site = new URL(siteUrl).host;
  const ids = held.filter((h) => h.errorTypes.some((t) => types.includes(t))).map((h) => h.id);
  const idList = ids.slice(0, 10).join(", ") + (ids.length > 10 ? ", …" : "");
  const statuses = [...new Set(held.map((h) => h.status ?? "-"))].join(", ");
  const action =
    "Each such lead is retried with its own backoff and does not hold the others. `npm run leads -- list` shows them; `npm run leads -- set-aside <id>` sets one aside (then resend or discard it).";
  return {
    text: escape(
      `[${site}] HubSpot answered an errorType the site does not know (${types.join(", ")}) for ${ids.length} lead(s): held back, not lost. Ids: ${idList}`,
    ),
    blocks: [
      { type: "header", text: { type: "plain_text", text: "HubSpot answered an unknown errorType" } },
      {
        type: "section",
        fields: [
          { type: "mrkdwn", text: `*Site*\n${escape(site)}` },
          { type: "mrkdwn", text: `*Error types*\n${escape(types.join(", "))}` },
          { type: "mrkdwn", text: `*Status*\n${escape(statuses)}` },
          { type: "mrkdwn", text: `*Lead ids*\n${escape(idList)}` },
        ],
      },
      { type: "section", text: { type: "mrkdwn", text: escape(action) } },
    ],
  };
}

export type HeldAlert = "sent" | "none" | "failed";

/**
 * Under the alert lock: posts one message for the errorTypes of held leads no alert has named yet; resolves to
 * the types to remember (the known ones plus those the webhook took).
 */
export async function tellHeld(
  store: Pick<RefusedLeadStore, "listHeld">,
  known: readonly string[],
  post: { url: string; siteUrl: string; fetcher: typeof fetch },
): Promise<{ outcome: HeldAlert; unknownTypes: string[]; error?: string }> {
  try {
    const held = await store.listHeld();
    const fresh = [...new Set(held.flatMap((h) => h.errorTypes))].filter((t) => !known.includes(t)).sort();
    if (fresh.length === 0) return { outcome: "none", unknownTypes: [...known] };
    await postAlert(post.url, heldMessage(fresh, held, post.siteUrl), post.fetcher);
    return { outcome: "sent", unknownTypes: [...known, ...fresh] };
  } catch (error) {
    return { outcome: "failed", unknownTypes: [...known], error: (error as Error).message };
  }
}
