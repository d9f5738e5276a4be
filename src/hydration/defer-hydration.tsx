import React, { Suspense, useEffect, useId } from "react";
import { useIsomorphicLayoutEffect } from "../hooks/use-isomorphic-layout-effect";
import { boundaryHydrated, boundaryPending } from "./hydration-marker";

function HydrationSignal({ id }: { id: string }) {
  useEffect(() => boundaryHydrated(id), [id]);
  return null;
}

/**
 * A Suspense boundary the `<html data-hydrated>` marker waits for: the page counts as live only once its
 * content has hydrated, whether it waits for a time slice (deferHydration) or for a lazy chunk (the lead
 * form, whose code loads on its own). The boundary registers in the commit that mounts it, in a layout
 * effect, before any passive effect of that commit: a boundary nested in another deferred boundary is
 * therefore pending before the outer one reports itself hydrated.
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
 * Wraps a server-rendered component so React hydrates it after the page shell, in time slices
 * (React 18 selective hydration: a dehydrated Suspense boundary hydrates at the lowest priority,
 * yielding to the main thread). The page paints and responds the same; the long hydration task
 * that counts as Total Blocking Time is split up. Until it hydrates, the HTML stays as rendered and
 * a click on it is replayed once it has.
 *
 * Memoized: a parent re-rendering with the same props must not send the boundary an update before
 * it has hydrated, or React would drop its server HTML and render it again (error 421).
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
