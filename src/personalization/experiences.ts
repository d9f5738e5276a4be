/**
 * Joins the mapped experiences (GraphQL, mapped at build time by ExperienceMapper) to the content
 * their variants refer to, giving the SDK's ExperienceConfiguration for one baseline. Pure.
 */
import type { ExperienceConfiguration } from "@ninetailed/experience.js-shared";

export interface ExperienceData {
  readonly experienceId: string;
  readonly type: string;
  readonly name: string;
  readonly description?: string | null;
  readonly audience?: string | null;
  readonly trafficAllocation: number;
  readonly distribution: readonly { readonly index: number; readonly start: number; readonly end: number }[];
  readonly sticky: boolean;
  readonly components: readonly {
    readonly baseline: { readonly id: string; readonly hidden?: boolean | null };
    readonly variants: readonly { readonly id: string; readonly hidden?: boolean | null }[];
  }[];
}

/** What the Experience component renders: a content id and the content. */
export interface Slot<T> {
  id: string;
  content: T;
}

/** The experiences with a component for this baseline, variants resolved (unknown ones dropped). */
export function experiencesFor<T>(
  experiences: readonly ExperienceData[],
  baselineId: string,
  resolve: (variantId: string) => T | undefined,
): ExperienceConfiguration<Slot<T>>[] {
  return experiences.flatMap((e) => {
    const components = e.components
      .filter((c) => c.baseline.id === baselineId)
      .map((c) => ({
        type: "EntryReplacement" as const,
        baseline: { id: c.baseline.id },
        variants: c.variants.flatMap((v): { id: string; hidden?: boolean; content: T }[] => {
          if (v.hidden) return [{ id: v.id, hidden: true, content: undefined as unknown as T }];
          const content = resolve(v.id);
          return content === undefined ? [] : [{ id: v.id, content }];
        }),
      }))
      .filter((c) => c.variants.length > 0);
    if (components.length === 0) return [];
    const config = {
      id: e.experienceId,
      type: e.type as "nt_personalization" | "nt_experiment",
      name: e.name,
      ...(e.description ? { description: e.description } : {}),
      ...(e.audience ? { audience: { id: e.audience } } : {}),
      trafficAllocation: e.trafficAllocation,
      distribution: e.distribution.map((d) => ({ ...d })),
      sticky: e.sticky,
      components,
    };
    return [config as unknown as ExperienceConfiguration<Slot<T>>];
  });
}

/** docs/product-rules.md#personalization-service: the sign-up experiment; variant 0 is tagged 51-A, variant 1 51-B. */
export const SIGNUP_EXPERIMENT_ID = "signup-test-51";
export const TEST_VARIATIONS = ["51-A", "51-B"] as const;

export function testVariationFor(variantIndex: number | undefined): (typeof TEST_VARIATIONS)[number] | undefined {
  return variantIndex === 0 || variantIndex === 1 ? TEST_VARIATIONS[variantIndex] : undefined;
}

/** Every content a slot can show: the baseline and each resolved variant of its experiences, once each. */
export function slotContents<T>(baseline: T, experiences: readonly ExperienceConfiguration<Slot<T>>[]): T[] {
  const contents = new Set<T>([baseline]);
  for (const experience of experiences)
    for (const component of experience.components)
      for (const variant of component.variants as readonly { hidden?: boolean; content?: T }[])
        if (!variant.hidden && variant.content !== undefined) contents.add(variant.content);
  return [...contents];
}

/**
 * Every copy a slot can show, by content id: the baseline first, then each resolved variant of its
 * experiences (in their order), once each. A slot that renders them all stacked shows one by its id.
 */
export function slotCopies<T>(baseline: Slot<T>, experiences: readonly ExperienceConfiguration<Slot<T>>[]): Slot<T>[] {
  const copies = new Map<string, Slot<T>>([[baseline.id, baseline]]);
  for (const experience of experiences)
    for (const component of experience.components)
      for (const variant of component.variants as readonly { id: string; hidden?: boolean; content?: T }[])
        if (!variant.hidden && variant.content !== undefined && !copies.has(variant.id))
          copies.set(variant.id, { id: variant.id, content: variant.content });
  return [...copies.values()];
}
