/**
 * Lead-form definitions for the server (ARCHITECTURE.md 5): read from the embedded content
 * (content/forms/*.json, or CONTENT_DIR/forms), validated with the same schema as the build.
 * Under `gatsby serve` the working directory is the site root, so the files are at hand.
 */
import fs from "node:fs";
import path from "node:path";
import { leadFormSchema } from "../node/local/content-schema";
import type { LeadFormDefinition } from "../lib/lead-form/types";

const cache = new Map<string, Map<string, LeadFormDefinition>>();

export function formsDir(contentDir?: string) {
  return path.resolve(contentDir ?? "content", "forms");
}

export function loadFormDefinitions(dir: string): Map<string, LeadFormDefinition> {
  const cached = cache.get(dir);
  if (cached) return cached;
  const forms = new Map<string, LeadFormDefinition>();
  for (const file of fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".json")) : []) {
    const parsed = leadFormSchema.safeParse(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")));
    if (parsed.success) forms.set(parsed.data.alternative_id, parsed.data);
    else console.error(`[lead-form] ${file}: invalid form definition`);
  }
  cache.set(dir, forms);
  return forms;
}
