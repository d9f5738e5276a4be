import React, { Suspense, useEffect, useId } from "react";
import { useIsomorphicLayoutEffect } from "../hooks/use-isomorphic-layout-effect";
import { boundaryHydrated, boundaryPending } from "./hydration-marker";

function HydrationSignal({ id }: { id: string }) {
  useEffect(() => boundaryHydrated(id), [id]);
  return null;
}

/**
 * A Suspense boundary the `<html data-hydrated>` marker waits for: the page counts as live only once its
 * content has hydrated, whether it waits for a time slice (deferHydration) or for a lazy chunk (the lead form,
 * whose code loads on its own).
 */
export function HydrationSuspense({ children, fallback = null }: { children: React.ReactNode; fallback?: React.ReactNode }) {
  const id = useId();
  // A render React throws away, such as a failed hydration attempt, never commits, so never registers.
  useIsomorphicLayoutEffect(() => {
    boundaryPending(id);
    return () => boundaryHydrated(id);
  }, [id]);
  return (
    <Suspense fallback={fallback}>
      {children}
      <HydrationSignal id={id} />
    </Suspense>
  );
}

/**
 * Wraps a server-rendered component so React hydrates it after the page shell, in time slices (React 18
 * selective hydration: a dehydrated Suspense boundary hydrates at the lowest priority, yielding to the main
 * thread).
 */
export function deferHydration<P extends object>(Component: React.ComponentType<P>, name = Component.displayName ?? Component.name) {
  const Deferred = (props: P) => (
    <HydrationSuspense>
      <Component {...props} />
    </HydrationSuspense>
  );
  Deferred.displayName = `Deferred(${name})`;
  return React.memo(Deferred);
}
