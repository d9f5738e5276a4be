/**
 * npm run leads:flush — re-delivers every lead in the outbox (LEADS_DIR) not yet delivered to HubSpot
 * (HUBSPOT_PORTAL_ID + HUBSPOT_ACCESS_TOKEN). Idempotent: delivered ids are recorded and skipped.
 */
import { readServerConfig } from "../src/config";
import { formsDir, loadFormDefinitions, SOURCED_FORMS_FILE } from "../src/server/form-definitions";
import { deliverToHubSpot } from "../src/server/hubspot";
import { flushOutbox, pendingRecords } from "../src/server/outbox";

export async function main(config = readServerConfig(), fetcher: typeof fetch = fetch) {
  const pending = pendingRecords(config.leadsDir).length;
  if (!config.hubspot) {
    console.log(`${pending} lead(s) pending in ${config.leadsDir}; set HUBSPOT_PORTAL_ID and HUBSPOT_ACCESS_TOKEN to deliver them.`);
    return pending === 0 ? 0 : 2;
  }
  const hubspot = config.hubspot;
  const forms = loadFormDefinitions(formsDir(config.contentDir), SOURCED_FORMS_FILE);
  const result = await flushOutbox(config.leadsDir, async (record) => {
    const form = forms.get(record.formId);
    if (!form) throw new Error(`form ${record.formId} no longer exists`);
    await deliverToHubSpot(hubspot, form, record.submission, new Date(record.receivedAt), fetcher);
  });
  if (result.busy) console.log("Another flush is running; try again later.");
  console.log(`delivered ${result.delivered}, failed ${result.failed}, still pending ${result.pending}`);
  return result.failed > 0 || result.busy ? 1 : 0;
}

if (process.argv[1] && /leads-flush\.ts$/.test(process.argv[1])) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
