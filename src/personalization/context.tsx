/**
 * The personalization seam the site's components use. It never imports the SDK: with
 * personalization unset (or before the SDK chunk has loaded) a personalized slot renders its
 * server-rendered baseline; once the SDK is there, the slot renders through its Experience component.
 */
import React, { createContext, useContext } from "react";
import type { ExperienceConfiguration } from "@ninetailed/experience.js-shared";
import type { Slot } from "./experiences";

export interface PersonalizedSlotProps<T> {
  baseline: Slot<T>;
  experiences: ExperienceConfiguration<Slot<T>>[];
  render: (content: T) => React.ReactNode;
}

export interface PersonalizationRuntime {
  /** Renders a slot through the SDK's Experience component. */
  Slot: <T>(props: PersonalizedSlotProps<T>) => React.ReactElement;
}

export const PersonalizationContext = createContext<PersonalizationRuntime | null>(null);

/** A personalized slot: baseline until (and unless) the SDK selects a variant. */
export function Personalized<T>({ baseline, experiences, render }: PersonalizedSlotProps<T>) {
  const runtime = useContext(PersonalizationContext);
  if (!runtime || experiences.length === 0) return <>{render(baseline.content)}</>;
  return <runtime.Slot baseline={baseline} experiences={experiences} render={render} />;
}
