// HubSpotLeadForm nodes for every form, and a snapshot of them (SOURCED_FORMS_FILE) the lead functions
// validate and deliver against.
import fs from "node:fs";
import path from "node:path";
import type { Node, NodeInput, NodePluginArgs } from "gatsby";
import type { LeadFormDefinition } from "../../lib/lead-form/types";
import { loadHubSpotForms, type HubSpotFormsApi } from "./forms";
import type { SourcingState } from "../sourcing/sourcing-state";
import type { SyncArgs } from "../sourcing/stateful-nodes";

/** Written by a build that sourced its forms from HubSpot; removed by one that did not. */
export const SOURCED_FORMS_FILE = path.join(".cache", "lead-forms", "hubspot.json");

type Args = SyncArgs & Pick<NodePluginArgs, "createNodeId" | "createContentDigest" | "reporter">;

const HUBSPOT_FORM = "HubSpotLeadForm";
const isHubSpotForm = (node: Node) => node.internal.type === HUBSPOT_FORM;

export function writeSourcedForms(forms: LeadFormDefinition[] | undefined, file = SOURCED_FORMS_FILE) {
  if (!forms) return fs.rmSync(file, { force: true });
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(forms, null, 2)}\n`);
}

/**
 * Sources the forms (and removes the nodes of forms HubSpot no longer has, or of all of them without HubSpot);
 * returns the ids they cover (the embedded forms with these ids are not sourced).
 */
export async function sourceHubSpotForms(
  api: HubSpotFormsApi | undefined,
  args: Args,
  state: SourcingState,
  fetcher: typeof fetch = fetch,
  snapshotFile = SOURCED_FORMS_FILE,
): Promise<Set<string>> {
  const { createNodeId, createContentDigest, reporter } = args;
  if (!api) {
    state.sync(args, "hubspot", [], isHubSpotForm);
    writeSourcedForms(undefined, snapshotFile);
    return new Set();
  }
  const { forms, warnings } = await loadHubSpotForms(api, fetcher);
  for (const warning of warnings) reporter.warn(warning);
  const nodes: NodeInput[] = forms.map((form) => {
    const data = { isCompact: false, ...form };
    return {
      ...data,
      id: createNodeId(`${HUBSPOT_FORM}:${form.alternative_id}`),
      parent: null,
      children: [],
      internal: { type: HUBSPOT_FORM, contentDigest: createContentDigest(data) },
    };
  });
  state.sync(args, "hubspot", nodes, isHubSpotForm);
  writeSourcedForms(forms, snapshotFile);
  reporter.info(`HubSpot: ${forms.length} lead form(s) sourced (${forms.map((f) => f.alternative_id).join(", ")})`);
  return new Set(forms.map((f) => f.alternative_id));
}
