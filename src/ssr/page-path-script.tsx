import { cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";

type ScriptElement = ReactElement<{ id?: string; dangerouslySetInnerHTML?: { __html: string } }>;

/** Gatsby's `window.pagePath="/blog/a/";…` as it renders it into every page. */
const LOADER = /^\/\*<!\[CDATA\[\*\/window\.pagePath=("(?:[^"\\]|\\.)*");([\s\S]*)\/\*\]\]>\*\/$/;

/** Gatsby's script-loader element with the path in `data-page-path`: one CSP hash fits every page (docs/security.md). */
export function pagePathFromAttribute(components: ReactNode[]): ReactNode[] {
  return components.map((component) => {
    if (!isValidElement(component) || component.type !== "script") return component;
    const script = component as ScriptElement;
    if (script.props.id !== "gatsby-script-loader") return component;
    const match = LOADER.exec(script.props.dangerouslySetInnerHTML?.__html ?? "");
    if (!match) return component;
    const pagePath = JSON.parse(match[1]) as string;
    return cloneElement(script, {
      "data-page-path": pagePath,
      dangerouslySetInnerHTML: { __html: `window.pagePath=document.currentScript.dataset.pagePath;${match[2]}` },
    } as ScriptElement["props"]);
  });
}
