import { cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { DEFERRED_SCRIPTS_ID } from "../lib/app-scripts-slice";

type ScriptElement = ReactElement<{ id?: string; dangerouslySetInnerHTML?: { __html: string } }>;

/** Gatsby's `window.pagePath="/blog/a/";…` as it renders it into every page. */
const LOADER = /^\/\*<!\[CDATA\[\*\/window\.pagePath=("(?:[^"\\]|\\.)*");([\s\S]*)\/\*\]\]>\*\/$/;

const isLoader = (component: ReactNode): component is ScriptElement =>
  isValidElement(component) && component.type === "script" && (component as ScriptElement).props.id === "gatsby-script-loader";

const isTemplate = (component: ReactNode): component is ReactElement =>
  isValidElement(component) && component.type === "template" && (component.props as { id?: unknown }).id === DEFERRED_SCRIPTS_ID;

/**
 * Gatsby's page-path script without a per-page inline script (docs/security.md#the-policy): with the app scripts
 * in their template, the path goes on the template and the start-up file sets `window.pagePath` from it
 * (src/node/bundling/app-scripts-slice.ts), so the page has one inline script fewer for the policy to hash.
 * Without the template (a page Gatsby renders without its scripts slice), the script stays and reads the path
 * from its own attribute: one hash still fits every page.
 */
export function pagePathFromAttribute(components: ReactNode[]): ReactNode[] {
  const loader = components.find(isLoader);
  const match = loader && LOADER.exec(loader.props.dangerouslySetInnerHTML?.__html ?? "");
  if (!loader || !match) return components;
  const pagePath = JSON.parse(match[1]) as string;
  if (!match[2] && components.some(isTemplate))
    return components
      .filter((component) => component !== loader)
      .map((component) => (isTemplate(component) ? cloneElement(component, { "data-page-path": pagePath } as object) : component));
  return components.map((component) =>
    component === loader
      ? cloneElement(loader, {
          "data-page-path": pagePath,
          dangerouslySetInnerHTML: { __html: `window.pagePath=document.currentScript.dataset.pagePath;${match[2]}` },
        } as ScriptElement["props"])
      : component,
  );
}
