/**
 * sourceNodes for HubSpot forms: `HubSpotLeadForm` nodes (implementing LeadForm) for every form the
 * account has, and a snapshot of them for the lead functions (SOURCED_FORMS_FILE), which validate and
 * deliver against the same definitions. Without HubSpot the snapshot is removed, so an embedded build
 * never validates against stale HubSpot forms.
 */
import fs from "node:fs";
import path from "node:path";
import type { NodePluginArgs } from "gatsby";
import type { LeadFormDefinition } from "../../lib/lead-form/types";
import { SOURCED_FORMS_FILE } from "../lead-forms";
import { loadHubSpotForms, type HubSpotFormsApi } from "./forms";

type Args = Pick<NodePluginArgs, "actions" | "createNodeId" | "createContentDigest" | "reporter">;

export function writeSourcedForms(forms: LeadFormDefinition[] | undefined, file = SOURCED_FORMS_FILE) {
  if (!forms) return fs.rmSync(file, { force: true });
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(forms, null, 2)}\n`);
}

/** Sources the forms; returns the ids they cover (the embedded forms with these ids are not sourced). */
export async function sourceHubSpotForms(
  api: HubSpotFormsApi | undefined,
  { actions, createNodeId, createContentDigest, reporter }: Args,
  fetcher: typeof fetch = fetch,
  snapshotFile = SOURCED_FORMS_FILE,
): Promise<Set<string>> {
  if (!api) {
    writeSourcedForms(undefined, snapshotFile);
    return new Set();
  }
  const { forms, warnings } = await loadHubSpotForms(api, fetcher);
  for (const warning of warnings) reporter.warn(warning);
  for (const form of forms) {
    const data = { isCompact: false, ...form };
    actions.createNode({
      ...data,
      id: createNodeId(`HubSpotLeadForm:${form.alternative_id}`),
      parent: null,
      children: [],
      internal: { type: "HubSpotLeadForm", contentDigest: createContentDigest(data) },
    });
  }
  writeSourcedForms(forms, snapshotFile);
  reporter.info(`HubSpot: ${forms.length} lead form(s) sourced (${forms.map((f) => f.alternative_id).join(", ")})`);
  return new Set(forms.map((f) => f.alternative_id));
}
