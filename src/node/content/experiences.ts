/**
 * Experiences as content (docs/product-rules.md#personalization-data): entries in the Ninetailed content shape
 * (nt_experience, nt_audience) become the SDK's ExperienceConfiguration through ExperienceMapper.
 */
import { ExperienceMapper } from "@ninetailed/experience.js-utils";
import type { ExperienceConfiguration, Reference } from "@ninetailed/experience.js-shared";

export interface AudienceEntry {
  nt_audience_id: string;
  nt_name: string;
  nt_description?: string;
  nt_rules: { utmCampaign?: "*" | string[]; referrerHosts?: string[] };
}

export interface ExperienceEntry {
  nt_experience_id: string;
  nt_name: string;
  nt_description?: string;
  nt_type: "nt_personalization" | "nt_experiment";
  nt_audience?: string;
  nt_config: {
    traffic?: number;
    distribution?: number[];
    sticky?: boolean;
    components?: { baseline: { id: string; hidden?: boolean }; variants: { id: string; hidden?: boolean }[] }[];
  };
  nt_variants: string[];
}

/** The mapped experience, variants as references ({id}); the site joins them to content by id. */
export function mapExperienceEntry(entry: ExperienceEntry, audiences: AudienceEntry[]): ExperienceConfiguration<Reference> {
  const audience = entry.nt_audience ? audiences.find((a) => a.nt_audience_id === entry.nt_audience) : undefined;
  const experience = {
    id: entry.nt_experience_id,
    name: entry.nt_name,
    description: entry.nt_description,
    type: entry.nt_type,
    config: entry.nt_config,
    audience: audience ? { id: audience.nt_audience_id, name: audience.nt_name, description: audience.nt_description } : null,
    variants: entry.nt_variants.map((id) => ({ id })),
  };
  if (!ExperienceMapper.isExperienceEntry(experience))
    throw new Error(`personalization: experience ${entry.nt_experience_id} is not valid`);
  return ExperienceMapper.mapExperience(experience);
}

/** The PersonalizationExperience node fields of an entry (every source maps experiences the same way). */
export function experienceNodeFields(entry: ExperienceEntry, audiences: AudienceEntry[]) {
  const mapped = mapExperienceEntry(entry, audiences);
  return {
    experienceId: mapped.id,
    type: mapped.type,
    name: mapped.name,
    description: mapped.description,
    audience: mapped.audience?.id,
    trafficAllocation: mapped.trafficAllocation,
    distribution: mapped.distribution,
    sticky: mapped.sticky ?? false,
    components: mapped.components.map((c) => ("baseline" in c && "id" in c.baseline ? c : null)).filter((c) => c !== null),
  };
}
