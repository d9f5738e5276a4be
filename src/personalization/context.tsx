/** The personalization seam the site's components use. */
import React, { createContext, startTransition, useContext, useEffect, useState } from "react";
import type { ExperienceConfiguration } from "@ninetailed/experience.js-shared";
import type { Slot } from "./experiences";

/** What a slot's render is told besides the content: its id, and whether the SDK has decided (not loading, not absent). */
export interface SlotSelection {
  id: string;
  settled: boolean;
}

export interface PersonalizedSlotProps<T> {
  baseline: Slot<T>;
  experiences: ExperienceConfiguration<Slot<T>>[];
  render: (content: T, selection: SlotSelection) => React.ReactNode;
}

export interface PersonalizationRuntime {
  /** Renders a slot through the SDK's Experience component. */
  Slot: <T>(props: PersonalizedSlotProps<T>) => React.ReactElement;
  /** The SDK's variant selection for a baseline, without rendering (see usePersonalizedContent). */
  subscribe: <T>(
    baseline: Slot<T>,
    experiences: ExperienceConfiguration<Slot<T>>[],
    onChange: (state: { loading: boolean; variant: Slot<T> | null }) => void,
  ) => () => void;
}

/** docs/product-rules.md#personalization, #constants: an experience still loading after this long logs an error (the baseline stays). */
export const EXPERIENCE_LOADING_FALLBACK_MS = 5000;

export const PersonalizationContext = createContext<PersonalizationRuntime | null>(null);

/** A personalized slot: baseline until (and unless) the SDK selects a variant. */
export function Personalized<T>({ baseline, experiences, render }: PersonalizedSlotProps<T>) {
  const runtime = useContext(PersonalizationContext);
  if (!runtime || experiences.length === 0) return <>{render(baseline.content, { id: baseline.id, settled: !!runtime })}</>;
  return <runtime.Slot baseline={baseline} experiences={experiences} render={render} />;
}

/**
 * The selected content for a baseline, for slots whose component must not remount when the SDK
 * arrives (the header keeps its open menu and drawers): same selection as the Experience component.
 */
export function usePersonalizedContent<T>(baseline: Slot<T>, experiences: ExperienceConfiguration<Slot<T>>[]): T {
  const runtime = useContext(PersonalizationContext);
  const [variant, setVariant] = useState<Slot<T> | null>(null);
  const key = `${baseline.id}|${experiences.map((e) => e.id).join(",")}`;
  useEffect(() => {
    if (!runtime || experiences.length === 0) return;
    let loading = true;
    const timer = setTimeout(() => {
      if (loading)
        console.error(
          `Personalization: the experience was still loading after ${EXPERIENCE_LOADING_FALLBACK_MS} ms; the baseline is shown.`,
        );
    }, EXPERIENCE_LOADING_FALLBACK_MS);
    const unsubscribe = runtime.subscribe(baseline, experiences, (state) => {
      loading = state.loading;
      if (!state.loading) clearTimeout(timer);
      startTransition(() => setVariant(state.variant));
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
    // The key names the baseline and experiences; their content objects are rebuilt on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runtime, key]);
  return variant && variant.id !== baseline.id ? variant.content : baseline.content;
}
