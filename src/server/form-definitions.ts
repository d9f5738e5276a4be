/**
 * Lead-form definitions for the server (ARCHITECTURE.md 5): read from the embedded content
 * (content/forms/*.json, or CONTENT_DIR/forms), validated with the same schema as the build, and
 * overridden by the forms a HubSpot-sourced build recorded (SOURCED_FORMS_FILE), so the functions
 * validate against exactly the forms the pages show. Under `gatsby serve` the working directory is
 * the site root, so the files are at hand.
 */
import fs from "node:fs";
import path from "node:path";
import { leadFormSchema } from "../node/local/content-schema";
import type { LeadFormDefinition } from "../lib/lead-form/types";

/** Written by a build that sourced its forms from HubSpot (src/node/hubspot/source.ts); removed by one that did not. */
export const SOURCED_FORMS_FILE = path.join(".cache", "lead-forms", "hubspot.json");

const cache = new Map<string, Map<string, LeadFormDefinition>>();

export function formsDir(contentDir?: string) {
  return path.resolve(contentDir ?? "content", "forms");
}

function parseForm(value: unknown, origin: string, forms: Map<string, LeadFormDefinition>) {
  const parsed = leadFormSchema.safeParse(value);
  if (parsed.success) forms.set(parsed.data.alternative_id, parsed.data);
  else console.error(`[lead-form] ${origin}: invalid form definition`);
}

/** The embedded forms in `dir`, then (when given and present) the build's HubSpot forms over them. */
export function loadFormDefinitions(dir: string, sourcedFile?: string): Map<string, LeadFormDefinition> {
  const key = `${dir}\n${sourcedFile ?? ""}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const forms = new Map<string, LeadFormDefinition>();
  for (const file of fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".json")) : []) {
    parseForm(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")), file, forms);
  }
  if (sourcedFile && fs.existsSync(sourcedFile)) {
    const sourced: unknown = JSON.parse(fs.readFileSync(sourcedFile, "utf8"));
    for (const form of Array.isArray(sourced) ? sourced : []) parseForm(form, path.basename(sourcedFile), forms);
  }
  cache.set(key, forms);
  return forms;
}
