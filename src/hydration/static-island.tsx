import React, { useCallback, useId, useRef, useState } from "react";
import { navigate, withPrefix } from "gatsby";
import { ISLAND_ATTRIBUTE, isServerIsland, wireIsland, type IslandActions } from "./island-wiring";

export interface StaticIslandProps {
  children: React.ReactNode;
  /** What the children are made from (e.g. the navigation item a drawer shows). */
  source?: unknown;
  /** What the island's `data-island-action` buttons do (their onClick handlers do not run while it is static). */
  actions?: IslandActions;
  /** False: the children need React (a form in a Markdown body, say), so they render as they are, unwrapped. */
  when?: boolean;
}

/** A block that needs no React in the browser: text, images, links (src/hydration/island-wiring.ts explains why). */
export function StaticIsland({ when = true, ...props }: StaticIslandProps) {
  return when ? <Island {...props} /> : <>{props.children}</>;
}

function Island({ children, source, actions }: Omit<StaticIslandProps, "when">) {
  const id = useId();
  const [kept] = useState(() => ({ hydrating: isServerIsland(id), source }));
  const cleanup = useRef<(() => void) | null>(null);
  const actionsRef = useRef(actions);
  actionsRef.current = actions;
  const isStatic = kept.hydrating && Object.is(kept.source, source);
  const ref = useCallback(
    (element: HTMLDivElement | null) => {
      cleanup.current?.();
      cleanup.current = null;
      if (element && isStatic)
        cleanup.current = wireIsland(element, {
          navigate: (to, options) => navigate(to, options),
          base: withPrefix("/"),
          actions: () => actionsRef.current,
        });
    },
    [isStatic],
  );
  const attributes = { [ISLAND_ATTRIBUTE]: id, ref };
  // Hydration keeps the server's markup; the empty value only has to stay the same so that no update writes it.
  if (isStatic) return <div {...attributes} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
  return <div {...attributes}>{children}</div>;
}
