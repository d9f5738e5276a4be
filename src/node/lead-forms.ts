// The lead forms the functions validate against, from the same source the pages use (HubSpot's, when
// HUBSPOT_ACCESS_TOKEN is set), so the functions check exactly the forms the pages show.
import fs from "node:fs";
import path from "node:path";
import type { LeadFormDefinition } from "../lib/lead-form/types";
import { loadHubSpotForms, type HubSpotFormsApi } from "./hubspot/forms";
import { loadContentfulForms } from "./contentful/forms";
import type { ContentfulConfig } from "../config";
import { leadFormSchema } from "./schema/lead-form-definition";

/** What the function bundles inline (the path src/server/form-definitions.ts requires). */
export const FUNCTION_FORMS_FILE = path.join(".build", "functions", "lead-forms.json");

export function formsDir(contentDir?: string) {
  return path.resolve(contentDir ?? "content", "forms");
}

function parseForm(value: unknown, origin: string, forms: Map<string, LeadFormDefinition>) {
  const parsed = leadFormSchema.safeParse(value);
  if (parsed.success) forms.set(parsed.data.alternative_id, parsed.data);
  else throw new Error(`${origin}: invalid lead form definition: ${parsed.error.issues[0]?.message ?? "?"}`);
}

const formsById = (list: LeadFormDefinition[]) => new Map(list.map((form) => [form.alternative_id, form]));

/** The embedded forms in `dir`, then (when given and present) the build's HubSpot forms over them. */
export function loadFormDefinitions(dir: string, sourcedFile?: string): Map<string, LeadFormDefinition> {
  const forms = new Map<string, LeadFormDefinition>();
  for (const file of fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".json")) : []) {
    parseForm(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")), file, forms);
  }
  if (sourcedFile && fs.existsSync(sourcedFile)) {
    const sourced: unknown = JSON.parse(fs.readFileSync(sourcedFile, "utf8"));
    for (const form of Array.isArray(sourced) ? sourced : []) parseForm(form, path.basename(sourcedFile), forms);
  }
  return forms;
}

/** onPreInit: decides the functions' forms and writes them where the function bundles take them from. */
export async function writeFunctionForms(
  rootDir: string,
  { contentDir, contentful, hubspotForms }: { contentDir?: string; contentful?: ContentfulConfig; hubspotForms?: HubSpotFormsApi },
  fetcher: typeof fetch = fetch,
): Promise<LeadFormDefinition[]> {
  // The pages render the forms of the one content source the build uses (gatsby-config.ts), never both.
  const forms = contentful
    ? formsById(await loadContentfulForms(contentful, fetcher))
    : loadFormDefinitions(formsDir(contentDir ?? path.join(rootDir, "content")));
  if (hubspotForms) {
    for (const form of (await loadHubSpotForms(hubspotForms, fetcher)).forms) parseForm({ isCompact: false, ...form }, "HubSpot", forms);
  }
  const list = [...forms.values()];
  const file = path.join(rootDir, FUNCTION_FORMS_FILE);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(list)}\n`);
  return list;
}
