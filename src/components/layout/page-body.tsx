import React from "react";
import { StaticIsland } from "../../hydration";
import { hasForms } from "../markdown/has-forms";

type MarkdownBody = Queries.MarkdownBodyFieldsFragment | null | undefined;

/**
 * A part of a content page below its header (the body and what stands beside it), decided once for every
 * template: a static island, so the browser keeps the server's HTML instead of hydrating it, unless one of the
 * Markdown `bodies` it shows embeds a lead form, which needs React.
 */
export function PageBody({ bodies = [], children }: { bodies?: readonly MarkdownBody[]; children: React.ReactNode }) {
  return <StaticIsland when={!bodies.some(hasForms)}>{children}</StaticIsland>;
}
