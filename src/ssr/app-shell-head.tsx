import { cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";

/** The page gatsby-plugin-offline renders as the service worker's app shell. */
export const APP_SHELL_PATH = "/offline-plugin-app-shell-fallback/";

type Element = ReactElement<{ httpEquiv?: string; content?: string; children?: ReactNode }>;

/** The offline app shell's head made valid HTML (`0; url=…` in its refresh, and a `<title>`). */
export function validAppShellHead(components: ReactNode[]): ReactNode[] {
  const fixed = components.map((component) => {
    if (!isValidElement(component) || component.type !== "noscript") return component;
    const meta = (component as Element).props.children;
    if (!isValidElement(meta) || (meta as Element).props.httpEquiv !== "refresh") return component;
    const content = String((meta as Element).props.content ?? "").replace(/^(\d+);\s*/, "$1; ");
    return cloneElement(component as Element, {}, cloneElement(meta as Element, { content }));
  });
  const hasTitle = fixed.some((c) => isValidElement(c) && c.type === "title");
  return hasTitle ? fixed : [<title key="app-shell-title">Northdesk</title>, ...fixed];
}
