/**
 * Redelivery of pending leads, on either store: `npm run leads:flush` and the hourly scheduled function
 * run this. Leads in doubt (an attempt whose answer was lost) are looked up in HubSpot before they are
 * sent again; uploads no lead references are swept once they are a week old.
 */
import type { ServerConfig } from "../config";
import type { LeadFormDefinition } from "../lib/lead-form/types";
import { deliverToHubSpot, findSubmission } from "./hubspot";
import type { FlushResult, LeadRecord, LeadStore } from "./store/types";

export interface FlushReport extends FlushResult {
  filesSwept: number;
}

/**
 * `forms`: for outbox lines written before leads kept their form definition; a lead without one and
 * without a known form fails (and stays pending) rather than being sent with its fields unmapped.
 */
export async function flushLeads(
  config: Pick<ServerConfig, "hubspot">,
  store: LeadStore,
  fetcher: typeof fetch = fetch,
  forms: ReadonlyMap<string, LeadFormDefinition> = new Map(),
): Promise<FlushReport> {
  const hubspot = config.hubspot;
  if (!hubspot) throw new Error("HubSpot is not configured: set HUBSPOT_PORTAL_ID and HUBSPOT_ACCESS_TOKEN");
  const formOf = (record: LeadRecord) => {
    const form = record.form ?? forms.get(record.formId);
    if (!form) throw new Error(`form ${record.formId} is not known`);
    return form;
  };
  const result = await store.flush(
    (record) => deliverToHubSpot(hubspot, formOf(record), record.submission, new Date(record.receivedAt), fetcher),
    (record) => findSubmission(hubspot, formOf(record), record, fetcher),
  );
  const filesSwept = await store.sweepFiles();
  return { ...result, filesSwept };
}
