/** The lead forms of a Contentful space, for the functions (src/node/lead-forms.ts). */
import { leadFormSchema } from "../schema/lead-form-definition";
import type { LeadFormDefinition } from "../../lib/lead-form/types";
import type { ContentfulConfig } from "../../config";
import { contentTypeIdOf } from "./model";

/** The content type of LeadForm entries (the model derives it from the interface name). */
export const LEAD_FORM_CONTENT_TYPE = contentTypeIdOf("LeadForm");
/** The Delivery API's largest page. */
const PAGE = 1000;

interface EntriesPage {
  total: number;
  items: { sys: { id: string }; fields: Record<string, unknown> }[];
}

/** Every `leadForm` entry of the space (default locale), as lead-form definitions; a malformed entry fails the build. */
export async function loadContentfulForms(config: ContentfulConfig, fetcher: typeof fetch = fetch): Promise<LeadFormDefinition[]> {
  const base = `https://${config.host ?? "cdn.contentful.com"}/spaces/${encodeURIComponent(config.spaceId)}/environments/${encodeURIComponent(config.environment)}/entries`;
  const forms: LeadFormDefinition[] = [];
  for (let skip = 0; ; skip += PAGE) {
    const url = `${base}?content_type=${LEAD_FORM_CONTENT_TYPE}&limit=${PAGE}&skip=${skip}`;
    const response = await fetcher(url, {
      headers: { Authorization: `Bearer ${config.accessToken}` },
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok)
      throw new Error(`Contentful answered ${response.status} to the ${LEAD_FORM_CONTENT_TYPE} entries (${url.replace(/\?.*/, "")})`);
    const page = (await response.json()) as EntriesPage;
    if (!Array.isArray(page?.items) || typeof page.total !== "number")
      throw new Error(`Contentful's ${LEAD_FORM_CONTENT_TYPE} entries: not an entries page`);
    for (const item of page.items) {
      const parsed = leadFormSchema.safeParse(item.fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new Error(
          `Contentful entry ${item.sys?.id} (${LEAD_FORM_CONTENT_TYPE}): ${issue?.path.join(".") || "entry"}: ${issue?.message ?? "invalid"}`,
        );
      }
      forms.push(parsed.data);
    }
    if (page.items.length === 0 || skip + page.items.length >= page.total) return forms;
  }
}
