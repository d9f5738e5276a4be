/**
 * Netlify scheduled function (hourly, netlify.toml): the same redelivery as `npm run leads:flush`, on the
 * PostgreSQL store the lead functions write to, so no pending lead waits for a person.
 */
import { readServerConfig } from "../config";
import { alertIfNeeded } from "../server/alerts";
import { flushLeads, pruneConsentRecords } from "../server/flush";
import { storeFor } from "../server/store";

export async function handler(): Promise<{ statusCode: number; body: string }> {
  const config = readServerConfig();
  if (!config.databaseUrl) {
    console.error("[leads-flush] DATABASE_URL is not set: nothing to flush on this host");
    return { statusCode: 503, body: JSON.stringify({ success: false, message: "DATABASE_URL is not set" }) };
  }
  const store = storeFor(config);
  if (!config.hubspot) {
    // Proof-of-consent retention holds whether or not leads can be delivered (docs/lead-forms.md).
    const consentPruned = await pruneConsentRecords(store, config.leadsFlush);
    if (consentPruned > 0) console.log(`[leads-flush] ${consentPruned} consent record(s) past retention removed`);
    const message = "HUBSPOT_PORTAL_ID / HUBSPOT_ACCESS_TOKEN are not set: pending leads stay in the database";
    // leads waiting because of it are alerted on like any other reason they wait
    const alert = await alertIfNeeded({
      store,
      settings: config.leadsAlerts,
      status: await store.queue.status(),
      run: { firstError: message },
      siteUrl: config.siteUrl,
    });
    console.error(`[leads-flush] ${message} (alert: ${alert.outcome}${alert.error ? `, ${alert.error}` : ""})`);
    return { statusCode: 503, body: JSON.stringify({ success: false, message: "HubSpot is not configured", alert: alert.outcome }) };
  }
  // logs one JSON line: delivered, failed, pending, the oldest pending lead's age, the alert sent
  const report = await flushLeads(config, store);
  return { statusCode: report.failed > 0 ? 500 : 200, body: JSON.stringify({ success: report.failed === 0, ...report }) };
}
