/**
 * npm run leads:flush — re-delivers the leads not yet delivered to HubSpot (HUBSPOT_PORTAL_ID +
 * HUBSPOT_ACCESS_TOKEN), from PostgreSQL when DATABASE_URL is set, else from the outbox in LEADS_DIR,
 * LEADS_FLUSH_CONCURRENCY at a time, within LEADS_FLUSH_BUDGET_MS when set (none by default here).
 * Idempotent: delivered leads are recorded and skipped; the hourly scheduled function on Netlify runs the same.
 * Prints the run's JSON report line (as the scheduled function logs it), then a summary for people.
 */
import { readServerConfig } from "../src/config";
import { formsDir, loadFormDefinitions } from "../src/node/lead-forms";
import { SOURCED_FORMS_FILE } from "../src/node/hubspot/source";
import { flushLeads, pruneConsentRecords } from "../src/server/flush";
import { storeFor } from "../src/server/store";

export async function main(config = readServerConfig(), fetcher: typeof fetch = fetch) {
  const store = storeFor(config);
  try {
    const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : config.leadsDir;
    if (!config.hubspot) {
      const pending = await store.queue.pendingCount();
      const swept = await store.uploads.sweepFiles();
      const pruned = await pruneConsentRecords(store, config.leadsFlush);
      console.log(
        `${pending} lead(s) pending in ${where}; set HUBSPOT_PORTAL_ID and HUBSPOT_ACCESS_TOKEN to deliver them. ${swept} unused upload(s) removed, ${pruned} expired consent record(s) deleted`,
      );
      return pending === 0 ? 0 : 2;
    }
    // outbox lines from before leads kept their form are mapped with the forms at hand
    const forms = store.kind === "file" ? loadFormDefinitions(formsDir(config.contentDir), SOURCED_FORMS_FILE) : new Map();
    const result = await flushLeads(config, store, fetcher, forms);
    if (result.busy) console.log("Another flush is running; try again later.");
    const refused = result.refused ?? 0;
    console.log(
      `delivered ${result.delivered}, failed ${result.failed}, refused ${refused}${refused > 0 ? " (set aside: npm run leads -- list)" : ""}, in doubt ${result.inDoubt ?? 0}, still pending ${result.pending}; ${result.filesSwept} unused upload(s) removed, ${result.consentPruned} expired consent record(s) deleted`,
    );
    // leads in doubt wait for HubSpot to be asked: not done yet
    return result.failed > 0 || result.busy || (result.inDoubt ?? 0) > 0 ? 1 : 0;
  } finally {
    await store.close();
  }
}

if (process.argv[1] && /leads-flush\.ts$/.test(process.argv[1])) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
