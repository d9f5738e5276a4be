/**
 * The preview server's security headers: the production set (src/node/hosting/security-headers.ts) with the
 * web app allowed to frame the page (docs/content.md#live-preview). X-Frame-Options has no allow-list, so it
 * is left out; CSP frame-ancestors says who may frame. Develop's own scripts (eval, hot reload) rule out the
 * rest of the production policy here.
 */
import { CSP_HEADER, STATIC_SECURITY_HEADERS } from "../hosting/security-headers";

export const previewFrameAncestors = (appOrigins: readonly string[]): string => `frame-ancestors ${appOrigins.join(" ")}`;

export function previewHeaders(appOrigins: readonly string[]): { key: string; value: string }[] {
  if (appOrigins.length === 0) throw new Error("Live preview: no web-app origin may frame the preview");
  return [
    ...STATIC_SECURITY_HEADERS.filter(({ key }) => key.toLowerCase() !== "x-frame-options"),
    { key: CSP_HEADER, value: previewFrameAncestors(appOrigins) },
  ];
}
