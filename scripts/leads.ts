/**
 * npm run leads -- list | show <id> | resend <id> [--set field=value …] | discard <id> | set-aside <id>   [--by <name>]
 *
 * The operator's hand on leads HubSpot refused for their own values (docs/lead-forms.md "Outcomes"), on
 * whichever store the configuration names (PostgreSQL with DATABASE_URL, else the outbox in LEADS_DIR):
 * - list: the refused leads still kept (id, form, when, status, errorTypes; no personal data), then the pending
 *   leads held back by an errorType on neither list;
 * - set-aside: a held lead set aside as refused (then show, resend or discard it);
 * - show: one lead whole, with HubSpot's answer and what was done with it;
 * - resend: the lead with the values given by --set, validated again by the site's own rules against the form
 *   definition it was accepted with, queued as a new lead (and, with HubSpot configured, sent at once); the
 *   refused one is closed and its data deleted;
 * - discard: the lead deleted.
 * Each action is recorded with who (--by, else $USER) and when. Exit codes: 0 done, 1 refused (not found,
 * invalid value, HubSpot refused again), 2 usage.
 */
import { readServerConfig, type ServerConfig } from "../src/config";
import { deliverToHubSpot } from "../src/server/hubspot";
import { HttpError } from "../src/server/http";
import { storeFor } from "../src/server/store";
import type { LeadStore } from "../src/server/store/types";
import { validateSubmission, withServerTruth } from "../src/server/validate-submission";

const USAGE =
  "usage: npm run leads -- list | show <id> | resend <id> [--set field=value ...] | discard <id> | set-aside <id>  [--by <name>]";

export interface LeadsCommandDeps {
  config?: ServerConfig;
  store?: LeadStore;
  fetcher?: typeof fetch;
  out?: (line: string) => void;
  err?: (line: string) => void;
  /** Who runs it when --by is not given (default $USER). */
  user?: string;
}

/** The arguments: the command, its lead id, --set pairs and --by. */
export function parseArgs(argv: readonly string[]) {
  const positional: string[] = [];
  const set: Record<string, string> = {};
  let by: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--by") by = argv[++i];
    else if (arg.startsWith("--by=")) by = arg.slice(5);
    else if (arg === "--set" || arg.startsWith("--set=")) {
      const pair = arg === "--set" ? argv[++i] : arg.slice(6);
      const eq = pair?.indexOf("=") ?? -1;
      if (!pair || eq < 1) throw new Error(`--set needs field=value, got ${pair ?? "nothing"}`);
      set[pair.slice(0, eq)] = pair.slice(eq + 1);
    } else positional.push(arg);
  }
  return { command: positional[0], id: positional[1], set, by };
}

export async function main(argv: readonly string[], deps: LeadsCommandDeps = {}): Promise<number> {
  const out = deps.out ?? ((line: string) => console.log(line));
  const err = deps.err ?? ((line: string) => console.error(line));
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(argv);
  } catch (error) {
    err((error as Error).message);
    return 2;
  }
  const { command, id, set } = args;
  if (!command || !["list", "show", "resend", "discard", "set-aside"].includes(command) || (command !== "list" && !id)) {
    err(USAGE);
    return 2;
  }
  const by = (args.by ?? deps.user ?? process.env.USER ?? "").trim();
  if ((command === "resend" || command === "discard" || command === "set-aside") && !by) {
    err("Say who you are: --by <name> (or set USER)");
    return 2;
  }
  const config = deps.config ?? readServerConfig();
  const store = deps.store ?? storeFor(config);
  try {
    if (command === "list") {
      const refused = await store.refused.listRefused();
      for (const lead of refused)
        out(`${lead.id}  ${lead.formId}  refused ${lead.refusedAt}  ${lead.status ?? "-"} ${lead.errorTypes.join(",") || "-"}`);
      out(`${refused.length} refused lead(s)`);
      const held = await store.refused.listHeld();
      for (const lead of held)
        out(`${lead.id}  ${lead.formId}  held ${lead.failedAt}  ${lead.status ?? "-"} ${lead.errorTypes.join(",") || "-"}`);
      out(`${held.length} held lead(s) (an errorType the site does not know; set-aside <id> to set one aside)`);
      return 0;
    }
    if (command === "set-aside") {
      if (!(await store.refused.setAsideHeld(id!, by))) {
        err(`${id} is not a held lead now (unknown, delivered, refused, or being sent: try again)`);
        return 1;
      }
      out(`${id} set aside by ${by}: show, resend or discard it`);
      return 0;
    }
    const lead = await store.refused.showRefused(id!);
    if (!lead) {
      const history = await store.refused.leadActions(id!);
      for (const action of history) out(`${action.at}  ${action.action} by ${action.by}${action.newId ? ` as ${action.newId}` : ""}`);
      err(`${id} is not a refused lead kept now (unknown, delivered, resent, discarded or expired)`);
      return 1;
    }
    if (command === "show") {
      out(JSON.stringify(lead, null, 2));
      return 0;
    }
    if (command === "discard") {
      if (!(await store.refused.discardRefused(lead.id, by))) {
        err(`${lead.id} was changed meanwhile; run show again`);
        return 1;
      }
      out(`${lead.id} discarded by ${by}`);
      return 0;
    }
    // resend: the values as corrected, through the site's validation against the lead's own form definition
    const form = lead.record.form;
    if (!form) {
      err(`${lead.id} has no form definition kept with it; it cannot be validated again`);
      return 1;
    }
    let submission;
    try {
      const { submission: sent } = validateSubmission({ ...lead.record.submission, ...set }, new Map([[lead.formId, form]]), {
        siteUrl: config.siteUrl,
      });
      submission = withServerTruth(form, sent, lead.record.submission.ipAddress ?? "");
    } catch (error) {
      err(`Not resent: ${error instanceof HttpError ? error.message : (error as Error).message}`);
      return 1;
    }
    const record = await store.refused.resendRefused(lead.id, submission, by);
    if (!record) {
      err(`${lead.id} was changed meanwhile; run show again`);
      return 1;
    }
    out(`${lead.id} resent by ${by} as ${record.id}`);
    const hubspot = config.hubspot;
    if (!hubspot) {
      out("HubSpot is not configured here: the next flush delivers it");
      return 0;
    }
    try {
      await store.queue.deliver(record, (r) =>
        deliverToHubSpot(hubspot, form, r.submission, new Date(r.receivedAt), deps.fetcher ?? fetch),
      );
      out(`${record.id} delivered to HubSpot`);
      return 0;
    } catch (error) {
      err(`${record.id} not delivered yet: ${(error as Error).message} (refused again: see list; otherwise the flush retries it)`);
      return 1;
    }
  } finally {
    if (!deps.store) await store.close();
  }
}

if (process.argv[1] && /scripts\/leads\.ts$/.test(process.argv[1])) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
