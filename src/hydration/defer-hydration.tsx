import React, { Suspense, useEffect, useId } from "react";
import { useIsomorphicLayoutEffect } from "../hooks/use-isomorphic-layout-effect";
import { boundaryHydrated, boundaryPending } from "./hydration-marker";

function HydrationSignal({ id }: { id: string }) {
  useEffect(() => boundaryHydrated(id), [id]);
  return null;
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
  const Deferred = (props: P) => {
    const id = useId();
    // In the shell's commit (a layout effect runs before any passive effect, and a render React throws away,
    // such as a failed hydration attempt, never commits): the page counts as hydrated only after this boundary.
    useIsomorphicLayoutEffect(() => {
      boundaryPending(id);
      return () => boundaryHydrated(id);
    }, [id]);
    return (
      <Suspense fallback={null}>
        <Component {...props} />
        <HydrationSignal id={id} />
      </Suspense>
    );
  };
  Deferred.displayName = `Deferred(${name})`;
  return React.memo(Deferred);
}
