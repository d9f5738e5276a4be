import React, { startTransition, useEffect, useState } from "react";
import { publicConfig } from "../config/public";
import { loadPersonalizationSdk } from "./load-sdk";
import { PersonalizationContext, type PersonalizationRuntime } from "./context";
import { useGranted } from "../consent/app";

/**
 * Loads the SDK chunk after hydration, only when personalization is configured (the import sits behind the
 * build-time constant, so an unconfigured build never loads it). See docs/product-rules.md#consent.
 */
export function PersonalizationRoot({ children }: { children: React.ReactNode }) {
  const [runtime, setRuntime] = useState<PersonalizationRuntime | null>(null);
  const granted = useGranted("preferences");
  useEffect(() => {
    const config = publicConfig.personalization;
    if (!granted || !config || !loadPersonalizationSdk) return;
    let live = true;
    loadPersonalizationSdk()
      // A transition: a Suspense boundary still hydrating (a lazy lead form) is left to finish instead
      // of being thrown away and client-rendered (React error 421).
      .then(({ startPersonalization }) => {
        if (live) startTransition(() => setRuntime(startPersonalization(config)));
      })
      .catch((error: unknown) => console.warn("Personalization could not start; baseline content stays.", error));
    return () => {
      live = false;
    };
  }, [granted]);
  return <PersonalizationContext.Provider value={runtime}>{children}</PersonalizationContext.Provider>;
}
